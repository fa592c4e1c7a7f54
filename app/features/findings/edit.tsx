import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { notFound, requirePermission } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { GovernanceNav } from '#app/ui/governance-nav.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M } from '#app/utils/validation.ts'
import { FINDING_SEVERITIES, FINDING_SOURCES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { findingNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/edit'
import { Findings } from './findings.server.ts'
import { findingSchema } from './schema.ts'

/** The form of a finding, new or changed (its state moves on the finding's page). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.findings.write)
  const service = Findings.for(access)
  const found = params.id ? await service.get(params.id) : null
  if (params.id && !found) notFound(request)
  return { finding: found?.finding ?? null, owners: await service.owners(found?.finding.ownerUserId), today: todayInZurich() }
}

export const handle: TitleHandle = { title: 'findings:title' }

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.findings.write)
  const service = Findings.for(access)
  if (params.id && !(await service.get(params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema: findingSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  let id = params.id
  try {
    if (!params.id) id = (await service.create(input)).id
    else {
      if (!version) return data({ result: submission.reply({ formErrors: [M.invalid] }) }, { status: 400 })
      await service.update(params.id, input, version)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/findings/${id}`, params.id ? 'saved' : 'added')
}

export default function EditFinding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { finding: f, owners, today } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.findingSchema))
  const [form, fields] = useForm({
    id: f ? `finding-${f.id}-${f.version}` : 'finding-new',
    lastResult: actionData?.result,
    defaultValue: f
      ? {
          source: f.source,
          reference: f.reference,
          issuedOn: f.issuedOn,
          title: f.title,
          text: f.text,
          severity: f.severity,
          deadline: f.deadline ?? '',
          ownerUserId: f.ownerUserId ?? '',
        }
      : { issuedOn: today, severity: 'medium' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const number = f ? findingNumber(f.number) : null
  return (
    <>
      <GovernanceNav />
      <p className={css.muted}>
        <AppLink to="/app/findings">{t('findings:title')}</AppLink> › {f ? <AppLink to={`/app/findings/${f.id}`}>{number}</AppLink> : t('findings:new')}
      </p>
      <h1>{f ? t('findings:editTitle', { number }) : t('findings:new')}</h1>
      <Card>
        <Form method="post" {...getFormProps(form)} data-testid="finding-form">
          <FormErrors errors={form.errors} />
          {f ? <input type="hidden" name="version" value={f.version} /> : null}
          <div className={listCss.grid2}>
            <SelectField
              label={t('findings:field.source')}
              name="source"
              defaultValue={value('source')}
              errors={fields.source.errors}
              isRequired
              options={[{ value: '', label: t('findings:choose') }, ...FINDING_SOURCES.map((s) => ({ value: s, label: t(`findings:source.${s}`) }))]}
            />
            <TextField
              label={t('findings:field.reference')}
              name="reference"
              defaultValue={value('reference')}
              errors={fields.reference.errors}
              description={t('findings:hint.reference')}
            />
          </div>
          <TextField label={t('findings:field.title')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
          <TextField label={t('findings:field.text')} name="text" multiline rows={5} defaultValue={value('text')} errors={fields.text.errors} />
          <div className={listCss.grid2}>
            <TextField
              label={t('findings:field.issuedOn')}
              name="issuedOn"
              type="date"
              defaultValue={value('issuedOn')}
              errors={fields.issuedOn.errors}
              isRequired
            />
            <TextField
              label={t('findings:field.deadline')}
              name="deadline"
              type="date"
              defaultValue={value('deadline')}
              errors={fields.deadline.errors}
              description={t('findings:hint.deadline')}
            />
          </div>
          <div className={listCss.grid2}>
            <SelectField
              label={t('findings:field.severity')}
              name="severity"
              defaultValue={value('severity')}
              errors={fields.severity.errors}
              isRequired
              options={FINDING_SEVERITIES.map((s) => ({ value: s, label: t(`findings:severity.${s}`) }))}
            />
            <SelectField
              label={t('findings:field.owner')}
              name="ownerUserId"
              defaultValue={value('ownerUserId')}
              errors={fields.ownerUserId.errors}
              options={[{ value: '', label: t('findings:noOwner') }, ...owners.map((o) => ({ value: o.id, label: `${o.firstName} ${o.lastName}`.trim() }))]}
            />
          </div>
          <FormActions>
            <Button type="submit">{f ? t('action.save') : t('action.add')}</Button>
            <AppLink to={f ? `/app/findings/${f.id}` : '/app/findings'}>{t('action.cancel')}</AppLink>
          </FormActions>
        </Form>
      </Card>
    </>
  )
}

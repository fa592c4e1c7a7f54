import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { notFound, requirePermission } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M } from '#app/utils/validation.ts'
import { DECISION_SUBJECTS, type DecisionSubject } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { decisionNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/edit'
import { Decisions } from './decisions.server.ts'
import { decisionSchema } from './schema.ts'

/** A decision's form, new or corrected: admins only (decisions.write). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.decisions.write)
  const found = params.id ? await Decisions.for(access).get(params.id) : null
  if (params.id && !found) notFound(request)
  const asked = new URL(request.url).searchParams.get('subject')
  const subject = (DECISION_SUBJECTS as readonly string[]).includes(asked ?? '') ? (asked as DecisionSubject) : 'other'
  return { decision: found?.decision ?? null, subject, today: todayInZurich() }
}

export const handle: TitleHandle = { title: 'decisions:list.title' }

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.decisions.write)
  const service = Decisions.for(access)
  if (params.id && !(await service.get(params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema: decisionSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  let id = params.id
  try {
    if (!id) id = (await service.create(input)).id
    else {
      if (!version) return data({ result: submission.reply({ formErrors: [M.invalid] }) }, { status: 400 })
      await service.update(id, input, version)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/decisions/${id}`, params.id ? 'saved' : 'added')
}

export default function EditDecision({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { decision: d } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.decisionSchema))
  const [form, fields] = useForm({
    id: d ? `decision-${d.id}-${d.version}` : 'decision-new',
    lastResult: actionData?.result,
    defaultValue: d
      ? { subject: d.subject, decidedOn: d.decidedOn, reference: d.reference, title: d.title, text: d.text, decidedBy: d.decidedBy }
      : { subject: loaderData.subject, decidedOn: loaderData.today },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const heading = d ? t('decisions:edit.title', { number: decisionNumber(d.number) }) : t('decisions:list.new')
  const back = d ? `/app/decisions/${d.id}` : '/app/decisions'
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/decisions">{t('decisions:list.title')}</AppLink> › {heading}
      </p>
      <h1>{heading}</h1>
      <Card>
        <Form method="post" {...getFormProps(form)} data-testid="decision-form">
          <FormErrors errors={form.errors} />
          {d ? <input type="hidden" name="version" value={d.version} /> : null}
          <div className={listCss.grid2}>
            <SelectField
              label={t('decisions:field.subject')}
              name="subject"
              defaultValue={value('subject')}
              errors={fields.subject.errors}
              options={DECISION_SUBJECTS.map((s) => ({ value: s, label: t(`decisions:subject.${s}`) }))}
              isRequired
            />
            <TextField
              label={t('decisions:field.decidedOn')}
              name="decidedOn"
              type="date"
              defaultValue={value('decidedOn')}
              errors={fields.decidedOn.errors}
              isRequired
            />
          </div>
          <div className={listCss.grid2}>
            <TextField
              label={t('decisions:field.reference')}
              name="reference"
              defaultValue={value('reference')}
              errors={fields.reference.errors}
              description={t('decisions:hint.reference')}
              isRequired
            />
            <TextField
              label={t('decisions:field.decidedBy')}
              name="decidedBy"
              defaultValue={value('decidedBy')}
              errors={fields.decidedBy.errors}
              description={t('decisions:hint.decidedBy')}
            />
          </div>
          <TextField label={t('decisions:field.title')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
          <TextField
            label={t('decisions:field.text')}
            name="text"
            multiline
            rows={6}
            defaultValue={value('text')}
            errors={fields.text.errors}
            description={t('decisions:hint.text')}
          />
          <FormActions>
            <Button type="submit">{d ? t('action.save') : t('action.add')}</Button>
            <AppLink to={back}>{t('action.cancel')}</AppLink>
          </FormActions>
        </Form>
      </Card>
    </>
  )
}

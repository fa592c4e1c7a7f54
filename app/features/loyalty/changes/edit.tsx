import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { type GuardArgs, requirePermission } from '#app/auth/guards.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { PERSON_CHANGE_KINDS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { personChangeNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/edit'
import { PersonChanges } from './changes.server.ts'
import { changeSchema, deleteSchema } from './schema.ts'

/** A change of persons: readers of the area see it, admins change it (the form is theirs). */
const changeRoute = recordRoute({
  service: PersonChanges.for,
  get: (s, id) => s.get(id),
  mayAny: (s) => s.mayRead,
})

/** The page and its form share one check: a new change needs the right to manage (403), a change the right to read (404 when unknown). */
async function requireChangePage(args: GuardArgs, id: string | undefined) {
  if (id) return requireRecord(args, id, changeRoute)
  const { access } = await requirePermission(args, (p) => p.loyalty.manage)
  return { access, service: PersonChanges.for(access), record: null }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, service, record } = await requireChangePage({ request, context }, params.id)
  const locale = await getLocale(request)
  const [persons, history] = await Promise.all([
    service.persons(),
    record && historyRequested(request) ? History.for(access).of('personChange', record.id, locale) : null,
  ])
  return {
    item: record,
    persons,
    mayManage: service.mayManage,
    today: todayInZurich(),
    history,
    trail: record ? trailLink(access, 'personChange', record.id) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service } = await requireChangePage({ request, context }, params.id)
  const formData = await request.formData()
  if (params.id && formData.get('intent') === 'delete') {
    const submission = parseWithZod(formData, { schema: deleteSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    try {
      await service.remove(params.id, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request)
    }
    return redirectWithToast('/app/loyalty/changes', 'deleted')
  }
  const submission = parseWithZod(formData, { schema: changeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { input, version } = submission.value
  try {
    if (params.id) await service.update(params.id, input, version)
    else await service.create(input)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/loyalty/changes', params.id ? 'saved' : 'created')
}

export const handle: TitleHandle = { title: 'loyalty:changes.title' }

export default function EditChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, persons, mayManage, today } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.changeSchema))
  const [form, fields] = useForm({
    id: item ? `change-${item.id}-${item.version}` : 'change-new',
    lastResult: actionData?.result,
    defaultValue: item
      ? {
          kind: item.kind,
          personId: item.personId ?? '',
          description: item.description,
          effectiveOn: item.effectiveOn,
          reportedOn: item.reportedOn ?? '',
        }
      : { effectiveOn: today },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => {
    const v = (fields as unknown as Record<string, { initialValue?: unknown } | undefined>)[name]?.initialValue
    return v === undefined || v === null ? undefined : String(v)
  }
  const errors = (name: string) => (fields as unknown as Record<string, { errors?: string[] } | undefined>)[name]?.errors
  const title = item ? t('loyalty:changes.editTitle', { number: personChangeNumber(item.number) }) : t('loyalty:changes.add')
  return (
    <>
      <Card>
        <h1 style={{ marginTop: 0 }}>{title}</h1>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          {item ? <input type="hidden" name="version" value={item.version} /> : null}
          <fieldset disabled={!mayManage} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <SelectField
              label={t('loyalty:changes.field.kind')}
              name="kind"
              defaultValue={value('kind')}
              errors={errors('kind')}
              isRequired
              options={[{ value: '', label: '' }, ...PERSON_CHANGE_KINDS.map((k) => ({ value: k, label: t(`loyalty:changes.kinds.${k}`) }))]}
            />
            <SelectField
              label={t('loyalty:changes.field.person')}
              name="personId"
              defaultValue={value('personId')}
              errors={errors('personId')}
              description={t('loyalty:changes.personHint')}
              options={[
                { value: '', label: t('loyalty:changes.noPerson') },
                ...persons.map((p) => ({ value: p.id, label: `${p.lastName} ${p.firstName} (${t(`loyalty:functions.${p.function}`)})` })),
              ]}
            />
            <TextField
              label={t('loyalty:changes.field.description')}
              name="description"
              multiline
              rows={3}
              defaultValue={value('description')}
              errors={errors('description')}
              isRequired
            />
            <TextField
              label={t('loyalty:changes.field.effectiveOn')}
              name="effectiveOn"
              type="date"
              defaultValue={value('effectiveOn')}
              errors={errors('effectiveOn')}
              isRequired
            />
            <TextField
              label={t('loyalty:changes.field.reportedOn')}
              name="reportedOn"
              type="date"
              defaultValue={value('reportedOn')}
              errors={errors('reportedOn')}
              description={t('loyalty:changes.reportedHint')}
            />
          </fieldset>
          <FormActions>
            {mayManage ? <Button type="submit">{item ? t('action.save') : t('action.create')}</Button> : null}
            <LinkButton to="/app/loyalty/changes" variant="ghost">
              {mayManage ? t('action.cancel') : t('loyalty:changes.back')}
            </LinkButton>
          </FormActions>
        </Form>
      </Card>
      {item && mayManage ? (
        <Card>
          <h2 style={{ marginTop: 0 }}>{t('loyalty:changes.deleteTitle')}</h2>
          <Form method="post" data-testid="change-delete">
            <p>{t('loyalty:changes.deleteHint')}</p>
            <input type="hidden" name="version" value={item.version} />
            <FormActions>
              <Button type="submit" name="intent" value="delete" variant="danger">
                {t('action.delete')}
              </Button>
            </FormActions>
          </Form>
        </Card>
      ) : null}
      {item ? <HistoryPanel history={loaderData.history} trail={loaderData.trail} /> : null}
    </>
  )
}

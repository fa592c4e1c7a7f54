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
import { LANGUAGES, LOYALTY_FUNCTIONS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/edit'
import { LoyaltyPersons } from './persons.server.ts'
import { deleteSchema, endSchema, personSchema } from './schema.ts'

/** A person of the register: readers of the area see it, admins change it (the form is theirs). */
const personRoute = recordRoute({
  service: LoyaltyPersons.for,
  get: (s, id) => s.get(id),
  mayAny: (s) => s.mayRead,
})

/** The page and its form share one check: a new person needs the right to manage (403), a person the right to read (404 when unknown). */
async function requirePersonPage(args: GuardArgs, id: string | undefined) {
  if (id) return requireRecord(args, id, personRoute)
  const { access } = await requirePermission(args, (p) => p.loyalty.manage)
  return { access, service: LoyaltyPersons.for(access), record: null }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, service, record } = await requirePersonPage({ request, context }, params.id)
  const locale = await getLocale(request)
  const [members, history] = await Promise.all([
    service.mayManage ? service.members(record?.userId) : [],
    record && historyRequested(request) ? History.for(access).of('loyaltyPerson', record.id, locale) : null,
  ])
  return {
    item: record,
    members,
    mayManage: service.mayManage,
    today: todayInZurich(),
    history,
    trail: record ? trailLink(access, 'loyaltyPerson', record.id) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service } = await requirePersonPage({ request, context }, params.id)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (params.id && intent === 'end') {
    // The term's own small form answers under its own key, so its message stands beside it.
    const submission = parseWithZod(formData, { schema: endSchema })
    if (submission.status !== 'success') return data({ endResult: submission.reply() }, { status: 400 })
    try {
      await service.end(params.id, submission.value.untilDate, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request, 'endResult')
    }
    return redirectWithToast(`/app/loyalty/persons/${params.id}/edit`, 'saved')
  }
  if (params.id && intent === 'delete') {
    const submission = parseWithZod(formData, { schema: deleteSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    try {
      await service.remove(params.id, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request)
    }
    return redirectWithToast('/app/loyalty/persons', 'deleted')
  }
  const submission = parseWithZod(formData, { schema: personSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { input, version } = submission.value
  let id = params.id
  try {
    if (id) await service.update(id, input, version)
    else id = (await service.create(input)).id
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/loyalty/persons', params.id ? 'saved' : 'created')
}

export const handle: TitleHandle = { title: 'loyalty:persons.title' }

export default function EditPerson({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, members, mayManage, today } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.personSchema))
  const [form, fields] = useForm({
    id: item ? `person-${item.id}-${item.version}` : 'person-new',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: item
      ? {
          firstName: item.firstName,
          lastName: item.lastName,
          function: item.function,
          organisation: item.organisation,
          email: item.email,
          language: item.language,
          userId: item.userId ?? '',
          fromDate: item.fromDate,
          untilDate: item.untilDate ?? '',
        }
      : { fromDate: today, language: 'de' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => {
    const v = fields[name as keyof typeof fields]?.initialValue
    return v === undefined || v === null ? undefined : String(v)
  }
  const errors = (name: string) => (fields as unknown as Record<string, { errors?: string[] } | undefined>)[name]?.errors
  const title = item ? t('loyalty:persons.editTitle', { name: `${item.firstName} ${item.lastName}` }) : t('loyalty:persons.add')
  const uses = item ? item.uses.declarations + item.uses.transactions + item.uses.changes : 0
  const endResult = actionData && 'endResult' in actionData ? actionData.endResult : undefined
  const endErrors = (name: string) => endResult?.error?.[name] ?? undefined
  return (
    <>
      <Card>
        <h1 style={{ marginTop: 0 }}>{title}</h1>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          {item ? <input type="hidden" name="version" value={item.version} /> : null}
          <fieldset disabled={!mayManage} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <TextField
              label={t('loyalty:persons.field.firstName')}
              name="firstName"
              defaultValue={value('firstName')}
              errors={errors('firstName')}
              isRequired
            />
            <TextField label={t('loyalty:persons.field.lastName')} name="lastName" defaultValue={value('lastName')} errors={errors('lastName')} isRequired />
            <SelectField
              label={t('loyalty:persons.field.function')}
              name="function"
              defaultValue={value('function')}
              errors={errors('function')}
              isRequired
              options={[{ value: '', label: '' }, ...LOYALTY_FUNCTIONS.map((f) => ({ value: f, label: t(`loyalty:functions.${f}`) }))]}
            />
            <TextField
              label={t('loyalty:persons.field.organisation')}
              name="organisation"
              defaultValue={value('organisation')}
              errors={errors('organisation')}
            />
            <TextField label={t('loyalty:persons.field.email')} name="email" type="email" defaultValue={value('email')} errors={errors('email')} isRequired />
            <SelectField
              label={t('loyalty:persons.field.language')}
              name="language"
              defaultValue={value('language')}
              errors={errors('language')}
              isRequired
              options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            />
            {mayManage ? (
              <SelectField
                label={t('loyalty:persons.field.account')}
                name="userId"
                defaultValue={value('userId')}
                errors={errors('userId')}
                description={t('loyalty:persons.accountHint')}
                options={[
                  { value: '', label: t('loyalty:persons.noAccount') },
                  ...members.map((m) => ({ value: m.id, label: `${m.lastName} ${m.firstName} (${m.email})` })),
                ]}
              />
            ) : (
              <p>
                {t('loyalty:persons.field.account')}: {item?.accountName ?? t('loyalty:persons.noAccount')}
              </p>
            )}
            <TextField
              label={t('loyalty:persons.field.fromDate')}
              name="fromDate"
              type="date"
              defaultValue={value('fromDate')}
              errors={errors('fromDate')}
              isRequired
            />
            <TextField
              label={t('loyalty:persons.field.untilDate')}
              name="untilDate"
              type="date"
              defaultValue={value('untilDate')}
              errors={errors('untilDate')}
              description={t('loyalty:persons.untilHint')}
            />
          </fieldset>
          <FormActions>
            {mayManage ? <Button type="submit">{item ? t('action.save') : t('action.create')}</Button> : null}
            <LinkButton to="/app/loyalty/persons" variant="ghost">
              {mayManage ? t('action.cancel') : t('loyalty:persons.back')}
            </LinkButton>
          </FormActions>
        </Form>
      </Card>
      {item && mayManage ? (
        <Card>
          <h2 style={{ marginTop: 0 }}>{t('loyalty:persons.endTitle')}</h2>
          <Form method="post" data-testid="person-end">
            <FormErrors errors={endErrors('')} />
            <input type="hidden" name="version" value={item.version} />
            <TextField
              label={t('loyalty:persons.field.untilDate')}
              name="untilDate"
              type="date"
              defaultValue={item.untilDate ?? today}
              errors={endErrors('untilDate')}
              isRequired
            />
            <FormActions>
              <Button type="submit" name="intent" value="end" variant="secondary">
                {t('loyalty:persons.end')}
              </Button>
            </FormActions>
          </Form>
          <h2>{t('loyalty:persons.deleteTitle')}</h2>
          {uses > 0 ? (
            <p>{t('loyalty:persons.deleteInUse')}</p>
          ) : (
            <Form method="post" data-testid="person-delete">
              <p>{t('loyalty:persons.deleteHint')}</p>
              <input type="hidden" name="version" value={item.version} />
              <FormActions>
                <Button type="submit" name="intent" value="delete" variant="danger">
                  {t('action.delete')}
                </Button>
              </FormActions>
            </Form>
          )}
        </Card>
      ) : null}
      {item ? <HistoryPanel history={loaderData.history} trail={loaderData.trail} /> : null}
    </>
  )
}

import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { notFound } from '#app/utils/domain-errors.server.ts'
import { type GuardArgs, requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { incidentNumber, providerNumber } from '#models/core/record-number.ts'
import { Providers } from '../providers.server.ts'
import { deleteSchema, incidentSchema } from '../schema.ts'
import type { Route } from './+types/edit'
import { ProviderIncidents } from './incidents.server.ts'

/** The provider (404 when not the fund's), the incident (404 when not the provider's); a new one needs write (403). */
async function requireIncidentPage(args: GuardArgs, providerId: string, incidentId: string | undefined) {
  const { access } = await requirePermission(args, (p) => (incidentId ? p.providers.read : p.providers.write))
  const provider = await Providers.for(access).get(providerId)
  if (!provider) notFound(args.request)
  const service = ProviderIncidents.for(access)
  const record = incidentId ? await service.get(providerId, incidentId) : null
  if (incidentId && !record) notFound(args.request)
  return { access, service, provider, record }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, service, provider, record } = await requireIncidentPage({ request, context }, params.id, params.incidentId)
  const [breaches, history] = await Promise.all([
    service.mayWrite ? service.breachOptions() : [],
    record && historyRequested(request) ? History.for(access).of('providerIncident', record.id, await getLocale(request)) : null,
  ])
  return {
    provider: { id: provider.id, number: provider.number, name: provider.name },
    item: record,
    breaches,
    mayWrite: service.mayWrite,
    mayBreach: service.mayBreach,
    today: todayInZurich(),
    history,
    trail: record ? trailLink(access, 'providerIncident', record.id) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service } = await requireIncidentPage({ request, context }, params.id, params.incidentId)
  const formData = await request.formData()
  const back = `/app/providers/${params.id}`
  if (params.incidentId && formData.get('intent') === 'delete') {
    const submission = parseWithZod(formData, { schema: deleteSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    try {
      await service.remove(params.id, params.incidentId, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request)
    }
    return redirectWithToast(back, 'deleted')
  }
  const submission = parseWithZod(formData, { schema: incidentSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { input, version } = submission.value
  try {
    if (params.incidentId) await service.update(params.id, params.incidentId, input, version)
    else await service.create(params.id, input)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(back, params.incidentId ? 'saved' : 'created')
}

export const handle: TitleHandle = { title: 'providers:incidents.title' }

export default function EditIncident({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { provider, item, breaches, mayWrite, mayBreach, today } = loaderData
  const onValidate = useLazyValidate(() => import('../schema.ts').then((m) => m.incidentSchema))
  const [form, fields] = useForm({
    id: item ? `incident-${item.id}-${item.version}` : 'incident-new',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: item
      ? {
          occurredOn: item.occurredOn,
          title: item.title,
          description: item.description,
          personalData: item.personalData ? 'on' : '',
          breachId: item.breachId ?? '',
          closedOn: item.closedOn ?? '',
        }
      : { occurredOn: today },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => {
    const v = fields[name as keyof typeof fields]?.initialValue
    return v === undefined || v === null ? undefined : String(v)
  }
  const errors = (name: string) => (fields as unknown as Record<string, { errors?: string[] } | undefined>)[name]?.errors
  const back = `/app/providers/${provider.id}`
  const hasBreach = item && 'hasBreach' in item ? Boolean(item.hasBreach) : false
  return (
    <>
      <Card>
        <p>
          <AppLink to={back}>
            {providerNumber(provider.number)} {provider.name}
          </AppLink>
        </p>
        <h1 style={{ marginTop: 0 }}>{item ? `${incidentNumber(item.number)} ${item.title}` : t('providers:incidents.add')}</h1>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          {item ? <input type="hidden" name="version" value={item.version} /> : null}
          <fieldset disabled={!mayWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <TextField
              label={t('providers:incidents.field.occurredOn')}
              name="occurredOn"
              type="date"
              defaultValue={value('occurredOn')}
              errors={errors('occurredOn')}
              isRequired
            />
            <TextField label={t('providers:incidents.field.title')} name="title" defaultValue={value('title')} errors={errors('title')} isRequired />
            <TextField
              label={t('providers:incidents.field.description')}
              name="description"
              multiline
              defaultValue={value('description')}
              errors={errors('description')}
            />
            <CheckboxField
              label={t('providers:incidents.field.personalData')}
              name="personalData"
              defaultChecked={value('personalData') === 'on'}
              errors={errors('personalData')}
            />
            {mayBreach ? (
              <>
                <SelectField
                  label={t('providers:incidents.field.breach')}
                  name="breachId"
                  defaultValue={value('breachId')}
                  errors={errors('breachId')}
                  description={t('providers:incidents.breachHint')}
                  options={[{ value: '', label: t('providers:incidents.noBreach') }, ...breaches]}
                />
                <p>
                  <AppLink to="/app/dsg/breaches/new">{t('providers:incidents.recordBreach')}</AppLink>
                </p>
              </>
            ) : hasBreach ? (
              <p>{t('providers:incidents.breachLinked')}</p>
            ) : null}
            <TextField
              label={t('providers:incidents.field.closedOn')}
              name="closedOn"
              type="date"
              defaultValue={value('closedOn')}
              errors={errors('closedOn')}
            />
          </fieldset>
          <FormActions>
            {mayWrite ? <Button type="submit">{item ? t('action.save') : t('action.create')}</Button> : null}
            <LinkButton to={back} variant="ghost">
              {mayWrite ? t('action.cancel') : t('providers:register.back')}
            </LinkButton>
          </FormActions>
        </Form>
      </Card>
      {item && mayWrite ? (
        <Card>
          <Form method="post" data-testid="incident-delete">
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

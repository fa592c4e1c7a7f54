import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { type GuardArgs, requirePermission } from '#app/auth/guards.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { ABROAD_SAFEGUARDS, PROVIDER_CRITICALITIES, PROVIDER_DSG_ROLES, PROVIDER_SERVICES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { providerNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/edit'
import { Providers } from './providers.server.ts'
import { deleteSchema, endSchema, providerSchema } from './schema.ts'

/** A provider: readers see it (on its page), writers change it (this form is theirs). */
const providerRoute = recordRoute({
  service: Providers.for,
  get: (s, id) => s.get(id),
  mayAny: (s) => s.mayWrite,
})

async function requireProviderPage(args: GuardArgs, id: string | undefined) {
  if (id) return requireRecord(args, id, providerRoute)
  const { access } = await requirePermission(args, (p) => p.providers.write)
  return { access, service: Providers.for(access), record: null }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { service, record } = await requireProviderPage({ request, context }, params.id)
  const options = await service.formOptions(record?.ownerUserId)
  return { item: record, options, today: todayInZurich() }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service } = await requireProviderPage({ request, context }, params.id)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (params.id && intent === 'end') {
    const submission = parseWithZod(formData, { schema: endSchema })
    if (submission.status !== 'success') return data({ endResult: submission.reply() }, { status: 400 })
    try {
      await service.end(params.id, submission.value.endedOn, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request, 'endResult')
    }
    return redirectWithToast(`/app/providers/${params.id}`, 'saved')
  }
  if (params.id && intent === 'delete') {
    const submission = parseWithZod(formData, { schema: deleteSchema })
    if (submission.status !== 'success') return data({ deleteResult: submission.reply() }, { status: 400 })
    try {
      await service.remove(params.id, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request, 'deleteResult')
    }
    return redirectWithToast('/app/providers', 'deleted')
  }
  const submission = parseWithZod(formData, { schema: providerSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { input, version } = submission.value
  let id = params.id
  try {
    if (id) await service.update(id, input, version)
    else id = (await service.create(input)).id
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/providers/${id}`, params.id ? 'saved' : 'created')
}

export const handle: TitleHandle = { title: 'providers:register.title' }

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const

export default function EditProvider({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, options, today } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.providerSchema))
  const [form, fields] = useForm({
    id: item ? `provider-${item.id}-${item.version}` : 'provider-new',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: item
      ? {
          name: item.name,
          service: item.service,
          criticality: item.criticality,
          description: item.description,
          ownerUserId: item.ownerUserId ?? '',
          contactName: item.contactName,
          contactEmail: item.contactEmail,
          contactPhone: item.contactPhone,
          contractStart: item.contractStart ?? '',
          contractEnd: item.contractEnd ?? '',
          noticeMonths: item.noticeMonths === null ? '' : String(item.noticeMonths),
          dpaSignedOn: item.dpaSignedOn ?? '',
          dpaEnd: item.dpaEnd ?? '',
          dsgRole: item.dsgRole,
          dataCountries: item.dataCountries.join(', '),
          abroadSafeguard: item.abroadSafeguard ?? '',
          abroadSafeguardNote: item.abroadSafeguardNote,
          exitPlan: item.exitPlan,
          assuranceRequired: item.assuranceRequired ? 'on' : '',
          assuranceDueMonth: String(item.assuranceDueMonth),
          assuranceProcessId: item.assuranceProcessId ?? '',
        }
      : { dsgRole: 'processor', dataCountries: 'CH', assuranceDueMonth: '6', criticality: 'medium' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => {
    const v = fields[name as keyof typeof fields]?.initialValue
    return v === undefined || v === null ? undefined : String(v)
  }
  const errors = (name: string) => (fields as unknown as Record<string, { errors?: string[] } | undefined>)[name]?.errors
  const title = item ? t('providers:register.editTitle', { name: `${providerNumber(item.number)} ${item.name}` }) : t('providers:register.add')
  const endResult = actionData && 'endResult' in actionData ? actionData.endResult : undefined
  const deleteResult = actionData && 'deleteResult' in actionData ? actionData.deleteResult : undefined
  const text = (name: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={t(`providers:field.${name}`)} name={name} defaultValue={value(name)} errors={errors(name)} {...extra} />
  )
  return (
    <>
      <Card>
        <h1 style={{ marginTop: 0 }}>{title}</h1>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          {item ? <input type="hidden" name="version" value={item.version} /> : null}
          {text('name', { isRequired: true })}
          <SelectField
            label={t('providers:field.service')}
            name="service"
            defaultValue={value('service')}
            errors={errors('service')}
            isRequired
            options={[{ value: '', label: '' }, ...PROVIDER_SERVICES.map((s) => ({ value: s, label: t(`providers:service.${s}`) }))]}
          />
          <SelectField
            label={t('providers:field.criticality')}
            name="criticality"
            defaultValue={value('criticality')}
            errors={errors('criticality')}
            isRequired
            options={PROVIDER_CRITICALITIES.map((s) => ({ value: s, label: t(`providers:criticality.${s}`) }))}
          />
          {text('description', { multiline: true })}
          <SelectField
            label={t('providers:field.owner')}
            name="ownerUserId"
            defaultValue={value('ownerUserId')}
            errors={errors('ownerUserId')}
            description={t('providers:register.ownerHint')}
            options={[
              { value: '', label: t('providers:register.noOwner') },
              ...options.owners.map((o) => ({ value: o.id, label: `${o.lastName} ${o.firstName}` })),
            ]}
          />
          {text('contactName')}
          {text('contactEmail', { type: 'email' })}
          {text('contactPhone')}
          <h2>{t('providers:section.contract')}</h2>
          {text('contractStart', { type: 'date' })}
          {text('contractEnd', { type: 'date', description: t('providers:register.contractEndHint') })}
          {text('noticeMonths', { type: 'number', description: t('providers:register.noticeMonthsHint') })}
          {text('dpaSignedOn', { type: 'date' })}
          {text('dpaEnd', { type: 'date' })}
          <h2>{t('providers:section.dsg')}</h2>
          <SelectField
            label={t('providers:field.dsgRole')}
            name="dsgRole"
            defaultValue={value('dsgRole')}
            errors={errors('dsgRole')}
            isRequired
            options={PROVIDER_DSG_ROLES.map((s) => ({ value: s, label: t(`providers:dsgRole.${s}`) }))}
          />
          {text('dataCountries', { isRequired: true, description: t('providers:register.countriesHint') })}
          <SelectField
            label={t('providers:field.abroadSafeguard')}
            name="abroadSafeguard"
            defaultValue={value('abroadSafeguard')}
            errors={errors('abroadSafeguard')}
            description={t('providers:register.safeguardHint')}
            options={[
              { value: '', label: t('providers:register.noSafeguard') },
              ...ABROAD_SAFEGUARDS.map((s) => ({ value: s, label: t(`providers:safeguard.${s}`) })),
            ]}
          />
          {text('abroadSafeguardNote', { multiline: true })}
          {text('exitPlan', { multiline: true })}
          <h2>{t('providers:section.assurance')}</h2>
          <CheckboxField
            label={t('providers:field.assuranceRequired')}
            name="assuranceRequired"
            defaultChecked={value('assuranceRequired') === 'on'}
            errors={errors('assuranceRequired')}
          />
          <SelectField
            label={t('providers:field.assuranceDueMonth')}
            name="assuranceDueMonth"
            defaultValue={value('assuranceDueMonth')}
            errors={errors('assuranceDueMonth')}
            options={MONTHS.map((m) => ({ value: String(m), label: t(`providers:months.${m}`) }))}
          />
          <SelectField
            label={t('providers:field.assuranceProcess')}
            name="assuranceProcessId"
            defaultValue={value('assuranceProcessId')}
            errors={errors('assuranceProcessId')}
            description={t('providers:register.assuranceProcessHint')}
            options={[
              { value: '', label: t('providers:register.noProcess') },
              ...options.processes.map((p) => ({ value: p.id, label: `${p.idkey} ${p.title}` })),
            ]}
          />
          <FormActions>
            <Button type="submit">{item ? t('action.save') : t('action.create')}</Button>
            <LinkButton to={item ? `/app/providers/${item.id}` : '/app/providers'} variant="ghost">
              {t('action.cancel')}
            </LinkButton>
          </FormActions>
        </Form>
      </Card>
      {item ? (
        <Card>
          <h2 style={{ marginTop: 0 }}>{t('providers:register.endTitle')}</h2>
          <Form method="post" data-testid="provider-end">
            <FormErrors errors={endResult?.error?.[''] ?? undefined} />
            <input type="hidden" name="version" value={item.version} />
            <TextField
              label={t('providers:field.endedOn')}
              name="endedOn"
              type="date"
              defaultValue={item.endedOn ?? today}
              errors={endResult?.error?.endedOn ?? undefined}
              isRequired
            />
            <FormActions>
              <Button type="submit" name="intent" value="end" variant="secondary">
                {t('providers:register.end')}
              </Button>
            </FormActions>
          </Form>
          <h2>{t('providers:register.deleteTitle')}</h2>
          <Form method="post" data-testid="provider-delete">
            <FormErrors errors={deleteResult?.error?.[''] ?? undefined} />
            <p>{t('providers:register.deleteHint')}</p>
            <input type="hidden" name="version" value={item.version} />
            <FormActions>
              <Button type="submit" name="intent" value="delete" variant="danger">
                {t('action.delete')}
              </Button>
            </FormActions>
          </Form>
        </Card>
      ) : null}
    </>
  )
}

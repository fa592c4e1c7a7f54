import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { RouteDialog } from '#app/components/route-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormActions } from '#app/components/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/components/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { NEWS_AUDIENCES } from '#models/constants.ts'
import { todayInZurich } from '#models/dates.ts'
import { getNews, saveNews } from '#models/news.server.ts'
import { listCustomers } from '#models/sadmin.server.ts'
import type { Route } from './+types/news-edit'
import { dateField, optionalDateField } from '../measures/schema.ts'

const schema = z.object({
  title: requiredString(300),
  lead: optionalString(1000),
  body: optionalString(20000),
  date: dateField(),
  validFrom: optionalDateField(),
  validUntil: optionalDateField(),
  visibleFor: z.enum(NEWS_AUDIENCES, { error: M.required }),
  customerId: z.string().optional(),
  version: versionField().optional(),
})

export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  const customers = (await listCustomers(access)).map((c) => ({ id: c.id, name: c.name }))
  if (!params.id) return { item: null, customers }
  const item = await getNews(access, params.id)
  if (!item) notFound(request)
  return { item, customers }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin(request)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, customerId, ...rest } = submission.value
  try {
    await saveNews(access, params.id ?? null, { ...rest, customerId: customerId || null }, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/sadmin/news', params.id ? 'saved' : 'created')
}

export default function EditNews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, customers } = loaderData
  const [form, fields] = useForm({
    id: item ? `news-${item.id}-${item.version}` : 'news-new',
    lastResult: actionData?.result,
    defaultValue: item
      ? { title: item.title, lead: item.lead, body: item.body, date: item.date, validFrom: item.validFrom ?? '', validUntil: item.validUntil ?? '', visibleFor: item.visibleFor, customerId: item.customerId ?? '' }
      : { date: todayInZurich(), visibleFor: 'all' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={item ? item.title : t('sadmin:news.add')} closeTo="/app/sadmin/news">
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <TextField label={t('sadmin:news.headline')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
        <TextField label={t('sadmin:news.lead')} name="lead" multiline rows={2} defaultValue={value('lead')} errors={fields.lead.errors} />
        <TextField label={t('sadmin:news.body')} name="body" multiline rows={6} defaultValue={value('body')} errors={fields.body.errors} />
        <TextField label={t('sadmin:news.date')} name="date" type="date" defaultValue={value('date')} errors={fields.date.errors} isRequired />
        <TextField label={t('sadmin:news.validFrom')} name="validFrom" type="date" defaultValue={value('validFrom')} errors={fields.validFrom.errors} />
        <TextField label={t('sadmin:news.validUntil')} name="validUntil" type="date" defaultValue={value('validUntil')} errors={fields.validUntil.errors} />
        <SelectField
          label={t('sadmin:news.visibleFor')}
          name="visibleFor"
          defaultValue={value('visibleFor')}
          errors={fields.visibleFor.errors}
          options={NEWS_AUDIENCES.map((a) => ({ value: a, label: t(`sadmin:news.audience.${a}`) }))}
        />
        <SelectField
          label={t('sadmin:news.customer')}
          name="customerId"
          defaultValue={value('customerId')}
          errors={fields.customerId.errors}
          description={t('sadmin:news.customerHint')}
          options={[{ value: '', label: '—' }, ...customers.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <FormActions>
          <Button type="submit">{item ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}

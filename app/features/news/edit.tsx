import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { schema } from './news-schema.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { NEWS_AUDIENCES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { News } from '#app/features/news/news.server.ts'
import { customerNames } from '#app/features/operator/face.server.ts'
import type { Route } from './+types/edit'
import * as css from '#app/ui/catalog-editor.css.ts'

/** The columns without suffix hold the German text. Readers get their language, else German, else the other. */
const NEWS_LANGUAGES = [
  { code: 'de', suffix: '' },
  { code: 'fr', suffix: 'Fr' },
  { code: 'en', suffix: 'En' },
] as const

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const customers = await customerNames(access)
  if (!params.id) return { item: null, customers }
  const item = await News.for(access).get(params.id)
  if (!item) notFound(request)
  return { item, customers }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (params.id && !(await News.for(access).get(params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, customerId, ...rest } = submission.value
  try {
    await News.for(access).save(params.id ?? null, { ...rest, customerId: customerId || null }, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/sadmin/news', params.id ? 'saved' : 'created')
}

export default function EditNews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, customers } = loaderData
  const onValidate = useLazyValidate(() => import('./news-schema.ts').then((m) => m.schema))
  const [form, fields] = useForm({
    id: item ? `news-${item.id}-${item.version}` : 'news-new',
    lastResult: actionData?.result,
    defaultValue: item
      ? {
          title: item.title,
          lead: item.lead,
          body: item.body,
          titleFr: item.titleFr,
          leadFr: item.leadFr,
          bodyFr: item.bodyFr,
          titleEn: item.titleEn,
          leadEn: item.leadEn,
          bodyEn: item.bodyEn,
          date: item.date,
          validFrom: item.validFrom ?? '',
          validUntil: item.validUntil ?? '',
          visibleFor: item.visibleFor,
          customerId: item.customerId ?? '',
        }
      : { date: todayInZurich(), visibleFor: 'all' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={item ? item.title || item.titleFr || item.titleEn : t('sadmin:news.add')} closeTo="/app/sadmin/news">
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <p className={css.intro}>{t('sadmin:news.languagesHint')}</p>
        {NEWS_LANGUAGES.map(({ code, suffix }) => {
          const name = (field: 'title' | 'lead' | 'body') => `${field}${suffix}` as const
          const language = t(`language.${code}`)
          return (
            <fieldset key={code} className={css.fieldset} lang={code}>
              <legend className={css.legend}>{language}</legend>

              <TextField
                label={`${t('sadmin:news.headline')} (${language})`}
                name={name('title')}
                defaultValue={value(name('title'))}
                errors={fields[name('title')].errors}
              />
              <TextField
                label={`${t('sadmin:news.lead')} (${language})`}
                name={name('lead')}
                multiline
                rows={2}
                defaultValue={value(name('lead'))}
                errors={fields[name('lead')].errors}
              />
              <TextField
                label={`${t('sadmin:news.body')} (${language})`}
                name={name('body')}
                multiline
                rows={5}
                defaultValue={value(name('body'))}
                errors={fields[name('body')].errors}
              />
            </fieldset>
          )
        })}
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

import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { CheckboxField, FileField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { LOGO_ACCEPT, logoSrc } from '#models/core/customer-logo.ts'
import { logoFromForm } from '#models/core/customer-logo.server.ts'
import { requireCustomer, requirePermission } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { getActiveCustomer, listContactChoices, updateCompanyData } from '#app/auth/customers.server.ts'
import { companySchema } from './company-schema.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import type { Route } from './+types/company'
import * as css from './account.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const [{ customer, contact }, members] = await Promise.all([getActiveCustomer(access), listContactChoices(access)])
  return { customer, contact, members, canEdit: permissionsOf(access).admin.access }
}

export const handle: TitleHandle = { title: 'company.title' }

export async function action({ request, context }: Route.ActionArgs) {
  // Only the fund's admins change its company data (the permission table's admin flag).
  const { access } = await requirePermission({ request, context }, (p) => p.admin.access)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: companySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, logo: _file, removeLogo, contactId, ...rest } = submission.value
  try {
    const logo = removeLogo ? null : await logoFromForm(form.get('logo'))
    await updateCompanyData(access, { ...rest, contactId: contactId ?? null, ...(logo || removeLogo ? { logo } : {}) }, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/user/customer', 'saved')
}

export default function CompanyData({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { customer, contact, members, canEdit } = loaderData
  const onValidate = useLazyValidate(() => import('./company-schema.ts').then((m) => m.companySchema))
  const [form, fields] = useForm({
    id: `company-${customer.version}`,
    lastResult: actionData?.result,
    defaultValue: {
      address: customer.address,
      comment: customer.comment,
      language: customer.language,
      contactId: customer.contactId ?? '',
      requireSecondFactor: customer.requireSecondFactor ? 'on' : undefined,
    },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <div className={css.narrow}>
      <h1>{t('company.title')}</h1>
      <Card title={customer.name}>
        {customer.logoVersion ? (
          <img src={logoSrc(customer.logoVersion)!} alt={t('company.logoAlt', { name: customer.name })} style={{ maxWidth: 300, maxHeight: 40 }} />
        ) : null}
        <dl>
          <dt>{t('company.contact')}</dt>
          <dd>{contact ? `${contact.firstName} ${contact.lastName} (${contact.email})` : '—'}</dd>
          <dt>{t('field.address')}</dt>
          <dd style={{ whiteSpace: 'pre-line' }}>{customer.address || '—'}</dd>
          <dt>{t('field.language')}</dt>
          <dd>{t(`language.${customer.language}`)}</dd>
          <dt>{t('company.requireSecondFactor')}</dt>
          <dd>{customer.requireSecondFactor ? t('common.yes') : t('common.no')}</dd>
        </dl>
      </Card>
      {canEdit ? (
        <Card title={t('company.edit')}>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <FormErrors errors={form.errors} />
            <input type="hidden" name="version" value={customer.version} />
            <TextField label={t('field.address')} name="address" multiline rows={3} defaultValue={value('address')} errors={fields.address.errors} />
            <SelectField
              label={t('company.contact')}
              name="contactId"
              defaultValue={value('contactId')}
              errors={fields.contactId.errors}
              options={[{ value: '', label: '—' }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
            />
            <FileField label={t('company.logo')} name="logo" accept={LOGO_ACCEPT} errors={fields.logo.errors} description={t('company.logoHint')} />
            {customer.logoVersion ? <CheckboxField label={t('company.removeLogo')} name="removeLogo" errors={fields.removeLogo.errors} /> : null}
            <SelectField
              label={t('field.language')}
              name="language"
              defaultValue={value('language')}
              errors={fields.language.errors}
              options={supportedLanguages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            />
            <TextField label={t('field.comment')} name="comment" multiline rows={3} defaultValue={value('comment')} errors={fields.comment.errors} />
            <CheckboxField
              label={t('company.requireSecondFactor')}
              name="requireSecondFactor"
              defaultChecked={fields.requireSecondFactor.initialValue === 'on'}
              errors={fields.requireSecondFactor.errors}
            />
            <p className={css.muted}>{t('company.requireSecondFactorHint')}</p>
            <Button type="submit">{t('action.save')}</Button>
          </Form>
        </Card>
      ) : null}
    </div>
  )
}

import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { schema } from './customer-schema.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FileField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { LOGO_ACCEPT } from '#models/core/customer-logo.ts'
import { logoFromForm } from '#models/core/customer-logo.server.ts'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { CUSTOMER_STATES } from '#models/core/constants.ts'
import { type CustomerInput, createCustomer, getCustomer, updateCustomer } from '#app/features/operator/operator.server.ts'
import type { Route } from './+types/edit'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!params.id) return { customer: null }
  const customer = await getCustomer(access, params.id)
  if (!customer) notFound(request)
  return { customer }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (params.id && !(await getCustomer(access, params.id))) notFound(request)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, logo: _file, removeLogo, ...rest } = submission.value
  const input: CustomerInput = rest
  try {
    const logo = removeLogo ? null : await logoFromForm(form.get('logo'))
    if (logo || removeLogo) input.logo = logo
    if (params.id) await updateCustomer(access, params.id, input, version ?? 0)
    else await createCustomer(access, input)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  // Back to the list searched for this fund: the list is paged, and the operator sees what they just wrote.
  return redirectWithToast(`/app/sadmin/customers?${new URLSearchParams({ q: input.name })}`, params.id ? 'saved' : 'created')
}

export default function EditCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { customer } = loaderData
  const onValidate = useLazyValidate(() => import('./customer-schema.ts').then((m) => m.schema))
  const [form, fields] = useForm({
    id: customer ? `customer-${customer.id}-${customer.version}` : 'customer-new',
    lastResult: actionData?.result,
    defaultValue: customer
      ? {
          name: customer.name,
          language: customer.language,
          state: customer.state,
          address: customer.address,
          comment: customer.comment,
        }
      : { language: 'de', state: 'active' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={customer ? customer.name : t('sadmin:customers.add')} closeTo="/app/sadmin/customers">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        {customer ? <input type="hidden" name="version" value={customer.version} /> : null}
        <TextField label={t('field.name')} name="name" defaultValue={value('name')} errors={fields.name.errors} isRequired />
        <SelectField
          label={t('field.language')}
          name="language"
          defaultValue={value('language')}
          errors={fields.language.errors}
          options={supportedLanguages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        />
        <SelectField
          label={t('sadmin:customers.state')}
          name="state"
          defaultValue={value('state')}
          errors={fields.state.errors}
          options={CUSTOMER_STATES.map((s) => ({ value: s, label: t(`sadmin:customers.${s}`) }))}
        />
        <TextField label={t('field.address')} name="address" multiline rows={3} defaultValue={value('address')} errors={fields.address.errors} />
        {customer?.logoVersion ? (
          <p>
            <img
              src={`/app/sadmin/customers/${customer.id}/logo?v=${customer.logoVersion}`}
              alt={t('company.logoAlt', { name: customer.name })}
              style={{ maxWidth: 300, maxHeight: 40 }}
            />
          </p>
        ) : null}
        <FileField label={t('company.logo')} name="logo" accept={LOGO_ACCEPT} errors={fields.logo.errors} description={t('company.logoHint')} />
        {customer?.logoVersion ? <CheckboxField label={t('company.removeLogo')} name="removeLogo" errors={fields.removeLogo.errors} /> : null}
        <TextField label={t('field.comment')} name="comment" multiline rows={3} defaultValue={value('comment')} errors={fields.comment.errors} />
        <FormActions>
          <Button type="submit">{customer ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}

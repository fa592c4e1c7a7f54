import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { USER_STATES } from '#models/core/constants.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { schema } from './schema.ts'
import { createAccount, getUserAccount, updateAccount } from '#app/features/operator/operator.server.ts'
import type { Route } from './+types/edit'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!params.id) return { account: null }
  const user = await getUserAccount(access, params.id)
  if (!user) notFound(request)
  // Only what the form shows: no password hash, no sealed second-factor secret goes to the browser.
  const { id, version, email, firstName, lastName, language, state, isSuperAdmin } = user
  return { account: { id, version, email, firstName, lastName, language, state, isSuperAdmin } }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (params.id && !(await getUserAccount(access, params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  try {
    if (params.id) await updateAccount(access, params.id, input, version ?? 0)
    else await createAccount(access, input)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/sadmin/users', params.id ? 'saved' : 'created')
}

export default function EditAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { account } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.schema))
  const [form, fields] = useForm({
    id: account ? `account-${account.id}-${account.version}` : 'account-new',
    lastResult: actionData?.result,
    defaultValue: account
      ? {
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          language: account.language,
          state: account.state,
          isSuperAdmin: account.isSuperAdmin ? 'on' : undefined,
        }
      : { language: 'de', state: 'active' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={account ? `${account.firstName} ${account.lastName}` : t('sadmin:users.add')} closeTo="/app/sadmin/users">
      {account ? null : <p>{t('sadmin:users.addIntro')}</p>}
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        {account ? <input type="hidden" name="version" value={account.version} /> : null}
        <TextField label={t('field.email')} name="email" type="email" defaultValue={value('email')} errors={fields.email.errors} isRequired />
        <TextField label={t('field.firstName')} name="firstName" defaultValue={value('firstName')} errors={fields.firstName.errors} isRequired />
        <TextField label={t('field.lastName')} name="lastName" defaultValue={value('lastName')} errors={fields.lastName.errors} isRequired />
        <SelectField
          label={t('field.language')}
          name="language"
          defaultValue={value('language')}
          options={supportedLanguages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        />
        <SelectField
          label={t('admin:users.state')}
          name="state"
          defaultValue={value('state')}
          options={USER_STATES.map((s) => ({ value: s, label: t(`sadmin:users.state.${s}`) }))}
        />
        <CheckboxField label={t('sadmin:users.isSuperAdmin')} name="isSuperAdmin" defaultChecked={value('isSuperAdmin') === 'on'} />
        <FormActions>
          <Button type="submit">{account ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}

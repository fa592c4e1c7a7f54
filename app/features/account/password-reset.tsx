import { AppLink } from '#app/ui/app-link.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { type newPasswordSchema, type requestSchema, schema } from './password-reset-schema.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, redirect } from 'react-router'
import { PublicShell } from '#app/ui/shell.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert, FormErrors, TextField } from '#app/ui/fields.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { rememberDevice } from '#app/auth/device.server.ts'
import { appUrl, renderTemplate, sendLater, sendMail } from '#models/core/mail.server.ts'
import {
  checkPasswordResetToken,
  createPasswordResetToken,
  takeAttempt,
  throttleKey,
  resetPasswordWithToken,
  resetTokenAddress,
  RESET_TOKEN_MINUTES,
} from '#app/auth/users.server.ts'
import type { Route } from './+types/password-reset'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  const t = getFixedT(await getLocale(request))
  const tokenState = token ? await checkPasswordResetToken(token) : null
  return { token: token ?? '', tokenState, sent: url.searchParams.get('sent') === '1', title: t('account:pwdreset.title') }
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => data.title }

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'confirm'] }) }, { status: 400 })
  }
  const value = submission.value
  if (value.intent === 'request') {
    // The same answer whether the address exists or not; the mail goes out in the background.
    if (!(await takeAttempt('reset', throttleKey.reset(value.email)))) {
      sendLater('password reset', sendResetMail(value.email))
    }
    return redirectWithToast('/pwdreset?sent=1', 'passwordResetSuccess')
  }
  const email = await resetTokenAddress(value.token)
  const state = await resetPasswordWithToken(value.token, value.password)
  if (state !== 'valid' || !email) throw redirect(`/pwdreset?token=${encodeURIComponent(value.token)}`)
  // The owner proved the address in this browser: it signs in as a known device (decision 0050).
  return redirectWithToast('/', 'passwordChanged', { headers: { 'Set-Cookie': await rememberDevice(request, email) } })
}

async function sendResetMail(email: string) {
  const created = await createPasswordResetToken(email)
  if (!created) return
  const { token, user } = created
  const mail = await renderTemplate('password-reset', user.language, {
    firstName: user.firstName,
    lastName: user.lastName,
    link: `${appUrl()}/pwdreset?token=${encodeURIComponent(token)}`,
    minutes: String(RESET_TOKEN_MINUTES),
  })
  await sendMail(user.email, mail)
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { token, tokenState, sent } = loaderData
  const validateRequest = useLazyValidate<z.input<typeof requestSchema>>(() => import('./password-reset-schema.ts').then((m) => m.requestSchema))
  const validateReset = useLazyValidate<z.input<typeof newPasswordSchema>>(() => import('./password-reset-schema.ts').then((m) => m.newPasswordSchema))
  const [requestForm, requestFields] = useForm({
    id: 'pwdreset-request',
    lastResult: token ? undefined : actionData?.result,
    onValidate: validateRequest,
    shouldRevalidate: 'onInput',
  })
  const [resetForm, resetFields] = useForm({
    id: 'pwdreset-set',
    lastResult: token ? actionData?.result : undefined,
    onValidate: validateReset,
    shouldRevalidate: 'onInput',
  })
  const requestFormView = (
    <Form method="post" {...getFormProps(requestForm)}>
      <input type="hidden" name="intent" value="request" />
      <FormErrors errors={requestForm.errors} />
      <TextField
        label={t('field.email')}
        name={requestFields.email.name}
        type="email"
        autoComplete="email"
        defaultValue={requestFields.email.initialValue as string | undefined}
        errors={requestFields.email.errors}
        isRequired
      />
      <Button type="submit">{t('account:pwdreset.send')}</Button>
    </Form>
  )
  return (
    <PublicShell>
      <Card title={t('account:pwdreset.title')} level={1}>
        {token && tokenState === 'valid' ? (
          <Form method="post" {...getFormProps(resetForm)}>
            <p>{t('account:pwdreset.choose')}</p>
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={token} />
            <FormErrors errors={resetForm.errors} />
            <TextField
              label={t('field.newPassword')}
              name={resetFields.password.name}
              type="password"
              autoComplete="new-password"
              errors={resetFields.password.errors}
              description={t('field.passwordHint')}
              isRequired
            />
            <TextField
              label={t('field.repeatPassword')}
              name={resetFields.confirm.name}
              type="password"
              autoComplete="new-password"
              errors={resetFields.confirm.errors}
              isRequired
            />
            <Button type="submit">{t('account:pwdreset.save')}</Button>
          </Form>
        ) : (
          <>
            {token ? <Alert tone="error">{t(`account:pwdreset.token.${tokenState}`)}</Alert> : null}
            {sent ? <Alert tone="success">{t('account:pwdreset.sent')}</Alert> : <p>{t('account:pwdreset.intro')}</p>}
            {requestFormView}
          </>
        )}
        <p>
          <AppLink to="/">{t('account:pwdreset.back')}</AppLink>
        </p>
      </Card>
    </PublicShell>
  )
}

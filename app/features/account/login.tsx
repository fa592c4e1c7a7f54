import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, redirect, useNavigation } from 'react-router'
import { reviveSentDrafts } from '#app/ui/draft-keeper.tsx'
import { PublicShell } from '#app/ui/shell.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert, FormErrors, TextField } from '#app/ui/fields.tsx'
import { commitChallengeToken } from '#app/auth/cookies.server.ts'
import { knownDevice } from '#app/auth/device.server.ts'
import { createSignInChallenge } from '#app/auth/second-factor.server.ts'
import { getAuth, safeRedirect } from '#app/auth/guards.server.ts'
import { attemptSignIn, startSession } from '#app/features/account/sign-in.server.ts'
import { clientIp } from '#app/utils/client.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { getLocale, serializeLocale } from '#app/i18n/locale.server.ts'
import { serializeChosenLanguage } from '#app/i18n/sign-in-language.server.ts'
import { isLocale } from '#app/i18n/config.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { loginSchema } from './login-schema.ts'
import { formatDate } from '#models/core/dates.ts'
import type { Route } from './+types/login'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await getAuth(request)
  const url = new URL(request.url)
  const redirectTo = url.searchParams.get('redirectTo')
  if (auth) throw redirect(safeRedirect(redirectTo, '/app'))
  const t = getFixedT(await getLocale(request))
  // Sent here by a page whose session had ended (idle, too old or revoked): say so.
  // Sent back from the second step: its time ran out, or too many wrong codes (issue 12).
  const challenge = url.searchParams.get('challenge')
  // A link to the sign-in page in a language (`?lng=fr`) picks it like the switcher: kept for the sign-in (decision 0044).
  const picked = url.searchParams.get('lng')
  const headers = new Headers()
  if (isLocale(picked)) {
    headers.append('Set-Cookie', await serializeLocale(picked, request))
    headers.append('Set-Cookie', await serializeChosenLanguage(picked, request))
  }
  return data(
    {
      redirectTo: redirectTo ?? '',
      ended: url.searchParams.get('ended') === '1',
      challenge: challenge === 'expired' || challenge === 'exhausted' ? (challenge as 'expired' | 'exhausted') : null,
      title: t('account:login.title'),
    },
    { headers },
  )
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => data.title }

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const client = clientIp(context)
  const signIn = await attemptSignIn(submission.value.email, submission.value.password, client, await knownDevice(request, submission.value.email))
  if (!signIn.ok && signIn.reason === 'expired') {
    // The message carries the date: translated here, shown as it is.
    const t = getFixedT(await getLocale(request))
    const message = t('account:login.expired', { date: formatDate(signIn.endedOn) })
    return data({ result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, { status: 403 })
  }
  if (!signIn.ok) {
    const throttled = signIn.reason === 'throttled'
    return data(
      { result: submission.reply({ formErrors: [throttled ? 'account:login.throttled' : 'account:login.failed'], hideFields: ['password'] }) },
      { status: throttled ? 429 : 401 },
    )
  }
  if (signIn.secondFactor) {
    // The password was right; no session before the code (second-factor-step.tsx).
    const challenge = await createSignInChallenge(signIn.user.id, submission.value.redirectTo)
    throw redirect('/login/second-factor', { headers: { 'Set-Cookie': await commitChallengeToken(challenge.token, challenge.expiresAt, request) } })
  }
  const { headers, landing } = await startSession(request, signIn.user, { client, redirectTo: submission.value.redirectTo })
  throw redirect(landing, { headers })
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  // Reached after the session ended: whatever a form had just sent was not saved, so offer it again.
  useEffect(() => reviveSentDrafts(), [])
  const onValidate = useLazyValidate(() => import('./login-schema.ts').then((m) => m.loginSchema))
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <PublicShell>
      <Card title={t('account:login.title')} level={1}>
        {loaderData.ended && !actionData ? <Alert tone="info">{t('account:login.sessionEnded')}</Alert> : null}
        {loaderData.challenge && !actionData ? (
          <Alert tone="info">{loaderData.challenge === 'expired' ? t('account:secondFactor.expired') : t('account:secondFactor.exhausted')}</Alert>
        ) : null}
        <p>{t('account:login.intro')}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <TextField
            label={t('field.email')}
            name={fields.email.name}
            type="email"
            autoComplete="username"
            defaultValue={fields.email.initialValue as string | undefined}
            errors={fields.email.errors}
            isRequired
          />
          <TextField
            label={t('field.password')}
            name={fields.password.name}
            type="password"
            autoComplete="current-password"
            errors={fields.password.errors}
            isRequired
          />
          <Button type="submit" isDisabled={navigation.state === 'submitting'}>
            {t('account:login.submit')}
          </Button>
        </Form>
        <p>
          <a href="/pwdreset">{t('account:login.forgot')}</a>
        </p>
        {/* Sign-in through the fund's own identity provider (decision 0038). */}
        <p>
          {t('account:provider.linkIntro')}{' '}
          <a href={loaderData.redirectTo ? `/login/provider?${new URLSearchParams({ redirectTo: loaderData.redirectTo })}` : '/login/provider'}>
            {t('account:provider.link')}
          </a>
        </p>
      </Card>
    </PublicShell>
  )
}

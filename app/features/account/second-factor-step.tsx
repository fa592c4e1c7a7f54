import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { clearChallengeCookie, readChallengeToken } from '#app/auth/cookies.server.ts'
import { getAuth, safeRedirect } from '#app/auth/guards.server.ts'
import { completeSignInChallenge, findSignInChallenge } from '#app/auth/second-factor.server.ts'
import { startSession } from '#app/features/account/sign-in.server.ts'
import { PublicShell } from '#app/ui/shell.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { clientIp } from '#app/utils/client.server.ts'
import { secondFactorCodeSchema } from './second-factor-schema.ts'
import type { Route } from './+types/second-factor-step'

/*
 * The second step of a sign-in (issue 12): the password was right, the code of the authenticator app
 * or a recovery code is still to come. The challenge's token is in a short-lived cookie; without one,
 * or once its time is up, the sign-in starts again at the password.
 */

async function backToPassword(request: Request, reason: 'expired' | 'exhausted') {
  return redirect(`/?challenge=${reason}`, { headers: { 'Set-Cookie': await clearChallengeCookie(request) } })
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAuth(request)) throw redirect('/app')
  const challenge = await findSignInChallenge(await readChallengeToken(request))
  if (!challenge) throw await backToPassword(request, 'expired')
  const t = getFixedT(await getLocale(request))
  // Back to the password keeps where the user wanted to go.
  const next = safeRedirect(challenge.redirectTo, '')
  return {
    recovery: new URL(request.url).searchParams.get('recovery') === '1',
    title: t('account:secondFactor.title'),
    restart: next ? `/?redirectTo=${encodeURIComponent(next)}` : '/',
  }
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => data.title }

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: secondFactorCodeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['code'] }) }, { status: 400 })
  const client = clientIp(context)
  const outcome = await completeSignInChallenge(await readChallengeToken(request), submission.value.code, client)
  if (!outcome.ok) {
    if (outcome.reason === 'missing') throw await backToPassword(request, 'expired')
    if (outcome.reason === 'exhausted') throw await backToPassword(request, 'exhausted')
    if (outcome.reason === 'throttled') {
      return data({ result: submission.reply({ formErrors: ['account:secondFactor.throttled'], hideFields: ['code'] }) }, { status: 429 })
    }
    return data({ result: submission.reply({ fieldErrors: { code: ['account:secondFactor.wrong'] }, hideFields: ['code'] }) }, { status: 401 })
  }
  const { headers, landing } = await startSession(request, outcome.user, {
    client,
    redirectTo: safeRedirect(outcome.redirectTo, ''),
    method: 'second_factor',
    recoveryCode: outcome.used === 'recovery',
  })
  headers.append('Set-Cookie', await clearChallengeCookie(request))
  throw redirect(landing, { headers })
}

export default function SecondFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [form, fields] = useForm({ id: 'second-factor', lastResult: actionData?.result, shouldValidate: 'onSubmit' })
  const recovery = loaderData.recovery
  return (
    <PublicShell>
      <Card title={t('account:secondFactor.title')} level={1}>
        <p>{recovery ? t('account:secondFactor.introRecovery') : t('account:secondFactor.intro')}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          {recovery ? (
            <TextField label={t('account:secondFactor.recoveryCode')} name="code" autoComplete="off" errors={fields.code.errors} isRequired />
          ) : (
            <TextField
              label={t('account:secondFactor.code')}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              errors={fields.code.errors}
              isRequired
            />
          )}
          <Button type="submit">{t('account:secondFactor.submit')}</Button>
        </Form>
        <p>
          {recovery ? (
            <a href="/login/second-factor">{t('account:secondFactor.useApp')}</a>
          ) : (
            <a href="/login/second-factor?recovery=1">{t('account:secondFactor.useRecovery')}</a>
          )}
        </p>
        <p>
          <a href={loaderData.restart}>{t('account:secondFactor.restart')}</a>
        </p>
      </Card>
    </PublicShell>
  )
}

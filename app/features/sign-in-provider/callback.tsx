import { data, redirect } from 'react-router'
import { startSession } from '#app/features/account/face.server.ts'
import { PublicShell } from '#app/ui/shell.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { clientIp } from '#app/utils/client.server.ts'
import { settleSuccessfulSignIn, takeAttempt, throttleKey } from '#app/auth/users.server.ts'
import { answeredUrlOf, clearFlowCookie, readFlowCookie } from './cookies.server.ts'
import { type CallbackRefusal, finishProviderSignIn } from './providers.server.ts'
import type { Route } from './+types/callback'

/** The status of each refusal: a stale or foreign answer 400, the provider's trouble 502, a refused person 403. */
const STATUS: Record<CallbackRefusal | 'throttled', number> = {
  throttled: 429,
  invalid: 400,
  unavailable: 502,
  declined: 403,
  unverified: 403,
  domain: 403,
  notMember: 403,
  superAdmin: 403,
}

/**
 * Where the fund's provider sends the browser back (docs/decisions/0038). A good answer starts a
 * session signed in by 'provider'; every refusal is audited and shown as a page in the person's
 * language with the way back to the sign-in, never as a server error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const client = clientIp(context)
  const t = getFixedT(await getLocale(request))
  // Counted before anything is looked up or audited: a flood of answers costs a row, not a trail.
  if (await takeAttempt('client', throttleKey.client(client))) {
    return data({ reason: 'throttled' as const, title: t('account:provider.refusedTitle') }, { status: STATUS.throttled })
  }
  const result = await finishProviderSignIn(answeredUrlOf(request), await readFlowCookie(request), client)
  const headers = new Headers()
  headers.append('Set-Cookie', await clearFlowCookie(request))
  if (result.ok) {
    // Like a password sign-in: a success does not count against the client (an office behind one address):
    // the start and this answer each counted one.
    await settleSuccessfulSignIn(result.user.email, client, { clientAttempts: 2 })
    const session = await startSession(request, result.user, {
      client,
      redirectTo: result.redirectTo,
      method: 'provider',
      providerCustomerId: result.customerId,
    })
    for (const cookie of headers.getSetCookie()) session.headers.append('Set-Cookie', cookie)
    throw redirect(session.landing, { headers: session.headers })
  }
  // What the provider's answer failed (signature, nonce, expiry, unreachable): for whoever runs the server.
  if (result.detail) console.warn(`[sign-in provider] refused (${result.reason}): ${result.detail}`)
  return data({ reason: result.reason, title: t('account:provider.refusedTitle') }, { status: STATUS[result.reason], headers })
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => data.title }

export default function ProviderCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <PublicShell>
      <Card title={t('account:provider.refusedTitle')} level={1}>
        <Alert tone="error">{t(`account:provider.refused.${loaderData.reason}`)}</Alert>
        <p>
          <a href="/login/provider">{t('account:provider.again')}</a>
        </p>
        <p>
          <a href="/">{t('account:provider.back')}</a>
        </p>
      </Card>
    </PublicShell>
  )
}

import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { requireUser } from '#app/auth/guards.server.ts'
import { CodeAttemptsThrottled, SecondFactor, secondFactorSetupRequired } from '#app/auth/second-factor.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { clientIp } from '#app/utils/client.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { formatDate } from '#models/core/dates.ts'
import * as css from './account.css.ts'
import { securitySchema } from './second-factor-schema.ts'
import * as sf from './second-factor.css.ts'
import type { Route } from './+types/security'

/*
 * The second factor of one's own account (issue 12): turn it on with an authenticator app (QR code or
 * the secret typed by hand, both rendered here, no JavaScript needed), see the recovery codes once,
 * make new ones, turn it off. Users who must have it are sent here until it is on.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireUser({ request, context })
  const state = await SecondFactor.for(auth.access).state()
  return {
    enabled: state.enabled,
    enabledOn: state.enabledAt ? formatDate(state.enabledAt) : null,
    recoveryLeft: state.recoveryLeft,
    pending: auth.session.method !== 'provider' && state.pending ? { grouped: state.pending.grouped, svg: state.pending.svg, uri: state.pending.uri } : null,
    required: secondFactorSetupRequired(auth),
    superAdmin: auth.user.isSuperAdmin,
    mandatory: state.mandatory,
    // Signed in through the fund's provider: that provider vouched for the session, not the password
    // and code; the second factor is managed after a sign-in with them.
    viaProvider: auth.session.method === 'provider',
  }
}

export const handle: TitleHandle = { title: 'account:security.title' }

type Intent = 'start' | 'cancel' | 'confirm' | 'regenerate' | 'disable'
type ActionData = { intent: Intent; error?: string; codes?: string[] }

export async function action({ request, context }: Route.ActionArgs) {
  const { access, session } = await requireUser({ request, context })
  const submission = parseWithZod(await request.formData(), { schema: securitySchema })
  if (session.method === 'provider') {
    const intent = (submission.payload.intent as Intent | undefined) ?? 'start'
    return data<ActionData>({ intent, error: 'account:security.viaProvider' }, { status: 403 })
  }
  if (submission.status !== 'success') {
    const intent = (submission.payload.intent as Intent | undefined) ?? 'start'
    return data<ActionData>({ intent, error: 'validation.required' }, { status: 400 })
  }
  const service = SecondFactor.for(access)
  const v = submission.value
  try {
    return await perform(service, v, session.id, clientIp(context))
  } catch (error) {
    // Each code counts toward the sign-in throttle (decision 0016); where the factor is required it stays on.
    if (error instanceof CodeAttemptsThrottled) return data<ActionData>({ intent: v.intent, error: 'account:secondFactor.throttled' }, { status: 429 })
    if (error instanceof DomainError && error.messageKey) return data<ActionData>({ intent: v.intent, error: error.messageKey }, { status: 403 })
    throw error
  }
}

async function perform(service: ReturnType<typeof SecondFactor.for>, v: (typeof securitySchema)['_output'], sessionId: string, client: string) {
  switch (v.intent) {
    case 'start':
      await service.start()
      return redirect('/app/user/security')
    case 'cancel':
      await service.cancel()
      return redirect('/app/user/security')
    case 'confirm': {
      const codes = await service.confirm(v.code, { sessionId, client })
      if (!codes) return data<ActionData>({ intent: 'confirm', error: 'account:security.wrongCode' }, { status: 400 })
      // Shown once, in this answer; only their hashes are kept.
      return data<ActionData>({ intent: 'confirm', codes })
    }
    case 'regenerate': {
      const codes = await service.regenerate(v.code, { client })
      if (!codes) return data<ActionData>({ intent: 'regenerate', error: 'account:security.wrongCode' }, { status: 400 })
      return data<ActionData>({ intent: 'regenerate', codes })
    }
    case 'disable': {
      if (!(await service.disable(v.code, { client, sessionId })))
        return data<ActionData>({ intent: 'disable', error: 'account:security.wrongCodeOrRecovery' }, { status: 400 })
      return redirectWithToast('/app/user/security', 'saved')
    }
  }
}

function errorOf(actionData: ActionData | undefined, intent: Intent) {
  return actionData?.intent === intent && actionData.error ? [actionData.error] : undefined
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { enabled, enabledOn, recoveryLeft, pending, required, superAdmin, mandatory, viaProvider } = loaderData
  const shown = actionData as ActionData | undefined
  const codes = shown?.codes
  return (
    <div className={css.narrow}>
      <h1>{t('account:security.title')}</h1>
      {required ? <Alert tone="warning">{superAdmin ? t('account:security.requiredOperator') : t('account:security.requiredFund')}</Alert> : null}
      {codes ? (
        <Card title={t('account:security.codesTitle')}>
          <Alert tone="success">{shown?.intent === 'confirm' ? t('account:security.enabledNow') : t('account:security.codesRenewed')}</Alert>
          <p>{t('account:security.codesHint')}</p>
          <ul className={sf.codes} data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c} className={sf.code}>
                {c}
              </li>
            ))}
          </ul>
          <p>
            <a href="/app/user/security">{t('account:security.codesStored')}</a>
          </p>
        </Card>
      ) : null}
      <Card title={t('account:security.stateTitle')}>
        {enabled ? (
          <p data-testid="second-factor-state">
            {t('account:security.on', { date: enabledOn ?? '' })} {t('account:security.codesLeft', { count: recoveryLeft })}
          </p>
        ) : (
          <p data-testid="second-factor-state">{t('account:security.off')}</p>
        )}
        <p>{t('account:security.intro')}</p>
      </Card>
      {viaProvider ? <Alert tone="info">{t('account:security.viaProvider')}</Alert> : null}
      {!viaProvider && !enabled && !pending ? (
        <Card title={t('account:security.setupTitle')}>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <Button type="submit">{t('account:security.start')}</Button>
          </Form>
        </Card>
      ) : null}
      {!viaProvider && !enabled && pending ? (
        <Card title={t('account:security.setupTitle')}>
          <p>{t('account:security.scan')}</p>
          <div
            className={sf.qr}
            role="img"
            aria-label={t('account:security.qrLabel')}
            // The SVG is made on the server by the qrcode package from the otpauth:// address alone.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made SVG of a QR code, no user text in it
            dangerouslySetInnerHTML={{ __html: pending.svg }}
          />
          <p>{t('account:security.manual')}</p>
          <p className={sf.code} data-testid="totp-secret">
            {pending.grouped}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <TextField
              label={t('account:security.firstCode')}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              errors={errorOf(shown, 'confirm')}
              isRequired
            />
            <Button type="submit">{t('account:security.confirm')}</Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="secondary">
              {t('account:security.cancel')}
            </Button>
          </Form>
        </Card>
      ) : null}
      {!viaProvider && enabled ? (
        <>
          <Card title={t('account:security.regenerateTitle')}>
            <p>{t('account:security.regenerateIntro')}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="regenerate" />
              <TextField
                label={t('account:security.currentCode')}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                errors={errorOf(shown, 'regenerate')}
                isRequired
              />
              <Button type="submit" variant="secondary">
                {t('account:security.regenerate')}
              </Button>
            </Form>
          </Card>
          {mandatory ? (
            <p data-testid="second-factor-mandatory">{superAdmin ? t('account:security.mandatoryOperator') : t('account:security.mandatoryFund')}</p>
          ) : (
            <Card title={t('account:security.disableTitle')}>
              <p>{t('account:security.disableIntro')}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="disable" />
                <TextField label={t('account:security.codeOrRecovery')} name="code" autoComplete="off" errors={errorOf(shown, 'disable')} isRequired />
                <Button type="submit" variant="danger">
                  {t('account:security.disable')}
                </Button>
              </Form>
            </Card>
          )}
        </>
      ) : null}
    </div>
  )
}

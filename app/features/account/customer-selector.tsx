import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Alert } from '#app/ui/fields.tsx'
import * as ui from '#app/ui/ui.css.ts'
import { notFound, requireUser, safeRedirect } from '#app/auth/guards.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { switchPermission } from '#app/auth/sessions.server.ts'
import { fundOfSession, resolvePermission } from '#app/auth/users.server.ts'
import { answerInvitation, listMyInvitations } from '#app/features/admin/face.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { formatDate } from '#models/core/dates.ts'
import type { Route } from './+types/customer-selector'
import * as css from './account.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access, options, session } = await requireUser({ request, context })
  const url = new URL(request.url)
  const redirectTo = url.searchParams.get('redirectTo') ?? ''
  const invitations = await listMyInvitations(access.user, fundOfSession(session))
  const ended = url.searchParams.get('ended') === '1'
  return { options, invitations, activePermId: access.permId, redirectTo, isSuperAdmin: access.user.isSuperAdmin, ended }
}

export const handle: TitleHandle = { title: 'account:cselector.title' }

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireUser({ request, context })
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'accept' || intent === 'decline') {
    try {
      const membership = await answerInvitation(auth.access.user, String(form.get('invitationId') ?? ''), intent === 'accept', fundOfSession(auth.session))
      // Accepting opens the fund at once, as choosing it would.
      if (membership) {
        const option = await resolvePermission(auth.user.id, membership.id, auth.session)
        if (option) await switchPermission(auth.access.user, auth.session.id, option)
        return redirectWithToast('/app', 'invitationAccepted')
      }
      return redirectWithToast('/app/user/cselector', 'invitationDeclined', { type: 'info' })
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not-found') notFound(request)
      throw error
    }
  }
  const permId = String(form.get('permId') ?? '')
  const option = await resolvePermission(auth.user.id, permId, auth.session)
  // Someone else's or an unknown permId: the same 404 as any foreign id.
  if (!option) throw new Response(null, { status: 404 })
  await switchPermission(auth.access.user, auth.session.id, option)
  const next = safeRedirect(form.get('redirectTo'), '/app')
  return redirectWithToast(next.startsWith('/app/user/cselector') ? '/app' : next, 'customerSelected', { type: 'info' })
}

export default function CustomerSelector({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { options, invitations, activePermId, redirectTo, ended } = loaderData
  return (
    <>
      <h1>{t('account:cselector.title')}</h1>
      {ended ? <Alert tone="warning">{t('account:cselector.ended')}</Alert> : null}
      {invitations.length > 0 ? (
        <section aria-labelledby="invitations-title">
          <h2 id="invitations-title">{t('account:cselector.invitations')}</h2>
          <p>{t('account:cselector.invitationsIntro')}</p>
          <ul className={css.optionList} data-testid="invitations">
            {invitations.map((i) => (
              <li key={i.id} className={ui.card}>
                <div className={css.optionHead}>
                  <div>
                    <h3 className={css.optionTitle}>{i.customer}</h3>
                    <p className={css.muted}>
                      {t('tool.risk')}: {t(`role.${i.rights.risk.enabled ? i.rights.risk.role : 'disabled'}`)} · {t('tool.iks')}:{' '}
                      {t(`role.${i.rights.iks.enabled ? i.rights.iks.role : 'disabled'}`)}
                    </p>
                  </div>
                  <Form method="post" className={css.invitationActions}>
                    <input type="hidden" name="invitationId" value={i.id} />
                    <Button type="submit" name="intent" value="accept" aria-label={`${t('account:cselector.accept')}: ${i.customer}`}>
                      {t('account:cselector.accept')}
                    </Button>
                    <Button type="submit" name="intent" value="decline" variant="secondary" aria-label={`${t('account:cselector.decline')}: ${i.customer}`}>
                      {t('account:cselector.decline')}
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {options.length === 0 ? (
        invitations.length === 0 ? (
          <Alert tone="info">{t('account:cselector.none')}</Alert>
        ) : null
      ) : (
        <p>{t('account:cselector.intro')}</p>
      )}
      <ul className={css.optionList}>
        {options.map((o) => (
          <li key={o.permId} className={ui.card}>
            <div className={css.optionHead}>
              <div>
                <h2 className={css.optionTitle}>{o.customer.name}</h2>
                {o.deputyOf ? <p className={css.muted}>{t('account:cselector.asDeputy', { name: `${o.deputyOf.firstName} ${o.deputyOf.lastName}` })}</p> : null}
                {o.kind === 'auditor' || o.endsOn ? (
                  <p className={css.muted}>
                    {t(o.kind === 'auditor' ? 'account:cselector.auditorUntil' : 'account:cselector.until', { date: formatDate(o.endsOn) })}
                  </p>
                ) : null}
                <p className={css.muted}>
                  {t('tool.risk')}: {t(`role.${o.rights.risk.enabled ? o.rights.risk.role : 'disabled'}`)} · {t('tool.iks')}:{' '}
                  {t(`role.${o.rights.iks.enabled ? o.rights.iks.role : 'disabled'}`)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="permId" value={o.permId} />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                {o.permId === activePermId ? (
                  <span className={css.badge}>{t('account:cselector.active')}</span>
                ) : (
                  <Button
                    type="submit"
                    aria-label={`${t('account:cselector.choose')}: ${o.customer.name}${o.deputyOf ? ` (${o.deputyOf.firstName} ${o.deputyOf.lastName})` : ''}`}
                  >
                    {t('account:cselector.choose')}
                  </Button>
                )}
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}

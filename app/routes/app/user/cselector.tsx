import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Alert } from '#app/components/ui/fields.tsx'
import * as ui from '#app/components/ui/ui.css.ts'
import { requireUser, safeRedirect } from '#app/auth/guards.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { switchPermission } from '#models/sessions.server.ts'
import { resolvePermission } from '#models/users.server.ts'
import type { Route } from './+types/cselector'
import * as css from './user.css.ts'
import type { TitleHandle } from '#app/utils/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const { access, options } = await requireUser(request)
  const redirectTo = new URL(request.url).searchParams.get('redirectTo') ?? ''
  return { options, activePermId: access.permId, redirectTo, isSuperAdmin: access.user.isSuperAdmin }
}

export const handle: TitleHandle = { title: 'cselector.title' }

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireUser(request)
  const form = await request.formData()
  const permId = String(form.get('permId') ?? '')
  const option = await resolvePermission(auth.user.id, permId)
  // Someone else's or an unknown permId: the same 404 as any foreign id.
  if (!option) throw new Response(null, { status: 404 })
  await switchPermission(auth.access.user, auth.session.id, option)
  const next = safeRedirect(form.get('redirectTo'), '/app')
  return redirectWithToast(next.startsWith('/app/user/cselector') ? '/app' : next, 'customerSelected', { type: 'info' })
}

export default function CustomerSelector({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { options, activePermId, redirectTo } = loaderData
  return (
    <>
      <h1>{t('cselector.title')}</h1>
      {options.length === 0 ? <Alert tone="info">{t('cselector.none')}</Alert> : <p>{t('cselector.intro')}</p>}
      <ul className={css.optionList}>
        {options.map((o) => (
          <li key={o.permId} className={ui.card}>
            <div className={css.optionHead}>
              <div>
                <h2 className={css.optionTitle}>{o.customer.name}</h2>
                {o.deputyOf ? (
                  <p className={css.muted}>{t('cselector.asDeputy', { name: `${o.deputyOf.firstName} ${o.deputyOf.lastName}` })}</p>
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
                  <span className={css.badge}>{t('cselector.active')}</span>
                ) : (
                  <Button type="submit" aria-label={`${t('cselector.choose')}: ${o.customer.name}${o.deputyOf ? ` (${o.deputyOf.firstName} ${o.deputyOf.lastName})` : ''}`}>
                    {t('cselector.choose')}
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

import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, Outlet } from 'react-router'
import { z } from 'zod'
import { Badge } from '#app/ui/badges.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import * as ui from '#app/ui/ui.css.ts'
import { notFound, requireAdmin } from '#app/auth/guards.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M, requiredString, versionField } from '#app/utils/validation.ts'
import { Admin } from '#app/features/admin/admin-users.server.ts'
import { ConfirmPanel } from '#app/ui/confirm-panel.tsx'
import { DomainError } from '#models/core/errors.ts'
import { formatDate } from '#models/core/dates.ts'
import type { Route } from './+types/index'
import * as css from './admin.css.ts'
import * as dash from '#app/ui/page.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const bodySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('addBody'), name: requiredString(200) }),
  z.object({ intent: z.literal('renameBody'), id: z.string(), name: requiredString(200), version: versionField() }),
  z.object({ intent: z.literal('deleteBody'), id: z.string(), confirmed: z.literal('1').optional() }),
])

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireAdmin({ request, context })
  const admin = Admin.for(access)
  const [members, bodies] = await Promise.all([admin.members(), admin.bodies()])
  return { members, bodies, me: access.user.id }
}

export const handle: TitleHandle = { title: 'admin:users.title' }

/** The responsible bodies are kept on this page: add, rename, delete. */
export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requireAdmin({ request, context })
  const admin = Admin.for(access)
  const parsed = bodySchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ bodyError: M.required, bodyId: null as string | null }, { status: 400 })
  const v = parsed.data
  try {
    if (v.intent === 'addBody') await admin.saveBody({ name: v.name })
    if (v.intent === 'renameBody') await admin.saveBody({ id: v.id, name: v.name, version: v.version })
    if (v.intent === 'deleteBody') {
      // Asks first: the page shows what is about to go, and only the confirmed POST deletes.
      if (!v.confirmed) {
        const body = (await admin.bodies()).find((b) => b.id === v.id)
        if (!body) notFound(request)
        // One that owns measures cannot go anyway: say so at once instead of asking.
        if (body.measureCount === 0) return data({ confirmBody: { id: body.id, name: body.name } })
      }
      await admin.deleteBody(v.id)
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'not-found') notFound(request)
    const message = error.code === 'stale' ? M.staleVersion : (error.messageKey ?? M.invalid)
    return data({ bodyError: message, bodyId: 'id' in v ? v.id : null }, { status: error.code === 'invalid' ? 400 : 409 })
  }
  return redirectWithToast('/app/admin/users', v.intent === 'addBody' ? 'added' : v.intent === 'deleteBody' ? 'deleted' : 'saved')
}

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { members, bodies, me } = loaderData
  const right = (r: { enabled: boolean; role: string }) => (r.enabled ? t(`role.${r.role}`) : t('role.disabled'))
  return (
    <>
      <h1>{t('admin:users.title')}</h1>
      <Card
        title={t('admin:users.members', { count: members.length })}
        actions={
          <>
            <LinkButton to="/app/admin/users/new" variant="primary" preventScrollReset>
              {t('admin:users.addMember')}
            </LinkButton>
            <LinkButton to="/app/admin/users/new?kind=auditor" variant="secondary" preventScrollReset>
              {t('admin:users.addAuditor')}
            </LinkButton>
          </>
        }
      >
        <ScrollArea label={t('admin:users.title')}>
          <table className={dash.table} data-testid="members">
            <thead>
              <tr>
                <th scope="col">{t('field.name')}</th>
                <th scope="col">{t('field.email')}</th>
                <th scope="col">{t('field.position')}</th>
                <th scope="col">{t('tool.risk')}</th>
                <th scope="col">{t('tool.iks')}</th>
                <th scope="col">{t('admin:users.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.firstName} {m.lastName}
                  </td>
                  <td>{m.email}</td>
                  <td>{m.position ? t(`position.${m.position}`) : '—'}</td>
                  <td>{right(m.rights.risk)}</td>
                  <td>{right(m.rights.iks)}</td>
                  <td>
                    {m.loyaltyRead ? (
                      <>
                        <Badge tone="neutral">{t('admin:users.loyaltyRead')}</Badge>{' '}
                      </>
                    ) : null}
                    {m.kind === 'auditor' ? (
                      <>
                        <Badge tone="neutral">{t('admin:users.auditorUntil', { date: formatDate(m.endsOn) })}</Badge>{' '}
                      </>
                    ) : null}
                    {m.expired ? (
                      <Badge tone="danger">{t('admin:users.expired')}</Badge>
                    ) : m.state !== 'active' ? (
                      <Badge tone="danger">{t('admin:users.disabled')}</Badge>
                    ) : m.neverSignedIn ? (
                      <Badge tone="warning">{t('admin:users.invited')}</Badge>
                    ) : (
                      <Badge tone="success">{t('admin:users.active')}</Badge>
                    )}
                  </td>
                  <td className={dash.nowrap}>
                    <AppLink
                      to={`/app/admin/users/${m.id}/edit`}
                      preventScrollReset
                      aria-label={`${t('admin:users.editRights')}: ${m.firstName} ${m.lastName}`}
                    >
                      {t('admin:users.editRights')}
                    </AppLink>{' '}
                    {m.id !== me ? (
                      <AppLink to={`/app/admin/users/${m.id}/remove`} preventScrollReset aria-label={`${t('action.remove')}: ${m.firstName} ${m.lastName}`}>
                        {t('action.remove')}
                      </AppLink>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </Card>
      <Card title={t('admin:bodies.title')}>
        <p>{t('admin:bodies.intro')}</p>
        {actionData && 'bodyError' in actionData && actionData.bodyError ? <Alert tone="error">{t(actionData.bodyError)}</Alert> : null}
        {actionData && 'confirmBody' in actionData ? (
          <ConfirmPanel
            question={t('admin:bodies.confirmDelete', { name: actionData.confirmBody.name })}
            intent="deleteBody"
            fields={{ id: actionData.confirmBody.id }}
            confirmLabel={t('action.delete')}
            cancelTo="/app/admin/users"
          />
        ) : null}
        {bodies.length === 0 ? <p>{t('table.empty')}</p> : null}
        <ul className={ui.formActions} style={{ flexDirection: 'column', listStyle: 'none', padding: 0 }} data-testid="bodies">
          {bodies.map((b) => (
            <li key={b.id}>
              <Form method="post" className={css.inline}>
                <input type="hidden" name="id" value={b.id} />
                <input type="hidden" name="version" value={b.version} />
                <label className="visually-hidden" htmlFor={`body-${b.id}`}>
                  {t('admin:bodies.name')}
                </label>
                <input id={`body-${b.id}`} name="name" defaultValue={b.name} className={`${ui.input} ${css.bodyName}`} />
                <Button type="submit" name="intent" value="renameBody" variant="secondary">
                  {t('action.save')}
                </Button>
                {b.measureCount === 0 ? (
                  <Button type="submit" name="intent" value="deleteBody" variant="ghost" aria-label={`${t('action.delete')}: ${b.name}`}>
                    {t('action.delete')}
                  </Button>
                ) : (
                  <span className={css.hint}>{t('admin:bodies.usedBy', { count: b.measureCount })}</span>
                )}
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className={css.inline} style={{ marginTop: 16 }}>
          <div>
            <label htmlFor="new-body" className={ui.label}>
              {t('admin:bodies.new')}
            </label>
            <input id="new-body" name="name" className={`${ui.input} ${css.bodyName}`} />
          </div>
          <Button type="submit" name="intent" value="addBody">
            {t('action.add')}
          </Button>
        </Form>
      </Card>
      <Outlet />
    </>
  )
}

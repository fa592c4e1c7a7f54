import { useTranslation } from '#app/i18n/use-translation.ts'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { Card } from '#app/ui/card.tsx'
import { SelectField } from '#app/ui/fields.tsx'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { hasFilters, parseTableParams } from '#app/utils/table.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { listAudit, listAuditComponents } from './audit-trail.server.ts'
import { AUDIT_ACTIONS, type AuditAction } from '#models/core/constants.ts'
import type { Route } from './+types/debug'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const FILTERS = ['component', 'action'] as const

export async function loader({ request }: Route.LoaderArgs) {
  const { access, session } = await requireCustomer(request)
  const info = {
    user: access.user.email,
    customer: access.customer.name,
    permId: access.permId,
    actingFor: access.actingFor?.email ?? null,
    rights: access.rights,
    sessionExpiresAt: session.expiresAt.toISOString(),
    version: process.env.npm_package_version ?? '',
  }
  if (!permissionsOf(access).admin.access) return { info, audit: null }
  const url = new URL(request.url)
  const table = parseTableParams(url, ['createdAt', 'component'] as const, 'createdAt', 'desc')
  const component = url.searchParams.get('component') || undefined
  const actionParam = url.searchParams.get('action')
  const action = (AUDIT_ACTIONS as readonly string[]).includes(actionParam ?? '') ? (actionParam as AuditAction) : undefined
  const [{ rows, total }, components] = await Promise.all([
    listAudit(access, { component, action, sort: table.sort, dir: table.dir, limit: table.pageSize, offset: table.offset }),
    listAuditComponents(access),
  ])
  return { info, audit: { rows, total, table, components, filters: { component: component ?? '', action: action ?? '' }, filtered: hasFilters(url, FILTERS) } }
}

export const handle: TitleHandle = { title: 'account:debug.title' }

export default function Debug({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { info, audit } = loaderData
  return (
    <>
      <h1>{t('account:debug.title')}</h1>
      <Card title={t('account:debug.session')}>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(info, null, 2)}</pre>
      </Card>
      {audit ? (
        <>
          <h2>{t('account:debug.audit')}</h2>
          <FilterForm>
            <SelectField
              label={t('account:debug.component')}
              name="component"
              defaultValue={audit.filters.component}
              options={[{ value: '', label: t('table.all') }, ...audit.components.map((c) => ({ value: c, label: c }))]}
            />
            <SelectField
              label={t('account:debug.action')}
              name="action"
              defaultValue={audit.filters.action}
              options={[{ value: '', label: t('table.all') }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`account:audit.${a}`) }))]}
            />
          </FilterForm>
          <DataTable
            caption={t('account:debug.audit')}
            rows={audit.rows}
            total={audit.total}
            table={audit.table}
            filtered={audit.filtered}
            columns={[
              { key: 'createdAt', header: t('account:debug.when'), sortable: true, render: (r) => formatDateTime(r.createdAt) },
              { key: 'component', header: t('account:debug.component'), sortable: true, render: (r) => r.component },
              { key: 'action', header: t('account:debug.action'), render: (r) => t(`account:audit.${r.action}`) },
              { key: 'user', header: t('account:debug.user'), render: (r) => (r.actingFor ? `${r.user} (${t('account:debug.for')} ${r.actingFor})` : r.user) },
              { key: 'fields', header: t('account:debug.fields'), render: (r) => Object.keys(r.changedFields).join(', ') },
            ]}
          />
        </>
      ) : null}
    </>
  )
}

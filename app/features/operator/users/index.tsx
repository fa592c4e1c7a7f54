import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { LinkButton } from '#app/ui/button.tsx'
import { TextField } from '#app/ui/fields.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { listAllUsers } from '#app/features/operator/operator.server.ts'
import type { Route } from './+types/index'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { pageHeader } from '#app/ui/page.css.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  const table = parseTableParams(url, ['name'] as const, 'name')
  const { rows, total } = await listAllUsers(access, q || undefined, { limit: table.pageSize, offset: table.offset })
  return { rows, total, table, q }
}

export const handle: TitleHandle = { title: 'sadmin:users.title' }

export default function AllUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, q } = loaderData
  return (
    <>
      <div className={pageHeader}>
        <h1>{t('sadmin:users.title')}</h1>
        <LinkButton to="/app/sadmin/users/new" variant="primary" preventScrollReset>
          {t('sadmin:users.add')}
        </LinkButton>
      </div>
      <FilterForm>
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={q} />
      </FilterForm>
      <DataTable
        caption={t('sadmin:users.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={Boolean(q)}
        columns={[
          { key: 'name', header: t('field.name'), render: (r) => `${r.firstName} ${r.lastName}` },
          { key: 'email', header: t('field.email'), render: (r) => r.email },
          { key: 'customers', header: t('sadmin.customers'), render: (r) => r.customers ?? '—' },
          {
            key: 'state',
            header: t('admin:users.state'),
            render: (r) => (
              <>
                {r.state !== 'active' ? (
                  <Badge tone="danger">{t('admin:users.disabled')}</Badge>
                ) : r.neverSignedIn ? (
                  <Badge tone="warning">{t('admin:users.invited')}</Badge>
                ) : (
                  <Badge tone="success">{t('admin:users.active')}</Badge>
                )}{' '}
                {r.isSuperAdmin ? <Badge>{t('nav.sadmin')}</Badge> : null}
              </>
            ),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <span style={{ display: 'flex', gap: 8, whiteSpace: 'nowrap' }}>
                <AppLink to={`/app/sadmin/users/${r.id}/edit`} preventScrollReset aria-label={`${t('action.edit')}: ${r.firstName} ${r.lastName}`}>
                  {t('action.edit')}
                </AppLink>
                <AppLink to={`/app/sadmin/users/${r.id}/map`} aria-label={`${t('sadmin:users.map')}: ${r.firstName} ${r.lastName}`}>
                  {t('sadmin:users.map')}
                </AppLink>
              </span>
            ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}

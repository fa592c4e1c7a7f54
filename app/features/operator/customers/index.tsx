import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { TextField } from '#app/ui/fields.tsx'
import { parseTableParams } from '#app/utils/table.ts'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { listCustomers } from '#app/features/operator/operator.server.ts'
import { customersWithProvider } from '#app/features/sign-in-provider/face.server.ts'
import type { Route } from './+types/index'
import * as dash from '#app/ui/page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  const table = parseTableParams(url, ['name'] as const, 'name')
  const { rows: list, total } = await listCustomers(access, q || undefined, { limit: table.pageSize, offset: table.offset })
  // Whether each fund signs in through its own provider (issue 12).
  const providers = await customersWithProvider(
    access,
    list.map((c) => c.id),
  )
  const rows = list.map((c) => ({ ...c, provider: providers.get(c.id) ?? null }))
  return { rows, total, table, q }
}

export const handle: TitleHandle = { title: 'sadmin:customers.title' }

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, q } = loaderData
  return (
    <>
      <div className={dash.pageHeader}>
        <h1>{t('sadmin:customers.title')}</h1>
        <LinkButton to="/app/sadmin/customers/new" variant="primary" preventScrollReset>
          {t('sadmin:customers.add')}
        </LinkButton>
      </div>
      <FilterForm>
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={q} />
      </FilterForm>
      <div data-testid="customers">
        <DataTable
          caption={t('sadmin:customers.title')}
          rows={rows}
          total={total}
          table={table}
          filtered={Boolean(q)}
          columns={[
            { key: 'name', header: t('field.name'), render: (c) => c.name },
            { key: 'language', header: t('field.language'), render: (c) => t(`language.${c.language}`) },
            {
              key: 'state',
              header: t('sadmin:customers.state'),
              render: (c) =>
                c.state === 'active' ? (
                  <Badge tone="success">{t('sadmin:customers.active')}</Badge>
                ) : (
                  <Badge tone="warning">{t('sadmin:customers.inactive')}</Badge>
                ),
            },
            { key: 'members', header: t('sadmin.members'), render: (c) => c.members },
            {
              key: 'provider',
              header: t('sadmin:provider.column'),
              render: (c) =>
                c.provider ? (
                  <Badge tone={c.provider.enabled ? 'success' : 'warning'}>{c.provider.enabled ? t('sadmin:provider.on') : t('sadmin:provider.off')}</Badge>
                ) : (
                  t('sadmin:provider.none')
                ),
            },
            {
              key: 'actions',
              header: <span className="visually-hidden">{t('table.actions')}</span>,
              render: (c) => (
                <>
                  <AppLink to={`/app/sadmin/customers/${c.id}/edit`} preventScrollReset aria-label={`${t('action.edit')}: ${c.name}`}>
                    {t('action.edit')}
                  </AppLink>{' '}
                  <AppLink to={`/app/sadmin/customers/${c.id}/provider`} preventScrollReset aria-label={`${t('sadmin:provider.link')}: ${c.name}`}>
                    {t('sadmin:provider.link')}
                  </AppLink>
                </>
              ),
            },
          ]}
        />
      </div>
      <Outlet />
    </>
  )
}

import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation } from 'react-router'
import { DataTable } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/route-dialog.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { listThemes, THEME_SORTS } from '#app/features/risk/catalog.server.ts'
import type { Route } from './+types/index'
import { RiskAdminTabs } from '../admin-tabs.tsx'
import * as css from '../risk-catalog.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  const table = parseTableParams(new URL(request.url), THEME_SORTS, 'leadingNumber')
  const { rows, total } = await listThemes(access, { sort: table.sort, dir: table.dir }, { limit: table.pageSize, offset: table.offset })
  return { rows, total, table }
}

export const handle: TitleHandle = { title: 'sadmin:themes.title' }

export default function RiskThemesAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table } = loaderData
  return (
    <>
      <div className={css.head}>
        <h1>{t('sadmin:themes.title')}</h1>
        <LinkButton to={`/app/sadmin/risks/themes/new${search}`} variant="primary" preventScrollReset>
          {t('sadmin:themes.new')}
        </LinkButton>
      </div>
      <RiskAdminTabs current="themes" />
      <p className={css.intro}>{t('sadmin:themes.intro')}</p>
      <DataTable
        caption={t('sadmin:themes.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={false}
        columns={[
          {
            key: 'leadingNumber',
            header: t('sadmin:themes.field.leadingNumber'),
            sortable: true,
            render: (r) => <span className={css.nowrap}>{r.leadingNumber}</span>,
          },
          { key: 'nameDe', header: t('language.de'), sortable: true, render: (r) => <span lang="de">{r.nameDe}</span> },
          { key: 'nameFr', header: t('language.fr'), sortable: true, render: (r) => <span lang="fr">{r.nameFr}</span> },
          { key: 'nameEn', header: t('language.en'), sortable: true, render: (r) => <span lang="en">{r.nameEn}</span> },
          {
            key: 'entries',
            header: t('sadmin:themes.field.entries'),
            render: (r) => (
              <Link to={`/app/sadmin/risks?theme=${r.id}`} aria-label={t('sadmin:themes.showEntries', { number: r.leadingNumber, count: r.entries })}>
                {r.entries}
              </Link>
            ),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <Link to={`/app/sadmin/risks/themes/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.leadingNumber}`}>
                {t('action.edit')}
              </Link>
            ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}

import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/route-dialog.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { CATALOG_SORTS, type CatalogFilter, listCatalog, listThemes } from '#app/features/risk/catalog.server.ts'
import type { Route } from './+types/index'
import { RiskAdminTabs } from './admin-tabs.tsx'
import { localName, themeOptions } from './schema.ts'
import * as css from './risk-catalog.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  const url = new URL(request.url)
  const q = url.searchParams
  const table = parseTableParams(url, CATALOG_SORTS, 'idkey')
  const themeParam = q.get('theme') ?? ''
  const themeId = UUID.test(themeParam) ? themeParam : undefined
  const stateParam = q.get('state')
  const state = stateParam === 'active' || stateParam === 'inactive' ? stateParam : ''
  const text = (q.get('q') ?? '').trim().slice(0, 200) || undefined
  const filter: CatalogFilter = { themeId, q: text, active: state ? state === 'active' : undefined, sort: table.sort, dir: table.dir }
  const [{ rows, total }, themes] = await Promise.all([listCatalog(access, filter, { limit: table.pageSize, offset: table.offset }), listThemes(access)])
  return {
    rows,
    total,
    table,
    filtered: Boolean(themeId || state || text),
    values: { theme: themeId ?? '', state, q: text ?? '' },
    themes: themes.rows.map(({ id, leadingNumber, nameDe, nameFr, nameEn }) => ({ id, leadingNumber, nameDe, nameFr, nameEn })),
  }
}

export const handle: TitleHandle = { title: 'sadmin:risks.title' }

export default function RiskCatalogAdmin({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, filtered, values, themes } = loaderData
  const lang = i18n.language
  const childSearch = search
  return (
    <>
      <div className={css.head}>
        <h1>{t('sadmin:risks.title')}</h1>
        <LinkButton to={`/app/sadmin/risks/new${childSearch}`} variant="primary" preventScrollReset>
          {t('sadmin:risks.new')}
        </LinkButton>
      </div>
      <RiskAdminTabs current="catalog" />
      <p className={css.intro}>{t('sadmin:risks.intro')}</p>
      <FilterForm resetTo="/app/sadmin/risks">
        <SelectField
          label={t('sadmin:risks.field.theme')}
          name="theme"
          defaultValue={values.theme}
          options={[{ value: '', label: t('table.all') }, ...themeOptions(themes, lang)]}
        />
        <TextField label={t('sadmin:risks.filter.q')} name="q" type="search" defaultValue={values.q} description={t('sadmin:risks.filter.qHint')} />
        <SelectField
          label={t('sadmin:risks.filter.state')}
          name="state"
          defaultValue={values.state}
          options={[
            { value: '', label: t('table.all') },
            { value: 'active', label: t('sadmin:risks.state.active') },
            { value: 'inactive', label: t('sadmin:risks.state.inactive') },
          ]}
        />
      </FilterForm>
      <DataTable
        caption={t('sadmin:risks.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo="/app/sadmin/risks"
        columns={[
          {
            key: 'idkey',
            header: t('sadmin:risks.field.idkey'),
            sortable: true,
            render: (r) => (
              <>
                <span className={css.nowrap}>{r.idkey}</span>
                <div className={css.muted}>{localName({ nameDe: r.themeNameDe, nameFr: r.themeNameFr, nameEn: r.themeNameEn }, lang)}</div>
              </>
            ),
          },
          { key: 'titleDe', header: t('language.de'), sortable: true, render: (r) => <span lang="de">{r.titleDe}</span> },
          { key: 'titleFr', header: t('language.fr'), sortable: true, render: (r) => <span lang="fr">{r.titleFr}</span> },
          { key: 'titleEn', header: t('language.en'), sortable: true, render: (r) => <span lang="en">{r.titleEn}</span> },
          {
            key: 'levels',
            header: <abbr title={t('sadmin:risks.levelsLong')}>{t('sadmin:risks.levelsShort')}</abbr>,
            render: (r) => (
              <span className={css.nowrap}>
                {r.probability ?? '—'} / {r.severity ?? '—'}
              </span>
            ),
          },
          {
            key: 'flags',
            header: t('sadmin:risks.field.flags'),
            render: (r) => (
              <span className={css.badges}>
                {r.strategic ? <Badge>{t('sadmin:risks.badge.strategic')}</Badge> : null}
                {r.dsgRelevant ? <Badge>{t('sadmin:risks.badge.dsg')}</Badge> : null}
                {r.hasPersonalData ? <Badge tone="warning">{t('sadmin:risks.badge.personalData')}</Badge> : null}
                {r.hasProtectableData ? <Badge tone="danger">{t('sadmin:risks.badge.protectableData')}</Badge> : null}
              </span>
            ),
          },
          {
            key: 'state',
            header: t('sadmin:risks.filter.state'),
            render: (r) =>
              r.active ? <Badge tone="success">{t('sadmin:risks.state.active')}</Badge> : <Badge tone="warning">{t('sadmin:risks.state.inactive')}</Badge>,
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <span className={css.rowActions}>
                <Link to={`/app/sadmin/risks/${r.id}/edit${childSearch}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.idkey}`}>
                  {t('action.edit')}
                </Link>
                <Link
                  to={`/app/sadmin/risks/${r.id}/active${childSearch}`}
                  preventScrollReset
                  aria-label={`${r.active ? t('sadmin:risks.deactivate') : t('sadmin:risks.activate')}: ${r.idkey}`}
                >
                  {r.active ? t('sadmin:risks.deactivate') : t('sadmin:risks.activate')}
                </Link>
              </span>
            ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}

import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/route-dialog.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { CATALOG_SORTS, type CatalogFilter, listCatalog, listMainThemes, listSubThemes } from '#app/features/ics/catalog.server.ts'
import type { Route } from './+types/index'
import { IcsAdminTabs } from './admin-tabs.tsx'
import { localName, mainThemeOptions, subThemeOptions } from './schema.ts'
import * as css from '../risk-catalog/risk-catalog.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  const url = new URL(request.url)
  const q = url.searchParams
  const table = parseTableParams(url, CATALOG_SORTS, 'idkey')
  const mainParam = q.get('main') ?? ''
  const mainThemeId = UUID.test(mainParam) ? mainParam : undefined
  const subParam = q.get('sub') ?? ''
  const subThemeId = UUID.test(subParam) ? subParam : undefined
  const stateParam = q.get('state')
  const state = stateParam === 'active' || stateParam === 'inactive' ? stateParam : ''
  const text = (q.get('q') ?? '').trim().slice(0, 200) || undefined
  const filter: CatalogFilter = { mainThemeId, subThemeId, q: text, active: state ? state === 'active' : undefined, sort: table.sort, dir: table.dir }
  const [{ rows, total }, mainThemes, subThemes] = await Promise.all([
    listCatalog(access, filter, { limit: table.pageSize, offset: table.offset }),
    listMainThemes(access),
    // With a main process chosen, only its sub-processes are offered (also without JavaScript, after filtering).
    listSubThemes(access, { mainThemeId, sort: 'key', dir: 'asc' }),
  ])
  return {
    rows,
    total,
    table,
    filtered: Boolean(mainThemeId || subThemeId || state || text),
    values: { main: mainThemeId ?? '', sub: subThemeId ?? '', state, q: text ?? '' },
    mainThemes: mainThemes.rows.map(({ id, leadingNumber, nameDe, nameFr, nameEn }) => ({ id, leadingNumber, nameDe, nameFr, nameEn })),
    subThemes: subThemes.rows.map(({ id, key, nameDe, nameFr, nameEn }) => ({ id, key, nameDe, nameFr, nameEn })),
  }
}

export const handle: TitleHandle = { title: 'sadmin:ikss.catalog.title' }

export default function IcsCatalogAdmin({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, filtered, values, mainThemes, subThemes } = loaderData
  const lang = i18n.language
  return (
    <>
      <div className={css.head}>
        <h1>{t('sadmin:ikss.catalog.title')}</h1>
        <LinkButton to={`/app/sadmin/ikss/new${search}`} variant="primary" preventScrollReset>
          {t('sadmin:ikss.catalog.new')}
        </LinkButton>
      </div>
      <IcsAdminTabs current="catalog" />
      <p className={css.intro}>{t('sadmin:ikss.catalog.intro')}</p>
      <FilterForm resetTo="/app/sadmin/ikss">
        <SelectField
          label={t('sadmin:ikss.field.main')}
          name="main"
          defaultValue={values.main}
          options={[{ value: '', label: t('table.all') }, ...mainThemeOptions(mainThemes, lang)]}
        />
        <SelectField
          label={t('sadmin:ikss.field.sub')}
          name="sub"
          defaultValue={values.sub}
          options={[{ value: '', label: t('table.all') }, ...subThemeOptions(subThemes, lang)]}
        />
        <TextField
          label={t('sadmin:ikss.catalog.filter.q')}
          name="q"
          type="search"
          defaultValue={values.q}
          description={t('sadmin:ikss.catalog.filter.qHint')}
        />
        <SelectField
          label={t('sadmin:ikss.catalog.filter.state')}
          name="state"
          defaultValue={values.state}
          options={[
            { value: '', label: t('table.all') },
            { value: 'active', label: t('sadmin:ikss.catalog.state.active') },
            { value: 'inactive', label: t('sadmin:ikss.catalog.state.inactive') },
          ]}
        />
      </FilterForm>
      <DataTable
        caption={t('sadmin:ikss.catalog.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo="/app/sadmin/ikss"
        columns={[
          {
            key: 'idkey',
            header: t('sadmin:ikss.catalog.field.idkey'),
            sortable: true,
            render: (r) => (
              <>
                <span className={css.nowrap}>{r.idkey}</span>
                <div className={css.muted}>
                  {r.subKey} {localName({ nameDe: r.subNameDe, nameFr: r.subNameFr, nameEn: r.subNameEn }, lang)}
                </div>
              </>
            ),
          },
          { key: 'titleDe', header: t('language.de'), sortable: true, render: (r) => <span lang="de">{r.titleDe}</span> },
          { key: 'titleFr', header: t('language.fr'), sortable: true, render: (r) => <span lang="fr">{r.titleFr}</span> },
          { key: 'titleEn', header: t('language.en'), sortable: true, render: (r) => <span lang="en">{r.titleEn}</span> },
          {
            key: 'flags',
            header: t('sadmin:ikss.catalog.field.flags'),
            render: (r) => (
              <span className={css.badges}>
                {r.dsgRelevant ? <Badge>{t('sadmin:ikss.catalog.badge.dsg')}</Badge> : null}
                {r.tags.length ? <span className={css.muted}>{r.tags.join(', ')}</span> : null}
              </span>
            ),
          },
          {
            key: 'state',
            header: t('sadmin:ikss.catalog.filter.state'),
            render: (r) =>
              r.active ? (
                <Badge tone="success">{t('sadmin:ikss.catalog.state.active')}</Badge>
              ) : (
                <Badge tone="warning">{t('sadmin:ikss.catalog.state.inactive')}</Badge>
              ),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <span className={css.rowActions}>
                <Link to={`/app/sadmin/ikss/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.idkey}`}>
                  {t('action.edit')}
                </Link>
                <Link
                  to={`/app/sadmin/ikss/${r.id}/active${search}`}
                  preventScrollReset
                  aria-label={`${r.active ? t('sadmin:ikss.catalog.deactivate') : t('sadmin:ikss.catalog.activate')}: ${r.idkey}`}
                >
                  {r.active ? t('sadmin:ikss.catalog.deactivate') : t('sadmin:ikss.catalog.activate')}
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

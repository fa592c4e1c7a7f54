import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { CATALOG_SORTS, type CatalogFilter, listCatalog, mainThemeChoices, listSubThemes } from './catalog.server.ts'
import { entryFilter, idParam } from '../catalog-shared.server.ts'
import { CatalogPage, FilterSelect } from '../catalog/pages.tsx'
import type { Route } from './+types/index'
import { IcsAdminTabs } from './admin-tabs.tsx'
import { localName, mainThemeOptions, subThemeOptions } from '../catalog/options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const url = new URL(request.url)
  const table = parseTableParams(url, CATALOG_SORTS, 'idkey')
  const mainThemeId = idParam(url.searchParams, 'main')
  const subThemeId = idParam(url.searchParams, 'sub')
  const { state, text, active } = entryFilter(url.searchParams)
  const filter: CatalogFilter = { mainThemeId, subThemeId, q: text, active, sort: table.sort, dir: table.dir }
  const [{ rows, total }, mainThemes, subThemes] = await Promise.all([
    listCatalog(access, filter, { limit: table.pageSize, offset: table.offset }),
    mainThemeChoices(access),
    // With a main process chosen, only its sub-processes are offered (also without JavaScript, after filtering).
    listSubThemes(access, { mainThemeId, sort: 'key', dir: 'asc' }),
  ])
  return {
    rows,
    total,
    table,
    filtered: Boolean(mainThemeId || subThemeId || state || text),
    values: { main: mainThemeId ?? '', sub: subThemeId ?? '', state, q: text ?? '' },
    mainThemes,
    subThemes: subThemes.rows.map(({ id, key, nameDe, nameFr, nameEn }) => ({ id, key, nameDe, nameFr, nameEn })),
  }
}

const PAGE = { ns: 'catalogs:ikss.catalog', list: '/app/sadmin/ikss', tabs: <IcsAdminTabs current="catalog" /> }

export const handle: TitleHandle = { title: 'catalogs:ikss.catalog.title' }

export default function IcsCatalogAdmin({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { values, mainThemes, subThemes } = loaderData
  return (
    <CatalogPage
      {...PAGE}
      data={loaderData}
      filters={
        <>
          <FilterSelect label={t('catalogs:ikss.field.main')} name="main" value={values.main} options={mainThemeOptions(mainThemes, lang)} />
          <FilterSelect label={t('catalogs:ikss.field.sub')} name="sub" value={values.sub} options={subThemeOptions(subThemes, lang)} />
        </>
      }
      under={(r) => (
        <>
          {r.subKey} {localName({ nameDe: r.subNameDe, nameFr: r.subNameFr, nameEn: r.subNameEn }, lang)}
        </>
      )}
      columns={[
        {
          key: 'frequency',
          header: t('catalogs:ikss.catalog.field.defaultFrequency'),
          render: (r) => (r.defaultFrequency === 'none' ? '—' : t(`catalogs:ikss.catalog.frequency.${r.defaultFrequency}`)),
        },
        {
          key: 'flags',
          header: t('catalogs:ikss.catalog.field.flags'),
          render: (r) => (
            <span className={css.badges}>
              {r.dsgRelevant ? <Badge>{t('catalogs:ikss.catalog.badge.dsg')}</Badge> : null}
              {r.tags.length ? <span className={css.muted}>{r.tags.join(', ')}</span> : null}
            </span>
          ),
        },
      ]}
    />
  )
}

import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { CATALOG_SORTS, type CatalogFilter, listCatalog, themeChoices } from './catalog.server.ts'
import { entryFilter, idParam } from '../catalog-shared.server.ts'
import { CatalogPage, FilterSelect } from '../catalog/pages.tsx'
import type { Route } from './+types/index'
import { RiskAdminTabs } from './admin-tabs.tsx'
import { localName, themeOptions } from '../catalog/options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export const handle: TitleHandle = { title: 'catalogs:risks.title' }

const PAGE = { ns: 'catalogs:risks', list: '/app/sadmin/risks', tabs: <RiskAdminTabs current="catalog" /> }

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const url = new URL(request.url)
  const table = parseTableParams(url, CATALOG_SORTS, 'idkey')
  const themeId = idParam(url.searchParams, 'theme')
  const { state, text, active } = entryFilter(url.searchParams)
  const filter: CatalogFilter = { themeId, q: text, active, sort: table.sort, dir: table.dir }
  const [{ rows, total }, themes] = await Promise.all([listCatalog(access, filter, { limit: table.pageSize, offset: table.offset }), themeChoices(access)])
  return {
    rows,
    total,
    table,
    filtered: Boolean(themeId || state || text),
    values: { theme: themeId ?? '', state, q: text ?? '' },
    themes,
  }
}

export default function RiskCatalogAdmin({ loaderData }: Route.ComponentProps) {
  const { values, themes } = loaderData
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  return (
    <CatalogPage
      data={loaderData}
      {...PAGE}
      filters={<FilterSelect label={t('catalogs:risks.field.theme')} name="theme" value={values.theme} options={themeOptions(themes, lang)} />}
      under={(r) => localName({ nameDe: r.themeNameDe, nameFr: r.themeNameFr, nameEn: r.themeNameEn }, lang)}
      columns={[
        {
          key: 'levels',
          header: <abbr title={t('catalogs:risks.levelsLong')}>{t('catalogs:risks.levelsShort')}</abbr>,
          render: (r) => (
            <span className={css.nowrap}>
              {r.probability ?? '—'} / {r.severity ?? '—'}
            </span>
          ),
        },
        {
          key: 'flags',
          header: t('catalogs:risks.field.flags'),
          render: (r) => (
            <span className={css.badges}>
              {r.strategic ? <Badge>{t('catalogs:risks.badge.strategic')}</Badge> : null}
              {r.dsgRelevant ? <Badge>{t('catalogs:risks.badge.dsg')}</Badge> : null}
              {r.hasPersonalData ? <Badge tone="warning">{t('catalogs:risks.badge.personalData')}</Badge> : null}
              {r.hasProtectableData ? <Badge tone="danger">{t('catalogs:risks.badge.protectableData')}</Badge> : null}
            </span>
          ),
        },
      ]}
    />
  )
}

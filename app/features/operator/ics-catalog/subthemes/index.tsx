import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet, useLocation } from 'react-router'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { LinkButton } from '#app/ui/button.tsx'
import { SelectField } from '#app/ui/fields.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { mainThemeChoices, listSubThemes, SUB_THEME_SORTS } from '#app/features/operator/ics-catalog/catalog.server.ts'
import type { Route } from './+types/index'
import { IcsAdminTabs } from '../admin-tabs.tsx'
import { localName, mainThemeOptions } from '../../catalog/options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const url = new URL(request.url)
  const table = parseTableParams(url, SUB_THEME_SORTS, 'key')
  const mainParam = url.searchParams.get('main') ?? ''
  const mainThemeId = UUID.test(mainParam) ? mainParam : undefined
  const [{ rows, total }, mainThemes] = await Promise.all([
    listSubThemes(access, { mainThemeId, sort: table.sort, dir: table.dir }, { limit: table.pageSize, offset: table.offset }),
    mainThemeChoices(access),
  ])
  return {
    rows,
    total,
    table,
    filtered: Boolean(mainThemeId),
    values: { main: mainThemeId ?? '' },
    mainThemes,
  }
}

export const handle: TitleHandle = { title: 'catalogs:ikss.subthemes.title' }

export default function IcsSubThemesAdmin({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, filtered, values, mainThemes } = loaderData
  const lang = i18n.language
  return (
    <>
      <div className={css.head}>
        <h1>{t('catalogs:ikss.subthemes.title')}</h1>
        <LinkButton to={`/app/sadmin/ikss/subthemes/new${search}`} variant="primary" preventScrollReset>
          {t('catalogs:ikss.subthemes.new')}
        </LinkButton>
      </div>
      <IcsAdminTabs current="subthemes" />
      <p className={css.intro}>{t('catalogs:ikss.subthemes.intro')}</p>
      <FilterForm resetTo="/app/sadmin/ikss/subthemes">
        <SelectField
          label={t('catalogs:ikss.field.main')}
          name="main"
          defaultValue={values.main}
          options={[{ value: '', label: t('table.all') }, ...mainThemeOptions(mainThemes, lang)]}
        />
      </FilterForm>
      <DataTable
        caption={t('catalogs:ikss.subthemes.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo="/app/sadmin/ikss/subthemes"
        columns={[
          {
            key: 'key',
            header: t('catalogs:ikss.subthemes.field.key'),
            sortable: true,
            render: (r) => (
              <>
                <span className={css.nowrap}>{r.key}</span>
                <div className={css.muted}>
                  {r.mainNumber} {localName({ nameDe: r.mainNameDe, nameFr: r.mainNameFr, nameEn: r.mainNameEn }, lang)}
                </div>
              </>
            ),
          },
          { key: 'nameDe', header: t('language.de'), sortable: true, render: (r) => <span lang="de">{r.nameDe}</span> },
          { key: 'nameFr', header: t('language.fr'), sortable: true, render: (r) => <span lang="fr">{r.nameFr}</span> },
          { key: 'nameEn', header: t('language.en'), sortable: true, render: (r) => <span lang="en">{r.nameEn}</span> },
          {
            key: 'entries',
            header: t('catalogs:ikss.field.entries'),
            render: (r) => (
              <AppLink to={`/app/sadmin/ikss?sub=${r.id}`} aria-label={t('catalogs:ikss.subthemes.showEntries', { key: r.key, count: r.entries })}>
                {r.entries}
              </AppLink>
            ),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <AppLink to={`/app/sadmin/ikss/subthemes/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.key}`}>
                {t('action.edit')}
              </AppLink>
            ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}

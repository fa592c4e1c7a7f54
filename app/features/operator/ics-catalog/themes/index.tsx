import { listMainThemes, MAIN_THEME_SORTS } from '#app/features/operator/ics-catalog/catalog.server.ts'
import { themesLoader } from '#app/features/operator/catalog-shared.server.ts'
import { countColumn, themesRoute } from '#app/features/operator/catalog/pages.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/index'
import { IcsAdminTabs } from '../admin-tabs.tsx'

export const loader = ({ request, context }: Route.LoaderArgs) => themesLoader({ request, context }, MAIN_THEME_SORTS, listMainThemes)
export const handle: TitleHandle = { title: 'catalogs:ikss.themes.title' }

type Row = Awaited<ReturnType<typeof loader>>['rows'][number]

/** Main processes count their sub-processes and catalogue entries. */
export default themesRoute<Row>({
  ns: 'catalogs:ikss.themes',
  list: '/app/sadmin/ikss/themes',
  tabs: <IcsAdminTabs current="themes" />,
  counts: (t) => [
    countColumn(
      'subThemes',
      t('catalogs:ikss.themes.field.subthemes'),
      (r) => r.subThemes,
      (r) => `/app/sadmin/ikss/subthemes?main=${r.id}`,
      (r) => t('catalogs:ikss.themes.showSubthemes', { number: r.leadingNumber, count: r.subThemes }),
    ),
    countColumn(
      'entries',
      t('catalogs:ikss.field.entries'),
      (r) => r.entries,
      (r) => `/app/sadmin/ikss?main=${r.id}`,
      (r) => t('catalogs:ikss.themes.showEntries', { number: r.leadingNumber, count: r.entries }),
    ),
  ],
})

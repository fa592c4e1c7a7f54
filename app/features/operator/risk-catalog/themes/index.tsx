import { listThemes, THEME_SORTS } from '#app/features/operator/risk-catalog/catalog.server.ts'
import { themesLoader } from '#app/features/operator/catalog-shared.server.ts'
import { countColumn, themesRoute } from '#app/features/operator/catalog/pages.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/index'
import { RiskAdminTabs } from '../admin-tabs.tsx'

export const loader = ({ request, context }: Route.LoaderArgs) => themesLoader({ request, context }, THEME_SORTS, listThemes)
export const handle: TitleHandle = { title: 'catalogs:themes.title' }

type Row = Awaited<ReturnType<typeof loader>>['rows'][number]

export default themesRoute<Row>({
  ns: 'catalogs:themes',
  list: '/app/sadmin/risks/themes',
  tabs: <RiskAdminTabs current="themes" />,
  counts: (t) => [
    countColumn(
      'entries',
      t('catalogs:themes.field.entries'),
      (r) => r.entries,
      (r) => `/app/sadmin/risks?theme=${r.id}`,
      (r) => t('catalogs:themes.showEntries', { number: r.leadingNumber, count: r.entries }),
    ),
  ],
})

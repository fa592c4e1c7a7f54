import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { listThemes, THEME_SORTS } from '#app/features/risk/catalog.server.ts'
import { themesLoader } from '#app/features/operator/catalog-shared.server.ts'
import { ThemesPage } from '#app/features/operator/catalog/pages.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/index'
import { RiskAdminTabs } from '../admin-tabs.tsx'

export const loader = ({ request }: Route.LoaderArgs) => themesLoader(request, THEME_SORTS, listThemes)

export const handle: TitleHandle = { title: 'sadmin:themes.title' }

export default function RiskThemesAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <ThemesPage
      data={loaderData}
      ns="sadmin:themes"
      list="/app/sadmin/risks/themes"
      tabs={<RiskAdminTabs current="themes" />}
      counts={[
        {
          key: 'entries',
          header: t('sadmin:themes.field.entries'),
          render: (r) => (
            <Link to={`/app/sadmin/risks?theme=${r.id}`} aria-label={t('sadmin:themes.showEntries', { number: r.leadingNumber, count: r.entries })}>
              {r.entries}
            </Link>
          ),
        },
      ]}
    />
  )
}

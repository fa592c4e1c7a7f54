import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { listMainThemes, MAIN_THEME_SORTS } from '#app/features/ics/catalog.server.ts'
import { themesLoader } from '#app/features/operator/catalog-shared.server.ts'
import { ThemesPage } from '#app/features/operator/catalog/pages.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/index'
import { IcsAdminTabs } from '../admin-tabs.tsx'

export const loader = ({ request }: Route.LoaderArgs) => themesLoader(request, MAIN_THEME_SORTS, listMainThemes)

export const handle: TitleHandle = { title: 'sadmin:ikss.themes.title' }

export default function IcsMainThemesAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <ThemesPage
      data={loaderData}
      ns="sadmin:ikss.themes"
      list="/app/sadmin/ikss/themes"
      tabs={<IcsAdminTabs current="themes" />}
      counts={[
        {
          key: 'subThemes',
          header: t('sadmin:ikss.themes.field.subthemes'),
          render: (r) => (
            <Link
              to={`/app/sadmin/ikss/subthemes?main=${r.id}`}
              aria-label={t('sadmin:ikss.themes.showSubthemes', { number: r.leadingNumber, count: r.subThemes })}
            >
              {r.subThemes}
            </Link>
          ),
        },
        {
          key: 'entries',
          header: t('sadmin:ikss.field.entries'),
          render: (r) => (
            <Link to={`/app/sadmin/ikss?main=${r.id}`} aria-label={t('sadmin:ikss.themes.showEntries', { number: r.leadingNumber, count: r.entries })}>
              {r.entries}
            </Link>
          ),
        },
      ]}
    />
  )
}

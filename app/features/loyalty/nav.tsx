import { useLocation, useRouteLoaderData } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { type AppPath, isCurrent } from '#app/ui/app-link.tsx'
import { TabLinks } from '#app/ui/tabs.tsx'
import type { loader as layoutLoader } from './layout.tsx'

/** The loyalty area's pages; a member who only declares sees the overview (their own declarations) alone. */
const TABS: { to: AppPath; label: string; read: boolean; end?: boolean }[] = [
  { to: '/app/loyalty', label: 'loyalty:nav.overview', read: false, end: true },
  { to: '/app/loyalty/persons', label: 'loyalty:nav.persons', read: true },
  { to: '/app/loyalty/declarations', label: 'loyalty:nav.declarations', read: true },
  { to: '/app/loyalty/transactions', label: 'loyalty:nav.transactions', read: true },
  { to: '/app/loyalty/changes', label: 'loyalty:nav.changes', read: true },
  { to: '/app/loyalty/sample', label: 'loyalty:nav.sample', read: true },
]

/** The area's tabs above each of its pages: plain links, so they work without JavaScript. Rights from the area's layout. */
export function LoyaltyNav() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const data = useRouteLoaderData<typeof layoutLoader>('features/loyalty/layout')
  const read = data?.loyalty.read ?? false
  const items = TABS.filter((tab) => !tab.read || read).map((tab) => ({
    to: tab.to,
    label: t(tab.label),
    current: isCurrent(pathname, tab.to, tab.end),
    testId: `loyalty-tab-${tab.to.split('/')[3] ?? 'overview'}`,
  }))
  return <TabLinks label={t('loyalty:nav.label')} items={items} />
}

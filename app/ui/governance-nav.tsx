import { useLocation } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { type AppPath, isCurrent } from '#app/ui/app-link.tsx'
import { TabLinks } from '#app/ui/tabs.tsx'

/** The three governance registers (issue 28) share one entry of the main navigation and these tabs; each register's guard decides. */
const TABS: { to: AppPath; label: string; id: string }[] = [
  { to: '/app/providers', label: 'governance.providers', id: 'providers' },
  { to: '/app/findings', label: 'governance.findings', id: 'findings' },
  { to: '/app/decisions', label: 'governance.decisions', id: 'decisions' },
]

/** Plain links above each register's list, so they work without JavaScript. */
export function GovernanceNav() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const items = TABS.map((tab) => ({ to: tab.to, label: t(tab.label), current: isCurrent(pathname, tab.to), testId: `governance-tab-${tab.id}` }))
  return <TabLinks label={t('governance.nav')} items={items} />
}

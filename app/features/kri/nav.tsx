import { useLocation, useRouteLoaderData } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { type AppPath, isCurrent } from '#app/ui/app-link.tsx'
import { TabLinks } from '#app/ui/tabs.tsx'
import type { loader as layoutLoader } from './layout.tsx'

/** The KRI area's pages; entering values and the import need the enter right. */
const TABS: { to: AppPath; label: string; enter?: boolean; end?: boolean; id: string }[] = [
  { to: '/app/risk/kri', label: 'kri:nav.overview', end: true, id: 'overview' },
  { to: '/app/risk/kri/values', label: 'kri:nav.values', enter: true, id: 'values' },
  { to: '/app/risk/kri/appetite', label: 'kri:nav.appetite', id: 'appetite' },
  { to: '/app/risk/kri/underfunding', label: 'kri:nav.underfunding', id: 'underfunding' },
  { to: '/app/risk/acceptances', label: 'kri:nav.acceptances', id: 'acceptances' },
  { to: '/app/risk/kri/import', label: 'kri:nav.import', enter: true, id: 'import' },
]

/** The area's tabs above each of its pages: plain links, so they work without JavaScript. Rights from the area's layout. */
export function KriNav() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const data = useRouteLoaderData<typeof layoutLoader>('features/kri/layout')
  const enter = data?.kri.enter ?? false
  const items = TABS.filter((tab) => !tab.enter || enter).map((tab) => ({
    to: tab.to,
    label: t(tab.label),
    current: isCurrent(pathname, tab.to, tab.end),
    testId: `kri-tab-${tab.id}`,
  }))
  return <TabLinks label={t('kri:nav.label')} items={items} />
}

import { Outlet, useLocation } from 'react-router'
import { getCustomerAuthFromContext } from '#app/auth/guards.server.ts'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { type AppPath, isCurrent } from '#app/ui/app-link.tsx'
import { TabLinks } from '#app/ui/tabs.tsx'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/layout'

/** The data protection area: read or the dsg role (or more) on RM or ICS (docs/decisions/0006-rights.md). */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.customer)]

/** What the tabs need: whether breaches and requests are shown at all. From the rights the guard already read; no query. */
export async function loader({ context }: Route.LoaderArgs) {
  const { access } = getCustomerAuthFromContext(context)
  return { sensitive: permissionsOf(access).dsg.sensitive }
}

const TABS: { to: AppPath; label: string; sensitive?: boolean; end?: boolean }[] = [
  { to: '/app/dsg', label: 'dsg:overview.tabOverview', end: true },
  { to: '/app/dsg/processing', label: 'dsg:overview.tabProcessing' },
  { to: '/app/dsg/dpia', label: 'dsg:overview.tabDpia' },
  { to: '/app/dsg/breaches', label: 'dsg:overview.tabBreaches', sensitive: true },
  { to: '/app/dsg/requests', label: 'dsg:overview.tabRequests', sensitive: true },
]

/** The area's tabs above each of its pages: plain links, so they work without JavaScript. */
export default function Layout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const items = TABS.filter((tab) => !tab.sensitive || loaderData.sensitive).map((tab) => ({
    to: tab.to,
    label: t(tab.label),
    current: isCurrent(pathname, tab.to, tab.end),
    testId: `dsg-tab-${tab.to.split('/')[3] ?? 'overview'}`,
  }))
  return (
    <>
      <TabLinks label={t('dsg:overview.tabs')} items={items} />
      <Outlet />
    </>
  )
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

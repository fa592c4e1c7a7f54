import { Outlet } from 'react-router'
import { getCustomerAuthFromContext } from '#app/auth/guards.server.ts'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/layout'

/**
 * Key risk indicators, the risk appetite, the underfunding duties and the acceptance of risks (issue 27,
 * decision 0067): readers of RM; each page and service checks more (enter values, set the appetite).
 */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.kri.read)]

/** The area's flags for its navigation: from the rights the guard already read; no query. */
export async function loader({ context }: Route.LoaderArgs) {
  const { kri } = permissionsOf(getCustomerAuthFromContext(context).access)
  return { kri }
}

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

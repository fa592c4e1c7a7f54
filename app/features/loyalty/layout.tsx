import { Outlet } from 'react-router'
import { getCustomerAuthFromContext } from '#app/auth/guards.server.ts'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/layout'

/**
 * Loyalty and integrity (issue 26, decision 0066): readers of the area, and every member for their own
 * declaration; each page and service checks more (manage, own declaration).
 */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.loyalty.read || p.loyalty.declare)]

/** The area's flags for its navigation (nav.tsx): from the rights the guard already read; no query. */
export async function loader({ context }: Route.LoaderArgs) {
  const { loyalty } = permissionsOf(getCustomerAuthFromContext(context).access)
  return { loyalty }
}

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

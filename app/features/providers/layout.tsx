import { Outlet } from 'react-router'
import { getCustomerAuthFromContext } from '#app/auth/guards.server.ts'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/layout'

/** Providers (issue 28, decision 0068): readers of either tool; each page and service checks more (write, the assurance review's rights are the executions'). */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.providers.read)]

/** The area's flags for its pages: from the rights the guard already read; no query. */
export async function loader({ context }: Route.LoaderArgs) {
  const { providers } = permissionsOf(getCustomerAuthFromContext(context).access)
  return { providers }
}

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

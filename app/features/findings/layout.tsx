import { Outlet } from 'react-router'
import { getCustomerAuthFromContext } from '#app/auth/guards.server.ts'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/layout'

/** Findings of the auditor, the expert, the supervisor and the internal review (issue 28, decision 0068): readers of either tool; writers follow them up. */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.findings.read)]

/** The area's flags for its pages: from the rights the guard already read; no query. */
export async function loader({ context }: Route.LoaderArgs) {
  const { findings } = permissionsOf(getCustomerAuthFromContext(context).access)
  return { findings }
}

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

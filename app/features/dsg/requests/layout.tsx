import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/**
 * Requests of data subjects hold personal data of insured persons: only the dsg role and admins see
 * them at all (decision 0006). Everyone else gets 403 for these pages; the service refuses again.
 */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.dsg.sensitive)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

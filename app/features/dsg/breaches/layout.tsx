import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/**
 * Breaches hold personal data of insured persons: only the dsg role and admins reach these pages
 * (docs/decisions/0006-rights.md, the data protection area); everyone else gets 403 here, and the
 * service answers 404 for a breach they ask for directly.
 */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.dsg.sensitive)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the breaches keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** Year-end snapshots: readers of RM or ICS and admins read; admins freeze and record approvals (the service checks). */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.reports.read)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** Work processes: readers of RM or ICS; writing needs write on ICS (checked by the edit and delete routes). */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.workProcesses.read)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

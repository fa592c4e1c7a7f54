import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** The control executions: read on ICS (auditors too); recording and signing are checked by the service per execution. */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.executions.read)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** The fund's audit trail: its admins and its auditors (permissions.ts `auditTrail.read`, decisions 0034, 0035). */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.auditTrail.read)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** The fund's user management: admins of RM or ICS. */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.admin.access)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

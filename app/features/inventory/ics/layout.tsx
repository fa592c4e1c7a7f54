import { Outlet } from 'react-router'
import { toolUser } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** Every ICS page needs at least the dsg role on ICS; pages needing more check it in their loaders. */
export const middleware: Route.MiddlewareFunction[] = [toolUser('iks')]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

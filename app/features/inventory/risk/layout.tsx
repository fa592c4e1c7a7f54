import { Outlet } from 'react-router'
import { toolUser } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** Every RM page, its download included, needs at least the dsg role on RM; pages needing more check it in their loaders. */
export const middleware: Route.MiddlewareFunction[] = [toolUser('risk')]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

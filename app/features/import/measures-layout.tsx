import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/measures-layout'

/** Importing measures: who may create measures of some source (the service checks each row's source). */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => Object.values(p.measures).some((m) => m.write))]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

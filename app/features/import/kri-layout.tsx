import { Outlet } from 'react-router'
import { permitted } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/kri-layout'

/** Importing KRI values (issue 27): who enters values, writers of RM (the service checks too). */
export const middleware: Route.MiddlewareFunction[] = [permitted((p) => p.kri.enter)]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

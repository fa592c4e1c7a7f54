import { Outlet } from 'react-router'
import { customerMember } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** Documents: an active customer; the categories one may see follow the rights (query.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [customerMember]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

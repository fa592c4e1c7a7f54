import { Outlet } from 'react-router'
import { customerMember } from '#app/auth/middleware.server.ts'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'
import type { Route } from './+types/layout'

/** Stored files: a member of the active customer; who reads a file's owner reads the file (download.ts). */
export const middleware: Route.MiddlewareFunction[] = [customerMember]

export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

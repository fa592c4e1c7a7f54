import { Outlet } from 'react-router'
import { FeatureErrorBoundary } from '#app/ui/error-boundary.tsx'

/** The user's own pages (/app/user/…): signed in is enough (the app layout); each page checks the rest. */
export default function Layout() {
  return <Outlet />
}

/** 403, 404 and failures inside the feature keep the app's shell and navigation around them. */
export function ErrorBoundary() {
  return <FeatureErrorBoundary />
}

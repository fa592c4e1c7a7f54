import { Outlet } from 'react-router'
import { getAuthFromContext } from '#app/auth/guards.server.ts'
import { signedIn } from '#app/auth/middleware.server.ts'
import { AppErrorBoundary } from '#app/features/shell/error-boundary.tsx'
import { shellDataOf } from '#app/features/shell/shell-data.server.ts'
import { AppHeader, AppMain, Footer } from '#app/features/shell/shell.tsx'
import type { Route } from './+types/app-layout'

/** Everything under /app needs a signed-in user: no loader, action or download below runs without one. */
export const middleware: Route.MiddlewareFunction[] = [signedIn]

export async function loader({ context }: Route.LoaderArgs) {
  return { shell: shellDataOf(getAuthFromContext(context)) }
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader shell={loaderData.shell} />
      <AppMain>
        <Outlet />
      </AppMain>
      <Footer />
    </>
  )
}

/**
 * A refused or failed page inside the signed-in area keeps the header, navigation and footer, so the
 * user can go on from where they are. Without the shell's data (its own loader failed) the page
 * stands in the public frame.
 */
export function ErrorBoundary() {
  return <AppErrorBoundary />
}

import { Outlet } from 'react-router'
import { getAuthFromContext } from '#app/auth/guards.server.ts'
import { signedIn } from '#app/auth/middleware.server.ts'
import { AppErrorBoundary } from '#app/ui/error-boundary.tsx'
import { shellDataOf } from '#app/auth/shell-data.server.ts'
import { LanguageNotice } from '#app/features/shell/language-notice.tsx'
import { languageNoticeOf } from '#app/i18n/sign-in-language.server.ts'
import { AppHeader, AppMain, Footer } from '#app/ui/shell.tsx'
import type { Route } from './+types/app-layout'

/** Everything under /app needs a signed-in user: no loader, action or download below runs without one. */
export const middleware: Route.MiddlewareFunction[] = [signedIn]

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = getAuthFromContext(context)
  // Signed in in a language picked on the sign-in page that is not the profile's: the shell says so (decision 0044).
  return { shell: shellDataOf(auth), languageNotice: await languageNoticeOf(request, auth.access.user.language) }
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader shell={loaderData.shell} />
      {loaderData.languageNotice ? <LanguageNotice notice={loaderData.languageNotice} /> : null}
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

import { useEffect } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { RenderedNamespaces } from '#app/i18n/rendered-namespaces.tsx'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router'
import { Toast } from '#app/ui/toast.tsx'
import { fallbackLanguage, type Locale } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useNonce } from '#app/utils/nonce.ts'
import { clearToastHeader, readToast } from '#app/utils/toast.server.ts'
import { requestGate } from '#app/utils/request-gate-middleware.server.ts'
import { requestScope } from '#app/utils/request-scope-middleware.server.ts'
import { routePattern } from '#app/utils/route-pattern.server.ts'
import type { Route } from './+types/root'
import '#app/styles/global.css.ts'
import { DocumentTitle } from '#app/ui/page-title.tsx'
import { useAppLinks } from '#app/ui/app-link.tsx'
import { NavigationProgress } from '#app/ui/shell.tsx'
import { ShellErrorPage, shellOfError } from '#app/ui/error-boundary.tsx'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

// Every request passes the request gate first (docs/decisions/0014-request-gate.md), then runs in
// its request scope: one transaction, the signed-in user read once (0018-request-transaction.md).
// Before both, the matched route's pattern is handed to the server for metrics and logs (0048).
export const middleware: Route.MiddlewareFunction[] = [routePattern, requestGate, requestScope]

// Kept minimal: it runs on every request (DESIGN.md §7).
export async function loader({ request }: Route.LoaderArgs) {
  const [locale, toast] = await Promise.all([getLocale(request), readToast(request)])
  const headers = toast ? { 'Set-Cookie': await clearToastHeader() } : undefined
  return data({ locale, toast, toastNonce: toast ? crypto.randomUUID() : '' }, { headers })
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const { i18n } = useTranslation()
  const nonce = useNonce()
  const locale: Locale = (rootData?.locale ?? i18n.language ?? fallbackLanguage) as Locale
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <RenderedNamespaces />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation()
  const { locale, toast, toastNonce } = loaderData
  useAppLinks()
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale)
    // SPEC.md §1: the chosen language is kept in the browser's local storage too.
    try {
      window.localStorage.setItem('lng', locale)
    } catch {}
  }, [locale, i18n])
  return (
    <>
      <DocumentTitle />
      <NavigationProgress />
      <Toast toast={toast} nonce={toastNonce} />
      <Outlet />
    </>
  )
}

/**
 * Errors outside the signed-in area (and of the area's own shell): the public frame. A route guard
 * that refuses before any loader ran lands here too (React Router shows a middleware's error at the
 * shallowest route with a loader); its refusal carries the shell's data, so the page keeps the app's
 * header and navigation.
 */
export function ErrorBoundary() {
  const error = useRouteError()
  return <ShellErrorPage error={error} shell={shellOfError(error)} />
}

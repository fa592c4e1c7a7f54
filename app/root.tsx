import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { data, isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router'
import { Toast } from '#app/components/toast.tsx'
import { fallbackLanguage, type Locale } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useNonce } from '#app/utils/nonce.ts'
import { clearToastHeader, readToast } from '#app/utils/toast.server.ts'
import { requestGate } from '#app/utils/request-gate-middleware.server.ts'
import type { Route } from './+types/root'
import '#app/styles/global.css.ts'
import * as css from './root.css.ts'
import { APP_NAME, DocumentTitle } from '#app/utils/page-title.tsx'
import { PublicShell } from '#app/components/shell.tsx'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

// Every request passes the request gate first (docs/decisions/0014-request-gate.md).
export const middleware: Route.MiddlewareFunction[] = [requestGate]

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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation()
  const { locale, toast, toastNonce } = loaderData
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
      <Toast toast={toast} nonce={toastNonce} />
      <Outlet />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  let status = 500
  if (isRouteErrorResponse(error)) status = error.status
  const kind = [400, 401, 403, 404, 413, 415].includes(status) ? String(status) : '500'
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error)
  return (
    <PublicShell wide>
      <title>{`${t(`error.${kind}.title`)} · ${APP_NAME}`}</title>
      <div className={css.errorPage}>
        <p className={css.errorCode}>{status}</p>
        <h1>{t(`error.${kind}.title`)}</h1>
        <p>{t(`error.${kind}.text`)}</p>
        <p>
          <Link to="/app">{t('error.backHome')}</Link>
        </p>
      </div>
    </PublicShell>
  )
}

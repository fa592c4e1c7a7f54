import type { ReactNode } from 'react'
import { type ErrorResponse, isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router'
import { AppHeader, AppMain, ErrorContent, Footer, PublicShell, type ShellData } from './shell.tsx'

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode

/**
 * One error boundary for every route module (after Epic Stack's GeneralErrorBoundary): a handler per
 * status, a default for the rest (ErrorContent: one text per status), and a handler for thrown errors.
 */
export function GeneralErrorBoundary({
  defaultStatusHandler = ({ error }) => <ErrorContent error={error} />,
  statusHandlers,
  unexpectedErrorHandler = (error) => <ErrorContent error={error} />,
}: {
  defaultStatusHandler?: StatusHandler
  statusHandlers?: Record<number, StatusHandler>
  unexpectedErrorHandler?: (error: unknown) => ReactNode
}) {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) return <>{(statusHandlers?.[error.status] ?? defaultStatusHandler)({ error })}</>
  return <>{unexpectedErrorHandler(error)}</>
}

/**
 * A feature's error boundary (its layout route): 403, 404 and any other failure inside the feature are
 * shown in place of the page, so the app's header, navigation and footer stay around them.
 */
export function FeatureErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: ({ error }) => <ErrorContent error={error} />,
        404: ({ error }) => <ErrorContent error={error} />,
      }}
    />
  )
}

/** The shell data a refusing guard sent with its error (app/auth/middleware.server.ts), if any. */
export function shellOfError(error: unknown): ShellData | null {
  if (!isRouteErrorResponse(error)) return null
  const payload = error.data as { shell?: ShellData } | null | undefined
  return payload && typeof payload === 'object' && payload.shell ? payload.shell : null
}

/** An error page in the app's shell when its data is known, else in the public frame. */
export function ShellErrorPage({ error, shell }: { error: unknown; shell: ShellData | null }) {
  if (!shell) {
    return (
      <PublicShell wide>
        <ErrorContent error={error} />
      </PublicShell>
    )
  }
  return (
    <>
      <AppHeader shell={shell} />
      <AppMain>
        <ErrorContent error={error} />
      </AppMain>
      <Footer />
    </>
  )
}

/**
 * The signed-in area's boundary: the shell from the app layout's data or, when a guard refused before
 * any loader ran, from the refusal itself.
 */
export function AppErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData('app-layout') as { shell: ShellData } | undefined
  return <ShellErrorPage error={error} shell={data?.shell ?? shellOfError(error)} />
}

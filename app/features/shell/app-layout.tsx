import { Outlet, useRouteError, useRouteLoaderData } from 'react-router'
import { AppHeader, AppMain, ErrorContent, Footer, PublicShell, type ShellData } from '#app/features/shell/shell.tsx'
import { requireUser } from '#app/auth/guards.server.ts'
import { canUseTool, isAdmin } from '#models/core/access.ts'
import type { Route } from './+types/app-layout'

export async function loader({ request }: Route.LoaderArgs) {
  const { access, options } = await requireUser(request)
  const { rights } = access
  const shell: ShellData = {
    user: {
      id: access.user.id,
      firstName: access.user.firstName,
      lastName: access.user.lastName,
      email: access.user.email,
      isSuperAdmin: access.user.isSuperAdmin,
    },
    actingFor: access.actingFor ? { firstName: access.actingFor.firstName, lastName: access.actingFor.lastName } : null,
    customer: access.customer ? { name: access.customer.name, logoUrl: access.customer.logoUrl } : null,
    nav: {
      risk: canUseTool(rights, 'risk'),
      iks: canUseTool(rights, 'iks'),
      dsg: canUseTool(rights, 'risk') || canUseTool(rights, 'iks'),
      measures: canUseTool(rights, 'risk') || canUseTool(rights, 'iks'),
      admin: isAdmin(rights),
    },
    canSelectCustomer: options.length > 1 || (options.length === 1 && !access.customer),
  }
  return { shell }
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
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('app-layout')
  if (!data) {
    return (
      <PublicShell wide>
        <ErrorContent error={error} />
      </PublicShell>
    )
  }
  return (
    <>
      <AppHeader shell={data.shell} />
      <AppMain>
        <ErrorContent error={error} />
      </AppMain>
      <Footer />
    </>
  )
}

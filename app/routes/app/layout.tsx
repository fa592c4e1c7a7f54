import { Outlet } from 'react-router'
import { AppHeader, AppMain, Footer, type ShellData } from '#app/components/shell.tsx'
import { requireUser } from '#app/auth/guards.server.ts'
import { canUseTool, isAdmin } from '#models/access.ts'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
  const { access, options } = await requireUser(request)
  const { rights } = access
  const shell: ShellData = {
    user: { id: access.user.id, firstName: access.user.firstName, lastName: access.user.lastName, email: access.user.email, isSuperAdmin: access.user.isSuperAdmin },
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

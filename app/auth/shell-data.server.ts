import type { Auth } from './guards.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { ShellData } from '#app/ui/shell.tsx'

/** What the header and its navigation show for one signed-in request. */
export function shellDataOf({ access, options }: Pick<Auth, 'access' | 'options'>): ShellData {
  const permissions = permissionsOf(access)
  const { risk, iks } = permissions.tools
  return {
    user: {
      id: access.user.id,
      firstName: access.user.firstName,
      lastName: access.user.lastName,
      email: access.user.email,
      isSuperAdmin: access.user.isSuperAdmin,
    },
    actingFor: access.actingFor ? { firstName: access.actingFor.firstName, lastName: access.actingFor.lastName } : null,
    customer: access.customer ? { name: access.customer.name, logoVersion: access.customer.logoVersion } : null,
    nav: {
      risk: risk.use,
      iks: iks.use,
      dsg: permissions.customer,
      measures: permissions.customer,
      admin: permissions.admin.access,
      auditTrail: permissions.auditTrail.read,
      report: permissions.reports.read,
      loyalty: permissions.loyalty.read ? 'area' : permissions.loyalty.declare ? 'own' : null,
      governance: permissions.providers.read || permissions.findings.read || permissions.decisions.read,
    },
    canSelectCustomer: options.length > 1 || (options.length === 1 && !access.customer),
  }
}

import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { logoResponse } from '#models/core/customer-logo.server.ts'
import { getCustomerLogo } from '#app/features/operator/operator.server.ts'
import type { Route } from './+types/logo'

/** A fund's logo for the operator's customer form: only the operator reads it here. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const logo = await getCustomerLogo(access, params.id)
  if (!logo) notFound(request)
  return logoResponse(logo, new URL(request.url).searchParams.get('v') === logo.version ? logo.version : null)
}

import { requireCustomer } from '#app/auth/guards.server.ts'
import { notFound } from '#app/utils/domain-errors.server.ts'
import { logoResponse, readLogo } from '#models/core/customer-logo.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import type { Route } from './+types/logo'

/**
 * The signed-in fund's logo (decision 0053), from this site: the shell, the company page. Only its
 * members read it; the version in the address lets the browser keep it until the logo changes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const logo = await withCustomer(access, (tx) => readLogo(tx, access.customer.id))
  if (!logo) notFound(request)
  return logoResponse(logo, new URL(request.url).searchParams.get('v') === logo.version ? logo.version : null)
}

import { requireUser } from '#app/auth/guards.server.ts'
import type { Route } from './+types/session'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access, session } = await requireUser({ request, context })
  return Response.json({
    user: access.user,
    permId: access.permId,
    customer: access.customer,
    rights: access.rights,
    deputyOf: access.actingFor,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  })
}

import { forbidden, requireUser } from '#app/auth/guards.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { listDeputiesOfUser } from '#app/features/account/deputies.server.ts'
import { fundOfSession } from '#app/auth/users.server.ts'
import type { Route } from './+types/deputies'

/** The user's deputies (who may act for them); never loaded for super admins (SPEC.md §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, access, session } = await requireUser({ request, context })
  if (!permissionsOf(access).deputies) forbidden(request)
  // A session of one fund's provider sees that fund's deputies only.
  const bound = fundOfSession(session)
  if (bound === null) return Response.json([])
  return Response.json(await listDeputiesOfUser(user.id, access.customer?.id ?? bound ?? null))
}

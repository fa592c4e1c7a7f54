import { publicUser } from '#app/features/account/sign-in.server.ts'
import { requireUser } from '#app/auth/guards.server.ts'
import type { Route } from './+types/me'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, access, options } = await requireUser({ request, context })
  return Response.json(publicUser(user, options, access.permId, access.actingFor?.id ?? null))
}

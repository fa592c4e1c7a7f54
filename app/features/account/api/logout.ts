import { clearSessionCookie } from '#app/auth/cookies.server.ts'
import { requireUser } from '#app/auth/guards.server.ts'
import { methodNotAllowed } from '#app/utils/api.server.ts'
import { clientIp } from '#app/utils/client.server.ts'
import { endSession } from '#app/auth/sessions.server.ts'
import type { Route } from './+types/logout'

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const { token } = await requireUser({ request, context })
  await endSession(token, clientIp(context))
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await clearSessionCookie(request) } })
}

export function loader() {
  return methodNotAllowed('POST')
}

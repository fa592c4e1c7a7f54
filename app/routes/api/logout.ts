import { clearSessionCookie } from '#app/auth/cookies.server.ts'
import { requireUser } from '#app/auth/guards.server.ts'
import { methodNotAllowed } from '#app/utils/api.server.ts'
import { deleteSessionByToken } from '#models/sessions.server.ts'
import type { Route } from './+types/logout'

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const { token } = await requireUser(request)
  await deleteSessionByToken(token)
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await clearSessionCookie() } })
}

export function loader() {
  return methodNotAllowed('POST')
}

import { forbidden, requireUser } from '#app/auth/guards.server.ts'
import { methodNotAllowed, readJson } from '#app/utils/api.server.ts'
import { switchPermission } from '#app/auth/sessions.server.ts'
import { resolvePermission } from '#app/auth/users.server.ts'
import type { Route } from './+types/permissions'

/** Switches the session to a customer (or to acting as a deputy) and answers its permissions. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const { user, session, access } = await requireUser({ request, context })
  const body = await readJson(request)
  const permId = typeof body.permId === 'string' ? body.permId : ''
  const option = await resolvePermission(user.id, permId, session)
  if (!option) forbidden(request)
  await switchPermission(access.user, session.id, option)
  return Response.json({
    id: option.permId,
    customer: option.customer,
    rights: option.rights,
    deputy: option.deputyOf,
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, language: user.language },
  })
}

export function loader() {
  return methodNotAllowed('POST')
}

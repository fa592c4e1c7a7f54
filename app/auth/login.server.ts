import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { createSession } from '#models/sessions.server.ts'
import { listPermissionOptions, type PermissionOption, type User, verifyLogin } from '#models/users.server.ts'
import { safeRedirect } from './guards.server.ts'

export class LoginFailed extends Error {}

export const authenticator = new Authenticator<User>()
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get('email') ?? '')
    const password = String(form.get('password') ?? '')
    const user = await verifyLogin(email, password)
    if (!user) throw new LoginFailed()
    return user
  }),
  'form',
)

/**
 * Starts a session for a verified user. With exactly one customer, its
 * permissions are loaded at once (SPEC.md §4); with several the user chooses.
 */
export async function startSession(user: User, redirectTo?: string | null) {
  const options = await listPermissionOptions(user.id)
  const own = options.filter((o) => !o.deputyOf)
  const only = own.length === 1 ? own[0] : null
  const token = await createSession(user.id, only?.permId ?? null, null)
  let landing: string
  if (only) landing = safeRedirect(redirectTo, '/app')
  else if (own.length === 0 && options.length === 0 && user.isSuperAdmin) landing = '/app/sadmin'
  else {
    const next = safeRedirect(redirectTo, '')
    landing = next ? `/app/user/cselector?redirectTo=${encodeURIComponent(next)}` : '/app/user/cselector'
  }
  return { token, permId: only?.permId ?? null, landing, options }
}

/** The user as the API returns it (SPEC.md §7): with language and customers, each with its permId. */
export function publicUser(user: User, options: PermissionOption[], activePermId: string | null, actingForUserId: string | null = null) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    position: user.position,
    functional: user.functional,
    language: user.language,
    comment: user.comment,
    isSuperAdmin: user.isSuperAdmin,
    state: user.state,
    initialPemId: user.initialPermId,
    activePemId: activePermId,
    deputyOf: actingForUserId,
    customers: options.map((o) => ({
      permId: o.permId,
      id: o.customer.id,
      name: o.customer.name,
      language: o.customer.language,
      rights: o.rights,
      deputyOf: o.deputyOf,
    })),
  }
}

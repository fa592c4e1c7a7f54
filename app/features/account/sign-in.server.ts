import { listMyInvitations } from '#app/features/admin/face.server.ts'
import { auditSignIn, createSession } from '#app/auth/sessions.server.ts'
import { noticeWrongPasswords } from '#app/features/account/sign-in-notice.server.ts'
import {
  countAttempt,
  endedAccess,
  findUserByEmail,
  LOGIN_ATTEMPT_LIMIT,
  listPermissionOptions,
  type PermissionOption,
  settleSuccessfulSignIn,
  takeAttempt,
  THROTTLE,
  throttleKey,
  toAccessUser,
  type User,
  verifyLogin,
} from '#app/auth/users.server.ts'
import { safeRedirect } from '#app/auth/guards.server.ts'
import { commitSessionToken } from '#app/auth/cookies.server.ts'
import { signInLanguageCookies } from '#app/i18n/sign-in-language.server.ts'
import { rememberDevice } from '#app/auth/device.server.ts'
import type { SignInMethod } from '#models/core/constants.ts'

/** `secondFactor`: the password was right and the user has the second factor on: a code must follow. */
export type SignInResult =
  | { ok: true; user: User; secondFactor: boolean }
  | { ok: false; reason: 'credentials' | 'throttled' }
  | { ok: false; reason: 'expired'; endedOn: string }

/**
 * Checks a password for a sign-in from `client` (decision 0050). Each attempt is counted before the
 * password is checked; a refused or throttled attempt is audited. `device`: the id of the browser's
 * device cookie for this address (app/auth/device.server.ts), when it signed in with it before: then
 * only the device's own budget counts. Otherwise the address and client pair and the client have
 * their limits, and past the looser ceiling of the address only a user with the second factor goes
 * on (the code decides, on its own budget). Wrong passwords from elsewhere mail the owner, once per
 * window, apart from the answer (which is the same whether the address exists or not).
 */
export async function attemptSignIn(email: string, password: string, client: string, device: string | null = null): Promise<SignInResult> {
  const gate = await countSignIn(email, client, device)
  const refused = async (reason: 'credentials' | 'throttled') => {
    const known = await findUserByEmail(email)
    await auditSignIn({ action: 'SignInFailed', user: known ? toAccessUser(known) : null, email, reason, client })
    if (gate.addressAttempts >= LOGIN_ATTEMPT_LIMIT) noticeWrongPasswords(email, client, gate.addressAttempts)
    return { ok: false as const, reason }
  }
  if (gate.state === 'throttled') return refused('throttled')
  const user = await verifyLogin(email, password)
  // Past the ceiling the password alone opens nothing: a second factor must follow.
  if (gate.state === 'ceiling' && !(user && hasSecondFactor(user))) return refused('throttled')
  if (!user) return refused('credentials')
  // With the second factor the attempt counts on until its code is right (second-factor.server.ts);
  // a known device's own count starts afresh with the right password (it never counted for the client).
  const secondFactor = hasSecondFactor(user)
  if (!secondFactor || device) await settleSuccessfulSignIn(email, client, { clientAttempts: device ? 0 : 1, device })
  // Every membership ended (an auditor's end date passed) and no other use: no session (issue 12).
  // (Invitations are looked for only then: an open one is a use left.)
  const ended = await endedAccess(user)
  if (ended && (await listMyInvitations(toAccessUser(user))).length === 0) {
    await auditSignIn({ action: 'SignInFailed', user: toAccessUser(user), email, reason: 'expired', client, customerId: ended.customerId })
    return { ok: false, reason: 'expired', endedOn: ended.endedOn }
  }
  return { ok: true, user, secondFactor }
}

function hasSecondFactor(user: User) {
  return Boolean(user.totpEnabledAt && user.totpSecret)
}

type Gate = { state: 'open' | 'throttled' | 'ceiling'; addressAttempts: number }

/** Counts the attempt where it belongs: on a known device only there, else per pair, client and address. */
async function countSignIn(email: string, client: string, device: string | null): Promise<Gate> {
  if (device) return { state: (await takeAttempt('device', throttleKey.device(device))) ? 'throttled' : 'open', addressAttempts: 0 }
  const [clientOver, pairOver, addressAttempts] = await Promise.all([
    takeAttempt('client', throttleKey.client(client)),
    takeAttempt('pair', throttleKey.pair(email, client)),
    countAttempt('address', throttleKey.address(email)),
  ])
  if (clientOver || pairOver) return { state: 'throttled', addressAttempts }
  return { state: addressAttempts > THROTTLE.address.limit ? 'ceiling' : 'open', addressAttempts }
}

/**
 * Starts a session for a verified user. With exactly one customer, its
 * permissions are loaded at once (SPEC.md §4); with several the user chooses. Signed in through a
 * fund's identity provider (`providerCustomerId`), the session opens in that fund. `recoveryCode`: the
 * second step passed with a recovery code, which the sign-in's entry says. The answer's `headers` set
 * the session cookie and switch to the language picked on the sign-in page, else to the user's saved
 * language (docs/decisions/0044).
 */
export async function startSession(request: Request, user: User, how: SignInHow) {
  const { client, redirectTo, method = 'password', providerCustomerId = null, recoveryCode = false } = how
  const options = await listPermissionOptions(user.id)
  const own = options.filter((o) => !o.deputyOf)
  const ofProvider = providerCustomerId ? own.find((o) => o.customer.id === providerCustomerId) : undefined
  const only = ofProvider ?? (own.length === 1 ? own[0] : null)
  const token = await createSession(user.id, only?.permId ?? null, null, method, providerCustomerId)
  await auditSignIn({ action: 'SignedIn', user: toAccessUser(user), customerId: only?.customer.id ?? null, client, method, recoveryCode })
  // Invitations wait on the customer selector: the person answers them there first.
  const invited = (await listMyInvitations(toAccessUser(user), method === 'provider' ? providerCustomerId : undefined)).length > 0
  let landing: string
  if (only && !invited) landing = safeRedirect(redirectTo, '/app')
  else if (own.length === 0 && options.length === 0 && user.isSuperAdmin) landing = '/app/sadmin'
  else {
    const next = safeRedirect(redirectTo, '')
    landing = next ? `/app/user/cselector?redirectTo=${encodeURIComponent(next)}` : '/app/user/cselector'
  }
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSessionToken(token, request))
  for (const cookie of await signInLanguageCookies(request, user.language)) headers.append('Set-Cookie', cookie)
  // This browser is the owner's from now on: its sign-ins count on their own (decision 0050).
  headers.append('Set-Cookie', await rememberDevice(request, user.email))
  return { headers, permId: only?.permId ?? null, landing, options }
}

/** How a sign-in came about: from which client, where to go next, and by which method. */
export type SignInHow = {
  client: string
  redirectTo?: string | null
  method?: SignInMethod
  providerCustomerId?: string | null
  recoveryCode?: boolean
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

import { createContext, redirect } from 'react-router'
import { type Access, type CustomerAccess, NO_RIGHTS } from '#models/core/access.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { eq } from 'drizzle-orm'
import { sessions } from '#models/schema/index.ts'
import { findSession, type SessionRow } from './sessions.server.ts'
import { secondFactorGate, secondFactorSetupRequired } from './second-factor.server.ts'
import { getUser, optionsOfSession, type PermissionOption, permissionOptionsFrom, toAccessUser, type User } from './users.server.ts'
import type { Tx } from '#models/core/db.server.ts'
import { authTransaction, requestMemo } from '#models/core/scope.server.ts'
import { forbidden, notFound } from '#app/utils/domain-errors.server.ts'
import { clearSessionCookie, readSessionToken } from './cookies.server.ts'

export { forbidden, notFound }

/** The signed-in request: session, user, acting access, and the customers the user may choose. */
export type Auth = { token: string; session: SessionRow; user: User; access: Access; options: PermissionOption[] }
export type CustomerAuth = Auth & { access: CustomerAccess }

// Loaders of one request run in parallel; they share one lookup (the root middleware's request
// memo; a per-Request cache where no middleware ran, as in tests).
const cache = new WeakMap<Request, Promise<Auth | null>>()
const AUTH = {}

export function getAuth(request: Request): Promise<Auth | null> {
  return requestMemo(AUTH, () => {
    let pending = cache.get(request)
    if (!pending) {
      pending = loadAuth(request)
      cache.set(request, pending)
    }
    return pending
  })
}

async function loadAuth(request: Request): Promise<Auth | null> {
  const token = await readSessionToken(request)
  if (!token) return null
  // The request's first database work; its transaction is then narrowed to the acting customer.
  return authTransaction(
    'session and memberships of the signed-in user',
    (tx) => authOf(tx, token),
    (auth) => auth?.access.customer?.id ?? null,
  )
}

async function authOf(tx: Tx, token: string): Promise<Auth | null> {
  const found = await findSession(token, tx)
  if (!found) return null
  const { session, user } = found
  const access: Access = { user: toAccessUser(user), actingFor: null, customer: null, permId: null, rights: NO_RIGHTS }
  // One lookup of the user's customers (read with the session) serves the rights check and the app shell.
  const options = optionsOfSession(permissionOptionsFrom(found), session)
  if (session.permId) {
    const option = options.find((o) => o.permId === session.permId)
    // A membership taken away or a deputyship ended since sign-in: no customer any more.
    if (option && (option.deputyOf?.id ?? null) === (session.actingForUserId ?? null)) {
      access.customer = { id: option.customer.id, name: option.customer.name, logoVersion: option.customer.logoVersion, language: option.customer.language }
      access.permId = option.permId
      access.rights = option.rights
      access.kind = option.kind
      access.endsOn = option.endsOn
      access.loyaltyRead = option.loyaltyRead
      if (option.deputyOf) {
        const principal = await getUser(option.deputyOf.id, tx)
        access.actingFor = principal ? toAccessUser(principal) : null
      }
    }
  }
  const auth = { token, session, user, access, options }
  // The user has the second factor on, and it is required here, but this session never passed it (it
  // began before the factor was turned on, or through another fund's provider): it ends, and the
  // request goes on as one without a session, to the sign-in ("session ended") or a 401 (issue 12).
  if (secondFactorGate(auth) === 'sign-in again') {
    await tx.delete(sessions).where(eq(sessions.id, session.id))
    return null
  }
  return auth
}

function isApi(request: Request) {
  return new URL(request.url).pathname.startsWith('/api/')
}

/** 401: JSON for API calls; for pages a redirect to the login that remembers where the user wanted to go. */
async function unauthorized(request: Request): Promise<never> {
  const headers = { 'Set-Cookie': await clearSessionCookie(request) }
  if (isApi(request)) throw Response.json({ error: 'unauthorized' }, { status: 401, headers })
  // A cookie without a live session: the session ended (idle, too old, revoked); the sign-in page says so.
  const ended = (await readSessionToken(request)) !== null
  const url = new URL(request.url)
  // A data request of client-side navigation carries the page path in its URL, minus the .data suffix.
  const path = url.pathname.replace(/\.data$/, '').replace(/\/_root$/, '') || '/'
  url.searchParams.delete('_routes')
  const search = url.searchParams.toString()
  const redirectTo = path + (search ? `?${search}` : '')
  const query = new URLSearchParams()
  if (redirectTo !== '/') query.set('redirectTo', redirectTo)
  if (ended) query.set('ended', '1')
  const qs = query.toString()
  throw redirect(qs ? `/?${qs}` : '/', { headers })
}

/**
 * What a guard reads of a loader's or action's arguments: the request, and the router context in which
 * the layout's middleware left the signed-in Auth (authContext). A guard reads that Auth instead of
 * looking the session up again; only where no middleware ran before it (the middleware itself, routes
 * outside a guarded layout, a loader called on its own in a test) it asks `getAuth` (decision 0060).
 */
export type GuardArgs = { request: Request; context?: unknown }

type ContextReader = { get: (key: typeof authContext) => Auth | null }

function storedAuth(context: unknown): Auth | null {
  // Read by shape: a test's plain object has no `get`; the router's context answers null when unset.
  if (typeof (context as Partial<ContextReader> | undefined)?.get !== 'function') return null
  return (context as ContextReader).get(authContext)
}

export async function requireUser({ request, context }: GuardArgs): Promise<Auth> {
  const auth = storedAuth(context) ?? (await getAuth(request))
  if (!auth) return unauthorized(request)
  // An API client must set up the second factor first (issue 12); signing out and switching the fund
  // (the guard applies again in the new one) stay open. Pages: the app layout's middleware
  // (requireSecondFactorSetUp) sends them to the setup.
  if (isApi(request) && !OPEN_DURING_SETUP.has(new URL(request.url).pathname) && secondFactorSetupRequired(auth)) {
    throw Response.json({ error: 'second factor setup required' }, { status: 403 })
  }
  return auth
}

/** Where a user who must set up the second factor may go meanwhile (signing out and the language are outside /app). */
const SECOND_FACTOR_SETUP_PATH = '/app/user/security'
/** Open while the setup is due: the setup, switching to another fund (which may not require it), signing out. */
const OPEN_DURING_SETUP = new Set([SECOND_FACTOR_SETUP_PATH, '/app/user/cselector', '/api/users/loadpermissions', '/api/logout'])

/**
 * Signed in, and the second factor set up where it is required (super admins, members of a fund that
 * asks for it): otherwise every page of /app but the setup leads there, where a banner says why.
 */
export async function requireSecondFactorSetUp(args: GuardArgs): Promise<Auth> {
  const { request } = args
  const auth = await requireUser(args)
  const path = new URL(request.url).pathname.replace(/\.data$/, '')
  if (!OPEN_DURING_SETUP.has(path) && secondFactorSetupRequired(auth)) throw redirect(SECOND_FACTOR_SETUP_PATH)
  return auth
}

/** Needs an active customer; without one the user chooses first. */
export async function requireCustomer(args: GuardArgs): Promise<CustomerAuth> {
  const { request } = args
  const auth = await requireUser(args)
  if (!auth.access.customer || !auth.access.permId) {
    if (isApi(request)) forbidden(request)
    if (auth.options.length === 0 && auth.user.isSuperAdmin) throw redirect('/app/sadmin')
    // The session's membership or deputyship ended since it was chosen (an end date passed, a right
    // taken away): the selector says so, even when nothing is left to choose (issue 12).
    const ended = auth.session.permId ? '&ended=1' : ''
    if (auth.options.length === 0 && !ended) forbidden(request)
    const url = new URL(request.url)
    const target = url.pathname.replace(/\.data$/, '')
    throw redirect(`/app/user/cselector?redirectTo=${encodeURIComponent(target + url.search)}${ended}`)
  }
  return auth as CustomerAuth
}

/**
 * An active customer and a flag of the permission table (models/core/permissions.ts); 403 without it.
 * A tool's screens ask `p.tools[tool].use` (its DSG view or more), `.read`, `.write` or `.admin`.
 */
export async function requirePermission(args: GuardArgs, allowed: (permissions: Permissions) => boolean): Promise<CustomerAuth> {
  const auth = await requireCustomer(args)
  if (!allowed(permissionsOf(auth.access))) forbidden(args.request)
  return auth
}

/** The admin area needs admin on risk or iks. */
export function requireAdmin(args: GuardArgs): Promise<CustomerAuth> {
  return requirePermission(args, (p) => p.admin.access)
}

export async function requireSuperAdmin(args: GuardArgs): Promise<Auth> {
  const auth = await requireUser(args)
  if (!permissionsOf(auth.access).operator) forbidden(args.request)
  return auth
}

/**
 * The signed-in request as the route middleware found it (app/auth/middleware.server.ts). Loaders and
 * actions below a guard read it with getAuthFromContext instead of looking it up again.
 */
export const authContext = createContext<Auth | null>(null)

export function getAuthFromContext(context: { get: (key: typeof authContext) => Auth | null }): Auth {
  const auth = context.get(authContext)
  if (!auth) throw new Error('no signed-in user in the router context: the route lies outside the guarded app layout')
  return auth
}

/** Like getAuthFromContext, below a guard that needs an active customer. */
export function getCustomerAuthFromContext(context: { get: (key: typeof authContext) => Auth | null }): CustomerAuth {
  const auth = getAuthFromContext(context)
  if (!auth.access.customer || !auth.access.permId) throw new Error('no active customer in the router context: the route lies outside a customer guard')
  return auth as CustomerAuth
}

/**
 * A same-site path to go to after sign-in; anything else becomes the default. Browsers drop tabs and
 * line breaks from a URL and read a backslash as a slash, so "/\t/evil.example" would leave the site:
 * control characters and backslashes are refused outright, and the rest must resolve to this origin.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/app') {
  if (!to || typeof to !== 'string' || to.length > 2000) return fallback
  if (!to.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback
  const base = 'http://same.invalid'
  let url: URL
  try {
    url = new URL(to, base)
  } catch {
    return fallback
  }
  if (url.origin !== base) return fallback
  // `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as another host.
  const target = `${url.pathname}${url.search}${url.hash}`
  if (!target.startsWith('/') || target.startsWith('//')) return fallback
  return target
}

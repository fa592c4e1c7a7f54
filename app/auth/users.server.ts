import crypto from 'node:crypto'
import { isUuid } from '#models/core/sql-helpers.ts'
import { verify } from '@node-rs/argon2'
import { hashPassword } from '#models/core/passwords.server.ts'

export { hashPassword }
import { and, eq, gt, inArray, isNull, or, type Placeholder, type SQLWrapper, sql } from 'drizzle-orm'
import { type Access, type AccessUser, AUDITOR_RIGHTS, type Rights } from '#models/core/access.ts'
import type { MembershipKind } from '#models/core/constants.ts'
import { DomainError } from '#models/core/errors.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { builtOnce, db, type Executor, type Tx } from '#models/core/db.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { type RightsJson, rightsFromJson, rightsJsonOf } from '#models/core/rights.server.ts'
import {
  customers,
  deputies,
  type invitations,
  memberships,
  passwordResetTokens,
  sessions,
  signInThrottle,
  users,
  type Language,
  type Position,
} from '#models/schema/index.ts'

export const RESET_TOKEN_MINUTES = 30
export const LOGIN_ATTEMPT_LIMIT = 10
export const LOGIN_ATTEMPT_WINDOW_MINUTES = 15

export type User = typeof users.$inferSelect

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

export function sha256(value: string) {
  return crypto.createHash('sha256').update(value).digest('hex')
}

// Verifying against this keeps the time of a failed login the same whether the e-mail exists or not.
let dummyHash: Promise<string> | null = null

export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(email)
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verify(await dummyHash, password).catch(() => false)
    return null
  }
  const ok = await verify(user.passwordHash, password).catch(() => false)
  if (!ok || user.state !== 'active') return null
  return user
}

export async function findUserByEmail(email: string) {
  return db().query.users.findFirst({ where: sql`lower(${users.email}) = ${normalizeEmail(email)}` })
}

export async function getUser(id: string, tx: Executor = db()) {
  return tx.query.users.findFirst({ where: eq(users.id, id) })
}

export function toAccessUser(user: User): AccessUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    isSuperAdmin: user.isSuperAdmin,
  }
}

/**
 * Can this membership be given something to own or answer for (a risk, an ICS process, a measure, a work
 * process) and be reminded of it? Not an auditor (read-only), not a membership that ended before
 * `today` (a day in Zurich; the last day `endsOn` still counts).
 */
export function mayOwnMembership(m: Pick<typeof memberships.$inferSelect, 'kind' | 'endsOn'>, today: string) {
  return m.kind !== 'auditor' && (m.endsOn === null || m.endsOn >= today)
}

/** `mayOwnMembership` as a condition on `memberships`, for the owner lists and the reminders' queries. */
export function ownableMembership(today: string) {
  return sql`(${memberships.kind} <> 'auditor' and (${memberships.endsOn} is null or ${memberships.endsOn} >= ${today}::date))`
}

/**
 * The people a record's owner (contact, approver, responsible person) may be chosen from: active
 * accounts whose membership may own, and `keep`, the one it has now, whatever became of them, so an
 * unchanged save never drops them.
 */
export function choosableMember(today: string, keep?: string | null) {
  return or(and(eq(users.state, 'active'), ownableMembership(today)), keep && isUuid(keep) ? eq(users.id, keep) : undefined)
}

/** A membership's rights, from its rows as `membershipWithRights` reads them (decision 0057). */
export function rightsOf(m: { toolRights: RightsJson }): Rights {
  return rightsFromJson(m.toolRights)
}

/** The rights an invitation offers (its own columns, copied into rows when it is accepted). */
export function offeredRights(i: typeof invitations.$inferSelect): Rights {
  return {
    risk: { enabled: i.riskEnabled, role: i.riskRole },
    iks: { enabled: i.iksEnabled, role: i.iksRole },
  }
}

export type PermissionOption = {
  permId: string
  /** requireSecondFactor: the fund asks every member for the second factor (issue 12). */
  customer: { id: string; name: string; logoVersion: string | null; language: Language; state: string; requireSecondFactor?: boolean }
  rights: Rights
  /** The kind of the membership (an auditor's own option; a deputy option is always a member's). */
  kind: MembershipKind
  /** The membership's last day (YYYY-MM-DD), or the deputyship's; null: no end. */
  endsOn: string | null
  /** The membership reads the loyalty area (issue 26); a deputy has the principal's. Auditors read it anyway. */
  loyaltyRead: boolean
  /** Set when this option acts on behalf of another user (as their deputy). */
  deputyOf: { id: string; firstName: string; lastName: string; email: string } | null
}

/** A permission option as the database writes it (`permissionOptionsSql`). */
type OptionRow = {
  permId: string
  rights: RightsJson
  kind: MembershipKind
  endsOn: string | null
  loyaltyRead?: boolean
  customer: PermissionOption['customer']
  deputyOf?: NonNullable<PermissionOption['deputyOf']>
}
export type PermissionOptionsRow = { own: OptionRow[]; deputy: OptionRow[] }

/**
 * The customers a user may work for, as two JSON lists computed by the database for the user `userId`
 * (a placeholder or a column): own memberships of active customers by customer name, then active
 * deputyships (the principal active, the deputy itself a member of the customer) by customer and
 * principal. One definition for the session lookup of every request (which reads them in the same
 * statement) and for `permissionOptionsIn`.
 */
export function permissionOptionsSql(userId: SQLWrapper | Placeholder) {
  // The rights rows of each membership, aggregated in the same statement (no query per membership).
  const option = sql`'permId', m.id, 'rights', ${rightsJsonOf(sql`m.id`)},
    'loyaltyRead', m.loyalty_read,
    'customer', json_build_object('id', c.id, 'name', c.name, 'logoVersion', c.logo_version, 'language', c.language, 'state', c.state,
      'requireSecondFactor', c.require_second_factor)`
  // Days are Zurich days (issue 12): a membership is usable up to and including its ends_on, a deputyship
  // from its starts_on up to its ends_on.
  const today = sql`(now() at time zone 'Europe/Zurich')::date`
  return {
    own: sql<OptionRow[]>`(select coalesce(json_agg(json_build_object(${option}, 'kind', m.kind, 'endsOn', m.ends_on) order by c.name), '[]'::json)
      from ${memberships} m join ${customers} c on c.id = m.customer_id
      where m.user_id = ${userId} and c.state = 'active' and (m.ends_on is null or m.ends_on >= ${today}))`,
    deputy: sql<OptionRow[]>`(select coalesce(json_agg(json_build_object(${option}, 'kind', 'member', 'endsOn', d.ends_on,
        'deputyOf', json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'email', p.email)) order by c.name, p.last_name), '[]'::json)
      from ${deputies} d
      join ${memberships} m on m.user_id = d.user_id and m.customer_id = d.customer_id
      join ${customers} c on c.id = d.customer_id
      join ${users} p on p.id = d.user_id
      join ${memberships} own_m on own_m.user_id = d.deputy_user_id and own_m.customer_id = d.customer_id
      where d.deputy_user_id = ${userId} and d.active and c.state = 'active' and p.state = 'active'
        and m.kind = 'member' and own_m.kind = 'member'
        and (m.ends_on is null or m.ends_on >= ${today}) and (own_m.ends_on is null or own_m.ends_on >= ${today})
        and (d.starts_on is null or d.starts_on <= ${today}) and (d.ends_on is null or d.ends_on >= ${today}))`,
  }
}

/** The options of `permissionOptionsSql`, own ones first. */
export function permissionOptionsFrom({ own, deputy }: PermissionOptionsRow): PermissionOption[] {
  const option = (o: OptionRow): PermissionOption => ({
    permId: o.permId,
    customer: o.customer,
    rights: o.kind === 'auditor' ? AUDITOR_RIGHTS : rightsFromJson(o.rights),
    kind: o.kind ?? 'member',
    endsOn: o.endsOn ?? null,
    loyaltyRead: o.kind !== 'auditor' && o.loyaltyRead === true,
    deputyOf: o.deputyOf ?? null,
  })
  return [...own.map(option), ...deputy.map(option)]
}

/** The customers a user may work for: own memberships, then active deputyships. */
export async function listPermissionOptions(userId: string): Promise<PermissionOption[]> {
  // The user's memberships across customers: work keyed by the user, before any customer is chosen.
  return asSystem('customers of the signed-in user', (tx) => permissionOptionsIn(tx, userId))
}

const optionsOfUser = permissionOptionsSql(sql.placeholder('userId'))
const optionsQuery = builtOnce((database) =>
  database.select({ own: optionsOfUser.own, deputy: optionsOfUser.deputy }).from(sql`(values (1)) as one`).prepare('permission_options'),
)

export async function permissionOptionsIn(tx: Tx, userId: string): Promise<PermissionOption[]> {
  const [row] = await optionsQuery(tx, { userId })
  return row ? permissionOptionsFrom(row) : []
}

/**
 * An account whose every membership has ended (issue 12): the last day it could be used and the fund
 * of that membership; null when the account has a usable membership or deputyship, none at all, or is
 * an operator's.
 */
export async function endedAccess(user: User): Promise<{ endedOn: string; customerId: string } | null> {
  if (user.isSuperAdmin) return null
  return asSystem('has the account any use left', async (tx) => {
    const options = await permissionOptionsIn(tx, user.id)
    if (options.length > 0) return null
    const [last] = await tx
      .select({ endedOn: memberships.endsOn, customerId: memberships.customerId })
      .from(memberships)
      .where(eq(memberships.userId, user.id))
      .orderBy(sql`${memberships.endsOn} desc nulls first`)
      .limit(1)
    if (!last?.endedOn) return null
    return { endedOn: last.endedOn, customerId: last.customerId }
  })
}

/** The option behind a permId, if this user may use it; otherwise null. */
export async function resolvePermission(userId: string, permId: string, session?: SessionMethod): Promise<PermissionOption | null> {
  if (!isUuid(permId)) return null
  const options = optionsOfSession(await listPermissionOptions(userId), session)
  return options.find((o) => o.permId === permId) ?? null
}

type SessionMethod = { method: string; providerCustomerId: string | null }

/**
 * What a session may enter: a session signed in through a fund's identity provider stays in that fund
 * (its own membership and deputyships there); that provider vouches for no other fund (issue 12).
 */
/** The one fund a provider's session is bound to (null when it lost it); undefined: not bound. */
export function fundOfSession(session: SessionMethod | undefined): string | null | undefined {
  return session?.method === 'provider' ? session.providerCustomerId : undefined
}

export function optionsOfSession(options: PermissionOption[], session: SessionMethod | undefined): PermissionOption[] {
  if (session?.method !== 'provider') return options
  return options.filter((o) => o.customer.id === session.providerCustomerId)
}

// ---------------------------------------------------------------- sign-in throttling

/**
 * Limits per window (decision 0050). A password is counted per address and client (`pair`) and per
 * client; a looser ceiling per address holds a guess spread over many clients. A browser the owner
 * signed in with before (its device cookie, app/auth/device.server.ts) counts on its own budget
 * (`device`) and meets none of the others: what an attacker does elsewhere does not lock it out.
 */
export const THROTTLE = {
  pair: { limit: LOGIN_ATTEMPT_LIMIT, minutes: LOGIN_ATTEMPT_WINDOW_MINUTES },
  address: { limit: Number(process.env.SIGN_IN_ADDRESS_LIMIT ?? 100), minutes: LOGIN_ATTEMPT_WINDOW_MINUTES },
  client: { limit: Number(process.env.SIGN_IN_CLIENT_LIMIT ?? 50), minutes: LOGIN_ATTEMPT_WINDOW_MINUTES },
  device: { limit: LOGIN_ATTEMPT_LIMIT, minutes: LOGIN_ATTEMPT_WINDOW_MINUTES },
  reset: { limit: 5, minutes: LOGIN_ATTEMPT_WINDOW_MINUTES },
  // Codes of a user's second factor (issue 12): apart from the address, so a password reset (which
  // clears the address) does not give a fresh budget of code guesses.
  code: { limit: LOGIN_ATTEMPT_LIMIT, minutes: LOGIN_ATTEMPT_WINDOW_MINUTES },
  // The owner's mail about wrong passwords: one per address and window.
  notice: { limit: 1, minutes: LOGIN_ATTEMPT_WINDOW_MINUTES },
} as const
export type ThrottleKind = keyof typeof THROTTLE

export const throttleKey = {
  pair: (email: string, ip: string) => `pair:${normalizeEmail(email).slice(0, 254)}|${ip.slice(0, 64)}`,
  address: (email: string) => `login:${normalizeEmail(email).slice(0, 254)}`,
  client: (ip: string) => `client:${ip.slice(0, 64)}`,
  device: (id: string) => `device:${id.slice(0, 64)}`,
  reset: (email: string) => `reset:${normalizeEmail(email).slice(0, 254)}`,
  code: (userId: string) => `code:${userId}`,
  notice: (email: string) => `notice:${normalizeEmail(email).slice(0, 254)}`,
}

/**
 * Counts one attempt for the key in a single atomic upsert and answers the attempts in the window,
 * this one included. Counting happens before the password is checked, so 40 concurrent guesses
 * against one address get exactly `limit` evaluations, not as many as slip between a read and a write.
 * The count lives in PostgreSQL: every process and instance on the database shares it.
 */
export async function countAttempt(kind: ThrottleKind, key: string): Promise<number> {
  const { minutes } = THROTTLE[kind]
  const result = await db().execute<{ attempts: number }>(sql`
    insert into ${signInThrottle} as t (key, attempts, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      attempts = case when t.window_started_at < now() - make_interval(mins => ${minutes}) then 1 else t.attempts + 1 end,
      window_started_at = case when t.window_started_at < now() - make_interval(mins => ${minutes}) then now() else t.window_started_at end
    returning attempts`)
  return Number(result.rows[0]?.attempts ?? 0)
}

/** Counts one attempt (countAttempt) and answers whether it is over the kind's limit. */
export async function takeAttempt(kind: ThrottleKind, key: string): Promise<boolean> {
  return (await countAttempt(kind, key)) > THROTTLE[kind].limit
}

/**
 * A successful sign-in: the client's attempts of it do not count (two with the second factor: the
 * password and the code), the address and client pair and the device start afresh. `userId`: the
 * code was right, its count too starts afresh. The ceiling per address stays: it measures the
 * guessing against the address, which the owner's success does not end (a reset does).
 */
export async function settleSuccessfulSignIn(
  email: string,
  ip: string,
  { clientAttempts = 1, userId, device }: { clientAttempts?: number; userId?: string; device?: string | null } = {},
) {
  const fresh = [throttleKey.pair(email, ip), ...(userId ? [throttleKey.code(userId)] : []), ...(device ? [throttleKey.device(device)] : [])]
  await db().delete(signInThrottle).where(inArray(signInThrottle.key, fresh))
  await db()
    .update(signInThrottle)
    .set({ attempts: sql`greatest(${signInThrottle.attempts} - ${clientAttempts}, 0)` })
    .where(eq(signInThrottle.key, throttleKey.client(ip)))
}

/** Old windows are of no use; called by the hourly housekeeping. */
export async function purgeThrottle() {
  await db().delete(signInThrottle).where(sql`${signInThrottle.windowStartedAt} < now() - interval '1 day'`)
}

// ---------------------------------------------------------------- profile and password

export type ProfileInput = {
  firstName: string
  lastName: string
  phone: string
  address: string
  position: Position | null
  functional: string
  language: Language
  remindersEnabled: boolean
}

export async function updateProfile(access: Access, input: ProfileInput, version: number) {
  return asSystem('account', async (tx) => {
    const before = await tx.query.users.findFirst({ where: eq(users.id, access.user.id) })
    if (!before) throw new Error('user vanished')
    const [after] = await tx
      .update(users)
      .set({ ...input, version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, access.user.id), eq(users.version, version)))
      .returning()
    if (!after) throw new DomainError('stale')
    await writeAudit(tx, access, {
      component: 'user',
      action: 'Updated',
      entityId: access.user.id,
      changes: diff(before, input),
    })
    return after
  })
}

export async function setUserLanguage(access: Access, language: Language) {
  await asSystem('account', async (tx) => {
    const before = await tx.query.users.findFirst({ where: eq(users.id, access.user.id) })
    if (!before || before.language === language) return
    await tx
      .update(users)
      .set({ language, version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(eq(users.id, access.user.id))
    await writeAudit(tx, access, { component: 'user', action: 'Updated', entityId: access.user.id, changes: diff(before, { language }) })
  })
}

/** Changes the password when the current one is right; ends all other sessions of the user. */
export async function changePassword(access: Access, sessionId: string, current: string, next: string): Promise<'ok' | 'wrong-current'> {
  const user = await getUser(access.user.id)
  if (!user?.passwordHash || !(await verify(user.passwordHash, current).catch(() => false))) return 'wrong-current'
  const passwordHash = await hashPassword(next)
  await asSystem('account', async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id))
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), sql`${sessions.id} <> ${sessionId}`))
    // A reset link sent before the change must not set the password again.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)))
    await writeAudit(tx, access, { component: 'user', action: 'Updated', entityId: user.id, changes: { password: { from: '***', to: '***' } } })
  })
  return 'ok'
}

/** Creates a single-use reset token for the address, or null when no active user has it. */
export async function createPasswordResetToken(email: string, minutes = RESET_TOKEN_MINUTES): Promise<{ token: string; user: User } | null> {
  const user = await findUserByEmail(email)
  if (user?.state !== 'active') return null
  const token = crypto.randomBytes(32).toString('base64url')
  await asSystem('account', async (tx) => {
    // Only the newest link works: a new request ends the ones sent before.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)))
    await tx.insert(passwordResetTokens).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + minutes * 60_000) })
  })
  return { token, user }
}

export type ResetTokenState = 'valid' | 'invalid' | 'expired' | 'used'

export async function checkPasswordResetToken(token: string): Promise<ResetTokenState> {
  const row = await db().query.passwordResetTokens.findFirst({ where: eq(passwordResetTokens.tokenHash, sha256(token)) })
  if (!row) return 'invalid'
  if (row.usedAt) return 'used'
  if (row.expiresAt.getTime() <= Date.now()) return 'expired'
  return 'valid'
}

/** The address of the user a reset token is for (used or not), or null. */
export async function resetTokenAddress(token: string): Promise<string | null> {
  const [row] = await db()
    .select({ email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, sha256(token)))
  return row?.email ?? null
}

/** Sets the password through a token: single use, unexpired; ends every session of the user. */
export async function resetPasswordWithToken(token: string, password: string): Promise<ResetTokenState> {
  const passwordHash = await hashPassword(password)
  return asSystem('account', async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning()
    if (!row) {
      const existing = await tx.query.passwordResetTokens.findFirst({ where: eq(passwordResetTokens.tokenHash, sha256(token)) })
      if (!existing) return 'invalid'
      return existing.usedAt ? 'used' : 'expired'
    }
    const user = await tx.query.users.findFirst({ where: eq(users.id, row.userId) })
    if (!user) return 'invalid'
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId))
    // Other outstanding tokens of the user become worthless too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)))
    await tx.delete(sessions).where(eq(sessions.userId, row.userId))
    // The owner proved control of the address: a throttled address is open again.
    await tx.delete(signInThrottle).where(eq(signInThrottle.key, throttleKey.address(user.email)))
    await writeAudit(
      tx,
      { user: toAccessUser(user), actingFor: null, customer: null },
      {
        component: 'user',
        action: 'Updated',
        entityId: user.id,
        changes: { password: { from: '***', to: '***' } },
      },
    )
    return 'valid'
  })
}

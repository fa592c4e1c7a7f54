import crypto from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { builtOnce, db, type Executor } from '#models/core/db.server.ts'
import { asSystem, requestUserAgent } from '#models/core/scope.server.ts'
import { auditEntries, memberships, sessions, users } from '#models/schema/index.ts'
import type { AccessUser } from '#models/core/access.ts'
import type { SignInMethod } from '#models/core/constants.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { type PermissionOption, type PermissionOptionsRow, permissionOptionsSql, sha256, toAccessUser } from './users.server.ts'

/** Idle timeout: a session unused this long is gone. */
export const SESSION_IDLE_MINUTES = Number(process.env.SESSION_IDLE_MINUTES ?? 120)
/** Absolute lifetime: a session this old ends however busy it is. */
export const SESSION_MAX_HOURS = Number(process.env.SESSION_MAX_HOURS ?? 12)
/** Touch the session at most this often, so reads do not turn into writes on every request. */
const TOUCH_EVERY_MS = 60_000

export type SessionRow = typeof sessions.$inferSelect
export type SessionWithUser = { session: SessionRow; user: typeof users.$inferSelect } & PermissionOptionsRow

function expiry() {
  return new Date(Date.now() + SESSION_IDLE_MINUTES * 60_000)
}

/** Creates a session and returns the random token for the cookie; only its hash is stored. */
export async function createSession(
  userId: string,
  permId: string | null = null,
  actingForUserId: string | null = null,
  method: SignInMethod = 'password',
  providerCustomerId: string | null = null,
) {
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .insert(sessions)
    .values({ id: sha256(token), userId, permId, actingForUserId, method, providerCustomerId, expiresAt: expiry() })
  return token
}

// The user's permission options come along in the same statement: every signed-in request needs them.
const optionsOfSessionUser = permissionOptionsSql(sessions.userId)
const sessionById = builtOnce((database) =>
  database
    .select({ session: sessions, user: users, own: optionsOfSessionUser.own, deputy: optionsOfSessionUser.deputy })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')), gt(sessions.createdAt, sql.placeholder('oldest'))))
    .prepare('session_by_id'),
)

export async function findSession(token: string, tx: Executor = db()): Promise<SessionWithUser | null> {
  if (!token || token.length > 200) return null
  const id = sha256(token)
  const now = new Date()
  const [row] = await sessionById(tx, { id, now, oldest: new Date(now.getTime() - SESSION_MAX_HOURS * 3_600_000) })
  if (row?.user.state !== 'active') return null
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await tx.update(sessions).set({ lastSeenAt: new Date(), expiresAt: expiry() }).where(eq(sessions.id, id))
  }
  return row
}

/**
 * Points the session at one of the user's permission options (the customer selector and
 * POST /api/users/loadpermissions). Starting to act for a principal, and an auditor's entering a
 * fund, are audited in the customer.
 */
export async function switchPermission(user: AccessUser, sessionId: string, option: PermissionOption) {
  await asSystem('switch customer', async (tx) => {
    await tx
      .update(sessions)
      .set({ permId: option.permId, actingForUserId: option.deputyOf?.id ?? null })
      .where(eq(sessions.id, sessionId))
    if (option.deputyOf) {
      await writeAudit(
        tx,
        { user, actingFor: null, customer: option.customer },
        {
          component: 'deputy',
          action: 'Updated',
          entityId: option.permId,
          changes: { actingFor: { from: null, to: option.deputyOf.id } },
        },
      )
    } else if (option.kind === 'auditor') {
      // An auditor of several funds signs in to none of them: entering one is its trail's sign-in (issue 12).
      await writeAudit(
        tx,
        { user, actingFor: null, customer: option.customer },
        { component: 'session', action: 'SignedIn', entityId: user.id, changes: { customer: { from: null, to: option.customer.id } } },
      )
    }
  })
}

/** Signs out: the session is gone, and the sign-out is in the audit trail. */
export async function endSession(token: string, client: string) {
  if (!token || token.length > 200) return
  const [ended] = await db()
    .delete(sessions)
    .where(eq(sessions.id, sha256(token)))
    .returning()
  if (!ended) return
  const user = await db().query.users.findFirst({ where: eq(users.id, ended.userId) })
  if (!user) return
  const permId = ended.permId
  const customer = permId ? await asSystem('sign-out', (tx) => tx.query.memberships.findFirst({ where: eq(memberships.id, permId) })) : null
  await auditSignIn({ action: 'SignedOut', user: toAccessUser(user), customerId: customer?.customerId ?? null, client })
}

export async function purgeExpiredSessions() {
  await db().delete(sessions).where(sql`${sessions.expiresAt} < now() or ${sessions.createdAt} < now() - make_interval(hours => ${SESSION_MAX_HOURS})`)
}

// ---------------------------------------------------------------- sign-in events in the audit trail

type SignInEvent =
  | { action: 'SignedIn'; user: AccessUser; customerId: string | null; client: string; method?: SignInMethod; recoveryCode?: boolean }
  | {
      action: 'SignInFailed'
      user: AccessUser | null
      email: string
      reason: 'credentials' | 'throttled' | 'expired' | 'second factor' | 'provider'
      client: string
      customerId?: string | null
      /** A refused sign-in through a fund's provider: why (docs/decisions/0038), and which provider. */
      provider?: { refusal: string; id?: string }
    }
  | { action: 'SignedOut'; user: AccessUser; customerId: string | null; client: string }

/** Sign-ins, refused sign-ins (unknown addresses too, creating no user) and sign-outs. */
export async function auditSignIn(event: SignInEvent) {
  // `client` is the client's IP address (as entries have always held it); its device and browser are the request's User-Agent.
  const changes: Record<string, { from: unknown; to: unknown }> = { client: { from: null, to: event.client } }
  const userAgent = requestUserAgent()
  if (userAgent) changes.userAgent = { from: null, to: userAgent }
  if (event.action === 'SignedIn' && event.method && event.method !== 'password') changes.method = { from: null, to: event.method }
  // The second step passed with a recovery code, not the app's code (issue 12).
  if (event.action === 'SignedIn' && event.recoveryCode) changes.recoveryCode = { from: null, to: true }
  if (event.action === 'SignInFailed') {
    changes.email = { from: null, to: event.email.slice(0, 254) }
    changes.reason = { from: null, to: event.reason }
    if (event.provider) changes.refusal = { from: null, to: event.provider.refusal }
    if (event.provider?.id) changes.providerId = { from: null, to: event.provider.id }
  }
  await asSystem('sign-in audit', (tx) =>
    tx.insert(auditEntries).values({
      component: 'session',
      action: event.action,
      entityId: event.user?.id ?? null,
      changedFields: changes,
      userId: event.user?.id ?? null,
      // A refused sign-in belongs to no fund, except an ended membership's: its fund's trail shows it.
      customerId: event.customerId ?? null,
    }),
  )
}

import crypto from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { db } from './db.server.ts'
import { sessions, users } from './schema/index.ts'
import type { AccessUser } from './access.ts'
import { writeAudit } from './audit.server.ts'
import { type PermissionOption, sha256 } from './users.server.ts'

/** Idle timeout: a session unused this long is gone. */
export const SESSION_IDLE_MINUTES = Number(process.env.SESSION_IDLE_MINUTES ?? 120)
/** Touch the session at most this often, so reads do not turn into writes on every request. */
const TOUCH_EVERY_MS = 60_000

export type SessionRow = typeof sessions.$inferSelect
export type SessionWithUser = { session: SessionRow; user: typeof users.$inferSelect }

function expiry() {
  return new Date(Date.now() + SESSION_IDLE_MINUTES * 60_000)
}

/** Creates a session and returns the random token for the cookie; only its hash is stored. */
export async function createSession(userId: string, permId: string | null = null, actingForUserId: string | null = null) {
  const token = crypto.randomBytes(32).toString('base64url')
  await db().insert(sessions).values({ id: sha256(token), userId, permId, actingForUserId, expiresAt: expiry() })
  return token
}

export async function findSession(token: string): Promise<SessionWithUser | null> {
  if (!token || token.length > 200) return null
  const id = sha256(token)
  const [row] = await db()
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
  if (!row || row.user.state !== 'active') return null
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db().update(sessions).set({ lastSeenAt: new Date(), expiresAt: expiry() }).where(eq(sessions.id, id))
  }
  return row
}

export async function setSessionPermission(sessionId: string, permId: string | null, actingForUserId: string | null) {
  await db().update(sessions).set({ permId, actingForUserId }).where(eq(sessions.id, sessionId))
}

/**
 * Points the session at one of the user's permission options (the customer selector and
 * POST /api/users/loadpermissions). Starting to act for a principal is audited in the customer.
 */
export async function switchPermission(user: AccessUser, sessionId: string, option: PermissionOption) {
  await db().transaction(async (tx) => {
    await tx.update(sessions).set({ permId: option.permId, actingForUserId: option.deputyOf?.id ?? null }).where(eq(sessions.id, sessionId))
    if (option.deputyOf) {
      await writeAudit(tx, { user, actingFor: null, customer: option.customer }, {
        component: 'deputy',
        action: 'Updated',
        entityId: option.permId,
        changes: { actingFor: { from: null, to: option.deputyOf.id } },
      })
    }
  })
}

export async function deleteSessionByToken(token: string) {
  await db().delete(sessions).where(eq(sessions.id, sha256(token)))
}

export async function purgeExpiredSessions() {
  await db().delete(sessions).where(sql`${sessions.expiresAt} < now()`)
}

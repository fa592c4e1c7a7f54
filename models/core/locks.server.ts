import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { blockLocks, users } from '../schema/index.ts'
import type { CustomerAccess } from './access.ts'
import { withCustomer } from './scope.server.ts'
import { isUuid } from './sql-helpers.ts'

/** A block edit holds its lock this long without a save or cancel. */
export const LOCK_MINUTES = 15

export type Lock = { block: string; userId: string; userName: string; expiresAt: Date }
export type LockOutcome = { ok: true } | { ok: false; reason: 'multiple'; holder: Lock | null }

/**
 * Opens a block for editing. Only one block per record, and one block per
 * user, can be in edit at a time: the same user asking for a second block,
 * or another user asking for any block of a record someone edits, is refused.
 * Expired locks do not count. Locks belong to the customer: they are written and read
 * inside the customer's scope, and carry its id.
 */
export async function acquireLock(access: CustomerAccess, entityType: string, entityId: string, block: string, now = new Date()): Promise<LockOutcome> {
  const expiresAt = new Date(now.getTime() + LOCK_MINUTES * 60_000)
  return withCustomer(access, async (tx) => {
    await tx.delete(blockLocks).where(lte(blockLocks.expiresAt, now))
    const [mine] = await tx.select().from(blockLocks).where(eq(blockLocks.userId, access.user.id)).for('update')
    if (mine) {
      if (mine.entityType === entityType && mine.entityId === entityId && mine.block === block) {
        await tx.update(blockLocks).set({ expiresAt }).where(eq(blockLocks.id, mine.id))
        return { ok: true } as const
      }
      return { ok: false, reason: 'multiple', holder: null } as const
    }
    const inserted = await tx
      .insert(blockLocks)
      .values({ customerId: access.customer.id, entityType, entityId, block, userId: access.user.id, expiresAt })
      .onConflictDoNothing()
      .returning()
    if (inserted.length) return { ok: true } as const
    return { ok: false, reason: 'multiple', holder: await currentLock(access, entityType, entityId, now) } as const
  })
}

export async function releaseLock(access: CustomerAccess, entityType: string, entityId: string) {
  if (!isUuid(entityId)) return
  await withCustomer(access, (tx) =>
    tx
      .delete(blockLocks)
      .where(
        and(
          eq(blockLocks.customerId, access.customer.id),
          eq(blockLocks.userId, access.user.id),
          eq(blockLocks.entityType, entityType),
          eq(blockLocks.entityId, entityId),
        ),
      ),
  )
}

/** The unexpired lock on a record of the customer, with the name of who holds it. */
export async function currentLock(
  access: Pick<CustomerAccess, 'user' | 'customer'>,
  entityType: string,
  entityId: string,
  now = new Date(),
): Promise<Lock | null> {
  if (!isUuid(entityId)) return null
  const [row] = await withCustomer(access, (tx) =>
    tx
      .select({
        block: blockLocks.block,
        userId: blockLocks.userId,
        expiresAt: blockLocks.expiresAt,
        userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(blockLocks)
      .innerJoin(users, eq(users.id, blockLocks.userId))
      .where(
        and(
          eq(blockLocks.customerId, access.customer.id),
          eq(blockLocks.entityType, entityType),
          eq(blockLocks.entityId, entityId),
          gt(blockLocks.expiresAt, now),
        ),
      ),
  )
  return row ?? null
}

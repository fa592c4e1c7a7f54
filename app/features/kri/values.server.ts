import { sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import type { Tx } from '#models/core/db.server.ts'
import { kriValues } from '#models/schema/index.ts'
import { afterKriValues } from './alerts.server.ts'

/*
 * TEMPORARY stand-in with the contract's signature, so that the import of KRI values compiles and runs
 * before the KRI values service is merged; that service's version (its checks and audit entries)
 * replaces this file.
 */
export async function upsertKriValues(
  tx: Tx,
  access: CustomerAccess,
  rows: { kriId: string; periodEnd: string; value: string; comment: string }[],
  source: 'manual' | 'import' | 'computed',
): Promise<string[]> {
  if (!rows.length) return []
  const written = await tx
    .insert(kriValues)
    .values(
      rows.map((r) => ({
        customerId: access.customer.id,
        kriId: r.kriId,
        periodEnd: r.periodEnd,
        value: r.value,
        comment: r.comment,
        source,
        enteredByUserId: access.user.id,
      })),
    )
    .onConflictDoUpdate({
      target: [kriValues.kriId, kriValues.periodEnd],
      set: {
        value: sql`excluded.value`,
        comment: sql`excluded.comment`,
        source: sql`excluded.source`,
        enteredByUserId: sql`excluded.entered_by_user_id`,
        version: sql`${kriValues.version} + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: kriValues.id })
  const ids = written.map((r) => r.id)
  await afterKriValues(tx, access, ids)
  return ids
}

import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type Changes, diff, removal, writeAudit } from './audit.server.ts'
import type { Executor } from './db.server.ts'
import { DomainError } from './errors.ts'
import { isUuid } from './sql-helpers.ts'

/*
 * The record kit: what every register does with a versioned row, written once.
 *
 *   lockVersioned   select … for update; 404 when out of sight or missing, 403 when the row may not
 *                   be changed (an `allowed` check), 409 'stale' when the posted version is not the row's
 *   updateVersioned sets the fields, one version up (and `updatedAt`), and writes the 'Updated' entry
 *                   with the changed fields (by default diff(before, set))
 *   deleteVersioned deletes the row and writes the 'Deleted' entry (by default removal(before))
 *
 * The caller keeps its own rights check before the lock; the kit runs inside the caller's
 * transaction (withCustomer, asOperator), so the row, its version and its audit entry commit together.
 */

/** A table whose rows have a uuid `id` and a `version` counted up with every change. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn }
type RowOf<T extends PgTable> = T['$inferSelect']
type AuditAccess = Parameters<typeof writeAudit>[1]

/** The audit entry of a change: the component, and where it differs from the default, its changes or customer. */
type AuditOf = { component: string; changes?: Changes; hidden?: string[]; customerId?: string | null }

/** Locks a row for change: not a uuid or not found (within `where`) is 404, not `allowed` 403, another version 'stale'. */
export async function lockVersioned<T extends VersionedTable>(
  tx: Executor,
  table: T,
  id: string,
  version: number | null | undefined,
  options: { where?: SQL; allowed?: (row: RowOf<T>) => boolean } = {},
): Promise<RowOf<T>> {
  if (!isUuid(id)) throw new DomainError('not-found')
  const where = options.where ? and(eq(table.id, id), options.where) : eq(table.id, id)
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for('update')) as RowOf<T>[]
  if (!row) throw new DomainError('not-found')
  if (options.allowed && !options.allowed(row)) throw new DomainError('forbidden')
  if ((row as { version: number }).version !== version) throw new DomainError('stale')
  return row
}

/**
 * Sets fields of a locked row, one version up (and `updatedAt` = `now` where the table has it),
 * and writes its 'Updated' audit entry (none when nothing changed). Returns the row after the change.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Executor,
  access: AuditAccess,
  change: { table: T; before: RowOf<T>; set: Partial<RowOf<T>>; now?: Date; audit: AuditOf },
): Promise<RowOf<T>> {
  const { table, before, set, audit } = change
  const id = (before as { id: string }).id
  const stamp = 'updatedAt' in table ? { updatedAt: change.now ?? new Date() } : {}
  const [after] = (await tx
    .update(table as VersionedTable)
    .set({ ...set, version: sql`${table.version} + 1`, ...stamp } as Record<string, unknown>)
    .where(eq(table.id, id))
    .returning()) as RowOf<T>[]
  await writeAudit(tx, access, {
    component: audit.component,
    action: 'Updated',
    entityId: id,
    changes: audit.changes ?? diff(before as object, set as object, audit.hidden),
    ...(audit.customerId === undefined ? {} : { customerId: audit.customerId }),
  })
  return after
}

/** Deletes a locked row and writes its 'Deleted' audit entry (by default every field of the row as it was). */
export async function deleteVersioned<T extends VersionedTable>(
  tx: Executor,
  access: AuditAccess,
  change: { table: T; before: RowOf<T>; audit: AuditOf },
): Promise<void> {
  const { table, before, audit } = change
  const id = (before as { id: string }).id
  await tx.delete(table as VersionedTable).where(eq(table.id, id))
  await writeAudit(tx, access, {
    component: audit.component,
    action: 'Deleted',
    entityId: id,
    changes: audit.changes ?? removal(before as object, audit.hidden),
    ...(audit.customerId === undefined ? {} : { customerId: audit.customerId }),
  })
}

import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Access } from './access.ts'
import { db, type Executor } from './db.server.ts'
import { auditEntries, type AuditAction } from './schema/index.ts'

export type Changes = Record<string, { from: unknown; to: unknown }>

/** The fields whose values differ between before and after (only the keys of after). */
export function diff(before: object | null, after: object, hidden: string[] = []): Changes {
  const changes: Changes = {}
  for (const [key, to] of Object.entries(after)) {
    const from = before ? (before as Record<string, unknown>)[key] : null
    const same =
      from instanceof Date && to instanceof Date ? from.getTime() === to.getTime() : JSON.stringify(from) === JSON.stringify(to)
    if (!same) changes[key] = hidden.includes(key) ? { from: '***', to: '***' } : { from: from ?? null, to: to ?? null }
  }
  return changes
}

/** Writes an audit entry; pass the transaction of the change so both commit or neither does. */
export async function writeAudit(
  tx: Executor,
  access: Pick<Access, 'user' | 'actingFor'> & { customer: { id: string } | null },
  entry: { component: string; action: AuditAction; entityId?: string | null; changes?: Changes; customerId?: string | null },
) {
  await tx.insert(auditEntries).values({
    component: entry.component,
    action: entry.action,
    entityId: entry.entityId ?? null,
    changedFields: entry.changes ?? {},
    userId: access.user.id,
    actingForUserId: access.actingFor?.id ?? null,
    customerId: entry.customerId === undefined ? (access.customer?.id ?? null) : entry.customerId,
  })
}

export type AuditFilter = { component?: string; action?: AuditAction; sort: 'createdAt' | 'component'; dir: 'asc' | 'desc'; limit: number; offset: number }

/** The customer's audit trail, newest first by default, with the acting users' names. */
export async function listAudit(access: Access & { customer: { id: string } }, f: AuditFilter) {
  const where = and(
    eq(auditEntries.customerId, access.customer.id),
    f.component ? eq(auditEntries.component, f.component) : undefined,
    f.action ? eq(auditEntries.action, f.action) : undefined,
  )
  const column = f.sort === 'component' ? auditEntries.component : auditEntries.createdAt
  const [rows, [{ count }]] = await Promise.all([
    db()
      .select({
        id: auditEntries.id,
        createdAt: auditEntries.createdAt,
        component: auditEntries.component,
        action: auditEntries.action,
        entityId: auditEntries.entityId,
        changedFields: auditEntries.changedFields,
        user: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = audit_entries.user_id)`,
        actingFor: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = audit_entries.acting_for_user_id)`,
      })
      .from(auditEntries)
      .where(where)
      .orderBy(f.dir === 'asc' ? asc(column) : desc(column), desc(auditEntries.id))
      .limit(f.limit)
      .offset(f.offset),
    db().select({ count: sql<number>`count(*)::int` }).from(auditEntries).where(where),
  ])
  return { rows, total: count }
}

export async function listAuditComponents(access: Access & { customer: { id: string } }) {
  const rows = await db()
    .selectDistinct({ component: auditEntries.component })
    .from(auditEntries)
    .where(eq(auditEntries.customerId, access.customer.id))
    .orderBy(auditEntries.component)
  return rows.map((r) => r.component)
}

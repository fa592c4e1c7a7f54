import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { type Access, hasRole, type Rights } from '#models/core/access.ts'
import { db } from '#models/core/db.server.ts'
import { visibility as documentVisibility } from '#app/features/documents/documents.server.ts'
import { visibility as measureVisibility } from '#app/features/measures/measures.server.ts'
import { type AuditAction, auditEntries, documents, measures } from '#models/schema/index.ts'

/*
 * The customer's audit trail as its admins see it. An entry shows changed values, so it is shown
 * only to whom may read the thing it is about: an RM-only admin does not read ICS processes in the
 * trail, an ICS-only admin no risks. Measures and documents follow their own visibility; one that
 * has since been deleted is shown only to admins who read both tools, since its source is gone.
 */
const RISK_COMPONENTS = ['risk', 'riskProcessLink', 'severityLevel', 'probabilityLevel']
const ICS_COMPONENTS = ['icsProcess', 'icsQuality', 'icsSettings', 'controlMatrix']

function scope(rights: Rights, customerId: string): SQL | undefined {
  const risk = hasRole(rights.risk, 'read')
  const iks = hasRole(rights.iks, 'read')
  if (risk && iks) return undefined
  const toolComponents = [...RISK_COMPONENTS, ...ICS_COMPONENTS, 'measure', 'document']
  const parts: SQL[] = [
    sql`${auditEntries.component} not in (${sql.join(
      toolComponents.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  ]
  if (risk) parts.push(inArray(auditEntries.component, RISK_COMPONENTS))
  if (iks) parts.push(inArray(auditEntries.component, ICS_COMPONENTS))
  // Uncorrelated subqueries, so PostgreSQL hashes the visible ids once instead of probing per entry.
  const visibleIds = (table: typeof measures | typeof documents, visible: SQL) =>
    db()
      .select({ id: sql<string>`${table.id}::text` })
      .from(table)
      .where(and(eq(table.customerId, customerId), visible))
  parts.push(
    and(eq(auditEntries.component, 'measure'), inArray(auditEntries.entityId, visibleIds(measures, measureVisibility(rights))))!,
    and(eq(auditEntries.component, 'document'), inArray(auditEntries.entityId, visibleIds(documents, documentVisibility(rights))))!,
  )
  return or(...parts)
}

export type AuditFilter = { component?: string; action?: AuditAction; sort: 'createdAt' | 'component'; dir: 'asc' | 'desc'; limit: number; offset: number }

/** The customer's audit trail, newest first by default, with the acting users' names. */
export async function listAudit(access: Access & { customer: { id: string } }, f: AuditFilter) {
  const where = and(
    eq(auditEntries.customerId, access.customer.id),
    scope(access.rights, access.customer.id),
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
    .where(and(eq(auditEntries.customerId, access.customer.id), scope(access.rights, access.customer.id)))
    .orderBy(auditEntries.component)
  return rows.map((r) => r.component)
}

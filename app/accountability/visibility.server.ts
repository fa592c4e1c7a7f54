import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import type { Tx } from '#models/core/db.server.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { documentVisibility, measureVisibility } from '#models/core/visibility.server.ts'
import { type AuditAction, auditEntries, documents, measures } from '#models/schema/index.ts'

/*
 * The customer's audit trail as its admins see it. An entry shows changed values, so it is shown
 * only to whom may read the thing it is about: an RM-only admin does not read ICS processes in the
 * trail, an ICS-only admin no risks. Measures and documents follow their own visibility; one that
 * has since been deleted is shown only to admins who read both tools, since its source is gone.
 */
const RISK_COMPONENTS = ['risk', 'riskProcessLink', 'severityLevel', 'probabilityLevel']
const ICS_COMPONENTS = ['icsProcess', 'icsQuality', 'icsSettings', 'controlMatrix', 'controlExecution']

/** The entries of the trail one may read (exported for the auditor's pack of the annual report). */
export function readable(tx: Tx, p: Permissions): SQL | undefined {
  const risk = p.tools.risk.read
  const iks = p.tools.iks.read
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
    tx
      .select({ id: sql<string>`${table.id}::text` })
      .from(table)
      .where(visible)
  parts.push(
    and(eq(auditEntries.component, 'measure'), inArray(auditEntries.entityId, visibleIds(measures, measureVisibility(p))))!,
    and(eq(auditEntries.component, 'document'), inArray(auditEntries.entityId, visibleIds(documents, documentVisibility(p))))!,
  )
  return or(...parts)
}

export type AuditFilter = { component?: string; action?: AuditAction; sort: 'createdAt' | 'component'; dir: 'asc' | 'desc'; limit: number; offset: number }

/** The customer's audit trail, newest first by default, with the acting users' names. */
export function listAudit(access: Access & { customer: { id: string } }, f: AuditFilter) {
  const column = f.sort === 'component' ? auditEntries.component : auditEntries.createdAt
  return withCustomer(access, async (tx) => {
    const where = and(
      readable(tx, permissionsOf(access)),
      f.component ? eq(auditEntries.component, f.component) : undefined,
      f.action ? eq(auditEntries.action, f.action) : undefined,
    )
    const rows = await tx
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
      .offset(f.offset)
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(auditEntries).where(where)
    return { rows, total: count }
  })
}

export async function listAuditComponents(access: Access & { customer: { id: string } }) {
  const rows = await withCustomer(access, (tx) =>
    tx
      .selectDistinct({ component: auditEntries.component })
      .from(auditEntries)
      .where(readable(tx, permissionsOf(access)))
      .orderBy(auditEntries.component),
  )
  return rows.map((r) => r.component)
}

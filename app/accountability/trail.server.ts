import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { AUDIT_ACTIONS, type Language } from '#models/core/constants.ts'
import { isIsoDate } from '#models/core/dates.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, type AuditAction } from '#models/schema/index.ts'
import { readable } from './visibility.server.ts'
import { logEntryReads } from '#models/core/read-log.server.ts'
import { logAuditReads } from './read-log.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { componentLabel, entryRows, type HistoryEntry, NAMED_COMPONENTS, type Row, readEntry } from './history.server.ts'

/*
 * The fund's audit trail for its admins (/app/admin/audit, issue 12): filtered, paged on the server,
 * readable as the history panels are (decision 0034), exported as CSV and XLSX. What an admin reads
 * of it follows `readable` (an RM-only admin reads no ICS process's entries; measures and documents
 * follow their own visibility).
 */

export type TrailFilter = {
  component?: string
  action?: AuditAction
  userId?: string
  entityId?: string
  /** YYYY-MM-DD, days in Zurich, both included */
  from?: string
  to?: string
  /** Entries up to this moment only: an export reads no entry written after its read was logged. */
  until?: Date
  dir: 'asc' | 'desc'
}

export const TRAIL_FILTERS = ['component', 'action', 'user', 'from', 'to', 'entity'] as const

/** The trail's filters from the query string (the page's and the exports'); a bad period is an error for the user. */
export function parseTrailFilter(url: URL): { filter: TrailFilter; values: Record<(typeof TRAIL_FILTERS)[number], string>; invalid: boolean } {
  const get = (k: string) => (url.searchParams.get(k) ?? '').trim()
  const values = Object.fromEntries(TRAIL_FILTERS.map((k) => [k, get(k)])) as Record<(typeof TRAIL_FILTERS)[number], string>
  const invalid = (values.from !== '' && !isIsoDate(values.from)) || (values.to !== '' && !isIsoDate(values.to))
  return {
    filter: {
      component: /^[a-zA-Z]{1,50}$/.test(values.component) ? values.component : undefined,
      action: (AUDIT_ACTIONS as readonly string[]).includes(values.action) ? (values.action as AuditAction) : undefined,
      userId: isUuid(values.user) ? values.user : undefined,
      entityId: values.entity && values.entity.length <= 100 ? values.entity : undefined,
      from: isIsoDate(values.from) ? values.from : undefined,
      to: isIsoDate(values.to) ? values.to : undefined,
      dir: get('dir') === 'asc' ? 'asc' : 'desc',
    },
    values,
    invalid,
  }
}

function conditions(f: TrailFilter): SQL[] {
  const c: SQL[] = []
  if (f.component) c.push(eq(auditEntries.component, f.component))
  if (f.action) c.push(eq(auditEntries.action, f.action))
  if (f.userId) c.push(sql`(${auditEntries.userId} = ${f.userId} or ${auditEntries.actingForUserId} = ${f.userId})`)
  if (f.entityId) c.push(eq(auditEntries.entityId, f.entityId))
  if (f.from) c.push(sql`${auditEntries.createdAt} >= (${f.from}::date::timestamp at time zone 'Europe/Zurich')`)
  if (f.to) c.push(sql`${auditEntries.createdAt} < ((${f.to}::date + 1)::timestamp at time zone 'Europe/Zurich')`)
  if (f.until) c.push(sql`${auditEntries.createdAt} <= ${f.until.toISOString()}::timestamptz`)
  return c
}

export type TrailRow = HistoryEntry & {
  component: string
  componentLabel: string
  entityId: string | null
  /** The entry's record as it is named now ("DB-4 Verlorener Laptop"), "deleted" once it is gone; empty for a kind without a name. */
  record: string
}

export const AuditTrail = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    function requireAdmin() {
      if (!p.auditTrail.read) throw new DomainError('forbidden')
    }
    const where = (tx: Parameters<typeof readable>[0], f: TrailFilter) => and(readable(tx, p), ...conditions(f)) ?? sql`true`
    const toRow =
      (t: ReturnType<typeof getFixedT>) =>
      (r: Parameters<typeof readEntry>[1]): TrailRow => ({
        ...readEntry(t, r),
        component: r.component,
        componentLabel: componentLabel(t, r.component),
        entityId: r.entity_id,
        record: r.record ?? (r.entity_id && (NAMED_COMPONENTS as readonly string[]).includes(r.component) ? t('history.trail.deleted') : ''),
      })
    async function batchOf(f: TrailFilter, key: { at: string; id: string } | null, cmp: SQL, batch: number, language: Language): Promise<Row[]> {
      const { rows } = await withCustomer(access, (tx) =>
        entryRows(
          tx,
          and(where(tx, f), key ? sql`(${auditEntries.createdAt}, ${auditEntries.id}) ${cmp} (${key.at}::timestamptz, ${key.id}::uuid)` : undefined) ??
            sql`true`,
          { limit: batch, offset: 0, total: false, dir: f.dir },
          language,
        ),
      )
      return rows
    }
    return {
      /**
       * One page of the filtered trail, newest first, with the filtered count: one statement. Its
       * entries that show particularly sensitive data are a read of their records, logged through
       * `via` (the page's path) in one insert (decision 0036).
       */
      async list(f: TrailFilter, page: { limit: number; offset: number }, language: Language, via = '/app/admin/audit') {
        requireAdmin()
        const t = getFixedT(language)
        const { rows } = await withCustomer(access, async (tx) => {
          const found = await entryRows(tx, where(tx, f), { ...page, total: true, dir: f.dir }, language)
          await logEntryReads(access, found.rows, via)
          return found
        })
        let total = rows[0]?.total ?? 0
        // A page past the end: count what there is.
        if (!rows.length && page.offset > 0) {
          const [{ count }] = await withCustomer(access, (tx) => tx.select({ count: sql<number>`count(*)::int` }).from(auditEntries).where(where(tx, f)))
          total = count
        }
        return { rows: rows.map(toRow(t)), total }
      },
      /** An export of the filtered trail is a read of every record whose sensitive data it holds: one INSERT … SELECT, before it streams. */
      logExport(f: TrailFilter, via: string) {
        requireAdmin()
        return logAuditReads(access, (tx) => where(tx, f), via)
      },
      /** The filtered trail in batches for the exports, through a cursor (safe after the request ended). */
      async *iterate(f: TrailFilter, language: Language, batch = 2000): AsyncGenerator<TrailRow[]> {
        requireAdmin()
        const t = getFixedT(language)
        // Keyset paging on (created_at, id): each batch starts where the last ended, however long the trail.
        let after: { at: string; id: string } | null = null
        for (;;) {
          const cmp = sql.raw(f.dir === 'asc' ? '>' : '<')
          const key: { at: string; id: string } | null = after
          const rows: Row[] = await batchOf(f, key, cmp, batch, language)
          if (rows.length) yield rows.map(toRow(t))
          if (rows.length < batch) return
          const last: Row = rows[rows.length - 1]
          after = { at: last.created_at, id: last.id }
        }
      },
      /** The components in the fund's trail that the admin may read, named in their language. */
      async components(language: Language) {
        requireAdmin()
        const t = getFixedT(language)
        const rows = await withCustomer(access, (tx) => tx.selectDistinct({ component: auditEntries.component }).from(auditEntries).where(readable(tx, p)))
        return rows.map((r) => ({ value: r.component, label: componentLabel(t, r.component) })).sort((a, b) => a.label.localeCompare(b.label, language))
      },
    }
  },
}

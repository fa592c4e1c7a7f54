import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Tx } from '#models/core/db.server.ts'
import { addDays } from '#models/core/dates.ts'
import {
  auditEntries,
  controlMatrixRows,
  documents,
  dsgActivities,
  dsgBreaches,
  dsgDpias,
  dsgRequests,
  icsProcesses,
  icsQuality,
  icsSettings,
  measures,
  risks,
} from '#models/schema/index.ts'
import type { SnapshotContent } from './content.ts'

/*
 * The registers as they stood at the end of a reporting date (Zurich), for the year-end snapshot
 * (issue 22, docs/decisions/0040-snapshots-as-at-their-date.md). Today's rows are rolled back with the
 * audit trail (audit_entries: component, action, entity_id, changed_fields {field: {from, to}}):
 * newest first, every entry after the date undoes itself: an update puts back its `from` values, a
 * creation drops the record, a deletion brings the record back (from the deletion's own values when
 * it kept them all, which deletions do since issue 22, else rebuilt from the record's creation and
 * updates). The records' own dates back the trail where it is silent (records written without an
 * entry, as imports and demo data are): created after the date → not there; confirmed after the
 * date → still pending. What cannot be known is listed as uncertain, never guessed silently.
 */

export type Row = Record<string, unknown> & { id: string }
export type Uncertain = { id: string; row: Record<string, unknown>; reason: 'noHistory' | 'deletedWithoutValues' }
type Entry = { action: string; entityId: string | null; changes: Record<string, { from: unknown; to: unknown }>; createdAt: Date }

/** The first instant after the reporting date in Zurich. */
export function endOfDay(tx: Tx, reportingDate: string): Promise<Date> {
  return tx
    .execute<{ end: Date | string }>(sql`select ((${addDays(reportingDate, 1)}::date)::timestamp at time zone 'Europe/Zurich') as "end"`)
    .then((r) => new Date(r.rows[0].end))
}

/** A value the trail kept as JSON (an ISO string) or the table gave (a Date), as a Date. */
export function toDate(v: unknown): Date | null {
  if (v === null || v === undefined || v === '') return null
  return v instanceof Date ? v : new Date(String(v))
}

/** A change that updated the record this long after its creation counts as a change (not the insert's own defaults). */
const SAME_WRITE_MS = 60_000

/**
 * Rolls `rows` (today's, keyed by `id`) back to `end` with the entries of one component.
 * `keepCreated`: a record created after the date stays (at its state when created) for the caller to
 * judge by its own date (breaches by their discovery, requests by their receipt).
 */
export async function rollBack<R extends Row>(
  tx: Tx,
  component: string,
  today: R[],
  end: Date,
  opts: { keepCreated?: boolean; entityKey?: (entityId: string) => string; completeDeletes?: boolean } = {},
): Promise<{ rows: R[]; uncertain: Uncertain[] }> {
  const after: Entry[] = await tx
    .select({ action: auditEntries.action, entityId: auditEntries.entityId, changes: auditEntries.changedFields, createdAt: auditEntries.createdAt })
    .from(auditEntries)
    .where(and(eq(auditEntries.component, component), gte(auditEntries.createdAt, end)))
    .orderBy(asc(auditEntries.createdAt), asc(auditEntries.id))
  const rows = new Map<string, R>(today.map((r) => [r.id, { ...r }]))
  const uncertain = new Map<string, Uncertain>()
  const touched = new Set(after.map((e) => e.entityId))
  const createdAfter = new Set(after.filter((e) => e.action === 'Created').map((e) => e.entityId))
  // Deletions that did not keep every value: the record is rebuilt from its whole history.
  const partial = opts.completeDeletes ? [] : after.filter((e) => e.action === 'Deleted' && e.entityId && !('id' in e.changes)).map((e) => e.entityId!)
  const history = new Map<string, Entry[]>()
  if (partial.length) {
    const all: Entry[] = await tx
      .select({ action: auditEntries.action, entityId: auditEntries.entityId, changes: auditEntries.changedFields, createdAt: auditEntries.createdAt })
      .from(auditEntries)
      .where(and(eq(auditEntries.component, component), inArray(auditEntries.entityId, partial)))
      .orderBy(asc(auditEntries.createdAt), asc(auditEntries.id))
    for (const e of all) history.set(e.entityId!, [...(history.get(e.entityId!) ?? []), e])
  }
  const key = (e: Entry) => (opts.entityKey ? opts.entityKey(e.entityId!) : e.entityId!)
  for (let i = after.length - 1; i >= 0; i--) {
    const e = after[i]
    if (!e.entityId) continue
    const id = key(e)
    if (e.action === 'Deleted') {
      const before: Record<string, unknown> = {}
      let known = opts.completeDeletes || 'id' in e.changes
      if (!known) {
        // Rebuilt: the creation's values, then every update up to the deletion.
        const lived = (history.get(e.entityId) ?? []).filter((h) => h.createdAt < e.createdAt || (h.createdAt.getTime() === e.createdAt.getTime() && h !== e))
        known = lived.some((h) => h.action === 'Created')
        for (const h of lived) {
          if (h.action === 'Deleted') continue
          for (const [k, c] of Object.entries(h.changes)) before[k] = c.to
        }
      }
      for (const [k, c] of Object.entries(e.changes)) before[k] = c.from
      const row = { ...before, id } as R
      if (known) rows.set(id, row)
      else uncertain.set(id, { id, row, reason: 'deletedWithoutValues' })
      continue
    }
    if (e.action === 'Created') {
      if (!opts.keepCreated) {
        rows.delete(id)
        uncertain.delete(id)
      }
      continue
    }
    const row = rows.get(id) as Record<string, unknown> | undefined
    if (!row) continue
    for (const [k, c] of Object.entries(e.changes)) {
      // A personal value the trail hides ('***') is not known: today's stays.
      if (c.from === '***' || k === 'block') continue
      row[k] = c.from
    }
  }
  for (const row of rows.values()) {
    const created = toDate(row.createdAt)
    const updated = toDate(row.updatedAt)
    if (!opts.keepCreated && created && created >= end && !createdAfter.has(row.id)) {
      // Written after the date without an entry (an import, demo data): not there at the date.
      rows.delete(row.id)
      continue
    }
    if (updated && updated >= end && !touched.has(row.id) && (!created || updated.getTime() - created.getTime() > SAME_WRITE_MS)) {
      uncertain.set(row.id, { id: row.id, row, reason: 'noHistory' })
    }
  }
  return { rows: [...rows.values()], uncertain: [...uncertain.values()] }
}

type Registers = {
  end: Date
  risks: (typeof risks.$inferSelect)[]
  icsProcesses: (typeof icsProcesses.$inferSelect)[]
  measures: (typeof measures.$inferSelect)[]
  documents: (typeof documents.$inferSelect)[]
  activities: (typeof dsgActivities.$inferSelect)[]
  assessments: (typeof dsgDpias.$inferSelect)[]
  breaches: (typeof dsgBreaches.$inferSelect)[]
  requests: (typeof dsgRequests.$inferSelect)[]
  controlMatrix: (typeof controlMatrixRows.$inferSelect)[]
  /** The quality level per main process (by its id). */
  quality: Map<string, number>
  councilMinimum: number
  uncertain: (Uncertain & { register: NonNullable<SnapshotContent['asOf']>['uncertain'][number]['register'] })[]
}

const TIMESTAMPS: Record<string, string[]> = {
  measures: ['confirmedAt', 'createdAt', 'updatedAt'],
  breaches: ['discoveredAt', 'fdpicNotifiedAt', 'reportedAt', 'createdAt', 'updatedAt'],
}

/** Dates back as Dates after a roll back put JSON strings in. */
function revive<R extends Row>(rows: R[], fields: string[] = ['createdAt', 'updatedAt']): R[] {
  for (const r of rows as Record<string, unknown>[]) for (const f of fields) if (f in r) r[f] = toDate(r[f])
  return rows
}

/** Every register the snapshot counts, as it stood at the end of the reporting date. */
export async function registersAsOf(tx: Tx, reportingDate: string): Promise<Registers> {
  const end = await endOfDay(tx, reportingDate)
  const uncertain: Registers['uncertain'] = []
  async function register<R extends Row>(name: Registers['uncertain'][number]['register'], component: string, today: R[], opts?: { keepCreated?: boolean }) {
    const result = await rollBack(tx, component, today, end, opts)
    uncertain.push(...result.uncertain.map((u) => ({ ...u, register: name })))
    return result.rows
  }
  const riskRows = await register('risks', 'risk', await tx.select().from(risks).orderBy(asc(risks.idkey)))
  const processRows = await register('icsProcesses', 'icsProcess', await tx.select().from(icsProcesses).orderBy(asc(icsProcesses.idkey)))
  const measureRows = revive(await register('measures', 'measure', await tx.select().from(measures)), TIMESTAMPS.measures)
  for (const m of measureRows) {
    // Confirmed after the date without an entry saying so (the trail would have put it back): pending then.
    if (m.state === 'confirmed' && m.confirmedAt && m.confirmedAt >= end) Object.assign(m, { state: 'pending', confirmedAt: null, confirmationText: null })
  }
  const documentRows = await register('documents', 'document', await tx.select().from(documents))
  const activityRows = revive(await register('activities', 'dsgActivity', await tx.select().from(dsgActivities)))
  const assessmentRows = await register('assessments', 'dsgDpia', await tx.select().from(dsgDpias))
  const breachRows = revive(await register('breaches', 'dsgBreach', await tx.select().from(dsgBreaches), { keepCreated: true }), TIMESTAMPS.breaches).filter(
    (b) => b.discoveredAt < end,
  )
  for (const b of breachRows) {
    // The records' own dates where the trail is silent: notified or closed after the date is not yet so at it.
    if (b.fdpicNotifiedAt && b.fdpicNotifiedAt >= end) b.fdpicNotifiedAt = null
    if (b.closedOn && b.closedOn > reportingDate) Object.assign(b, { state: 'open', closedOn: null })
  }
  const requestRows = (await register('requests', 'dsgRequest', await tx.select().from(dsgRequests), { keepCreated: true })).filter(
    (r) => r.receivedOn <= reportingDate,
  )
  for (const r of requestRows) if (r.answeredOn && r.answeredOn > reportingDate) Object.assign(r, { state: 'open', answeredOn: null })
  // Uncertain breaches and requests only if their own date puts them in the snapshot.
  const own = (u: Registers['uncertain'][number]) =>
    u.register === 'breaches' ? (toDate(u.row.discoveredAt) ?? end) < end : u.register === 'requests' ? String(u.row.receivedOn ?? '') <= reportingDate : true
  const matrix = (await rollBack(tx, 'controlMatrix', await tx.select().from(controlMatrixRows), end)).rows.sort(
    (a, b) => Number(a.position ?? 0) - Number(b.position ?? 0),
  )
  // The quality index's entries are keyed by the main process.
  const quality = await rollBack(
    tx,
    'icsQuality',
    (await tx.select({ id: icsQuality.mainThemeId, level: icsQuality.level, createdAt: icsQuality.createdAt }).from(icsQuality)).map((q) => ({
      ...q,
      id: q.id,
    })),
    end,
    // Its deletion keeps the one value there is.
    { completeDeletes: true },
  )
  const [settings] = await tx.select({ id: icsSettings.customerId, councilMinimum: icsSettings.councilMinimum }).from(icsSettings)
  const minimum = settings ? (await rollBack(tx, 'icsSettings', [{ ...settings }], end)).rows[0] : undefined
  return {
    end,
    risks: riskRows,
    icsProcesses: processRows,
    measures: measureRows,
    documents: documentRows,
    activities: activityRows,
    assessments: assessmentRows,
    breaches: breachRows,
    requests: requestRows,
    controlMatrix: matrix,
    quality: new Map(quality.rows.filter((q) => q.level !== null && q.level !== undefined).map((q) => [q.id, Number(q.level)])),
    councilMinimum: minimum?.councilMinimum === undefined || minimum.councilMinimum === null ? 3 : Number(minimum.councilMinimum),
    uncertain: uncertain.filter(own),
  }
}

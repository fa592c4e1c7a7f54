import { sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import type { RiskState } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import type { SnapshotRisk } from '#app/features/report/face.server.ts'

/*
 * The history of a risk's probability, severity and state (issue 11, "History and trends"), built
 * from what is kept anyway, without a table of its own:
 * - the year-end snapshots: each holds the risk as it was frozen (report_snapshots.content.risks,
 *   app/features/report/content.ts), with the levels' refs and the state;
 * - the audit entries of the risk (component 'risk'): the inventory kit writes one per saved block
 *   with only the changed fields as { from, to }, and one at creation with every value. They carry
 *   the level ids (probabilityLevelId, severityLevelId), not their refs, and the state. The ids are
 *   resolved to the refs the levels have now: a fund edits the names and ranges of its levels, never
 *   their refs, so a ref read today is the ref of then.
 * An update's entry holds only what changed, so the values at each change are replayed backwards
 * from the risk as it stands: the newest change ends in today's values, and each entry's `from`
 * values are what held before it. That needs no creation entry (demo and imported risks may have
 * none) and keeps the series consistent with the record.
 */

export type HistoryPoint = {
  /**
   * When (ISO): the instant of the change, or the end of a snapshot's reporting date (the last
   * millisecond of that day in Zurich). A snapshot holds the risk as it stood at its reporting date
   * (issue 22: a snapshot counts only what existed up to its date, however long after it was frozen),
   * so that is where it belongs on the time axis, after the changes of that day.
   */
  at: string
  /** The day in Zurich, YYYY-MM-DD: a snapshot's reporting date. */
  date: string
  probability: number | null
  severity: number | null
  /** probability × severity, null while either is not set. */
  score: number | null
  state: RiskState
  source: 'snapshot' | 'change'
  /** A snapshot's reporting date, YYYY-MM-DD. */
  reportingDate?: string
}

type Row = {
  kind: 'now' | 'snapshot' | 'change'
  /** ms since the epoch */
  at: number | null
  day: string | null
  action: string | null
  p: number | null
  s: number | null
  state: RiskState | null
  p_from: number | null
  s_from: number | null
  state_from: RiskState | null
  fields: string[] | null
  reporting: string | null
}

/**
 * One statement: the risk as it stands (none: not found), its points in every snapshot (a JSONB
 * path query into each snapshot's risks, filtered to the id, so no snapshot's whole content leaves
 * the database), and its audit entries that touched the levels or the state, with the levels' refs.
 * Row-level security keeps all three to the customer.
 */
function historyRows(tx: Tx, id: string) {
  const ref = (table: 'probability_levels' | 'severity_levels', field: string, end: 'from' | 'to') =>
    sql.raw(`(select l.ref from ${table} l where l.id::text = a.changed_fields -> '${field}' ->> '${end}')`)
  return tx.execute<Row>(sql`
    select 'now' as kind, null::float8 as at, null::text as day, null::text as action,
           p.ref as p, s.ref as s, r.state::text as state,
           null::int as p_from, null::int as s_from, null::text as state_from, null::text[] as fields, null::text as reporting
      from risks r
      left join probability_levels p on p.id = r.probability_level_id
      left join severity_levels s on s.id = r.severity_level_id
     where r.id = ${id}
    union all
    select 'snapshot', extract(epoch from ((x.reporting_date + 1)::timestamp at time zone 'Europe/Zurich'))::float8 * 1000 - 1, x.reporting_date::text, null,
           (e ->> 'probability')::int, (e ->> 'severity')::int, e ->> 'state',
           null, null, null, null, x.reporting_date::text
      from report_snapshots x
     cross join lateral jsonb_path_query(x.content, '$.risks[*] ? (@.id == $id)', jsonb_build_object('id', ${id}::text)) e
    union all
    select 'change', extract(epoch from a.created_at)::float8 * 1000, to_char(a.created_at at time zone 'Europe/Zurich', 'YYYY-MM-DD'), a.action::text,
           ${ref('probability_levels', 'probabilityLevelId', 'to')}, ${ref('severity_levels', 'severityLevelId', 'to')},
           a.changed_fields -> 'state' ->> 'to',
           ${ref('probability_levels', 'probabilityLevelId', 'from')}, ${ref('severity_levels', 'severityLevelId', 'from')},
           a.changed_fields -> 'state' ->> 'from',
           array(select k from jsonb_object_keys(a.changed_fields) k where k in ('probabilityLevelId', 'severityLevelId', 'state')), null
      from audit_entries a
     where a.component = 'risk' and a.entity_id = ${id}
       and (a.action = 'Created' or a.changed_fields ?| array['probabilityLevelId', 'severityLevelId', 'state'])
  `)
}

const scoreOf = (p: number | null, s: number | null) => (p !== null && s !== null ? p * s : null)

/** The points of the rows, oldest first; null: the risk is not there. */
export function mergeHistory(rows: Row[]): HistoryPoint[] | null {
  const now = rows.find((r) => r.kind === 'now')
  if (!now) return null
  const points: HistoryPoint[] = []
  for (const r of rows) {
    if (r.kind !== 'snapshot' || !r.at || !r.day) continue
    points.push({
      at: new Date(r.at).toISOString(),
      date: r.day,
      probability: r.p,
      severity: r.s,
      score: scoreOf(r.p, r.s),
      state: r.state ?? now.state!,
      source: 'snapshot',
      reportingDate: r.reporting ?? undefined,
    })
  }
  // Backwards from today's values: each change ends in its `to` values; before it held its `from` values.
  const changes = rows.filter((r) => r.kind === 'change' && r.at).sort((a, b) => b.at! - a.at!)
  let cur = { probability: now.p, severity: now.s, state: now.state! }
  for (const c of changes) {
    const has = (f: string) => c.fields?.includes(f) ?? false
    const after = {
      probability: has('probabilityLevelId') ? c.p : cur.probability,
      severity: has('severityLevelId') ? c.s : cur.severity,
      state: has('state') && c.state ? c.state : cur.state,
    }
    points.push({ at: new Date(c.at!).toISOString(), date: c.day!, ...after, score: scoreOf(after.probability, after.severity), source: 'change' })
    if (c.action === 'Created') break
    cur = {
      probability: has('probabilityLevelId') ? c.p_from : after.probability,
      severity: has('severityLevelId') ? c.s_from : after.severity,
      state: has('state') && c.state_from ? c.state_from : after.state,
    }
  }
  return points.sort((a, b) => a.at.localeCompare(b.at) || (a.source === b.source ? 0 : a.source === 'change' ? -1 : 1))
}

/** A risk's history and the snapshots' risks for the inventory's "changed since", bound to the acting user. */
export const RiskHistory = {
  for(access: CustomerAccess) {
    /** Levels and states are the assessment: read or more in the risk tool (not the data protection view). */
    function requireRead() {
      if (!permissionsOf(access).tools.risk.read) throw new DomainError('forbidden')
    }
    return {
      /** The risk's points from the snapshots and the changes, oldest first. */
      async of(riskId: string): Promise<HistoryPoint[]> {
        requireRead()
        if (!isUuid(riskId)) throw new DomainError('not-found')
        const { rows } = await withCustomer(access, (tx) => historyRows(tx, riskId))
        const points = mergeHistory(rows)
        if (!points) throw new DomainError('not-found')
        return points
      },

      /**
       * The snapshot's risks that matter for a page of the inventory: those of `ids` (the page's rows)
       * and those no longer in the inventory at all (removed since). One statement; null: no such
       * snapshot of this customer.
       */
      async snapshotRisks(snapshotId: string, ids: string[]): Promise<{ reportingDate: string; risks: SnapshotRisk[]; removed: SnapshotRisk[] } | null> {
        requireRead()
        if (!isUuid(snapshotId)) return null
        const { rows } = await withCustomer(access, (tx) =>
          tx.execute<{ reporting_date: string; risk: SnapshotRisk | null; gone: boolean | null }>(sql`
            select x.reporting_date::text as reporting_date, e.risk, e.gone
              from report_snapshots x
              left join lateral (
                select e.risk, e.gone
                  from (
                    select e as risk, not exists (select 1 from risks r where r.id = (e ->> 'id')::uuid) as gone
                      from jsonb_array_elements(x.content -> 'risks') e
                  ) e
                 where e.gone or ${JSON.stringify(ids)}::jsonb ? (e.risk ->> 'id')
              ) e on true
             where x.id = ${snapshotId}
          `),
        )
        if (!rows.length) return null
        const risks = rows.filter((r) => r.risk && !r.gone).map((r) => r.risk!)
        const removed = rows.filter((r) => r.risk && r.gone).map((r) => r.risk!)
        return { reportingDate: rows[0].reporting_date, risks, removed }
      },
    }
  },
}

import { type SQL, sql } from 'drizzle-orm'
import { judge } from '#models/core/kri-status.ts'
import {
  APPETITE_SCORE_LIMIT,
  KRI_TREND_YEARS,
  type KriDirection,
  type KriFrequency,
  type KriUnit,
  UNDERFUNDING_DUTIES,
  type UnderfundingDuty,
} from '#models/core/constants.ts'
import { addDays } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import type { SnapshotKri, SnapshotKriPoint } from './content.ts'

/** A numeric as the database gives it ("102.4000") as the snapshot keeps it ("102.4"). */
export function decimalText(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v
}

/** The same day n years earlier (29 February to the 28th). */
function yearsBefore(day: string, n: number): string {
  const y = Number(day.slice(0, 4)) - n
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  const md = day.slice(5)
  return `${y}-${md === '02-29' && !leap ? '02-28' : md}`
}

type Row = { kri_id: string; period_end: string; value: string; valid_from: string | null; amber: string | null; red: string | null }

/**
 * The KRI section of a snapshot (issue 27, decision 0067), read from the KRI tables in the snapshot's
 * transaction (row-level security scopes it to the fund):
 * - each KRI the fund follows (or followed in the period: a KRI given up keeps its values) with its latest
 *   value on or before the reporting date, judged by the thresholds in force on that value's date, never
 *   by later ones; and every value of the KRI_TREND_YEARS years up to the date, each judged so too (the
 *   report shows the year ends, kriYearEnds);
 * - the council's approval of the appetite in force at the date (the latest on or before it);
 * - the risk acceptances in force at the date (accepted on or before it, lapsing on or after it, not revoked by then);
 * - the underfunding cases open at some time in the period, with their duties as they stand when frozen.
 */
export async function kriOfPeriod(
  tx: Tx,
  periodFrom: string,
  reportingDate: string,
  /** The documents whose names the one freezing may read (documentVisibility): another evidence keeps only its text. */
  documentsSeen: SQL,
): Promise<SnapshotKri> {
  // The end of the reporting date in Zurich: a KRI chosen later without a value by then was not followed.
  const end = sql`((${addDays(reportingDate, 1)}::date)::timestamp at time zone 'Europe/Zurich')`
  const trendFrom = yearsBefore(reportingDate, KRI_TREND_YEARS)
  const { rows: chosen } = await tx.execute<{
    id: string
    key: string
    name_de: string
    name_fr: string
    name_en: string
    unit: KriUnit
    direction: KriDirection
    frequency: KriFrequency
    legal_basis: string
  }>(sql`
    select k.id, c.key, c.name_de, c.name_fr, c.name_en, c.unit, c.direction, k.frequency, c.legal_basis
    from kris k join kri_catalog c on c.id = k.catalog_id
    where (k.active and k.created_at < ${end})
      or exists (select 1 from kri_values v where v.kri_id = k.id and v.period_end >= ${periodFrom}::date and v.period_end <= ${reportingDate}::date)
    order by c.sort, c.key`)
  // Each value with the thresholds in force on its own date (the latest row from a day not after it).
  const inForce = sql`left join lateral (
      select t.valid_from::text as valid_from, t.amber::text as amber, t.red::text as red from kri_thresholds t
      where t.kri_id = v.kri_id and t.valid_from <= v.period_end order by t.valid_from desc limit 1) t on true`
  const { rows: trendRows } = await tx.execute<Row>(sql`
    select v.kri_id, v.period_end::text as period_end, v.value::text as value, t.valid_from, t.amber, t.red
    from kri_values v ${inForce}
    where v.period_end > ${trendFrom}::date and v.period_end <= ${reportingDate}::date
    order by v.kri_id, v.period_end`)
  const { rows: latestRows } = await tx.execute<Row>(sql`
    select distinct on (v.kri_id) v.kri_id, v.period_end::text as period_end, v.value::text as value, t.valid_from, t.amber, t.red
    from kri_values v ${inForce}
    where v.period_end <= ${reportingDate}::date
    order by v.kri_id, v.period_end desc`)
  // Without a value: the thresholds in force on the reporting date.
  const { rows: atDate } = await tx.execute<{ kri_id: string; valid_from: string; amber: string; red: string }>(sql`
    select distinct on (t.kri_id) t.kri_id, t.valid_from::text as valid_from, t.amber::text as amber, t.red::text as red
    from kri_thresholds t where t.valid_from <= ${reportingDate}::date
    order by t.kri_id, t.valid_from desc`)
  const direction = new Map(chosen.map((k) => [k.id, k.direction]))
  const point = (r: Row): SnapshotKriPoint => ({
    periodEnd: r.period_end,
    value: decimalText(r.value),
    amber: r.amber === null ? null : decimalText(r.amber),
    red: r.red === null ? null : decimalText(r.red),
    status: judge(r.value, direction.get(r.kri_id) ?? 'higher', r.amber !== null && r.red !== null ? { amber: r.amber, red: r.red } : null),
  })
  const trends = new Map<string, SnapshotKriPoint[]>()
  for (const r of trendRows) trends.set(r.kri_id, [...(trends.get(r.kri_id) ?? []), point(r)])
  const latest = new Map(latestRows.map((r) => [r.kri_id, r]))
  const thresholdsAtDate = new Map(atDate.map((r) => [r.kri_id, r]))
  const bounds = (r: { valid_from: string | null; amber: string | null; red: string | null } | undefined) =>
    r?.valid_from && r.amber !== null && r.red !== null ? { validFrom: r.valid_from, amber: decimalText(r.amber), red: decimalText(r.red) } : null

  const indicators: SnapshotKri['indicators'] = chosen.map((k) => {
    const last = latest.get(k.id)
    return {
      key: k.key,
      names: { de: k.name_de, fr: k.name_fr, en: k.name_en },
      unit: k.unit,
      direction: k.direction,
      frequency: k.frequency,
      legalBasis: k.legal_basis,
      latest: last ? point(last) : null,
      thresholds: last ? bounds(last) : bounds(thresholdsAtDate.get(k.id)),
      trend: trends.get(k.id) ?? [],
    }
  })

  const { rows: approvals } = await tx.execute<{
    approved_on: string
    decision_reference: string
    approved_by: string
    score_limit: number
    remark: string
  }>(sql`
    select approved_on::text as approved_on, decision_reference, approved_by, score_limit, remark
    from risk_appetite_approvals where approved_on <= ${reportingDate}::date
    order by approved_on desc, created_at desc limit 1`)
  const a = approvals[0]
  const appetite = a
    ? { approvedOn: a.approved_on, decisionReference: a.decision_reference, approvedBy: a.approved_by, scoreLimit: a.score_limit, remark: a.remark }
    : null

  const { rows: accepted } = await tx.execute<{
    idkey: string
    title: string
    accepted_by: string
    accepted_on: string
    valid_until: string
    decision_reference: string
    justification: string
    net_score: number
  }>(sql`
    select r.idkey, r.title, a.accepted_by, a.accepted_on::text as accepted_on, a.valid_until::text as valid_until,
      a.decision_reference, a.justification, a.net_score
    from risk_acceptances a join risks r on r.id = a.risk_id
    where a.accepted_on <= ${reportingDate}::date and a.valid_until >= ${reportingDate}::date
      and (a.revoked_on is null or a.revoked_on > ${reportingDate}::date)`)
  const acceptances = accepted
    .map((r) => ({
      risk: r.idkey,
      title: r.title,
      acceptedBy: r.accepted_by,
      acceptedOn: r.accepted_on,
      validUntil: r.valid_until,
      decisionReference: r.decision_reference,
      justification: r.justification,
      netScore: r.net_score,
    }))
    .sort((x, y) => x.risk.localeCompare(y.risk, 'de', { numeric: true }) || x.acceptedOn.localeCompare(y.acceptedOn))

  const { rows: cases } = await tx.execute<{ id: string; period_end: string; coverage_ratio: string; closed_on: string | null }>(sql`
    select id, period_end::text as period_end, coverage_ratio::text as coverage_ratio, closed_on::text as closed_on
    from underfunding_cases
    where period_end <= ${reportingDate}::date and (closed_on is null or closed_on >= ${periodFrom}::date)
    order by period_end`)
  const { rows: duties } = cases.length
    ? await tx.execute<{ case_id: string; duty: UnderfundingDuty; due_on: string; done_on: string | null; evidence: string; document: string | null }>(sql`
        select d.case_id, d.duty, d.due_on::text as due_on, d.done_on::text as done_on, d.evidence, documents.name as document
        from underfunding_duties d left join documents on documents.id = d.document_id and ${documentsSeen}
        where d.case_id in (${sql.join(
          cases.map((c) => sql`${c.id}::uuid`),
          sql`, `,
        )})`)
    : { rows: [] }
  const underfunding = cases.map((c) => ({
    periodEnd: c.period_end,
    coverageRatio: decimalText(c.coverage_ratio),
    closedOn: c.closed_on,
    duties: duties
      .filter((d) => d.case_id === c.id)
      .sort((x, y) => UNDERFUNDING_DUTIES.indexOf(x.duty) - UNDERFUNDING_DUTIES.indexOf(y.duty))
      .map((d) => ({ duty: d.duty, dueOn: d.due_on, doneOn: d.done_on, evidence: d.evidence, document: d.document })),
  }))

  return { indicators, appetite, scoreLimit: appetite?.scoreLimit ?? APPETITE_SCORE_LIMIT, acceptances, underfunding }
}

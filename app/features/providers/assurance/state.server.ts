import { type SQL, sql } from 'drizzle-orm'
import type { AssuranceState } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { providers } from '#models/schema/index.ts'

/** A provider's yearly assurance as its pages, the list, the report and the dashboard show it. */
export type AssuranceInfo = {
  state: AssuranceState
  /** The year looked at (the current one). */
  year: number
  /** When this year's review is due (null: not required). */
  dueOn: string | null
  /** This year's assurance execution, if planned. */
  executionId: string | null
  executionNumber: number | null
  /** The day the latest approved review was signed. */
  approvedOn: string | null
}

/** The last day of a month of a year (the due day of a provider's assurance review). */
export function assuranceDueOn(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`
}

type Facts = {
  required: boolean
  ended: boolean
  dueOn: string
  executionState: 'planned' | 'submitted' | 'returned' | 'approved' | null
  result: 'effective' | 'deficient' | 'notApplicable' | null
}

/**
 * The state of a provider's assurance (issue 28): not required (none asked, or the relationship ended);
 * deficient when this year's review found the report deficient (submitted or approved); current when it
 * was approved otherwise; overdue when not approved by the due day; due until then (planned, submitted,
 * returned, or not planned yet).
 */
export function assuranceStateOf(f: Facts, today: string): AssuranceState {
  if (!f.required || f.ended) return 'notRequired'
  if ((f.executionState === 'approved' || f.executionState === 'submitted') && f.result === 'deficient') return 'deficient'
  if (f.executionState === 'approved') return 'current'
  return f.dueOn < today ? 'overdue' : 'due'
}

/**
 * The same state as SQL, for a query over `providers` (the list's filter): this year's review read beside
 * each provider row, judged as `assuranceStateOf` judges it.
 */
export function assuranceStateSql(today: string): SQL<AssuranceState> {
  const year = Number(today.slice(0, 4))
  return sql<AssuranceState>`(select case
      when not ${providers.assuranceRequired} or (${providers.endedOn} is not null and ${providers.endedOn} <= ${today}::date) then 'notRequired'
      when x.state in ('approved', 'submitted') and x.result = 'deficient' then 'deficient'
      when x.state = 'approved' then 'current'
      when coalesce(x.due_date, (make_date(${year}, ${providers.assuranceDueMonth}, 1) + interval '1 month - 1 day')::date) < ${today}::date then 'overdue'
      else 'due' end
    from (select 1) one
    left join control_executions x on x.provider_id = ${providers.id} and x.period_start = make_date(${year}, 1, 1))`
}

/**
 * The assurance of the given providers (all of the fund's when 'all') on `today`, read inside the caller's
 * `withCustomer` transaction, in one query: each provider with this year's review (provider_id, January 1)
 * and the day its latest approved review was signed (Zurich time).
 */
export async function assuranceStates(tx: Tx, providerIds: string[] | 'all', today: string): Promise<Map<string, AssuranceInfo>> {
  const year = Number(today.slice(0, 4))
  const ids = providerIds === 'all' ? null : providerIds.filter(isUuid)
  if (ids && !ids.length) return new Map()
  const { rows } = await tx.execute<{
    id: string
    required: boolean
    ended: boolean
    due_month: number
    execution_id: string | null
    execution_number: number | null
    execution_state: Facts['executionState']
    result: Facts['result']
    due_date: string | null
    approved_on: string | null
  }>(sql`
    select p.id, p.assurance_required as required, (p.ended_on is not null and p.ended_on <= ${today}::date) as ended,
      p.assurance_due_month as due_month, e.id as execution_id, e.number as execution_number, e.state::text as execution_state,
      e.result::text as result, e.due_date::text as due_date,
      (select max((a.reviewed_at at time zone 'Europe/Zurich')::date)::text from control_executions a
        where a.provider_id = p.id and a.state = 'approved') as approved_on
    from providers p
    left join control_executions e on e.provider_id = p.id and e.period_start = ${`${year}-01-01`}::date
    ${
      ids
        ? sql`where p.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``
    }`)
  const map = new Map<string, AssuranceInfo>()
  for (const r of rows) {
    const dueOn = r.due_date ?? assuranceDueOn(year, r.due_month)
    const state = assuranceStateOf({ required: r.required, ended: r.ended, dueOn, executionState: r.execution_state, result: r.result }, today)
    map.set(r.id, {
      state,
      year,
      dueOn: state === 'notRequired' ? null : dueOn,
      executionId: r.execution_id,
      executionNumber: r.execution_number,
      approvedOn: r.approved_on,
    })
  }
  return map
}

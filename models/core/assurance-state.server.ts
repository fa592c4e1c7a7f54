import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import { providers } from '../schema/index.ts'
import type { AssuranceState } from './constants.ts'

/*
 * How a provider's yearly assurance reads (issue 28, decision 0068), in one place for the providers'
 * pages and list, the dashboard and the digest: below the features, like the KRIs' judge.
 */

/** The last day of a month of a year (the due day of a provider's assurance review). */
export function assuranceDueOn(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`
}

export type AssuranceFacts = {
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
export function assuranceStateOf(f: AssuranceFacts, today: string): AssuranceState {
  if (!f.required || f.ended) return 'notRequired'
  if ((f.executionState === 'approved' || f.executionState === 'submitted') && f.result === 'deficient') return 'deficient'
  if (f.executionState === 'approved') return 'current'
  return f.dueOn < today ? 'overdue' : 'due'
}

/**
 * The same state as SQL, for a query over `providers` (the list's filter): this year's review read beside
 * each provider row, judged as `assuranceStateOf` judges it.
 */
export function assuranceStateSql(today: string | Placeholder): SQL<AssuranceState> {
  const day = sql`${today}::date`
  return sql<AssuranceState>`(select case
      when not ${providers.assuranceRequired} or (${providers.endedOn} is not null and ${providers.endedOn} <= ${day}) then 'notRequired'
      when x.state in ('approved', 'submitted') and x.result = 'deficient' then 'deficient'
      when x.state = 'approved' then 'current'
      when coalesce(x.due_date, (date_trunc('year', ${day}) + make_interval(months => ${providers.assuranceDueMonth}) - interval '1 day')::date) < ${day} then 'overdue'
      else 'due' end
    from (select 1) one
    left join control_executions x on x.provider_id = ${providers.id} and x.period_start = date_trunc('year', ${day})::date)`
}

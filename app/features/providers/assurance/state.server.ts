import { sql } from 'drizzle-orm'
import type { AssuranceState } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { type AssuranceFacts, assuranceDueOn, assuranceStateOf } from '#models/core/assurance-state.server.ts'

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
    execution_state: AssuranceFacts['executionState']
    result: AssuranceFacts['result']
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

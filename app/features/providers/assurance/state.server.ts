import type { AssuranceState } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'

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
 * `withCustomer` transaction. Placeholder until the assurance review is built: every provider reads as
 * not required.
 */
export async function assuranceStates(_tx: Tx, providerIds: string[] | 'all', today: string): Promise<Map<string, AssuranceInfo>> {
  const year = Number(today.slice(0, 4))
  const ids = providerIds === 'all' ? [] : providerIds
  return new Map(ids.map((id) => [id, { state: 'notRequired', year, dueOn: null, executionId: null, executionNumber: null, approvedOn: null }]))
}

import { addDays } from '#models/core/dates.ts'
import { type ControlFrequency, EXECUTION_GRACE_DAYS } from '#models/core/constants.ts'

/*
 * The plan's calendar (decision 0061), pure: the periods of a frequency in a year, each with its
 * first and last day and its due date (the last day plus the fund's grace days), and how an
 * execution reads against the day. No database, no clock: the caller gives the year and the day.
 */

export type PlannedPeriod = { period: string; start: string; end: string; due: string }

/** The frequencies that plan executions by themselves; 'none' plans nothing, 'occasional' is added by hand. */
export const PLANNED_FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual'] as const satisfies readonly ControlFrequency[]

const pad = (n: number) => String(n).padStart(2, '0')

/** The last day of a month (1–12) of a year, 'YYYY-MM-DD'. */
function lastDay(year: number, month: number): string {
  return addDays(`${month === 12 ? year + 1 : year}-${pad(month === 12 ? 1 : month + 1)}-01`, -1)
}

/** Months `from`..`to` of a year as one period. */
function span(year: number, period: string, from: number, to: number, grace: number): PlannedPeriod {
  const end = lastDay(year, to)
  return { period, start: `${year}-${pad(from)}-01`, end, due: addDays(end, grace) }
}

/**
 * The periods of `frequency` in `year`: 2026-01 … 2026-12, 2026-Q1 … Q4, 2026-H1 and H2, 2026; none for
 * 'none' and 'occasional'. Each is due `graceDays` after its last day (the fund's setting, 30 by default).
 */
export function periodsOf(frequency: ControlFrequency, year: number, graceDays: number = EXECUTION_GRACE_DAYS): PlannedPeriod[] {
  if (!Number.isInteger(year) || year < 1900 || year > 2998) return []
  const grace = Number.isInteger(graceDays) && graceDays >= 0 ? graceDays : EXECUTION_GRACE_DAYS
  switch (frequency) {
    case 'monthly':
      return Array.from({ length: 12 }, (_, i) => span(year, `${year}-${pad(i + 1)}`, i + 1, i + 1, grace))
    case 'quarterly':
      return [1, 2, 3, 4].map((q) => span(year, `${year}-Q${q}`, q * 3 - 2, q * 3, grace))
    case 'semiannual':
      return [span(year, `${year}-H1`, 1, 6, grace), span(year, `${year}-H2`, 7, 12, grace)]
    case 'annual':
      return [span(year, String(year), 1, 12, grace)]
    default:
      return []
  }
}

/** An execution on occasion: its period is the day it is added for (start, end and due that day). */
export function occasionOn(day: string): Omit<PlannedPeriod, 'period'> & { period: null } {
  return { period: null, start: day, end: day, due: day }
}

/** The year of a 'YYYY-MM-DD' day. */
export const yearOf = (day: string) => Number(day.slice(0, 4))

/** How an execution reads on `today`: one rule for the list, the dashboard and the snapshot. */
export { viewStateOf } from '#models/core/execution-state.ts'

/** A period as the list's filter takes it: a year (2026), a month (2026-03), a quarter (2026-Q1) or a half-year (2026-H2). */
export const PERIOD_PATTERN = /^\d{4}(?:-(?:0[1-9]|1[0-2]|Q[1-4]|H[12]))?$/

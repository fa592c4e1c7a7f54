import { addDays, todayInZurich } from '#models/core/dates.ts'

/*
 * The freeze's rules that the pages show as well as the service enforces (shared by client and server).
 */

/** The most characters of the management summary written before freezing (about a page of the report). */
export const MAX_COMMENTARY = 4000

/**
 * Frozen this many days after its reporting date or later, a snapshot's figures are mostly rebuilt from
 * the audit trail: the freeze form says so. A quarter: a year-end report is due within six months
 * (Art. 52c BVG, the auditor's report), and one frozen in the first quarter is the usual case.
 */
export const LATE_FREEZE_DAYS = 90

/** Whether freezing `reportingDate` on `today` is late (the figures are reconstructed from the audit trail). */
export function isLateFreeze(reportingDate: string, today: string = todayInZurich()): boolean {
  return addDays(reportingDate, LATE_FREEZE_DAYS) < today
}

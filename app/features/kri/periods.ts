import type { KriFrequency } from '#models/core/constants.ts'
import { isIsoDate } from '#models/core/dates.ts'

/*
 * A KRI's reporting dates: the end of each month (monthly) or of each quarter (quarterly). Dates are
 * 'yyyy-mm-dd' strings; plain functions without the database, used by forms, services and the import.
 */

/** The last day of a month (month 1..12), as 'yyyy-mm-dd'. */
function monthEnd(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`
}

/** Whether a date is a reporting date of the frequency: a month's last day, or a quarter's (31.3., 30.6., 30.9., 31.12.). */
export function isPeriodEnd(date: string, frequency: KriFrequency): boolean {
  if (!isIsoDate(date)) return false
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  if (frequency === 'quarterly' && month % 3 !== 0) return false
  return monthEnd(year, month) === date
}

/** The reporting date on or before a date: the date itself when it is one, else the end of the period before. */
export function periodEndOn(date: string, frequency: KriFrequency): string {
  if (!isIsoDate(date)) throw new Error(`not a date: ${date}`)
  if (isPeriodEnd(date, frequency)) return date
  let year = Number(date.slice(0, 4))
  let month = Number(date.slice(5, 7)) - 1
  if (frequency === 'quarterly') month -= month % 3
  if (month === 0) {
    year -= 1
    month = 12
  }
  return monthEnd(year, month)
}

/** The `n` reporting dates up to `until` (on or before it), newest first. */
export function lastPeriodEnds(frequency: KriFrequency, until: string, n: number): string[] {
  const out: string[] = []
  let d = periodEndOn(until, frequency)
  for (let i = 0; i < n; i++) {
    out.push(d)
    // The day before the first of the period end's month lies in the period before.
    d = periodEndOn(previousDay(`${d.slice(0, 8)}01`), frequency)
  }
  return out
}

function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}

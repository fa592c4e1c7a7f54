/** Rules of the providers register both the server and the pages judge with (no server code here). */

/** `day` (yyyy-mm-dd) moved back by `months` calendar months, the day clamped to the month's last. */
export function minusMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const index = y * 12 + (m - 1) - months
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/**
 * The last day notice can be given for a contract with a fixed end: its end minus the notice months
 * (none agreed: the end itself). An open-ended contract (no end) has none: it runs until notice.
 */
export function lastNoticeDay(contractEnd: string | null, noticeMonths: number | null): string | null {
  if (!contractEnd) return null
  return noticeMonths ? minusMonths(contractEnd, noticeMonths) : contractEnd
}

/** ISO 3166-1 alpha-2 codes from "CH, IE" (commas or spaces), upper-cased, each once; null when one is no code. */
export function parseCountries(value: string): string[] | null {
  const codes = value
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
  if (codes.length === 0 || codes.some((c) => !/^[A-Z]{2}$/.test(c))) return null
  return [...new Set(codes)]
}

/** Data kept abroad: any country but Switzerland. */
export function isAbroad(countries: readonly string[]): boolean {
  return countries.some((c) => c !== 'CH')
}

/** The safeguard of Art. 16 DSG is required when personal data of the fund are kept abroad. */
export function safeguardRequired(countries: readonly string[], dsgRole: string): boolean {
  return dsgRole !== 'none' && isAbroad(countries)
}

import type { KriUnit } from '#models/core/constants.ts'
import { formatKriValue as formatCore } from '#models/core/kri-format.ts'

/*
 * A KRI's figure as people type it in Switzerland: "102,4", "102.4", "1'234.5", "1 234,5", "-0.25",
 * with an optional "%" or "CHF". The database keeps numeric(14,4): at most ten digits before the
 * decimal mark and four after. Plain functions: the form and the service use the same.
 */

/** The figure as the database keeps it ("1234.5"), null for an empty input, undefined for one that is no figure. */
export function parseDecimal(input: string | null | undefined): string | null | undefined {
  const raw = (input ?? '').trim()
  if (!raw) return null
  const v = raw
    .replace(/^CHF\s*/i, '')
    .replace(/\s*(CHF|%)$/i, '')
    .replace(/^[−–]/, '-')
  const m = v.match(/^([-+]?)(\d{1,3}(?:['’ʼ\u0020\u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,4}))?$/)
  if (!m) return undefined
  const whole = m[2].replace(/\D/g, '').replace(/^0+(?=\d)/, '')
  if (whole.length > 10) return undefined
  const decimals = (m[3] ?? '').replace(/0+$/, '')
  const sign = m[1] === '-' && (/[1-9]/.test(whole) || decimals !== '') ? '-' : ''
  return decimals ? `${sign}${whole}.${decimals}` : `${sign}${whole}`
}

// One way to write a KRI's figure in the whole product: models/core/kri-format.ts.
export { formatDecimal } from '#models/core/kri-format.ts'

/** A KRI's figure with its unit ("102.4 %", "CHF 350.00", "3"), a dash when there is none. */
export function formatKriValue(value: string | number | null | undefined, unit: KriUnit): string {
  return formatCore(value, unit) || '—'
}

import type { KriUnit } from './constants.ts'

/*
 * A KRI's figure as the Swiss read it, the same in every language, in mails, the digest, the dashboard and the
 * KRI pages alike: thousands apart with ’, a point before the decimals, a no-break space (U+00A0) between the
 * figure and its unit: "98.2 %", "CHF 1’250.00", "3". Plain functions without imports beyond types: the
 * browser and the server use the same.
 */

/** A figure the Swiss way: apostrophe groups, a point, no trailing zeros beyond `min` decimals ("1’234.5"). */
export function formatDecimal(value: string | number | null | undefined, min = 0): string {
  if (value === null || value === undefined || value === '') return ''
  // The database keeps four decimals; a figure computed with more is rounded to them.
  const raw = typeof value === 'number' ? value : value.trim()
  const text = typeof raw === 'number' || /\.\d{5,}$/.test(raw) ? String(Number(Number(raw).toFixed(4))) : raw
  const negative = text.startsWith('-')
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.')
  const decimals = fraction.replace(/0+$/, '').padEnd(min, '0')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '’')
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`
}

/** A KRI's figure with its unit: "102.4 %", "CHF 350.00", "3"; '' when there is none. */
export function formatKriValue(value: string | number | null | undefined, unit: KriUnit): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'string' && !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return value
  if (unit === 'percent') return `${formatDecimal(value)}\u00a0%`
  if (unit === 'chf') return `CHF\u00a0${formatDecimal(value, 2)}`
  return formatDecimal(value)
}

import type { KriUnit } from './constants.ts'

/**
 * A KRI's figure as the Swiss read it, the same in every language of the product (models/core/amount.ts):
 * thousands apart with ’, a point before the decimals, no trailing zeros; the unit after it ("98.2 %",
 * "1’250 CHF", "3").
 */
export function formatKriValue(value: string | number | null | undefined, unit: KriUnit): string {
  if (value === null || value === undefined || value === '') return ''
  const n = Number(value)
  if (!Number.isFinite(n)) return String(value)
  const [whole, decimals = ''] = (Math.round(n * 10_000) / 10_000).toFixed(4).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '’')
  const tail = decimals.replace(/0+$/, '')
  const text = tail ? `${grouped}.${tail}` : grouped
  return unit === 'percent' ? `${text} %` : unit === 'chf' ? `${text} CHF` : text
}

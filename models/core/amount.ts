/*
 * An amount in CHF as people type it in Switzerland: "12'500.50", "12’500.50", "12 500,50",
 * "CHF 12'500.–" or "12500". Thousands may be grouped by an apostrophe or a space (also the
 * no-break spaces of a copied figure); the decimal mark is a point or a comma with at most two
 * digits, or ".-"/".–" for whole francs. Anything else is no amount (the form and the service say so).
 * Plain functions without imports: the form's check and the server's use the same.
 */

/** The amount as the database keeps it ("12500.50"), null for an empty input, undefined for one that is no amount. */
export function parseAmount(input: string | null | undefined): string | null | undefined {
  const raw = (input ?? '').trim()
  if (!raw) return null
  const v = raw
    .replace(/^CHF\s*/i, '')
    .replace(/\s*CHF$/i, '')
    .replace(/[.,][-–—]$/, '')
  // Groups of three after the first, each behind one separator; or no grouping at all.
  const m = v.match(/^(\d{1,3}(?:['’ʼ\u0020\u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/)
  if (!m) return undefined
  const whole = m[1].replace(/\D/g, '').replace(/^0+(?=\d)/, '')
  const cents = (m[2] ?? '').padEnd(2, '0')
  if (whole.length > 12) return undefined
  return `${whole}.${cents}`
}

/** An amount as the Swiss read it: "12'500.50" (the same in every language of the product). */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const fixed = typeof value === 'number' ? value.toFixed(2) : value
  const [whole, cents = ''] = fixed.split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '’')}.${cents.padEnd(2, '0').slice(0, 2)}`
}

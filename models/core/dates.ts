/** Calendar dates as 'YYYY-MM-DD' strings; "today" is the day in Zurich. */
const ZONE = 'Europe/Zurich'

// en-CA formats as YYYY-MM-DD. One formatter: making one costs far more than formatting a date,
// and dates of every row of a list pass through here.
const zurichDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

export function todayInZurich(now: Date = new Date()): string {
  return zurichDay.format(now)
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The years a date may have; PostgreSQL knows no year 0 and nothing before 1900 or after 2999 is meant. */
const MIN_YEAR = 1900
const MAX_YEAR = 2999

/** A real calendar day 'YYYY-MM-DD' within the years meant (1900–2999). */
export function isIsoDate(value: string | undefined): value is string {
  if (value === undefined) return false
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const year = Number(value.slice(0, 4))
  if (year < MIN_YEAR || year > MAX_YEAR) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/** Accepts dd.mm.yyyy (Swiss) or yyyy-mm-dd (date inputs) and answers yyyy-mm-dd, or null. */
export function parseDate(value: string): string | null {
  const v = value.trim()
  const swiss = v.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/)
  const iso = swiss ? `${swiss[3]}-${swiss[2].padStart(2, '0')}-${swiss[1].padStart(2, '0')}` : v
  return isIsoDate(iso) ? iso : null
}

/** Swiss formats: dd.mm.yyyy for every language. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return ''
  const iso = typeof value === 'string' ? value : todayInZurich(value)
  const [y, m, d] = iso.slice(0, 10).split('-')
  return `${d}.${m}.${y}`
}

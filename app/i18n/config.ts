export const supportedLanguages = ['de', 'fr', 'en'] as const
export type Locale = (typeof supportedLanguages)[number]
export const fallbackLanguage: Locale = 'de'
export const defaultNS: Namespace = 'common'
export const namespaces = [
  'common',
  'account',
  'risk',
  'iks',
  'work',
  'admin',
  'sadmin',
  'catalogs',
  'dsg',
  'report',
  'import',
  'executions',
  'files',
  'loyalty',
  'kri',
  'providers',
  'findings',
  'decisions',
] as const
export type Namespace = (typeof namespaces)[number]

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value)
}

export { formatDate } from '#models/core/dates.ts'

// Swiss grouping: 10'000 in German, 10 000 (narrow no-break space) in French, 10,000 in English.
const numberFormats: Record<Locale, Intl.NumberFormat> = {
  de: new Intl.NumberFormat('de-CH'),
  fr: new Intl.NumberFormat('fr-CH'),
  en: new Intl.NumberFormat('en'),
}

/** A count or row number as the reader's language groups it (a text's `{{count}}` is formatted so by t). */
export function formatNumber(value: number, locale: Locale = 'de'): string {
  return (numberFormats[locale] ?? numberFormats.de).format(value)
}

// One formatter for every call (making one costs far more than formatting).
const zurichDateTime = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

export function formatDateTime(value: Date | string | null | undefined, locale: Locale = 'de'): string {
  if (!value) return ''
  const date = typeof value === 'string' ? new Date(value) : value
  const parts = zurichDateTime.formatToParts(date)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  void locale
  return `${get('day')}.${get('month')}.${get('year')} ${get('hour')}:${get('minute')}`
}

/*
 * What the catalogue pages show and offer, without any validation: a page imports these and
 * loads its zod schema only when a form is touched (app/utils/lazy-validate.ts), so zod is not part
 * of the page's JavaScript.
 */

/** The three catalogue languages, as the suffixes of the columns (titleDe, titleFr, titleEn). */
export const LANGS = [
  { code: 'de', suffix: 'De' },
  { code: 'fr', suffix: 'Fr' },
  { code: 'en', suffix: 'En' },
] as const

export const RISK_LEVELS = [1, 2, 3, 4, 5] as const

export const TAGS_MAX = 20
export const TAG_MAX_LENGTH = 50

type Named = { nameDe: string; nameFr: string; nameEn: string }

/** A theme's name in the interface language (German by default). */
export function localName(theme: Named, lang: string | undefined) {
  return lang === 'fr' ? theme.nameFr : lang === 'en' ? theme.nameEn : theme.nameDe
}

/** Select options: the number (`key`) and the local name of each theme. */
export function numberedOptions<T extends Named & { id: string }>(rows: readonly T[], key: (row: T) => string, lang: string | undefined) {
  return rows.map((row) => ({ value: row.id, label: `${key(row)} ${localName(row, lang)}` }))
}

/** Risk themes by leading number and local name. */
export function themeOptions(themes: readonly (Named & { id: string; leadingNumber: string })[], lang: string | undefined) {
  return numberedOptions(themes, (th) => th.leadingNumber, lang)
}

/** ICS main processes by leading number and local name. */
export const mainThemeOptions = (mainThemes: readonly (Named & { id: string; leadingNumber: string })[], lang: string | undefined) =>
  numberedOptions(mainThemes, (m) => m.leadingNumber, lang)

/** ICS sub-processes by key and local name. */
export const subThemeOptions = (subThemes: readonly (Named & { id: string; key: string })[], lang: string | undefined) =>
  numberedOptions(subThemes, (s) => s.key, lang)

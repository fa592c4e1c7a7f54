/**
 * Seed data types for the default risk catalogue of a Swiss pension fund
 * (Vorsorgeeinrichtung / institution de prévoyance).
 */
export type L10n = { de: string; fr: string; en: string }

export type RiskThemeSeed = {
  /** exactly 2 characters, e.g. '01' */
  leadingNumber: string
  name: L10n
}

export type RiskCatalogSeed = {
  /** theme leading number + '.' + two digits, e.g. '01.03'; unique */
  idkey: string
  /** leadingNumber of its theme */
  theme: string
  /** short name of the risk (max ~80 chars) */
  title: L10n
  /** 2–3 sentences: cause, event, consequence for the fund */
  description: L10n
  /** typical steering measure (1–2 sentences) */
  reaction: L10n
  /** how the risk is monitored (1 sentence) */
  controlling: L10n
  probability: 1 | 2 | 3 | 4 | 5
  severity: 1 | 2 | 3 | 4 | 5
  strategic: boolean
  /** relevant under the Swiss data protection act (DSG) */
  dsgRelevant: boolean
  hasPersonalData: boolean
  /** besonders schützenswerte Personendaten (e.g. health data) */
  hasProtectableData: boolean
  /** 1–3 short lowercase English tags */
  tags: string[]
}

export type LevelSeed = {
  ref: number
  size: L10n
  range?: L10n
  effect?: L10n
  description: L10n
}

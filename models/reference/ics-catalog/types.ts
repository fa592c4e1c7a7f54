/** Seed types for the default ICS (IKS/SCI) catalogue, quality levels and control matrix. */

export type L10n = { de: string; fr: string; en: string }

/** Main process (Hauptprozess) of the ICS catalogue. */
export type IcsMainThemeSeed = {
  leadingNumber: string // exactly 2 characters, '01'…
  name: L10n
}

/** Sub-process (Teilprozess) of a main process. */
export type IcsSubThemeSeed = {
  key: string // e.g. '01.1'
  mainTheme: string // leadingNumber of the main theme
  name: L10n
}

/** Entry of the default ICS catalogue. */
export type IcsCatalogSeed = {
  idkey: string // e.g. '01.1.02' = main theme + sub-theme + running number; unique
  mainTheme: string // leadingNumber
  subTheme: string // key of its sub-theme
  title: L10n // the process / control area
  description: L10n // what the process is and what can go wrong
  defaultControlTarget: L10n // Kontrollziel
  defaultControlActivity: L10n // Kontrollaktivität
  dsgRelevant: boolean
  tags: string[] // 1–3 lowercase English tags
}

/** Generic texts of the ICS maturity levels (Reifegrad). */
export type QualityLevelTextSeed = { level: 1 | 2 | 3 | 4 | 5; title: L10n; text: L10n }

/** Cell of the control matrix: E decision, A proposal/request, M cooperation, or none. */
type ControlMatrixCell = 'E' | 'A' | 'M' | null

/** Row of the control matrix (Funktionendiagramm). */
export type ControlMatrixSeed = {
  task: L10n
  revision: ControlMatrixCell
  management: ControlMatrixCell
  responsible: ControlMatrixCell
  department: L10n
  controller: L10n
  cycle: L10n
  comment: L10n
}

/**
 * Seed data types for the catalogue of processing activities (Art. 12 DSG) typical for a Swiss
 * pension fund (Vorsorgeeinrichtung / institution de prévoyance), copied into a fund's record.
 */
import type { DsgActivityRole } from '../../core/constants.ts'

export type L10n = { de: string; fr: string; en: string }

/** A category of personal data; `sensitive`: particularly sensitive under Art. 5 lit. c DSG. */
export type DsgCategorySeed = L10n & { sensitive: boolean }

export type DsgTemplateSeed = {
  /** Stable key for seeding (kebab-case, unique); the position is the order of the list. */
  key: string
  name: L10n
  /** What the fund does and why; for outsourced processing also who is controller and who processor. */
  purpose: L10n
  /** The fund's role: controller (it decides) or processor (it processes for another controller). */
  role: DsgActivityRole
  dataSubjects: L10n
  dataCategories: DsgCategorySeed[]
  recipients: L10n
  /** The retention period or the criteria for it. */
  retention: L10n
  /** Typical security measures (Art. 8 DSG, Art. 1–3 DSV). */
  security: L10n
  /** For the mandatory part the fund is a federal body (Art. 34 DSG): its basis in the BVG; otherwise the contract or justification. */
  legalBasis: L10n
}

/** A category in three languages. */
export const category = (de: string, fr: string, en: string, sensitive = false): DsgCategorySeed => ({ de, fr, en, sensitive })

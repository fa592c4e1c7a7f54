/**
 * Default ICS (IKS/SCI) catalogue for Swiss pension funds (seed data):
 * main processes, sub-processes, catalogue entries, maturity levels and control matrix.
 * Texts in German (default), Swiss French and English.
 */
import type { IcsCatalogSeed } from './types.ts'
import { icsEntries1 } from './entries-1.ts'
import { icsEntries2 } from './entries-2.ts'

export type {
  L10n,
  IcsMainThemeSeed,
  IcsSubThemeSeed,
  IcsCatalogSeed,
  QualityLevelTextSeed,
  ControlMatrixCell,
  ControlMatrixSeed,
} from './types.ts'
export { icsMainThemes, icsSubThemes } from './themes.ts'
export { qualityLevelTexts } from './quality.ts'
export { controlMatrixSeed } from './control-matrix.ts'
export { icsEntries1, icsEntries2 }

export const icsCatalog: IcsCatalogSeed[] = [...icsEntries1, ...icsEntries2]

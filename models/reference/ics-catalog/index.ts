/**
 * Default ICS (IKS/SCI) catalogue for Swiss pension funds (reference data):
 * main processes, sub-processes, catalogue entries, maturity levels and control matrix.
 * Texts in German (default), Swiss French and English.
 */
import type { IcsCatalogSeed } from './types.ts'
import { icsEntries01 } from './entries-01.ts'
import { icsEntries02 } from './entries-02.ts'
import { icsEntries03 } from './entries-03.ts'
import { icsEntries04 } from './entries-04.ts'
import { icsEntries05 } from './entries-05.ts'
import { icsEntries06 } from './entries-06.ts'
import { icsEntries07 } from './entries-07.ts'
import { icsEntries08 } from './entries-08.ts'

export { icsMainThemes, icsSubThemes } from './themes.ts'
export { qualityLevelTexts } from './quality.ts'
export { controlMatrixSeed } from './control-matrix.ts'
export { icsProcedures } from './procedures.ts'

export const icsCatalog: IcsCatalogSeed[] = [
  ...icsEntries01,
  ...icsEntries02,
  ...icsEntries03,
  ...icsEntries04,
  ...icsEntries05,
  ...icsEntries06,
  ...icsEntries07,
  ...icsEntries08,
]

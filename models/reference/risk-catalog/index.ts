/**
 * Default risk catalogue for Swiss pension funds (reference data).
 * Texts in German (default), Swiss French and English.
 */
import type { RiskCatalogSeed } from './types.ts'
import { risks01 } from './risks-01.ts'
import { risks02 } from './risks-02.ts'
import { risks03 } from './risks-03.ts'
import { risks04 } from './risks-04.ts'
import { risks05 } from './risks-05.ts'
import { risks06 } from './risks-06.ts'
import { risks07 } from './risks-07.ts'
import { risks08 } from './risks-08.ts'
import { risks09 } from './risks-09.ts'

export { riskThemes } from './themes.ts'
export { defaultProbabilityLevels, defaultSeverityLevels } from './levels.ts'

export const riskCatalog: RiskCatalogSeed[] = [...risks01, ...risks02, ...risks03, ...risks04, ...risks05, ...risks06, ...risks07, ...risks08, ...risks09]

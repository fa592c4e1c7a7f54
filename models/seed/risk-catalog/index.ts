/**
 * Default risk catalogue for Swiss pension funds (seed data).
 * Texts in German (default), Swiss French and English.
 */
import type { RiskCatalogSeed } from './types.ts'
import { risks0103 } from './risks-01-03.ts'
import { risks0406 } from './risks-04-06.ts'
import { risks0709 } from './risks-07-09.ts'

export type { L10n, RiskThemeSeed, RiskCatalogSeed, LevelSeed } from './types.ts'
export { riskThemes } from './themes.ts'
export { defaultProbabilityLevels, defaultSeverityLevels } from './levels.ts'
export { risks0103, risks0406, risks0709 }

export const riskCatalog: RiskCatalogSeed[] = [...risks0103, ...risks0406, ...risks0709]

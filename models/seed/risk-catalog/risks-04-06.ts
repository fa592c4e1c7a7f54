import type { RiskCatalogSeed } from './types.ts'
import { risks04 } from './risks-04.ts'
import { risks05 } from './risks-05.ts'
import { risks06 } from './risks-06.ts'

/** Themes 04 operations, 05 IT and information security, 06 data protection */
export const risks0406: RiskCatalogSeed[] = [...risks04, ...risks05, ...risks06]

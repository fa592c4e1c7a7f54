import type { RiskCatalogSeed } from './types.ts'
import { risks07 } from './risks-07.ts'
import { risks08 } from './risks-08.ts'
import { risks09 } from './risks-09.ts'

/** Themes 07 legal and compliance, 08 reputation and communication, 09 people and know-how */
export const risks0709: RiskCatalogSeed[] = [...risks07, ...risks08, ...risks09]

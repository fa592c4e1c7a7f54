import type { RiskCatalogSeed } from './types.ts'
import { risks01 } from './risks-01.ts'
import { risks02 } from './risks-02.ts'
import { risks03 } from './risks-03.ts'

/** Themes 01 governance, 02 investments, 03 actuarial and funding */
export const risks0103: RiskCatalogSeed[] = [...risks01, ...risks02, ...risks03]

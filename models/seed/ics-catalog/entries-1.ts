import type { IcsCatalogSeed } from './types.ts'
import { icsEntries01 } from './entries-01.ts'
import { icsEntries02 } from './entries-02.ts'
import { icsEntries03 } from './entries-03.ts'
import { icsEntries04 } from './entries-04.ts'

/** Main processes 01 governance, 02 asset management, 03 contributions and insured persons, 04 benefits */
export const icsEntries1: IcsCatalogSeed[] = [...icsEntries01, ...icsEntries02, ...icsEntries03, ...icsEntries04]

import type { IcsCatalogSeed } from './types.ts'
import { icsEntries05 } from './entries-05.ts'
import { icsEntries06 } from './entries-06.ts'
import { icsEntries07 } from './entries-07.ts'
import { icsEntries08 } from './entries-08.ts'

/** Main processes 05 finance and accounting, 06 IT and data protection, 07 HR and organisation, 08 compliance and legal */
export const icsEntries2: IcsCatalogSeed[] = [...icsEntries05, ...icsEntries06, ...icsEntries07, ...icsEntries08]

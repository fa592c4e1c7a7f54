/**
 * The catalogue of processing activities for Swiss pension funds (reference data), in German
 * (default), Swiss French and English; a fund copies a template into its record (Art. 12 DSG).
 * The order here is the catalogue's order.
 */
import { fundTemplates } from './fund.ts'
import { insuredTemplates } from './insured.ts'
import type { DsgTemplateSeed } from './types.ts'

export type { DsgCategorySeed, DsgTemplateSeed, L10n } from './types.ts'

export const dsgTemplates: DsgTemplateSeed[] = [...insuredTemplates, ...fundTemplates]

import type { ImportKind } from '#models/core/constants.ts'

/**
 * The fields an import fills, per inventory: the export's columns (app/features/inventory/risk/export.ts,
 * app/features/measures/export.ts) that are data, not derived (score, status, confirmation).
 */
export const IMPORT_FIELDS = {
  risks: [
    'idkey',
    'title',
    'theme',
    'state',
    'owner',
    'grossProbability',
    'grossSeverity',
    'probability',
    'severity',
    'relevance',
    'strategic',
    'dsgRelevant',
    'measureNeeded',
    'tags',
  ],
  measures: ['number', 'iteration', 'title', 'body', 'source', 'owner', 'dueDate', 'recurrence', 'dsgMeasure'],
  /** KRI values (issue 27): the KRI by its catalogue key or name, the reporting date, the value, a comment. */
  kriValues: ['kri', 'periodEnd', 'value', 'comment'],
} as const satisfies Record<ImportKind, readonly string[]>

/** The export's header of each field (and of the derived columns the import passes over). */
export const HEADER_KEYS: Record<ImportKind, Record<string, string>> = {
  risks: {
    idkey: 'risk:field.idkey',
    title: 'risk:field.title',
    theme: 'risk:field.theme',
    state: 'risk:field.state',
    owner: 'risk:field.owner',
    grossProbability: 'risk:field.grossProbability',
    grossSeverity: 'risk:field.grossSeverity',
    // The rating of before issue 27 is the net rating (decision 0067).
    probability: 'risk:field.netProbability',
    severity: 'risk:field.netSeverity',
    relevance: 'risk:field.relevance',
    strategic: 'risk:field.strategic',
    dsgRelevant: 'risk:field.dsgRelevant',
    measureNeeded: 'risk:field.measureNeeded',
    tags: 'risk:field.tags',
  },
  measures: {
    number: 'measures.field.number',
    iteration: 'measures.field.iteration',
    title: 'measures.field.title',
    body: 'measures.field.body',
    source: 'measures.field.source',
    owner: 'measures.field.owner',
    dueDate: 'measures.field.dueDate',
    recurrence: 'measures.field.recurrence',
    dsgMeasure: 'measures.field.dsgMeasure',
  },
  kriValues: {
    kri: 'import:kri.field.kri',
    periodEnd: 'import:kri.field.periodEnd',
    value: 'import:kri.field.value',
    comment: 'import:kri.field.comment',
  },
}
export const DERIVED: Record<ImportKind, string[]> = {
  risks: ['risk:field.score', 'risk:field.grossScore', 'risk:field.netScore', 'risk:field.updatedAt'],
  measures: ['measures.field.status', 'measures.field.confirmedAt', 'measures.field.confirmedBy', 'measures.field.confirmationText'],
  kriValues: [],
}

/** Headers of earlier exports that still name a field exactly: the rating before the gross one came (issue 27). */
export const EARLIER_HEADERS: Partial<Record<ImportKind, Record<string, string>>> = {
  risks: { probability: 'risk:field.probability', severity: 'risk:field.severity' },
}

/** A field's label in the user's language: the export's header (an i18n key). */
export const headerKey = (kind: ImportKind, field: string) => HEADER_KEYS[kind][field]

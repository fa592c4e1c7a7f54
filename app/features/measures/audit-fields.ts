import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'
import { measureNumber } from '#models/core/record-number.ts'

/** How the audit entries of measures read in a history (decision 0034). */
export const auditFields: AuditFields = {
  measure: {
    ...technical,
    idkey: { label: 'measures.field.number', kind: (n) => measureNumber(n) },
    source: { label: 'measures.field.source', kind: { enum: prefix('measures', 'source') } },
    title: { label: 'measures.field.title' },
    body: { label: 'measures.field.body' },
    state: { label: 'measures.field.status', kind: { enum: prefix('measures', 'view') } },
    ownerUserId: { label: 'measures.field.owner', kind: 'ref' },
    ownerBodyId: { label: 'measures.field.owner', kind: 'ref' },
    dueDate: { label: 'measures.field.dueDate', kind: 'date' },
    recurrence: { label: 'measures.field.recurrence', kind: { enum: 'recurrence' } },
    iteration: { label: 'measures.field.iteration' },
    dsgMeasure: { label: 'measures.field.dsgMeasure', kind: 'bool' },
    inEdit: { label: 'measures.field.inEdit', kind: 'bool' },
    confirmedAt: { label: 'measures.field.confirmedAt', kind: 'date' },
    confirmedByUserId: { label: 'measures.field.confirmedBy', kind: 'ref' },
    confirmationText: { label: 'measures.field.confirmationText' },
    riskId: null,
    iksId: null,
    riskCatalogId: null,
    cleanup: null,
    createdByUserId: null,
  },
}

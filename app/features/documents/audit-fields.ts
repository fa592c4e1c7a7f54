import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of documents read in a history (decision 0034). */
export const auditFields: AuditFields = {
  document: {
    ...technical,
    category: { label: 'documents.field.category', kind: { enum: prefix('documents', 'tab') } },
    name: { label: 'documents.field.name' },
    link: { label: 'documents.field.link' },
    linkText: { label: 'documents.field.linkText' },
    comment: { label: 'field.comment' },
    dueDate: { label: 'documents.field.dueDate', kind: 'date' },
    present: { label: 'documents.field.present', kind: 'bool' },
    riskId: null,
    iksId: null,
  },
}

import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'
import { decisionNumber } from '#models/core/record-number.ts'

/** How the audit entries of the council's decisions read in a history (decision 0034). */
export const auditFields: AuditFields = {
  councilDecision: {
    ...technical,
    number: { label: 'decisions:field.number', kind: (n) => decisionNumber(n) },
    subject: { label: 'decisions:field.subject', kind: { enum: prefix('decisions:subject') } },
    decidedOn: { label: 'decisions:field.decidedOn', kind: 'date' },
    reference: { label: 'decisions:field.reference' },
    title: { label: 'decisions:field.title' },
    text: { label: 'decisions:field.text' },
    decidedBy: { label: 'decisions:field.decidedBy' },
    documentId: { label: 'decisions:field.document', kind: 'ref' },
    documentIds: { label: 'decisions:field.documents', kind: 'list' },
    recordedByUserId: null,
  },
}

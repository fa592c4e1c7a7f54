import { type AuditFields, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of a risk's acceptance read in a history (decision 0034). */
export const auditFields: AuditFields = {
  riskAcceptance: {
    ...technical,
    riskId: { label: 'kri:acceptance.field.risk', kind: 'ref' },
    acceptedOn: { label: 'kri:acceptance.field.acceptedOn', kind: 'date' },
    acceptedBy: { label: 'kri:acceptance.field.acceptedBy' },
    decisionReference: { label: 'kri:acceptance.field.decisionReference' },
    justification: { label: 'kri:acceptance.field.justification' },
    validUntil: { label: 'kri:acceptance.field.validUntil', kind: 'date' },
    netScore: { label: 'kri:acceptance.field.netScore' },
    revokedOn: { label: 'kri:acceptance.field.revokedOn', kind: 'date' },
    recordedByUserId: null,
    remindedAt: null,
  },
}

import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of the underfunding cases and duties read in a history (decision 0034). */
export const auditFields: AuditFields = {
  underfundingCase: {
    ...technical,
    periodEnd: { label: 'kri:underfunding.periodEnd', kind: 'date' },
    coverageRatio: { label: 'kri:underfunding.coverageRatio' },
    closedOn: { label: 'kri:underfunding.closedOn', kind: 'date' },
  },
  underfundingDuty: {
    ...technical,
    caseId: null,
    duty: { label: 'kri:underfunding.field.duty', kind: { enum: prefix('kri:duty') } },
    dueOn: { label: 'kri:underfunding.field.dueOn', kind: 'date' },
    doneOn: { label: 'kri:underfunding.doneOn', kind: 'date' },
    evidence: { label: 'kri:underfunding.evidence' },
    documentId: { label: 'kri:underfunding.document', kind: 'ref' },
    doneByUserId: { label: 'kri:underfunding.field.doneBy', kind: 'ref' },
  },
}

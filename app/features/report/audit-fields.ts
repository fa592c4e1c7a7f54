import { type AuditFields, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of approvals and year-end snapshots of the annual report read in a history (decision 0034). */
export const auditFields: AuditFields = {
  reportApproval: {
    ...technical,
    approvedOn: { label: 'history.field.approvedOn', kind: 'date' },
    names: { label: 'history.field.approvedBy' },
    decisionId: { label: 'report:approvalDecision.decision', kind: 'ref' },
  },
  reportSnapshot: {
    ...technical,
    reportingDate: { label: 'history.field.reportingDate', kind: 'date' },
  },
}

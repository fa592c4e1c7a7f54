import { type AuditFields, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of a fund's KRIs, their values and the council's approvals read in a history (decision 0034). */
export const auditFields: AuditFields = {
  kri: {
    ...technical,
    catalogKey: { label: 'kri:field.key' },
    ownerUserId: { label: 'kri:field.owner', kind: 'ref' },
    frequency: { label: 'kri:field.frequency', kind: { enum: 'kri:frequency' } },
    active: { label: 'kri:field.active', kind: 'bool' },
    note: { label: 'kri:field.note' },
    validFrom: { label: 'kri:field.validFrom', kind: 'date' },
    amber: { label: 'kri:field.amber' },
    red: { label: 'kri:field.red' },
    linkedRisk: { label: 'kri:field.linkedRisk' },
  },
  kriValue: {
    ...technical,
    kriId: { label: 'kri:field.name', kind: 'ref' },
    periodEnd: { label: 'kri:field.periodEnd', kind: 'date' },
    value: { label: 'kri:field.value' },
    source: { label: 'kri:field.source', kind: { enum: 'kri:source' } },
    comment: { label: 'kri:field.comment' },
  },
  riskAppetiteApproval: {
    ...technical,
    approvedOn: { label: 'kri:approval.approvedOn', kind: 'date' },
    decisionReference: { label: 'kri:approval.decisionReference' },
    approvedBy: { label: 'kri:approval.approvedBy' },
    scoreLimit: { label: 'kri:approval.scoreLimit' },
    remark: { label: 'kri:approval.remark' },
  },
}

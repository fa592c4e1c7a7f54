import { type AuditFields, technical } from '#models/core/audit-fields.ts'
import { findingNumber } from '#models/core/record-number.ts'

/** How the audit entries of findings and the register's settings read in a history (decision 0034). */
export const auditFields: AuditFields = {
  finding: {
    ...technical,
    number: { label: 'findings:field.number', kind: (n) => findingNumber(n) },
    source: { label: 'findings:field.source', kind: { enum: 'findings:source' } },
    reference: { label: 'findings:field.reference' },
    issuedOn: { label: 'findings:field.issuedOn', kind: 'date' },
    title: { label: 'findings:field.title' },
    text: { label: 'findings:field.text' },
    severity: { label: 'findings:field.severity', kind: { enum: 'findings:severity' } },
    deadline: { label: 'findings:field.deadline', kind: 'date' },
    ownerUserId: { label: 'findings:field.owner', kind: 'ref' },
    state: { label: 'findings:field.state', kind: { enum: 'findings:state' } },
    response: { label: 'findings:field.response' },
    doneOn: { label: 'findings:field.doneOn', kind: 'date' },
    acceptanceDecisionId: { label: 'findings:field.acceptance', kind: 'ref' },
    escalatedFor: { label: 'findings:field.escalatedFor', kind: 'date' },
    riskId: { label: 'findings:links.risk', kind: 'ref' },
    processId: { label: 'findings:links.process', kind: 'ref' },
    measureId: { label: 'findings:links.measure', kind: 'ref' },
  },
  findingSettings: {
    ...technical,
    councilContactName: { label: 'findings:settings.name' },
    councilContactEmail: { label: 'findings:settings.email' },
  },
}

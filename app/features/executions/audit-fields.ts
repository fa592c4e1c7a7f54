import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'
import { executionNumber } from '#models/core/record-number.ts'

/** How the audit entries of control executions read in a history (decision 0034). */
export const auditFields: AuditFields = {
  controlExecution: {
    ...technical,
    number: { label: 'executions:field.number', kind: (n) => executionNumber(n) },
    processId: { label: 'executions:field.process', kind: 'ref' },
    period: { label: 'executions:field.period' },
    periodStart: { label: 'executions:field.periodStart', kind: 'date' },
    periodEnd: { label: 'executions:field.periodEnd', kind: 'date' },
    dueDate: { label: 'executions:field.dueDate', kind: 'date' },
    state: { label: 'executions:field.state', kind: { enum: prefix('executions:state') } },
    performerUserId: { label: 'executions:field.performer', kind: 'ref' },
    reviewerUserId: { label: 'executions:field.reviewer', kind: 'ref' },
    performedOn: { label: 'executions:field.performedOn', kind: 'date' },
    result: { label: 'executions:field.result', kind: { enum: prefix('executions:result') } },
    resultReason: { label: 'executions:field.resultReason' },
    steps: { label: 'executions:field.steps' },
    observation: { label: 'executions:field.observation' },
    populationSize: { label: 'executions:field.populationSize' },
    sampleSize: { label: 'executions:field.sampleSize' },
    sampleItems: { label: 'executions:field.sampleItems', kind: 'list' },
    recordedByUserId: { label: 'executions:field.recordedBy', kind: 'ref' },
    submittedAt: { label: 'executions:field.submittedAt', kind: 'date' },
    reviewedByUserId: { label: 'executions:field.reviewedBy', kind: 'ref' },
    reviewedAt: { label: 'executions:field.reviewedAt', kind: 'date' },
    reviewComment: { label: 'executions:field.reviewComment' },
    measureId: { label: 'executions:field.measure', kind: 'ref' },
    // A provider's yearly assurance review (issue 28): the provider it is of.
    providerId: { label: 'executions:assurance.review', kind: 'ref' },
  },
}

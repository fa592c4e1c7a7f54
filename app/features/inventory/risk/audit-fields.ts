import { type AuditFields, dsgBlock, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of the risk inventory, the link of a risk to ICS processes and the customer's probability and severity levels read in a history (decision 0034). */
export const auditFields: AuditFields = {
  risk: {
    ...technical,
    ...dsgBlock,
    idkey: { label: 'risk:field.idkey', dsg: true },
    title: { label: 'risk:field.title', dsg: true },
    state: { label: 'risk:field.state', kind: { enum: 'risk:state' }, dsg: true },
    ownerUserId: { label: 'risk:field.owner', kind: 'ref' },
    tags: { label: 'risk:field.tags', kind: 'list' },
    themeId: { label: 'risk:field.theme', kind: 'ref', dsg: true },
    description: { label: 'risk:field.description' },
    relevance: { label: 'risk:field.relevance', kind: { enum: 'risk:relevance' } },
    strategic: { label: 'risk:field.strategic', kind: 'bool' },
    probabilityLevelId: { label: 'risk:field.probability', kind: 'ref' },
    severityLevelId: { label: 'risk:field.severity', kind: 'ref' },
    grossProbabilityLevelId: { label: 'risk:field.grossProbability', kind: 'ref' },
    grossSeverityLevelId: { label: 'risk:field.grossSeverity', kind: 'ref' },
    reaction: { label: 'risk:field.reaction' },
    answer: { label: 'risk:field.answer', kind: { enum: 'risk:answer' } },
    measureNeeded: { label: 'risk:field.measureNeeded', kind: 'bool' },
    controlling: { label: 'risk:field.controlling' },
  },
  riskProcessLink: {
    ...technical,
    processId: { label: 'history.field.linkedProcess', kind: 'ref' },
  },
  probabilityLevel: {
    ...technical,
    name: { label: 'risk:level.name' },
    range: { label: 'risk:level.range' },
    description: { label: 'risk:level.description' },
  },
  severityLevel: {
    ...technical,
    size: { label: 'risk:level.size' },
    effect: { label: 'risk:level.effect' },
    description: { label: 'risk:level.description' },
  },
}

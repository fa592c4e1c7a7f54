import { type AuditFields, dsgBlock, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of the ICS process inventory, the control matrix, the quality levels and the ICS settings read in a history (decision 0034). */
export const auditFields: AuditFields = {
  icsProcess: {
    ...technical,
    ...dsgBlock,
    idkey: { label: 'risk:field.idkey', dsg: true },
    title: { label: 'iks:field.title', dsg: true },
    state: { label: 'iks:field.state', kind: { enum: 'iks:state' }, dsg: true },
    ownerUserId: { label: 'iks:field.owner', kind: 'ref' },
    tags: { label: 'risk:field.tags', kind: 'list' },
    mainThemeId: { label: 'iks:field.main', kind: 'ref', dsg: true },
    subThemeId: { label: 'iks:field.sub', kind: 'ref', dsg: true },
    description: { label: 'iks:field.description' },
    controlTarget: { label: 'iks:field.controlTarget' },
    controlActivity: { label: 'iks:field.controlActivity' },
    assessmentCurrentState: { label: 'iks:field.assessmentCurrentState' },
    effectiveness: { label: 'iks:field.effectiveness', kind: { enum: 'iks:rating' } },
    traceability: { label: 'iks:field.traceability', kind: { enum: 'iks:rating' } },
    efficiency: { label: 'iks:field.efficiency', kind: { enum: 'iks:rating' } },
    furtherObjectives: { label: 'iks:field.furtherObjectives' },
    measureNeeded: { label: 'risk:field.measureNeeded', kind: 'bool' },
  },
  controlMatrix: {
    ...technical,
    position: { label: 'history.field.position' },
    task: { label: 'iks:matrix.task' },
    revision: { label: 'iks:matrix.revision' },
    management: { label: 'iks:matrix.management' },
    responsible: { label: 'iks:matrix.responsible' },
    department: { label: 'iks:matrix.department' },
    controller: { label: 'iks:matrix.controller' },
    cycle: { label: 'iks:matrix.cycle' },
    comment: { label: 'field.comment' },
  },
  icsQuality: {
    ...technical,
    level: { label: 'iks:quality.level' },
  },
  icsSettings: {
    ...technical,
    councilMinimum: { label: 'iks:quality.minimum' },
  },
}

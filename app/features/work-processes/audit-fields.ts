import { type AuditFields, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of work processes read in a history (decision 0034). */
export const auditFields: AuditFields = {
  workProcess: {
    ...technical,
    title: { label: 'work:field.title' },
    state: { label: 'work:field.state', kind: { enum: 'work:state' } },
    link: { label: 'documents.field.link' },
    enforcementDate: { label: 'work:field.enforcementDate', kind: 'date' },
    businessCase: { label: 'work:field.businessCase' },
    processRef: { label: 'work:field.processRef' },
    ownerUserId: { label: 'work:field.owner', kind: 'ref' },
    mainThemeId: { label: 'iks:field.main', kind: 'ref' },
    subThemeId: { label: 'iks:field.sub', kind: 'ref' },
  },
}

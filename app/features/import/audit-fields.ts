import { type AuditFields, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of imports read in a history (decision 0034). */
export const auditFields: AuditFields = {
  import: {
    ...technical,
    kind: { label: 'history.field.importKind', kind: { enum: 'import:title' } },
    file: { label: 'history.field.importFile' },
    created: { label: 'history.field.importCreated' },
    updated: { label: 'history.field.importUpdated' },
  },
}

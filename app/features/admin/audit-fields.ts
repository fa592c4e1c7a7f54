import { type AuditFields, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of the fund's responsible bodies read in a history (decision 0034). */
export const auditFields: AuditFields = {
  responsibleBody: {
    ...technical,
    name: { label: 'field.name' },
  },
}

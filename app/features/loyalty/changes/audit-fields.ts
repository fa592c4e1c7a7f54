import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'
import { personChangeNumber } from '#models/core/record-number.ts'

/** How the audit entries of the changes of persons read in a history (decision 0034). */
export const auditFields: AuditFields = {
  personChange: {
    ...technical,
    number: { label: 'loyalty:changes.field.number', kind: (n) => personChangeNumber(n) },
    kind: { label: 'loyalty:changes.field.kind', kind: { enum: prefix('loyalty:changes.kinds') } },
    personId: { label: 'loyalty:changes.field.person', kind: 'ref' },
    description: { label: 'loyalty:changes.field.description' },
    effectiveOn: { label: 'loyalty:changes.field.effectiveOn', kind: 'date' },
    reportedOn: { label: 'loyalty:changes.field.reportedOn', kind: 'date' },
  },
}

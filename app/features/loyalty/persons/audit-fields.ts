import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of the persons subject to the loyalty rules read in a history (decision 0034). */
export const auditFields: AuditFields = {
  loyaltyPerson: {
    ...technical,
    firstName: { label: 'loyalty:persons.field.firstName' },
    lastName: { label: 'loyalty:persons.field.lastName' },
    function: { label: 'loyalty:persons.field.function', kind: { enum: prefix('loyalty:functions') } },
    organisation: { label: 'loyalty:persons.field.organisation' },
    email: { label: 'loyalty:persons.field.email' },
    language: { label: 'loyalty:persons.field.language', kind: { enum: 'language' } },
    userId: { label: 'loyalty:persons.field.account', kind: 'ref' },
    fromDate: { label: 'loyalty:persons.field.fromDate', kind: 'date' },
    untilDate: { label: 'loyalty:persons.field.untilDate', kind: 'date' },
  },
}

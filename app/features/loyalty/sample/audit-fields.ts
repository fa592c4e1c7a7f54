import type { AuditFields } from '#models/core/audit-fields.ts'

/** How the audit entries of the auditor's sample read in the trail: the draw (year, n, what was drawn) and each download. */
export const auditFields: AuditFields = {
  loyaltySample: {
    year: { label: 'loyalty:sample.field.year' },
    n: { label: 'loyalty:sample.field.n' },
    available: { label: 'loyalty:sample.audit.available' },
    declarations: { label: 'loyalty:sample.audit.declarations', kind: 'list' },
    ids: { label: 'loyalty:sample.audit.ids', kind: 'list' },
    file: { label: 'loyalty:sample.audit.file' },
  },
}

import { type AuditFields, technical } from '#models/core/audit-fields.ts'

/** How the audit entries of a fund's own OpenID provider read in a history (decision 0034). */
export const auditFields: AuditFields = {
  // A fund's own OpenID provider (decision 0038): the secret only ever as '***'.
  identityProvider: {
    ...technical,
    issuer: { label: 'history.field.issuer' },
    clientId: { label: 'history.field.clientId' },
    clientSecret: { label: 'history.field.clientSecret' },
    allowedDomains: { label: 'history.field.allowedDomains', kind: 'list' },
    enabled: { label: 'history.field.providerEnabled', kind: 'bool' },
    sessionsEnded: { label: 'history.field.sessionsEnded' },
  },
}

import { type AuditFields, type FieldTable, technical } from '#models/core/audit-fields.ts'

/** The rights and the term a membership holds and an invitation offers, audited under these names (decision 0057). */
const rightsAndTerm: FieldTable = {
  riskEnabled: { label: 'history.field.riskEnabled', kind: 'bool' },
  riskRole: { label: 'history.field.riskRole', kind: { enum: 'role' } },
  iksEnabled: { label: 'history.field.iksEnabled', kind: 'bool' },
  iksRole: { label: 'history.field.iksRole', kind: { enum: 'role' } },
  kind: { label: 'history.field.kind', kind: { enum: 'history.kind' } },
  endsOn: { label: 'history.field.endsOn', kind: 'date' },
}

/** How the audit entries of users, memberships, deputies, invitations, sessions and the customer's company data read in a history (decision 0034). */
export const auditFields: AuditFields = {
  membership: {
    ...technical,
    userId: { label: 'history.field.userId', kind: 'ref' },
    ...rightsAndTerm,
    loyaltyRead: { label: 'admin:users.loyaltyRead', kind: 'bool' },
  },
  deputy: {
    ...technical,
    deputyUserId: { label: 'history.field.deputy', kind: 'ref' },
    active: { label: 'history.field.active', kind: 'bool' },
    startsOn: { label: 'history.field.startsOn', kind: 'date' },
    endsOn: { label: 'history.field.endsOn', kind: 'date' },
    actingFor: { label: 'history.field.actingFor', kind: 'ref' },
  },
  invitation: {
    ...technical,
    email: { label: 'field.email' },
    ...rightsAndTerm,
    answer: { label: 'history.field.answer', kind: { enum: 'history.answer' } },
  },
  session: {
    ...technical,
    customer: { label: 'history.field.customer', kind: 'ref' },
    client: { label: 'history.field.ipAddress' },
    userAgent: { label: 'history.field.userAgent' },
    method: { label: 'history.field.method', kind: { enum: 'history.method' } },
    email: { label: 'field.email' },
    reason: { label: 'history.field.reason', kind: { enum: 'history.reason' } },
    recoveryCode: { label: 'history.field.recoveryCode', kind: 'bool' },
    refusal: { label: 'history.field.refusal', kind: { enum: 'history.refusal' } },
    providerId: { label: 'history.field.providerId', kind: 'ref' },
  },
  user: {
    ...technical,
    firstName: { label: 'field.firstName' },
    lastName: { label: 'field.lastName' },
    email: { label: 'field.email' },
    phone: { label: 'field.phone' },
    position: { label: 'field.position', kind: { enum: 'position' } },
    functional: { label: 'field.functional' },
    language: { label: 'field.language', kind: { enum: 'language' } },
    remindersEnabled: { label: 'field.remindersEnabled', kind: 'bool' },
    password: null,
    passwordHash: null,
    // The second factor (issue 12): on or off and the recovery codes, never a secret.
    secondFactor: { label: 'history.field.secondFactor', kind: 'bool' },
    recoveryCodesCreated: { label: 'history.field.recoveryCodesCreated', kind: 'bool' },
    recoveryCodesLeft: { label: 'history.field.recoveryCodesLeft' },
    sessionsEnded: { label: 'history.field.sessionsEnded' },
  },
  customer: {
    ...technical,
    requireSecondFactor: { label: 'history.field.requireSecondFactor', kind: 'bool' },
    name: { label: 'field.name' },
    address: { label: 'field.address' },
    comment: { label: 'field.comment' },
    contactId: { label: 'history.field.contact', kind: 'ref' },
    logoVersion: { label: 'history.field.logo' },
    // Entries from before decision 0053, when the logo was an address.
    logoUrl: { label: 'history.field.logoUrl' },
    language: { label: 'field.language', kind: { enum: 'language' } },
    state: { label: 'history.field.customerState', kind: { enum: 'sadmin:customers' } },
    provisionedAt: null,
  },
}

import { type AuditFields, prefix, technical } from '#models/core/audit-fields.ts'
import { declarationNumber } from '#models/core/record-number.ts'

/** How the audit entries of loyalty declarations read in a history (decision 0034). */
export const auditFields: AuditFields = {
  loyaltyDeclaration: {
    ...technical,
    number: { label: 'loyalty:declarations.field.number', kind: (n) => declarationNumber(n) },
    campaignId: { label: 'loyalty:declarations.field.year', kind: 'ref' },
    personId: { label: 'loyalty:declarations.field.person', kind: 'ref' },
    personName: { label: 'loyalty:declarations.field.person' },
    personFunction: { label: 'loyalty:declarations.field.function', kind: { enum: prefix('loyalty:declarations.function') } },
    state: { label: 'loyalty:declarations.field.state', kind: { enum: prefix('loyalty:states') } },
    interests: { label: 'loyalty:declare.interests', kind: 'list' },
    noInterests: { label: 'loyalty:declare.noInterests', kind: 'bool' },
    advantagesConfirmed: { label: 'loyalty:declare.advantagesConfirmed', kind: 'bool' },
    advantages: { label: 'loyalty:declare.advantages', kind: 'list' },
    ownAccountConfirmed: { label: 'loyalty:declare.ownAccountConfirmed', kind: 'bool' },
    remarks: { label: 'loyalty:declare.remarks' },
    signedName: { label: 'loyalty:declare.signedName' },
    signedAt: { label: 'loyalty:declarations.field.signedAt', kind: 'date' },
    channel: { label: 'loyalty:declarations.field.channel', kind: { enum: prefix('loyalty:channels') } },
    recordedByUserId: { label: 'loyalty:declarations.field.recordedBy', kind: 'ref' },
    reviewRemark: { label: 'loyalty:declarations.field.reviewRemark' },
    reviewFinding: { label: 'loyalty:declarations.field.reviewFinding', kind: 'bool' },
    reviewedAt: { label: 'loyalty:declarations.field.reviewedAt', kind: 'date' },
    findingResolvedOn: { label: 'loyalty:declarations.field.findingResolvedOn', kind: 'date' },
    remindedAt: { label: 'loyalty:declarations.field.remindedAt', kind: 'date' },
    reminders: { label: 'loyalty:declarations.field.reminders' },
  },
}

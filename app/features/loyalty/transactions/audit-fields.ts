import { type AuditFields, technical } from '#models/core/audit-fields.ts'
import { relatedTransactionNumber } from '#models/core/record-number.ts'
import { formatAmount } from '#models/core/amount.ts'

/** How the audit entries of related-party transactions read in a history (decision 0034). */
export const auditFields: AuditFields = {
  relatedTransaction: {
    ...technical,
    number: { label: 'loyalty:transactions.field.number', kind: (n) => relatedTransactionNumber(n) },
    counterparty: { label: 'loyalty:transactions.field.counterparty' },
    personId: { label: 'loyalty:transactions.field.person', kind: 'ref' },
    relation: { label: 'loyalty:transactions.field.relation' },
    subject: { label: 'loyalty:transactions.field.subject' },
    amount: { label: 'loyalty:transactions.field.amount', kind: (v) => formatAmount(v) },
    transactionDate: { label: 'loyalty:transactions.field.transactionDate', kind: 'date' },
    significant: { label: 'loyalty:transactions.field.significant', kind: 'bool' },
    offersComparison: { label: 'loyalty:transactions.field.offersComparison' },
    approver: { label: 'loyalty:transactions.field.approver' },
    approvedOn: { label: 'loyalty:transactions.field.approvedOn', kind: 'date' },
    disclosedToAuditorOn: { label: 'loyalty:transactions.field.disclosedToAuditorOn', kind: 'date' },
  },
}

import { z } from 'zod'
import { checkbox, dateField, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { parseAmount } from '#models/core/amount.ts'

/** The register's messages (keys of the `loyalty` namespace). */
export const TX_MESSAGES = {
  amount: 'loyalty:transactions.validation.amount',
  person: 'loyalty:transactions.validation.person',
  approverRequired: 'loyalty:transactions.validation.approverRequired',
  offersRequired: 'loyalty:transactions.validation.offersRequired',
  approvedInFuture: 'loyalty:transactions.validation.approvedInFuture',
  disclosedInFuture: 'loyalty:transactions.validation.disclosedInFuture',
  disclosedBeforeTransaction: 'loyalty:transactions.validation.disclosedBeforeTransaction',
  disclosedNoDelete: 'loyalty:transactions.validation.disclosedNoDelete',
  disclosedKept: 'loyalty:transactions.validation.disclosedKept',
} as const

/** A related-party transaction's form: the same fields the service checks again. */
export const transactionSchema = z.object({
  counterparty: requiredString(300),
  personId: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null),
  relation: optionalString(500),
  subject: requiredString(2000),
  amount: z
    .string()
    .trim()
    .max(40, TX_MESSAGES.amount)
    .optional()
    .transform((v, ctx) => {
      const a = parseAmount(v)
      if (a === undefined) {
        ctx.addIssue({ code: 'custom', message: TX_MESSAGES.amount })
        return z.NEVER
      }
      return a
    }),
  transactionDate: dateField(),
  significant: checkbox(),
  offersComparison: optionalString(4000),
  approver: optionalString(300),
  approvedOn: optionalDateField(),
  disclosedToAuditorOn: optionalDateField(),
  version: versionField().optional(),
})

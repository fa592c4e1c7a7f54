import { inArray } from 'drizzle-orm'
import type { ReadKindSpec } from '#models/core/read-kinds.ts'
import { loyaltyDeclarations } from '#models/schema/index.ts'
import { declarationNumber } from '#models/core/record-number.ts'

/**
 * A loyalty declaration names a person's interests, mandates, holdings and close persons (issue 26):
 * every read by someone else than the person is logged, and every audit entry of it shows them.
 */
export const readKinds = {
  loyaltyDeclaration: {
    path: (id) => `/app/loyalty/declarations/${id}`,
    may: (p) => p.loyalty.read,
    names: (tx, ids) =>
      tx
        .select({ id: loyaltyDeclarations.id, idkey: loyaltyDeclarations.number, title: loyaltyDeclarations.personName })
        .from(loyaltyDeclarations)
        .where(inArray(loyaltyDeclarations.id, ids)),
    number: declarationNumber,
    inAudit: true,
  },
} satisfies Record<string, ReadKindSpec>

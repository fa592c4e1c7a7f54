import { inArray, sql } from 'drizzle-orm'
import type { ReadKindSpec } from '#models/core/read-kinds.ts'
import { risks } from '#models/schema/index.ts'

/** A risk's data protection block, when an entry holds one of its values (dsgRelevant is a flag the lists show unlogged, not personal data). */
export const readKinds = {
  risk: {
    path: (id) => `/app/risk/${id}`,
    may: (p) => p.tools.risk.use,
    names: (tx, ids) => tx.select({ id: risks.id, idkey: risks.idkey, title: risks.title }).from(risks).where(inArray(risks.id, ids)),
    number: (idkey) => String(idkey),
    inAudit: sql`audit_entries.changed_fields ?| array['hasPersonalData', 'hasProtectableData', 'dsgMeasureNeeded']`,
  },
} satisfies Record<string, ReadKindSpec>

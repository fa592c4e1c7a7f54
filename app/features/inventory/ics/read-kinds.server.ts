import { inArray, sql } from 'drizzle-orm'
import type { ReadKindSpec } from '#models/core/read-kinds.ts'
import { icsProcesses } from '#models/schema/index.ts'

/** An ICS process's data protection block, when an entry holds one of its values (dsgRelevant is a flag the lists show unlogged). */
export const readKinds = {
  icsProcess: {
    path: (id) => `/app/iks/${id}`,
    may: (p) => p.tools.iks.use,
    names: (tx, ids) =>
      tx.select({ id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title }).from(icsProcesses).where(inArray(icsProcesses.id, ids)),
    number: (idkey) => String(idkey),
    inAudit: sql`audit_entries.changed_fields ?| array['hasPersonalData', 'hasProtectableData', 'dsgMeasureNeeded']`,
  },
} satisfies Record<string, ReadKindSpec>

import { inArray, sql } from 'drizzle-orm'
import type { ReadKindSpec } from '#models/core/read-kinds.ts'
import { activityNumber, breachNumber, requestNumber } from '#models/core/record-number.ts'
import { dsgActivities, dsgBreaches, dsgRequests } from '#models/schema/index.ts'

/**
 * Breaches and requests of data subjects, always; a processing activity that is or was sensitive or
 * whose entry names a sensitive data category. A request is named by its number only: its requester
 * is personal data the log has no need to show.
 */
export const readKinds = {
  dsgBreach: {
    path: (id) => `/app/dsg/breaches/${id}`,
    may: (p) => p.dsg.sensitive,
    names: (tx, ids) =>
      tx.select({ id: dsgBreaches.id, idkey: dsgBreaches.idkey, title: dsgBreaches.title }).from(dsgBreaches).where(inArray(dsgBreaches.id, ids)),
    number: breachNumber,
    inAudit: true,
  },
  dsgRequest: {
    path: (id) => `/app/dsg/requests/${id}`,
    may: (p) => p.dsg.sensitive,
    names: (tx, ids) =>
      tx.select({ id: dsgRequests.id, idkey: dsgRequests.idkey, title: sql<string | null>`null` }).from(dsgRequests).where(inArray(dsgRequests.id, ids)),
    number: requestNumber,
    inAudit: true,
  },
  dsgActivity: {
    path: (id) => `/app/dsg/processing/${id}`,
    may: (p) => p.dsg.read,
    names: (tx, ids) =>
      tx.select({ id: dsgActivities.id, idkey: dsgActivities.idkey, title: dsgActivities.name }).from(dsgActivities).where(inArray(dsgActivities.id, ids)),
    number: activityNumber,
    inAudit: sql`(audit_entries.changed_fields -> 'sensitive' ->> 'from' = 'true' or audit_entries.changed_fields -> 'sensitive' ->> 'to' = 'true'
            or jsonb_path_exists(audit_entries.changed_fields, '$.dataCategories.*[*] ? (@.sensitive == true)')
            or exists (select 1 from dsg_activities a where a.id::text = audit_entries.entity_id and a.sensitive))`,
  },
} satisfies Record<string, ReadKindSpec>

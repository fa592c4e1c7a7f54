import { and, asc, eq } from 'drizzle-orm'
import { isUuid } from '#models/core/sql-helpers.ts'
import { type CustomerAccess, canWrite, hasRole } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { db } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { icsProcesses, riskProcessLinks, risks } from '#models/schema/index.ts'

/** The ICS processes linked to a risk; only for users who may read the ICS tool. */
export async function processesOfRisk(access: CustomerAccess, riskId: string) {
  if (!hasRole(access.rights.iks, 'read')) return null
  return db()
    .select({ id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title })
    .from(riskProcessLinks)
    .innerJoin(icsProcesses, eq(icsProcesses.id, riskProcessLinks.processId))
    .where(and(eq(riskProcessLinks.riskId, riskId), eq(riskProcessLinks.customerId, access.customer.id)))
    .orderBy(asc(icsProcesses.idkey))
}

/** The risks linked to an ICS process; only for users who may read the risk tool. */
export async function risksOfProcess(access: CustomerAccess, processId: string) {
  if (!hasRole(access.rights.risk, 'read')) return null
  return db()
    .select({ id: risks.id, idkey: risks.idkey, title: risks.title })
    .from(riskProcessLinks)
    .innerJoin(risks, eq(risks.id, riskProcessLinks.riskId))
    .where(and(eq(riskProcessLinks.processId, processId), eq(riskProcessLinks.customerId, access.customer.id)))
    .orderBy(asc(risks.idkey))
}

/** Write on either tool and read on the other: the link belongs to both. */
export function canLink(access: CustomerAccess) {
  return (canWrite(access.rights, 'risk') && hasRole(access.rights.iks, 'read')) || (canWrite(access.rights, 'iks') && hasRole(access.rights.risk, 'read'))
}

/** All processes or risks of the customer, for the link pickers; only for users who may link. */
export async function linkCandidates(access: CustomerAccess, kind: 'process' | 'risk') {
  if (!canLink(access)) return []
  if (kind === 'process') {
    return db()
      .select({ id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title })
      .from(icsProcesses)
      .where(eq(icsProcesses.customerId, access.customer.id))
      .orderBy(asc(icsProcesses.idkey))
  }
  return db()
    .select({ id: risks.id, idkey: risks.idkey, title: risks.title })
    .from(risks)
    .where(eq(risks.customerId, access.customer.id))
    .orderBy(asc(risks.idkey))
}

/**
 * Links or unlinks a risk and a process of the same customer. Write on either
 * tool suffices (the link belongs to both); the other must at least be readable.
 */
export async function setLink(access: CustomerAccess, riskId: string, processId: string, linked: boolean) {
  if (!canLink(access)) throw new DomainError('forbidden')
  if (!isUuid(riskId) || !isUuid(processId)) throw new DomainError('not-found')
  await db().transaction(async (tx) => {
    const risk = await tx.query.risks.findFirst({ where: and(eq(risks.id, riskId), eq(risks.customerId, access.customer.id)) })
    const process = await tx.query.icsProcesses.findFirst({ where: and(eq(icsProcesses.id, processId), eq(icsProcesses.customerId, access.customer.id)) })
    if (!risk || !process) throw new DomainError('not-found')
    if (linked) {
      const [row] = await tx.insert(riskProcessLinks).values({ customerId: access.customer.id, riskId, processId }).onConflictDoNothing().returning()
      if (row)
        await writeAudit(tx, access, {
          component: 'riskProcessLink',
          action: 'Created',
          entityId: riskId,
          changes: { processId: { from: null, to: processId } },
        })
    } else {
      const [row] = await tx
        .delete(riskProcessLinks)
        .where(and(eq(riskProcessLinks.riskId, riskId), eq(riskProcessLinks.processId, processId)))
        .returning()
      if (row)
        await writeAudit(tx, access, {
          component: 'riskProcessLink',
          action: 'Deleted',
          entityId: riskId,
          changes: { processId: { from: processId, to: null } },
        })
    }
  })
}

import { and, asc, eq, sql } from 'drizzle-orm'
import { type CustomerAccess, hasRole } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { db } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { probabilityLevels, severityLevels } from '#models/schema/index.ts'

export type SeverityLevel = typeof severityLevels.$inferSelect
export type ProbabilityLevel = typeof probabilityLevels.$inferSelect

/** The customer's levels, lowest first (provisioned with the fund, see customer-setup). */
export async function getLevels(access: CustomerAccess) {
  const [severity, probability] = await Promise.all([
    db().select().from(severityLevels).where(eq(severityLevels.customerId, access.customer.id)).orderBy(asc(severityLevels.ref)),
    db().select().from(probabilityLevels).where(eq(probabilityLevels.customerId, access.customer.id)).orderBy(asc(probabilityLevels.ref)),
  ])
  return { severity, probability }
}

/** Only admins of the risk tool edit the levels of the map. */
export function canEditLevels(access: CustomerAccess) {
  return hasRole(access.rights.risk, 'admin')
}

export type SeverityInput = { id: string; size: string; effect: string; description: string; version: number }
export type ProbabilityInput = { id: string; name: string; range: string; description: string; version: number }

/** Saves the edited rows of both tables in one transaction: all or nothing. */
export async function saveLevels(access: CustomerAccess, severity: SeverityInput[], probability: ProbabilityInput[]) {
  if (!canEditLevels(access)) throw new DomainError('forbidden')
  await db().transaction(async (tx) => {
    for (const row of severity) {
      const where = and(eq(severityLevels.id, row.id), eq(severityLevels.customerId, access.customer.id))
      const [before] = await tx.select().from(severityLevels).where(where).for('update')
      if (!before) throw new DomainError('not-found')
      if (before.version !== row.version) throw new DomainError('stale')
      const changes = diff(before, { size: row.size, effect: row.effect, description: row.description })
      if (!Object.keys(changes).length) continue
      await tx
        .update(severityLevels)
        .set({ size: row.size, effect: row.effect, description: row.description, version: sql`${severityLevels.version} + 1`, updatedAt: new Date() })
        .where(where)
      await writeAudit(tx, access, { component: 'severityLevel', action: 'Updated', entityId: row.id, changes })
    }
    for (const row of probability) {
      const where = and(eq(probabilityLevels.id, row.id), eq(probabilityLevels.customerId, access.customer.id))
      const [before] = await tx.select().from(probabilityLevels).where(where).for('update')
      if (!before) throw new DomainError('not-found')
      if (before.version !== row.version) throw new DomainError('stale')
      const changes = diff(before, { name: row.name, range: row.range, description: row.description })
      if (!Object.keys(changes).length) continue
      await tx
        .update(probabilityLevels)
        .set({ name: row.name, range: row.range, description: row.description, version: sql`${probabilityLevels.version} + 1`, updatedAt: new Date() })
        .where(where)
      await writeAudit(tx, access, { component: 'probabilityLevel', action: 'Updated', entityId: row.id, changes })
    }
  })
}

/** Score of a cell and its colour band: low (≤ 4), medium (≤ 9), high (≤ 14), critical. */
export function scoreBand(probability: number, severity: number): 'low' | 'medium' | 'high' | 'critical' {
  const score = probability * severity
  if (score <= 4) return 'low'
  if (score <= 9) return 'medium'
  if (score <= 14) return 'high'
  return 'critical'
}

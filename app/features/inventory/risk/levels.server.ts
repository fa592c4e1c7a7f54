import { asc, eq, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { probabilityLevels, severityLevels } from '#models/schema/index.ts'

/** The customer's levels, lowest first (provisioned with the fund, see customer-setup). */
export async function getLevels(access: CustomerAccess) {
  return withCustomer(access, async (tx) => {
    const severity = await tx.select().from(severityLevels).orderBy(asc(severityLevels.ref))
    const probability = await tx.select().from(probabilityLevels).orderBy(asc(probabilityLevels.ref))
    return { severity, probability }
  })
}

export type SeverityInput = { id: string; size: string; effect: string; description: string; version: number }
export type ProbabilityInput = { id: string; name: string; range: string; description: string; version: number }

/** Saves the edited rows of both tables in one transaction: all or nothing. */
export async function saveLevels(access: CustomerAccess, severity: SeverityInput[], probability: ProbabilityInput[]) {
  // Only admins of the risk tool edit the levels of the map.
  if (!permissionsOf(access).tools.risk.editSettings) throw new DomainError('forbidden')
  await withCustomer(access, async (tx) => {
    for (const row of severity) {
      const where = eq(severityLevels.id, row.id)
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
      const where = eq(probabilityLevels.id, row.id)
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

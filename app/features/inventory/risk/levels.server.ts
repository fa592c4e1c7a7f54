import { asc } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff } from '#models/core/audit.server.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
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
      const before = await lockVersioned(tx, severityLevels, row.id, row.version)
      const set = { size: row.size, effect: row.effect, description: row.description }
      if (!Object.keys(diff(before, set)).length) continue
      await updateVersioned(tx, access, { table: severityLevels, before, set, audit: { component: 'severityLevel' } })
    }
    for (const row of probability) {
      const before = await lockVersioned(tx, probabilityLevels, row.id, row.version)
      const set = { name: row.name, range: row.range, description: row.description }
      if (!Object.keys(diff(before, set)).length) continue
      await updateVersioned(tx, access, { table: probabilityLevels, before, set, audit: { component: 'probabilityLevel' } })
    }
  })
}

import { and, asc, eq } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { icsProcesses, riskProcessLinks, risks } from '#models/schema/index.ts'

/**
 * Links between risks and ICS processes: the one pair of tools that link. Each side of a link
 * is described once; the kit reads and writes both directions with it, in the customer's scope.
 */
const sides = {
  process: { table: icsProcesses, own: riskProcessLinks.processId, other: riskProcessLinks.riskId, tool: 'iks' },
  risk: { table: risks, own: riskProcessLinks.riskId, other: riskProcessLinks.processId, tool: 'risk' },
} as const
type Kind = keyof typeof sides

/** The records of `kind` linked to a record of the other tool; only for users who may read `kind`'s tool. */
async function linked(access: CustomerAccess, kind: Kind, otherId: string) {
  const side = sides[kind]
  if (!permissionsOf(access).tools[side.tool].read) return null
  return withCustomer(access, (tx) =>
    tx
      .select({ id: side.table.id, idkey: side.table.idkey, title: side.table.title })
      .from(riskProcessLinks)
      .innerJoin(side.table, eq(side.table.id, side.own))
      .where(eq(side.other, otherId))
      .orderBy(asc(side.table.idkey)),
  )
}

/** The ICS processes linked to a risk; only for users who may read the ICS tool. */
export const processesOfRisk = (access: CustomerAccess, riskId: string) => linked(access, 'process', riskId)
/** The risks linked to an ICS process; only for users who may read the risk tool. */
export const risksOfProcess = (access: CustomerAccess, processId: string) => linked(access, 'risk', processId)

/** Write on either tool and read on the other: the link belongs to both. */
export function canLink(access: CustomerAccess) {
  const { tools } = permissionsOf(access)
  return tools.risk.link || tools.iks.link
}

/** All processes or risks of the customer, for the link pickers; only for users who may link. */
export async function linkCandidates(access: CustomerAccess, kind: Kind) {
  if (!canLink(access)) return []
  const { table } = sides[kind]
  return withCustomer(access, (tx) => tx.select({ id: table.id, idkey: table.idkey, title: table.title }).from(table).orderBy(asc(table.idkey)))
}

/**
 * Links or unlinks a risk and a process of the same customer. Write on either
 * tool suffices (the link belongs to both); the other must at least be readable.
 */
export async function setLink(access: CustomerAccess, riskId: string, processId: string, linked: boolean) {
  if (!canLink(access)) throw new DomainError('forbidden')
  if (!isUuid(riskId) || !isUuid(processId)) throw new DomainError('not-found')
  const customer = access.customer.id
  await withCustomer(access, async (tx) => {
    const [risk] = await tx
      .select({ id: risks.id })
      .from(risks)
      .where(and(eq(risks.id, riskId), eq(risks.customerId, customer)))
    const [process] = await tx
      .select({ id: icsProcesses.id })
      .from(icsProcesses)
      .where(and(eq(icsProcesses.id, processId), eq(icsProcesses.customerId, customer)))
    if (!risk || !process) throw new DomainError('not-found')
    const [row] = linked
      ? await tx.insert(riskProcessLinks).values({ customerId: customer, riskId, processId }).onConflictDoNothing().returning()
      : await tx
          .delete(riskProcessLinks)
          .where(and(eq(riskProcessLinks.customerId, customer), eq(riskProcessLinks.riskId, riskId), eq(riskProcessLinks.processId, processId)))
          .returning()
    if (row)
      await writeAudit(tx, access, {
        component: 'riskProcessLink',
        action: linked ? 'Created' : 'Deleted',
        entityId: riskId,
        changes: { processId: linked ? { from: null, to: processId } : { from: processId, to: null } },
      })
  })
}

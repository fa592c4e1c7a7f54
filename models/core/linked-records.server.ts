import { and, eq } from 'drizzle-orm'
import { icsProcesses, risks } from '../schema/index.ts'
import type { Executor } from './db.server.ts'
import { isUuid } from './sql-helpers.ts'

/*
 * Whether an id posted with a measure or a document names a risk or ICS process of the customer it is
 * linked from. Measures, documents and the inventories all ask, so the check lives below them.
 */

/** Is the id a risk of this customer? */
export async function riskBelongsTo(tx: Executor, customerId: string, riskId: string) {
  if (!isUuid(riskId)) return false
  const row = await tx.query.risks.findFirst({ where: and(eq(risks.id, riskId), eq(risks.customerId, customerId)), columns: { id: true } })
  return Boolean(row)
}

/** Is the id an ICS process of this customer? */
export async function processBelongsTo(tx: Executor, customerId: string, id: string) {
  if (!isUuid(id)) return false
  const row = await tx.query.icsProcesses.findFirst({ where: and(eq(icsProcesses.id, id), eq(icsProcesses.customerId, customerId)), columns: { id: true } })
  return Boolean(row)
}

import { sql } from 'drizzle-orm'
import type { Executor } from './db.server.ts'
import { currentScope } from './scope.server.ts'
import { customerCounters } from '../schema/index.ts'

/** The next running number of a counter per customer; atomic under concurrency. */
export async function nextNumber(tx: Executor, customerId: string, name: string): Promise<number> {
  if (!currentScope()) throw new Error(`counter ${name} outside a scope`)
  const [row] = await tx
    .insert(customerCounters)
    .values({ customerId, name, value: 1 })
    .onConflictDoUpdate({ target: [customerCounters.customerId, customerCounters.name], set: { value: sql`${customerCounters.value} + 1` } })
    .returning({ value: customerCounters.value })
  return row.value
}

import type { Access } from './access.ts'
import type { Executor } from './db.server.ts'
import { currentScope } from './scope.server.ts'
import { auditEntries, type AuditAction } from '../schema/index.ts'

export type Changes = Record<string, { from: unknown; to: unknown }>

/** The fields whose values differ between before and after (only the keys of after). */
export function diff(before: object | null, after: object, hidden: string[] = []): Changes {
  const changes: Changes = {}
  for (const [key, to] of Object.entries(after)) {
    const from = before ? (before as Record<string, unknown>)[key] : null
    const same = from instanceof Date && to instanceof Date ? from.getTime() === to.getTime() : JSON.stringify(from) === JSON.stringify(to)
    if (!same) changes[key] = hidden.includes(key) ? { from: '***', to: '***' } : { from: from ?? null, to: to ?? null }
  }
  return changes
}

/**
 * The changes of a deletion: every field of the record as it was (`from`) to null, hidden fields as
 * '***'. With all the values kept, a snapshot of an earlier date can bring the record back as it stood
 * (app/features/report/as-of.server.ts reads the `id` among them as the sign of a complete entry).
 */
export function removal(before: object, hidden: string[] = []): Changes {
  const changes: Changes = {}
  for (const [key, from] of Object.entries(before)) {
    if (from === undefined) continue
    changes[key] = { from: hidden.includes(key) ? '***' : from, to: null }
  }
  return changes
}

/** Writes an audit entry; pass the transaction of the change so both commit or neither does. */
export async function writeAudit(
  tx: Executor,
  access: Pick<Access, 'user' | 'actingFor'> & { customer: { id: string } | null },
  entry: { component: string; action: AuditAction; entityId?: string | null; changes?: Changes; customerId?: string | null },
) {
  // An update that changed nothing is no event: the trail keeps only real changes.
  if (entry.action === 'Updated' && entry.changes && Object.keys(entry.changes).length === 0) return
  // Every change runs in a scope (withCustomer, asOperator, asSystem); one outside is a forgotten scope.
  if (!currentScope()) throw new Error(`audit entry ${entry.component}/${entry.action} outside a scope`)
  await tx.insert(auditEntries).values({
    component: entry.component,
    action: entry.action,
    entityId: entry.entityId ?? null,
    changedFields: entry.changes ?? {},
    userId: access.user.id,
    actingForUserId: access.actingFor?.id ?? null,
    customerId: entry.customerId === undefined ? (access.customer?.id ?? null) : entry.customerId,
  })
}

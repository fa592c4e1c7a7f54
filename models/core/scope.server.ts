import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import type { Access } from './access.ts'
import { db, type Tx } from './db.server.ts'
import { DomainError } from './errors.ts'

/**
 * Tenant scope by construction (docs/decisions/0017-one-shape.md). Every table with a
 * `customer_id` has a forced row-level security policy that shows and accepts only the rows
 * of the customer named in the transaction setting `app.customer_id`, or every row when
 * `app.scope` is `all`. A query outside any scope sees no tenant row at all.
 *
 * - `withCustomer(access, tx => …)`: the acting customer's rows. Nested calls for the same
 *   customer join the open transaction, so one service may call another.
 * - `asOperator(access, reason, tx => …)`: the super admin's work across customers; refused
 *   for anyone else.
 * - `asSystem(reason, tx => …)`: what no signed-in customer drives: sign-in, sessions, the
 *   customer selector, reminders, provisioning, seeding.
 *
 * Both bypasses are explicit at the call site and name their reason; the reason is kept in
 * the transaction setting `app.scope_reason` for the database log.
 */
type Scope = { tx: Tx; customerId: string | null; all: boolean }

const holder = globalThis as typeof globalThis & { __vorsorgeScope?: AsyncLocalStorage<Scope> }
holder.__vorsorgeScope ??= new AsyncLocalStorage<Scope>()
const storage = holder.__vorsorgeScope

export type ScopedAccess = Pick<Access, 'user'> & { customer: { id: string } | null }

export async function withCustomer<T>(access: ScopedAccess, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const customerId = access.customer?.id
  if (!customerId) throw new DomainError('forbidden')
  const open = storage.getStore()
  if (open && !open.all && open.customerId === customerId) return fn(open.tx)
  if (open) throw new Error(`withCustomer(${customerId}) inside another scope`)
  return db().transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.customer_id', ${customerId}, true), set_config('app.scope', 'customer', true)`)
    return storage.run({ tx, customerId, all: false }, () => fn(tx))
  })
}

export async function asOperator<T>(access: Pick<Access, 'user'>, reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!access.user.isSuperAdmin) throw new DomainError('forbidden')
  return unscoped(`operator ${access.user.id}: ${reason}`, fn)
}

export async function asSystem<T>(reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return unscoped(`system: ${reason}`, fn)
}

async function unscoped<T>(reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const open = storage.getStore()
  if (open?.all) return fn(open.tx)
  if (open) throw new Error(`cross-customer scope (${reason}) inside a customer scope`)
  return db().transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.scope', 'all', true), set_config('app.scope_reason', ${reason.slice(0, 200)}, true)`)
    return storage.run({ tx, customerId: null, all: true }, () => fn(tx))
  })
}

/** The open scope's transaction, for helpers called from inside a service. */
export function currentScope(): Scope | undefined {
  return storage.getStore()
}

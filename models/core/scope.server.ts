import { AsyncLocalStorage } from 'node:async_hooks'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import * as schema from '../schema/index.ts'
import type { Access } from './access.ts'
import { pool, requestPool, type Tx } from './db.server.ts'
import { DomainError } from './errors.ts'

/**
 * Tenant scope by construction (docs/decisions/0017-one-shape.md). Every table with a
 * `customer_id` has a forced row-level security policy that shows and accepts only the rows
 * of the customer named in the transaction setting `app.customer_id`; a second policy lets
 * every row through for the role `vorsorge_all_customers`, which the system's and the
 * operator's transactions take on. A query outside any scope sees no tenant row at all.
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
 *
 * One transaction per page request (docs/decisions/0018-request-transaction.md): the root
 * middleware runs each request in `inRequest`. Its first database work, reading the session
 * and the user's memberships (`authTransaction`), opens one transaction across customers; it
 * is then narrowed, for good, to the acting customer. The loaders of a GET or HEAD request
 * join it through `withCustomer`, so a page costs one BEGIN and one COMMIT however many
 * services it reads. Actions keep one transaction per service call: a write that fails is
 * rolled back on its own.
 */
type Scope = { tx: Tx; customerId: string | null; all: boolean }

type RequestState = {
  /** GET or HEAD: loaders share the request's transaction. */
  read: boolean
  opened?: Promise<pg.PoolClient>
  /** The narrowed customer scope that withCustomer joins. */
  scope?: Scope
  narrowed: boolean
  /** Something failed inside the shared transaction: it ends in a rollback. */
  doomed: boolean
  done: boolean
  memo: Map<object, unknown>
  /** The client's User-Agent header (its device and browser), for the sign-in events of the audit trail. */
  userAgent: string
}

const holder = globalThis as typeof globalThis & {
  __vorsorgeScope?: AsyncLocalStorage<Scope>
  __vorsorgeRequest?: AsyncLocalStorage<RequestState>
}
holder.__vorsorgeScope ??= new AsyncLocalStorage<Scope>()
holder.__vorsorgeRequest ??= new AsyncLocalStorage<RequestState>()
const storage = holder.__vorsorgeScope
const requests = holder.__vorsorgeRequest

export type ScopedAccess = Pick<Access, 'user'> & { customer: { id: string } | null }

/**
 * A connection whose queries run one after the other. The loaders of a request read in parallel
 * through one transaction; node-postgres queues such queries itself, but that is deprecated.
 */
function inTurn(client: pg.PoolClient): pg.PoolClient {
  let last: Promise<unknown> = Promise.resolve()
  const query = (...args: unknown[]) => {
    const next = last.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args))
    last = next.catch(() => {})
    return next
  }
  return new Proxy(client, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key, target)) })
}

// One query builder per pooled connection: building one costs more than most queries.
const builders = new WeakMap<pg.PoolClient, Tx>()
function txOf(client: pg.PoolClient): Tx {
  let tx = builders.get(client)
  if (!tx) {
    tx = drizzle(inTurn(client), { schema }) as unknown as Tx
    builders.set(client, tx)
  }
  return tx
}

type Settings = {
  scope: 'all' | 'customer'
  customerId?: string
  reason?: string
  /** Every statement of the transaction sees the same committed data (REPEATABLE READ). */
  consistent?: boolean
}

/** The role whose policy lets every customer's rows through (migration 0015); the app's role is a member. */
export const ALL_CUSTOMERS_ROLE = 'vorsorge_all_customers'

/**
 * The statements that put a transaction into a scope: the role (across customers, or back to the
 * signed-in database user), then the settings the policies and the database log read.
 */
function settingsSql(client: pg.PoolClient, s: Settings) {
  const role = s.scope === 'all' ? `set local role ${ALL_CUSTOMERS_ROLE}` : 'set local role none'
  const pairs = [`set_config('app.scope', '${s.scope}', true)`]
  if (s.customerId !== undefined) pairs.push(`set_config('app.customer_id', ${client.escapeLiteral(s.customerId)}, true)`)
  if (s.reason !== undefined) pairs.push(`set_config('app.scope_reason', ${client.escapeLiteral(s.reason.slice(0, 200))}, true)`)
  return `${role}; select ${pairs.join(', ')}`
}

/** BEGIN and the scope's settings in one round trip. */
async function begin(source: pg.Pool, settings: Settings): Promise<pg.PoolClient> {
  const client = await source.connect()
  try {
    await client.query(`${settings.consistent ? 'begin isolation level repeatable read' : 'begin'}; ${settingsSql(client, settings)}`)
  } catch (error) {
    client.release(error as Error)
    throw error
  }
  return client
}

async function end(client: pg.PoolClient, commit: boolean) {
  try {
    await client.query(commit ? 'commit' : 'rollback')
    client.release()
  } catch (error) {
    // A connection that cannot end its transaction is not given back to the pool.
    client.release(error as Error)
    if (commit) throw error
  }
}

async function transaction<T>(settings: Settings, scope: Omit<Scope, 'tx'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await begin(pool(), settings)
  const tx = txOf(client)
  let result: T
  try {
    result = await storage.run({ ...scope, tx }, () => fn(tx))
  } catch (error) {
    await end(client, false)
    throw error
  }
  await end(client, true)
  return result
}

/**
 * `options.consistent`: the work reads one state of the data across all its statements (a year-end
 * snapshot): its own transaction at REPEATABLE READ. It never joins an open transaction, whose
 * statements may already have read.
 */
export async function withCustomer<T>(access: ScopedAccess, fn: (tx: Tx) => Promise<T>, options: { consistent?: boolean } = {}): Promise<T> {
  const customerId = access.customer?.id
  if (!customerId) throw new DomainError('forbidden')
  const open = storage.getStore()
  if (options.consistent) {
    if (open) throw new Error(`withCustomer(${customerId}, consistent) inside an open transaction`)
    return transaction({ scope: 'customer', customerId, consistent: true }, { customerId, all: false }, fn)
  }
  if (open && !open.all && open.customerId === customerId) return fn(open.tx)
  if (open) throw new Error(`withCustomer(${customerId}) inside another scope`)
  const request = requests.getStore()
  const shared = request?.scope
  if (request && shared && !request.done && shared.customerId === customerId) {
    return storage.run(shared, async () => {
      try {
        return await fn(shared.tx)
      } catch (error) {
        request.doomed = true
        throw error
      }
    })
  }
  return transaction({ scope: 'customer', customerId }, { customerId, all: false }, fn)
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
  return transaction({ scope: 'all', reason }, { customerId: null, all: true }, fn)
}

/**
 * The rows of one long read, batch by batch, for a streamed response (a CSV export) whose body is
 * read after the request, and the request's transaction, ended (docs/decisions/0018). It never
 * joins an open transaction: it opens one of its own for the acting customer on the main pool,
 * declares a server-side cursor for the query and fetches `size` rows a batch, so the database
 * sorts once and the server holds one batch at a time. The transaction ends when the rows are
 * done, when the reader stops early (`return()`, a cancelled stream) or when a batch fails.
 *
 * `read(tx)` is the query, built with the `tx` given: each call fetches the next batch (the
 * first one declares the cursor), so it is called until a batch comes back short.
 */
export async function* cursorWithCustomer<R>(access: ScopedAccess, size: number, read: (tx: Tx) => PromiseLike<R[]>): AsyncGenerator<R[]> {
  const customerId = access.customer?.id
  if (!customerId) throw new DomainError('forbidden')
  const client = await begin(pool(), { scope: 'customer', customerId })
  const tx = drizzle(new CursorClient(client, size) as unknown as pg.PoolClient, { schema }) as unknown as Tx
  let finished = false
  try {
    for (;;) {
      const rows = await read(tx)
      if (rows.length) yield rows
      if (rows.length < size) break
    }
    finished = true
  } finally {
    // Only reads ran: a reader that stopped early rolls back, which ends the cursor as well.
    await end(client, finished)
  }
}

/** What drizzle sees as its connection in `cursorWithCustomer`: the query's first run declares the cursor, each run fetches. */
class CursorClient {
  private declared = false
  constructor(
    private client: pg.PoolClient,
    private size: number,
  ) {}
  async query(config: pg.QueryConfig, values?: unknown[]) {
    if (!this.declared) {
      // Not prepared: the declaration embeds the export's query, whose text differs with every filter.
      await this.client.query({ name: '', text: `declare export_rows no scroll cursor for ${config.text}`, values: values ?? config.values })
      this.declared = true
    }
    // The same row mode and type parsers drizzle asked for, so it maps the rows as for any query.
    return this.client.query({ ...config, name: '', text: `fetch forward ${this.size} from export_rows`, values: [] })
  }
}

/**
 * Runs `fn` outside the open scope and request: work started from inside a transaction that must not
 * join it, such as a mail that waits for the transaction's commit (app/features/kri/alerts.server.ts).
 */
export function outsideScope<T>(fn: () => T): T {
  return storage.exit(() => requests.exit(fn))
}

/** The open scope's transaction, for helpers called from inside a service. */
export function currentScope(): Scope | undefined {
  return storage.getStore()
}

// ---------------------------------------------------------------- the request's transaction

/**
 * Runs one request (the root middleware). Its transaction, if the request opened one, ends
 * with it: committed, or rolled back when the request failed or a service inside it threw.
 */
export async function inRequest<T>(request: Request, fn: () => Promise<T>): Promise<T> {
  const state: RequestState = {
    read: request.method === 'GET' || request.method === 'HEAD',
    narrowed: false,
    doomed: false,
    done: false,
    memo: new Map(),
    userAgent: (request.headers.get('user-agent') ?? '').trim().slice(0, 500),
  }
  let failed = false
  try {
    return await requests.run(state, fn)
  } catch (error) {
    failed = true
    throw error
  } finally {
    state.done = true
    await close(state, !failed && !state.doomed)
  }
}

async function close(state: RequestState, commit: boolean) {
  const opened = state.opened
  state.opened = undefined
  state.scope = undefined
  const client = await opened?.catch(() => null)
  if (client) await end(client, commit)
}

/** The device and browser of the request's client as its User-Agent header names them; empty outside a request. */
export function requestUserAgent(): string {
  return requests.getStore()?.userAgent ?? ''
}

/** Once per request: the value `make` gives the first time; without a request, `make()` each time. */
export function requestMemo<T>(key: object, make: () => T): T {
  const state = requests.getStore()
  if (!state) return make()
  if (!state.memo.has(key)) state.memo.set(key, make())
  return state.memo.get(key) as T
}

/**
 * The reading of the signed-in user (session, user, memberships across customers): the first
 * work of a request, in its transaction across customers. `narrowTo` names the customer the
 * request acts for; the transaction is narrowed to it before anything else reads, and can
 * never widen again. A request for no customer, and every action, ends the transaction here.
 * Outside a request (tests, scripts) it is an ordinary system transaction.
 */
export async function authTransaction<T>(reason: string, fn: (tx: Tx) => Promise<T>, narrowTo: (result: T) => string | null): Promise<T> {
  const state = requests.getStore()
  if (!state) return asSystem(reason, fn)
  if (state.narrowed || state.opened) throw new Error('the request has read its user already')
  state.opened = begin(requestPool(), { scope: 'all', reason: `request: ${reason}` })
  const client = await state.opened
  const tx = txOf(client)
  let result: T
  try {
    result = await storage.run({ tx, customerId: null, all: true }, () => fn(tx))
  } catch (error) {
    state.narrowed = true
    await close(state, false)
    throw error
  }
  state.narrowed = true
  const customerId = narrowTo(result)
  if (!state.read || !customerId || state.done) {
    await close(state, true)
    return result
  }
  try {
    await client.query(settingsSql(client, { scope: 'customer', customerId, reason: '' }))
  } catch (error) {
    await close(state, false)
    throw error
  }
  state.scope = { tx, customerId, all: false }
  return result
}

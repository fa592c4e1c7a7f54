import path from 'node:path'
import { fillPlaceholders, type SQL } from 'drizzle-orm'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from '../schema/index.ts'

export type DB = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0]
/** Either the pool-backed database or an open transaction. */
export type Executor = DB | Tx

type State = { pool: pg.Pool; db: DB; url: string; max: number; requestPool?: pg.Pool }

// The server entry and the built route modules are separate bundles; the
// connection lives on globalThis so that both use the same pool.
const holder = globalThis as typeof globalThis & { __vorsorgeDb?: State }

// DATE columns as plain 'YYYY-MM-DD' strings, never shifted by a time zone.
pg.types.setTypeParser(1082, (v: string) => v)

/** Distinct statements prepared at most, so that a query built with a varying text cannot grow each backend's plan cache without end. */
export const MAX_PREPARED = Number(process.env.DATABASE_MAX_PREPARED ?? 500)

/**
 * Names SQL texts for preparing: the same text always gets the same name, on every connection. Texts
 * with a `;` (several statements, which cannot be prepared) and texts past the first `max` stay
 * unnamed.
 */
export function statementNamer(max: number): (text: string) => string | undefined {
  const names = new Map<string, string>()
  return (text) => {
    const known = names.get(text)
    if (known) return known
    if (names.size >= max || text.includes(';')) return undefined
    const name = `s${names.size + 1}`
    names.set(text, name)
    return name
  }
}

const statementName = statementNamer(MAX_PREPARED)

/**
 * A connection that prepares every single-statement query once and reuses its plan (decision 0021).
 * Planning costs PostgreSQL more than running most of this app's queries: with the tenant policy
 * and the joins, /app spent 3 ms of 6 planning. A named statement is parsed and planned once per
 * connection; PostgreSQL then keeps a generic plan where it costs no more than a custom one, and
 * plans again by itself when a table, or the role whose policies apply, changes.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only names the config of one
  override query(config: any, values?: any, callback?: any): any {
    // A config whose name is '' asks not to be prepared (a cursor's text differs with every filter).
    if (config && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined && !config.submit) {
      const name = statementName(config.text)
      if (name) config = { ...config, name }
    }
    return super.query(config, values, callback)
  }
}

/**
 * A query of fixed shape whose SQL is built once, for the hot paths every request takes (the session,
 * the memberships): drizzle otherwise builds a query's text anew on every call, about 0.2 ms of Node
 * time each. `build` gets the database and returns `.prepare(name)` of a query whose varying values
 * are `sql.placeholder(...)`s; the result runs on whatever executor it is given, a transaction
 * included, with the placeholders' values. (It hands drizzle's prepared query the executor's
 * connection, which drizzle keeps in its `client` field.)
 */
export function builtOnce<V extends Record<string, unknown>, R>(build: (database: DB) => { execute(values?: V): Promise<R> }) {
  let built: { execute(values?: V): Promise<R> } | undefined
  return (executor: Executor, values: V): Promise<R> => {
    built ??= build(db())
    const { client } = (executor as unknown as { session: { client: unknown } }).session
    return (Object.create(built, { client: { value: client } }) as typeof built).execute(values)
  }
}

const statementDialect = new PgDialect()

/** Shapes built at most per statement family, so that a shape key that varies without end cannot grow memory. */
const MAX_SHAPES = 64

/**
 * One SQL statement whose text is built once per shape, for the overview pages that read several
 * lists in a single round trip (a statement of scalar subqueries, each list as JSON). Drizzle
 * builds a query's text anew on every call, and every statement is a round trip to PostgreSQL
 * (about 0.15 to 0.25 ms of CPU on both sides); `builtOnce` in models/core/db.server.ts does the
 * same for drizzle's query builders, this does it for a `sql` template.
 *
 * `build(shape)` returns the statement of one shape (what varies with the rights or the language);
 * its varying values are `sql.placeholder(...)`s, filled from `values` on each call. Every other
 * value is a constant of the shape and is written into the text: the statement is prepared, and
 * PostgreSQL keeps one generic plan for it only where that costs no more than planning each call
 * anew; with `dsg_measure = $3` instead of `dsg_measure = true` the generic plan cannot use the
 * partial index of DSG measures, so every call was planned again (1 ms). The rows come
 * as node-postgres gives them: json parsed, dates as 'YYYY-MM-DD' strings, timestamps as Dates.
 * It runs on the executor it is given (the request's transaction), like `builtOnce`.
 */
export function statementFamily<S, V extends Record<string, unknown>, R>(key: (shape: S) => string, build: (shape: S) => SQL) {
  const built = new Map<string, { sql: string; params: unknown[] }>()
  return async (executor: Executor, shape: S, values: V): Promise<R[]> => {
    const k = key(shape)
    let query = built.get(k)
    if (!query) {
      query = statementDialect.sqlToQuery(build(shape).inlineParams())
      if (built.size < MAX_SHAPES) built.set(k, query)
    }
    const { client } = (executor as unknown as { session: { client: pg.ClientBase } }).session
    const result = await client.query({ text: query.sql, values: fillPlaceholders(query.params, values) })
    return result.rows as R[]
  }
}

export function connectDatabase(url: string, max = Number(process.env.DATABASE_POOL_SIZE ?? 10)): DB {
  if (holder.__vorsorgeDb) return holder.__vorsorgeDb.db
  const pool = new pg.Pool({ Client: PreparingClient, connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 })
  keepAliveOnConnectionLoss(pool)
  const db = drizzle(pool, { schema })
  holder.__vorsorgeDb = { pool, db, url, max }
  return db
}

/**
 * A connection that breaks (the database restarts, a backend is ended) emits
 * 'error' on its client, also while it is checked out between two queries of
 * a transaction; without a listener that kills the process. The query in
 * flight fails, the pool drops the client and opens a new one on next use.
 */
export function keepAliveOnConnectionLoss(pool: pg.Pool) {
  let last = 0
  const report = (err: Error) => {
    if (Date.now() - last < 5_000) return
    last = Date.now()
    console.error('[db] connection lost:', err.message)
  }
  pool.on('error', report)
  pool.on('connect', (client) => client.on('error', report))
}

export function db(): DB {
  const state = holder.__vorsorgeDb
  if (!state) throw new Error('Database not connected: call connectDatabase() first')
  return state.db
}

export function pool(): pg.Pool {
  const state = holder.__vorsorgeDb
  if (!state) throw new Error('Database not connected')
  return state.pool
}

/** The pools as they are now, for the metrics (models/core/metrics.server.ts); the request pool once it exists. */
export function poolStats(): { main?: pg.Pool; request?: pg.Pool } {
  const state = holder.__vorsorgeDb
  return { main: state?.pool, request: state?.requestPool }
}

/**
 * The pool of request transactions (models/core/scope.server.ts, inRequest). Apart from the main
 * pool, so a request that holds its connection and meanwhile runs a query of its own on the main
 * pool can never wait for itself: with one shared pool, ten such requests would hold all ten
 * connections and wait for an eleventh.
 */
export function requestPool(): pg.Pool {
  const state = holder.__vorsorgeDb
  if (!state) throw new Error('Database not connected')
  if (!state.requestPool) {
    state.requestPool = new pg.Pool({
      Client: PreparingClient,
      connectionString: state.url,
      max: state.max,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    })
    keepAliveOnConnectionLoss(state.requestPool)
  }
  return state.requestPool
}

/**
 * Ends the pools and waits until their connections are closed (pg's Pool.end() resolves before its
 * sockets are, at most 2 s), so that a PostgreSQL stopped next finds no session left to terminate.
 */
export async function disconnectDatabase() {
  const state = holder.__vorsorgeDb
  holder.__vorsorgeDb = undefined
  if (!state) return
  const pools = state.requestPool ? [state.pool, state.requestPool] : [state.pool]
  const gone = pools.map((p) => {
    let left = p.totalCount
    return left === 0 ? Promise.resolve() : new Promise<void>((r) => p.on('remove', () => --left === 0 && r()))
  })
  await Promise.all(pools.map((p) => p.end()))
  await Promise.race([Promise.all(gone), new Promise((r) => setTimeout(r, 2_000).unref())])
}

export const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? 'models/migrations')

export async function migrateDatabase(database: DB = db()) {
  await migrate(database, { migrationsFolder: MIGRATIONS_FOLDER })
}

export async function isDatabaseReachable(): Promise<boolean> {
  const state = holder.__vorsorgeDb
  if (!state) return false
  try {
    await state.pool.query('select 1')
    return true
  } catch {
    return false
  }
}

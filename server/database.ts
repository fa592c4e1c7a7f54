import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { checkSealingKey } from '../models/core/seal.server.ts'
import { connectDatabase, disconnectDatabase, keepAliveOnConnectionLoss, migrateDatabase, type DB } from '../models/core/db.server.ts'
import { ensureAppRole, grantAllCustomers, limitAppRole, startEmbeddedPostgres, StartupError } from '../models/core/embedded-postgres.server.ts'
import * as schema from '../models/schema/index.ts'

function dataDir() {
  return path.resolve(process.env.DATA_DIR || 'data')
}

function where(url: string) {
  try {
    const u = new URL(url)
    return `${u.hostname}:${u.port || 5432}${u.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

/**
 * Migrations over their own connection. With the bundled PostgreSQL they run
 * as the superuser, which owns the tables, and the application role gets its
 * rights afterwards; an external DATABASE_URL is used as given for both, unless
 * MIGRATION_DATABASE_URL names the owner to migrate with.
 */
export async function migrate(url: string, appRole?: { name: string; password: string }, appUser?: string) {
  return withStartLock(url, () => migrateUnlocked(url, appRole, appUser))
}

/** The first key of the app's advisory locks ('vors', as server/jobs.ts) and the second of the start: 'strt'. */
const START_LOCK = [0x766f7273, 0x73747274] as const

/**
 * Runs `fn` while holding the start lock of the database at `url`: instances started at once on one
 * database (several containers, decision 0051) migrate and seed one after the other, never together.
 * The lock is held on a connection of its own and goes with it, also when the process dies.
 */
export async function withStartLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1, $2)', [...START_LOCK])
    return await fn()
  } finally {
    await client.query('select pg_advisory_unlock($1, $2)', [...START_LOCK]).catch(() => {})
    await client.end().catch(() => {})
  }
}

async function migrateUnlocked(url: string, appRole?: { name: string; password: string }, appUser?: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 })
  keepAliveOnConnectionLoss(pool)
  try {
    await migrateDatabase(drizzle(pool, { schema }))
    if (appRole || appUser) {
      const client = await pool.connect()
      try {
        if (appRole) await ensureAppRole(client, appRole)
        // An external app role apart from the owner: it may work across customers (migration 0015),
        // with no right that role lacks (migration 0034, docs/decisions/0049).
        if (appUser) {
          await grantAllCustomers(client, appUser)
          const left = await limitAppRole(client, appUser)
          if (left.length) console.warn(`[db] the app's role ${appUser} may still: ${left.join('; ')}. Revoke it (docs/decisions/0049).`)
        }
      } finally {
        client.release()
      }
    }
  } finally {
    await pool.end()
  }
}

/**
 * DATABASE_URL when set (an empty value counts as unset); otherwise the
 * bundled PostgreSQL with its data in DATA_DIR/postgres, supervised and
 * started again if it dies, the app connecting as its application role.
 * Migrations run here. A failure is thrown as a StartupError whose message
 * says in one line what is wrong and what to do.
 */
export type Database = {
  db: DB
  close: () => Promise<void>
  embedded: boolean /** What the app connects with (the application role with the bundled PostgreSQL). */
  url: string
}

export async function openDatabase(): Promise<Database> {
  const external = process.env.DATABASE_URL?.trim()
  let stopEmbedded: (() => Promise<void>) | null = null
  let url: string
  try {
    if (external) {
      url = external
      // MIGRATION_DATABASE_URL: the tables' owner migrates, the app connects as a role without those rights.
      const owner = process.env.MIGRATION_DATABASE_URL?.trim()
      // An app role apart from the owner may take on the role of work across customers (migration 0015).
      const user = (u: string) => decodeURIComponent(new URL(u).username)
      await migrate(owner || url, undefined, owner && user(url) !== user(owner) ? user(url) : undefined)
    } else {
      const dir = path.join(dataDir(), 'postgres')
      const port = process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : undefined
      const server = await startEmbeddedPostgres(dir, { port, supervise: true })
      stopEmbedded = server.stop
      console.log(`[db] bundled PostgreSQL on port ${server.port}, data in ${dir}`)
      await migrate(server.url(), server.appRole)
      url = server.appUrl()
    }
  } catch (e) {
    if (stopEmbedded) await stopEmbedded().catch(() => {})
    if (e instanceof StartupError) throw e
    // Drizzle wraps PostgreSQL's error ("Failed query: …"); its cause holds PostgreSQL's own message.
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e
    const message = (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, ' ').replace(/\.$/, '')
    const what = external
      ? `check DATABASE_URL (${where(external)}) and that the database is up.`
      : `check the bundled database in ${path.join(dataDir(), 'postgres')}.`
    throw new StartupError(`The database could not be prepared: ${message}. What to do: ${what}`)
  }
  const db = connectDatabase(url)
  try {
    const keyFrom = checkSealingKey()
    // Several hosts on one external database must share SECRET_KEY: a key file is this host's alone.
    if (external && !process.env.SECRET_KEY) console.warn(`[seal] sealing key from ${keyFrom}; set SECRET_KEY when several app hosts share this database`)
  } catch (e) {
    throw new StartupError(
      `The sealing key could not be read: ${e instanceof Error ? e.message : String(e)} What to do: set SECRET_KEY to 32 bytes (base64 or 64 hex digits), or let the app make DATA_DIR/secret.key.`,
    )
  }
  return {
    db,
    url,
    embedded: Boolean(stopEmbedded),
    close: async () => {
      await disconnectDatabase()
      if (stopEmbedded) await stopEmbedded()
    },
  }
}

/**
 * A worker of the cluster (server/cluster.ts): the primary has started the database, migrated and
 * set it up; the worker only connects, with the URL the primary hands over. Closing it ends the
 * worker's pools; the bundled PostgreSQL stays with the primary.
 */
export function connectWorkerDatabase(url: string): Database {
  return { db: connectDatabase(url), url, embedded: false, close: disconnectDatabase }
}

/** Start-up failures: one line on stderr, then exit 1 (a StartupError needs no stack trace). */
export function exitOnStartupError(e: unknown): never {
  const message = e instanceof StartupError ? e.message : e instanceof Error ? `${e.message} (${e.stack?.split('\n')[1]?.trim() ?? ''})` : String(e)
  console.error(`[start] ${message}`)
  process.exit(1)
}

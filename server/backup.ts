// Backups and restores of a whole installation (issue 23, docs/decisions/0046-backups.md): the
// database as one consistent snapshot, the bundled PostgreSQL's passwords and the sealing key, in one
// gzipped tar of mode 0600. `npm run backup` and `npm run restore FILE` (scripts/backup.ts,
// scripts/restore.ts) and the daily job of the bundled mode (server/jobs.ts) use what is here.
//
// The bundled PostgreSQL package ships no pg_dump, and a pg_dump older than the server refuses to
// dump it, so the dump is the product's own: every table of the schema `public` read in one
// REPEATABLE READ transaction (one snapshot, as pg_dump takes it), each row as PostgreSQL's own
// text form of the row, which reads back exactly. The schema is not dumped: it is the migrations
// the backup names, which the restore applies up to that point before it loads the rows.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { todayInZurich } from '../models/core/dates.ts'
import { MIGRATIONS_FOLDER } from '../models/core/db.server.ts'
import { type BackupRun, backupSchedule, backupsDir, dataDir, lastBackup, recordBackupRun } from '../models/core/backup-record.server.ts'
import { credentialsFile, ensureAppRole, startEmbeddedPostgres } from '../models/core/embedded-postgres.server.ts'
import pkg from '../package.json' with { type: 'json' }

/** Version of the archive's layout; a restore refuses any other. */
const FORMAT = 1
const ROWS_PER_BATCH = 2_000

export { type BackupRun, backupSchedule, lastBackup, recordBackupRun } from '../models/core/backup-record.server.ts'

export type Manifest = {
  format: number
  product: string
  version: string
  createdAt: string
  /** Where the database came from. */
  source: 'bundled' | 'external'
  server: string
  /** drizzle's record of the applied migrations, in order: the schema the rows belong to. */
  migrations: { hash: string; createdAt: string }[]
  tables: { name: string; rows: number; file: string }[]
  /** 'file': secret.key is in the archive; 'SECRET_KEY': the key came from the environment and is not. */
  key: 'file' | 'SECRET_KEY' | 'none'
  credentials: boolean
}

export type BackupResult = { file: string; size: number; ms: number; rows: number; tables: number; manifest: Manifest }

const bundled = () => !process.env.DATABASE_URL?.trim()
const pgDir = () => path.join(dataDir(), 'postgres')
const keyFile = () => path.join(dataDir(), 'secret.key')
const ident = pg.escapeIdentifier

// ---------------------------------------------------------------------------
// A minimal tar (POSIX ustar): regular files with short names, enough for this archive and
// readable by any tar (`tar -tzf FILE`).

function tarHeader(name: string, size: number, mtime: number) {
  const h = Buffer.alloc(512)
  const put = (value: string, offset: number, length: number) => h.write(value, offset, length, 'utf8')
  const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, '0')
  put(name, 0, 100)
  put(octal(0o600, 8), 100, 8)
  put(octal(0, 8), 108, 8)
  put(octal(0, 8), 116, 8)
  put(octal(size, 12), 124, 12)
  put(octal(Math.floor(mtime / 1000), 12), 136, 12)
  put('        ', 148, 8)
  put('0', 156, 1)
  put('ustar\u000000', 257, 8)
  let sum = 0
  for (const byte of h) sum += byte
  put(`${octal(sum, 7)}\u0000 `, 148, 8)
  return h
}

async function* tarOf(folder: string, names: string[]) {
  for (const name of names) {
    const file = path.join(folder, name)
    const { size, mtimeMs } = fs.statSync(file)
    yield tarHeader(name, size, mtimeMs)
    for await (const chunk of fs.createReadStream(file)) yield chunk as Buffer
    if (size % 512) yield Buffer.alloc(512 - (size % 512))
  }
  yield Buffer.alloc(1024)
}

const SAFE_NAME = /^(?:[a-z0-9_.-]+\/)?[a-z0-9_.-]+$/

/** Unpacks the archive into `dest`; refuses names that could leave it and anything but regular files. */
async function untar(file: string, dest: string) {
  let buf: Buffer = Buffer.alloc(0)
  let entry: { fd: number; left: number; pad: number } | null = null
  let ended = false
  const input = fs.createReadStream(file).pipe(zlib.createGunzip())
  for await (const chunk of input) {
    buf = buf.length ? Buffer.concat([buf, chunk as Buffer]) : (chunk as Buffer)
    for (;;) {
      if (entry) {
        const n = Math.min(entry.left, buf.length)
        if (n > 0) fs.writeSync(entry.fd, buf, 0, n)
        entry.left -= n
        buf = buf.subarray(n)
        if (entry.left > 0) break
        const skip = Math.min(entry.pad, buf.length)
        entry.pad -= skip
        buf = buf.subarray(skip)
        if (entry.pad > 0) break
        fs.closeSync(entry.fd)
        entry = null
      }
      if (ended || buf.length < 512) break
      const header = buf.subarray(0, 512)
      buf = buf.subarray(512)
      if (header.every((b) => b === 0)) {
        ended = true
        break
      }
      const text = (offset: number, length: number) =>
        header
          .subarray(offset, offset + length)
          .toString('utf8')
          .replace(/\0.*$/s, '')
      const name = text(0, 100)
      const size = Number.parseInt(text(124, 12).trim() || '0', 8)
      const type = text(156, 1)
      if (!SAFE_NAME.test(name) || name.includes('..') || (type !== '0' && type !== '') || !Number.isFinite(size))
        throw new Error(`the archive holds an entry this product did not write (${JSON.stringify(name)}): not a backup of this product`)
      const target = path.join(dest, name)
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 })
      entry = { fd: fs.openSync(target, 'w', 0o600), left: size, pad: size % 512 ? 512 - (size % 512) : 0 }
    }
  }
  if (entry) throw new Error('the archive ends in the middle of a file: it is incomplete')
  if (!ended) throw new Error('the archive has no end: it is incomplete')
}

// ---------------------------------------------------------------------------
// Connections

type Target = { url: string; close: () => Promise<void>; source: 'bundled' | 'external' }

function superuserPassword() {
  const creds = JSON.parse(fs.readFileSync(credentialsFile(pgDir()), 'utf8')) as { superuser: string }
  return creds.superuser
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The database to back up, as a role that reads every row: the bundled PostgreSQL's superuser
 * (over the port its postmaster.pid names while it runs, or started for the backup when the app is
 * down), or MIGRATION_DATABASE_URL (the tables' owner) or else DATABASE_URL.
 */
async function sourceDatabase(): Promise<Target> {
  if (!bundled()) {
    const url = process.env.MIGRATION_DATABASE_URL?.trim() || process.env.DATABASE_URL!.trim()
    return { url, close: async () => {}, source: 'external' }
  }
  const dir = pgDir()
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`there is no bundled database in ${dir}: set DATA_DIR to the app's data folder, or DATABASE_URL for an external database`)
  const pidFile = path.join(dir, 'postmaster.pid')
  if (fs.existsSync(pidFile)) {
    const lines = fs.readFileSync(pidFile, 'utf8').split('\n')
    const pid = Number(lines[0])
    const port = Number(lines[3])
    if (alive(pid) && port > 0) {
      const url = `postgresql://postgres:${encodeURIComponent(superuserPassword())}@127.0.0.1:${port}/postgres`
      return { url, close: async () => {}, source: 'bundled' }
    }
  }
  const server = await startEmbeddedPostgres(dir, { quiet: true })
  return { url: server.url(), close: server.stop, source: 'bundled' }
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  client.on('error', () => {})
  await client.connect()
  return client
}

async function publicTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by c.relname`,
  )
  return rows.map((r) => r.name)
}

// ---------------------------------------------------------------------------
// Backup

/** `vorsorge-2026-11-28T020000Z.tar.gz`: sorts by time. */
export function backupName(now = new Date()) {
  return `vorsorge-${now
    .toISOString()
    .replace(/[:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`
}

/**
 * Writes one backup into `to` (a file, or a folder to put `vorsorge-<time>.tar.gz` in; default
 * DATA_DIR/backups) while the app serves: the rows of one snapshot, the migrations they belong to,
 * the bundled PostgreSQL's passwords and the sealing key file. Written beside its place and renamed
 * once complete, mode 0600.
 */
export async function backup(to?: string): Promise<BackupResult> {
  const started = Date.now()
  let file = path.resolve(to ?? backupsDir())
  const folder = !to || to.endsWith('/') || (fs.existsSync(file) && fs.statSync(file).isDirectory())
  if (folder) file = path.join(file, backupName())
  if (fs.existsSync(file)) throw new Error(`${file} exists already: name another file`)
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  // Staged beside the backup, on its volume (the rows may not fit into a small /tmp), mode 0700.
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.staging-'))
  const partial = `${file}.partial`
  const source = await sourceDatabase()
  try {
    const client = await connect(source.url)
    let manifest: Manifest
    try {
      manifest = await dumpDatabase(client, staging, source.source)
    } finally {
      await client.end().catch(() => {})
    }
    const names = ['manifest.json', ...manifest.tables.map((t) => t.file)]
    if (source.source === 'bundled') {
      fs.copyFileSync(credentialsFile(pgDir()), path.join(staging, 'postgres.credentials.json'))
      names.push('postgres.credentials.json')
      manifest.credentials = true
    }
    if (!process.env.SECRET_KEY && fs.existsSync(keyFile())) {
      fs.copyFileSync(keyFile(), path.join(staging, 'secret.key'))
      names.push('secret.key')
      manifest.key = 'file'
    } else if (process.env.SECRET_KEY) manifest.key = 'SECRET_KEY'
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    const out = fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' })
    await pipeline(tarOf(staging, names), zlib.createGzip({ level: 6 }), out)
    fs.chmodSync(partial, 0o600)
    const fd = fs.openSync(partial, 'r')
    fs.fsyncSync(fd)
    fs.closeSync(fd)
    fs.renameSync(partial, file)
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0)
    return { file, size: fs.statSync(file).size, ms: Date.now() - started, rows, tables: manifest.tables.length, manifest }
  } catch (e) {
    fs.rmSync(partial, { force: true })
    throw e
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
    await source.close().catch(() => {})
  }
}

/**
 * Every table's rows of one snapshot into `staging/db/<table>.rows`, one JSON string (the row's
 * text form) a line. ACCESS SHARE locks keep a migration from changing a table meanwhile; writes go
 * on. Row-level security is switched off so that a role it would filter fails instead of writing a
 * backup with rows missing; such a role (an external owner under forced row-level security) reads as
 * vorsorge_all_customers, whose policy lets every row through.
 */
async function dumpDatabase(client: pg.ClientBase, staging: string, source: 'bundled' | 'external'): Promise<Manifest> {
  return everyRow(client, 'begin isolation level repeatable read read only', async () => {
    fs.rmSync(path.join(staging, 'db'), { recursive: true, force: true })
    return dumpInTransaction(client, staging, source)
  })
}

/**
 * Runs `fn` in a transaction (`begin`) that sees every row: with row-level security switched off,
 * so that a role it would filter fails instead of seeing rows missing; such a role (an external
 * owner under forced row-level security) then runs it again as vorsorge_all_customers, whose policy
 * lets every row through. drizzle's record of the migrations is read before, as the role itself.
 */
async function everyRow<T>(client: pg.ClientBase, begin: string, fn: () => Promise<T>): Promise<T> {
  const attempt = async (asAllCustomers: boolean) => {
    await client.query(begin)
    try {
      await readMigrations(client)
      if (asAllCustomers) {
        // Only where its policy lets every row through: a table without one would be backed up with rows missing.
        const { rows } = await client.query<{ name: string }>(
          `select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and c.relrowsecurity
             and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
                              and 'vorsorge_all_customers' = any(p.roles) and p.qual = 'true')`,
        )
        if (rows.length)
          throw new Error(
            `this role sees the rows of ${rows.map((r) => r.name).join(', ')} only in part: back up as a superuser or a role with BYPASSRLS (MIGRATION_DATABASE_URL)`,
          )
        await client.query('set local role vorsorge_all_customers')
      } else await client.query('set local row_security = off')
      return await fn()
    } finally {
      await client.query('rollback').catch(() => {})
    }
  }
  try {
    return await attempt(false)
  } catch (e) {
    if ((e as { code?: string }).code !== '42501') throw e
    return attempt(true)
  }
}

const migrationsRead = new WeakMap<pg.ClientBase, Manifest['migrations']>()

async function readMigrations(client: pg.ClientBase) {
  const { rows } = await client.query<{ hash: string; createdAt: string }>(
    `select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at, id`,
  )
  migrationsRead.set(client, rows)
}

async function dumpInTransaction(client: pg.ClientBase, staging: string, source: 'bundled' | 'external'): Promise<Manifest> {
  const tables = await publicTables(client)
  if (tables.length === 0) throw new Error('the database has no tables: nothing to back up')
  await client.query(`set local lock_timeout = '60s'`)
  await client.query(`lock table ${tables.map(ident).join(', ')} in access share mode`)
  const { rows: info } = await client.query<{ server: string; createdAt: string }>(
    `select current_setting('server_version') as server, now()::text as "createdAt"`,
  )
  const migrations = migrationsRead.get(client) ?? []
  fs.mkdirSync(path.join(staging, 'db'), { recursive: true, mode: 0o700 })
  const listed: Manifest['tables'] = []
  for (const table of tables) {
    const file = `db/${table}.rows`
    const fd = fs.openSync(path.join(staging, file), 'w', 0o600)
    let count = 0
    try {
      await client.query(`declare dump_rows no scroll cursor for select t::text as r from ${ident(table)} t`)
      for (;;) {
        const { rows } = await client.query<{ r: string }>(`fetch ${ROWS_PER_BATCH} from dump_rows`)
        if (rows.length === 0) break
        fs.writeSync(fd, `${rows.map((row) => JSON.stringify(row.r)).join('\n')}\n`)
        count += rows.length
      }
      await client.query('close dump_rows')
    } finally {
      fs.closeSync(fd)
    }
    listed.push({ name: table, rows: count, file })
  }
  return {
    format: FORMAT,
    product: pkg.name,
    version: pkg.version,
    createdAt: new Date(info[0]!.createdAt).toISOString(),
    source,
    server: info[0]!.server,
    migrations,
    tables: listed,
    key: 'none',
    credentials: false,
  }
}

// ---------------------------------------------------------------------------
// Restore

type Journal = { version: string; dialect: string; entries: { idx: number; when: number; tag: string; breakpoints: boolean; version: string }[] }

function shippedJournal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal
}

/** The migrations of this release up to the backup's: refused when the backup names one this release does not ship. */
function migrationsUpTo(manifest: Manifest): Journal {
  const journal = shippedJournal()
  const count = manifest.migrations.length
  const shipped = journal.entries.slice(0, count).map((e) => String(e.when))
  const wanted = manifest.migrations.map((m) => m.createdAt)
  if (count > journal.entries.length || shipped.some((w, i) => w !== wanted[i]))
    throw new Error(
      `the backup was made by a release with migrations this one does not have (version ${manifest.version}, ${count} migrations; this release ships ${journal.entries.length}): restore it with that release or a newer one`,
    )
  return { ...journal, entries: journal.entries.slice(0, count) }
}

/** Applies this release's migrations up to the backup's, as the tables' owner; the app's start applies the rest. */
async function migrateTo(url: string, journal: Journal) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-migrations-'))
  try {
    fs.mkdirSync(path.join(folder, 'meta'))
    fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
    for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`))
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    pool.on('error', () => {})
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder })
    } finally {
      await pool.end()
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

/** Tables in an order in which every foreign key points to a table loaded before (self-references aside). */
async function loadOrder(client: pg.ClientBase, tables: string[]) {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.conrelid <> c.confrelid`,
  )
  const strip = (n: string) => n.replace(/^public\./, '').replace(/^"(.*)"$/, '$1')
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]))
  for (const r of rows) parents.get(strip(r.child))?.add(strip(r.parent))
  const order: string[] = []
  const done = new Set<string>()
  while (order.length < tables.length) {
    const next = tables.filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p) || !parents.has(p)))
    if (next.length === 0) return null
    for (const t of next) {
      done.add(t)
      order.push(t)
    }
  }
  return order
}

/**
 * Loads the rows into the migrated, empty tables in one transaction: all or nothing. As a superuser
 * with triggers and foreign-key checks off (session_replication_role = replica), as pg_restore
 * does; as a table owner without that right, each table's own triggers and forced row-level security
 * are switched off for the transaction and the tables load parents first.
 */
async function loadRows(client: pg.ClientBase, staging: string, manifest: Manifest) {
  const tables = manifest.tables.map((t) => t.name)
  const present = new Set(await publicTables(client))
  const missing = tables.filter((t) => !present.has(t))
  if (missing.length) throw new Error(`the migrated database lacks tables of the backup (${missing.join(', ')}): not a backup of this product`)
  await client.query('begin')
  try {
    let order: string[] | null = tables
    const { rows: su } = await client.query<{ su: boolean }>(`select rolsuper as su from pg_roles where rolname = current_user`)
    if (su[0]?.su) await client.query('set local session_replication_role = replica')
    else {
      order = await loadOrder(client, tables)
      if (!order) throw new Error('the tables refer to each other in a circle: restore as a superuser')
      for (const t of tables) await client.query(`alter table ${ident(t)} disable trigger user, no force row level security`)
    }
    for (const name of order) {
      const table = manifest.tables.find((t) => t.name === name)!
      const lines = readline.createInterface({ input: fs.createReadStream(path.join(staging, table.file), 'utf8'), crlfDelay: Number.POSITIVE_INFINITY })
      let batch: string[] = []
      let count = 0
      const flush = async () => {
        if (!batch.length) return
        await client.query(`insert into ${ident(name)} select (r::${ident(name)}).* from unnest($1::text[]) as r`, [batch])
        count += batch.length
        batch = []
      }
      for await (const line of lines) {
        if (!line) continue
        batch.push(JSON.parse(line) as string)
        if (batch.length >= ROWS_PER_BATCH) await flush()
      }
      await flush()
      if (count !== table.rows) throw new Error(`table ${name}: the backup lists ${table.rows} rows, its file holds ${count}: the archive is damaged`)
    }
    if (!su[0]?.su) for (const t of tables) await client.query(`alter table ${ident(t)} enable trigger user, force row level security`)
    // Sequences owned by a column continue after the restored rows.
    const { rows: seqs } = await client.query<{ seq: string; tbl: string; col: string }>(
      `select s.oid::regclass::text as seq, d.refobjid::regclass::text as tbl, a.attname as col from pg_class s
         join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i') and d.refclassid = 'pg_class'::regclass
         join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`,
    )
    for (const s of seqs) await client.query(`select setval($1::regclass, coalesce((select max(${ident(s.col)}) from ${s.tbl}), 0) + 1, false)`, [s.seq])
    await client.query('commit')
  } catch (e) {
    await client.query('rollback').catch(() => {})
    throw e
  }
}

/** Tables of the schema `public` that hold a row, whatever the policies. */
async function tablesWithRows(client: pg.ClientBase) {
  const tables = await publicTables(client)
  if (tables.length === 0) return []
  const hasMigrations = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as t`).then((r) => r.rows[0]?.t !== null)
  const check = async () => {
    const full: string[] = []
    for (const t of tables) {
      const { rowCount } = await client.query(`select 1 from ${ident(t)} limit 1`)
      if (rowCount) full.push(t)
    }
    return full
  }
  if (!hasMigrations) {
    await client.query('begin')
    try {
      await client.query('set local row_security = off')
      return await check()
    } finally {
      await client.query('rollback').catch(() => {})
    }
  }
  return everyRow(client, 'begin', check)
}

export type RestoreResult = { target: 'bundled' | 'external'; rows: number; tables: number; ms: number; notes: string[] }

/**
 * Restores a backup: into an empty DATA_DIR with the bundled PostgreSQL (initialised with the
 * backup's passwords, the rows loaded, the key put back), or, with DATABASE_URL, into an external
 * database without rows (migrated by MIGRATION_DATABASE_URL or DATABASE_URL); then it says where
 * the key must go. Refuses a DATA_DIR or a database that holds anything.
 */
export async function restore(file: string, log: (m: string) => void = () => {}): Promise<RestoreResult> {
  const started = Date.now()
  file = path.resolve(file)
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`)
  const notes: string[] = []
  const external = !bundled()
  const dir = dataDir()
  if (!external && fs.existsSync(dir)) {
    const inside = fs.readdirSync(dir).filter((n) => n !== 'backups' && n !== 'lost+found')
    if (inside.length)
      throw new Error(
        `${dir} is not empty (${inside.slice(0, 5).join(', ')}${inside.length > 5 ? ', …' : ''}): a restore never writes over an installation. Stop the app, move the folder away (or set DATA_DIR to a new, empty folder) and restore again`,
      )
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-restore-'))
  const made: string[] = []
  try {
    await untar(file, staging)
    const manifestFile = path.join(staging, 'manifest.json')
    if (!fs.existsSync(manifestFile)) throw new Error(`${file} holds no manifest.json: not a backup of this product`)
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
    if (manifest.format !== FORMAT || manifest.product !== pkg.name) throw new Error(`${file} is not a backup of this product (format ${manifest.format})`)
    const journal = migrationsUpTo(manifest)
    log(`backup of ${manifest.createdAt} (version ${manifest.version}, ${manifest.tables.length} tables, ${manifest.migrations.length} migrations)`)

    if (external) {
      const url = process.env.DATABASE_URL!.trim()
      const owner = process.env.MIGRATION_DATABASE_URL?.trim() || url
      const client = await connect(owner)
      try {
        const full = await tablesWithRows(client)
        if (full.length)
          throw new Error(
            `the database of DATABASE_URL holds rows (${full.slice(0, 5).join(', ')}${full.length > 5 ? ', …' : ''}): a restore never writes over data. Create an empty database and restore into it`,
          )
        const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`).catch(() => ({ rows: [{ n: 0 }] }))
        if ((rows[0]?.n ?? 0) > journal.entries.length)
          throw new Error('the database has migrations newer than the backup: create an empty database and restore into it')
        log('migrating the empty database up to the backup’s migrations')
        await migrateTo(owner, journal)
        log('loading the rows')
        await loadRows(client, staging, manifest)
      } finally {
        await client.end().catch(() => {})
      }
      notes.push(...keyNotesForExternal(staging, manifest))
    } else {
      // As the app makes it: under root the bundled PostgreSQL (user postgres) must be able to enter it.
      fs.mkdirSync(dir, { recursive: true })
      const credentials = credentialsFile(pgDir())
      if (fs.existsSync(path.join(staging, 'postgres.credentials.json'))) {
        fs.copyFileSync(path.join(staging, 'postgres.credentials.json'), credentials)
        fs.chmodSync(credentials, 0o600)
      }
      made.push(credentials, pgDir())
      if (manifest.key === 'file') {
        fs.copyFileSync(path.join(staging, 'secret.key'), keyFile())
        fs.chmodSync(keyFile(), 0o600)
        made.push(keyFile())
      } else if (manifest.key === 'SECRET_KEY') {
        notes.push(
          'The backup was made with SECRET_KEY: start the app with the same SECRET_KEY, or the second factors and recovery codes must be set up again.',
        )
      }
      log(`initialising the bundled PostgreSQL in ${pgDir()}`)
      const server = await startEmbeddedPostgres(pgDir(), { quiet: true })
      try {
        log('migrating up to the backup’s migrations')
        await migrateTo(server.url(), journal)
        const client = await connect(server.url())
        try {
          await ensureAppRole(client, server.appRole)
          log('loading the rows')
          await loadRows(client, staging, manifest)
        } finally {
          await client.end().catch(() => {})
        }
      } finally {
        await server.stop()
      }
    }
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0)
    made.length = 0
    return { target: external ? 'external' : 'bundled', rows, tables: manifest.tables.length, ms: Date.now() - started, notes }
  } catch (e) {
    // A failed restore into the bundled mode leaves the folder as empty as it found it.
    for (const p of made) fs.rmSync(p, { recursive: true, force: true })
    throw e
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** With an external database the key is not the database's: say where it must go. */
function keyNotesForExternal(staging: string, manifest: Manifest): string[] {
  if (manifest.key !== 'file')
    return manifest.key === 'SECRET_KEY'
      ? ['The backup was made with SECRET_KEY: give every app host the same SECRET_KEY, or the second factors and recovery codes must be set up again.']
      : []
  const key = fs.readFileSync(path.join(staging, 'secret.key'), 'utf8').trim()
  const sameAsEnv = process.env.SECRET_KEY?.trim() === key
  if (sameAsEnv) return ['SECRET_KEY is the key of the backup: the second factors open.']
  if (!process.env.SECRET_KEY && !fs.existsSync(keyFile())) {
    fs.mkdirSync(dataDir(), { recursive: true, mode: 0o700 })
    fs.writeFileSync(keyFile(), `${key}\n`, { mode: 0o600, flag: 'wx' })
    return [
      `The backup's sealing key is now in ${keyFile()}. Several app hosts must share it: set SECRET_KEY to its content on each (tar -xzf FILE secret.key).`,
    ]
  }
  return [
    `The backup's sealing key differs from this host's (${process.env.SECRET_KEY ? 'SECRET_KEY' : keyFile()}): set SECRET_KEY on every app host to the content of secret.key in the backup (tar -xzf FILE secret.key), or the second factors and recovery codes must be set up again.`,
  ]
}

// ---------------------------------------------------------------------------
// The daily backup of the bundled mode, its record and pruning

const OWN_NAME = /^vorsorge-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz$/

/** Deletes this product's backups in DATA_DIR/backups beyond the newest `keep`, and leftovers of interrupted ones older than a day. */
export function pruneBackups(keep: number, dir = backupsDir(), now = Date.now()) {
  if (!fs.existsSync(dir)) return []
  const names = fs.readdirSync(dir)
  const own = names.filter((n) => OWN_NAME.test(n)).sort()
  const stale = (n: string) => now - fs.statSync(path.join(dir, n)).mtimeMs > 24 * 60 * 60_000
  const leftovers = names.filter((n) => (/^vorsorge-.*\.tar\.gz\.partial$/.test(n) || n.startsWith('.staging-')) && stale(n))
  const gone = [...own.slice(0, Math.max(0, own.length - keep)), ...leftovers]
  for (const n of gone) fs.rmSync(path.join(dir, n), { recursive: true, force: true })
  return gone
}

const zurichHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false })

/** When the newest of this product's backups in `dir` was made (from its name), or null. */
export function newestBackupAt(dir = backupsDir()): Date | null {
  if (!fs.existsSync(dir)) return null
  const newest = fs
    .readdirSync(dir)
    .filter((n) => OWN_NAME.test(n))
    .sort()
    .at(-1)
  if (!newest) return null
  const m = /^vorsorge-(\d{4}-\d\d-\d\d)T(\d\d)(\d\d)(\d\d)Z/.exec(newest)!
  return new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`)
}

/**
 * Whether the daily backup is due: the hour has come (Zurich) and DATA_DIR/backups holds none of
 * today (the job's or one `npm run backup` put there); after a failure, again an hour later.
 */
export function backupDue(now: Date, hour: number, last: BackupRun | null, newest: Date | null) {
  if (Number(zurichHour.format(now)) % 24 < hour) return false
  if (newest && todayInZurich(newest) === todayInZurich(now)) return false
  return !(last && !last.ok && now.getTime() - new Date(last.at).getTime() < 60 * 60_000)
}

/**
 * One tick of the daily job (server/jobs.ts runs it under its advisory lock): a backup into
 * DATA_DIR/backups when due, the older ones pruned, the run recorded; a failure is logged and
 * recorded, never thrown.
 */
export async function runBackupTick(now = new Date(), log = console): Promise<BackupRun | null> {
  const { hour, keep } = backupSchedule()
  if (hour === null || !backupDue(now, hour, lastBackup(), newestBackupAt())) return null
  const started = Date.now()
  let run: BackupRun
  try {
    const result = await backup()
    pruneBackups(keep)
    run = { at: new Date().toISOString(), ok: true, file: path.basename(result.file), size: result.size, ms: result.ms, error: null }
    log.log(`[backup] ${result.file}: ${result.rows} rows, ${(result.size / 1024 / 1024).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s`)
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e)
    run = { at: new Date().toISOString(), ok: false, file: null, size: null, ms: Date.now() - started, error }
    log.error(`[backup] failed: ${error}`)
  }
  try {
    recordBackupRun(run)
  } catch (e) {
    log.error(`[backup] its record could not be written: ${(e as Error).message}`)
  }
  return run
}

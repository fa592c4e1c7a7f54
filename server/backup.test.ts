// Backup and restore (issue 23, decision 0046). The real app (`node scripts/start.mjs`, bundled
// PostgreSQL in a temporary DATA_DIR, the sealing key in DATA_DIR/secret.key) serves and writes
// while `npm run backup` runs; the backup is restored with `npm run restore` into a fresh folder,
// the restored app starts, and every record acknowledged before the backup began is there, with its
// audit entry, and the second factor sealed with the key still verifies. Then the external mode:
// a database of the test server backed up and restored into an empty one. Needs the production
// build (`npm test` builds before this stage; start.mjs builds when missing).
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { Secret } from 'otpauth'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { codeAt } from '../app/auth/second-factor.server.ts'
import { MIGRATIONS_FOLDER } from '../models/core/db.server.ts'
import { freePort } from '../models/core/embedded-postgres.server.ts'
import { operatorFactory, request, run as runRoute } from '../tests/factories.ts'
import { stopApp, untilHealthy } from '../tests/real-app.ts'
import * as debugRoute from '../app/features/shell/debug.tsx'
import { backup, backupDue, backupSchedule, lastBackup, pruneBackups, recordBackupRun, restore, runBackupTick } from './backup.ts'

const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vorsorge-${name}-`))
  fs.chmodSync(dir, 0o755)
  return dir
}
const original = tmp('backup-src')
const restoredParent = tmp('backup-dst')
const restored = path.join(restoredParent, 'data')
const apps: ChildProcess[] = []

afterAll(async () => {
  for (const app of apps) await stopApp(app)
  for (const dir of [original, restoredParent]) fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

type App = { child: ChildProcess; origin: string; output: () => string }

async function startApp(dataDir: string): Promise<App> {
  const port = await freePort()
  let output = ''
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    // SECRET_KEY empty: the key is DATA_DIR/secret.key, as in an installation without it.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
      REMINDERS: 'false',
      BACKUP_HOUR: 'off',
      WEB_CONCURRENCY: '1',
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: '',
      SECRET_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  apps.push(child)
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  const origin = `http://localhost:${port}`
  await untilHealthy(origin, child, () => output, 180_000)
  return { child, origin, output: () => output }
}

/** `npm run backup` / `npm run restore` as the operator runs them: exit code and output. */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = ''
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

/** The superuser of a bundled data folder, from its credentials and postmaster.pid. */
async function query<T extends pg.QueryResultRow>(dataDir: string, sql: string, params: unknown[] = []) {
  const creds = JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.credentials.json'), 'utf8')) as { superuser: string }
  const port = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3])
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: creds.superuser, database: 'postgres' })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

function form(app: App, url: string, fields: Record<string, string>, cookie = '') {
  return fetch(`${app.origin}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.origin, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  })
}

async function signIn(app: App, email: string) {
  const res = await form(app, '/?index', { email, password: 'Vorsorge-2026', redirectTo: '' })
  expect(res.status).toBe(302)
  return cookiesOf(res)
}

/** AES-256-GCM as models/core/seal.server.ts seals, with the key of the data folder. */
function sealWith(keyFile: string, plain: string) {
  const key = Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64')
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':')
}

/** Creates measures through the app one after another until stopped; each with the time its creation was acknowledged. */
function writeUntilStopped(app: App, cookie: string, owner: string, prefix: string) {
  const acknowledged: { title: string; at: number }[] = []
  let stop = false
  const done = (async () => {
    for (let i = 0; !stop; i++) {
      const title = `${prefix}-${i}`
      const res = await form(app, '/app/measures/new', { source: 'fund', title, owner: `user:${owner}`, dueDate: '31.12.2030', recurrence: '0' }, cookie)
      if (res.status !== 302) throw new Error(`creating a measure answered ${res.status}`)
      acknowledged.push({ title, at: Date.now() })
    }
  })()
  return {
    acknowledged,
    stop: async () => {
      stop = true
      await done
    },
  }
}

/** Every row's primary key (its text) per table of the schema public. */
async function keysOf(dataDir: string) {
  const tables = await query<{ name: string; cols: string[] }>(
    dataDir,
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as cols from pg_class c
       join pg_index i on i.indrelid = c.oid and i.indisprimary
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' group by c.relname`,
  )
  const keys = new Map<string, Set<string>>()
  for (const t of tables) {
    const cols = t.cols.map((c) => pg.escapeIdentifier(c)).join(', ')
    const rows = await query<{ k: string }>(dataDir, `select row(${cols})::text as k from ${pg.escapeIdentifier(t.name)}`)
    keys.set(t.name, new Set(rows.map((r) => r.k)))
  }
  return keys
}

/** The kinds of record the product keeps; each must be in the backup for the test to mean anything. */
const KINDS = [
  'customers',
  'users',
  'memberships',
  'sessions',
  'audit_entries',
  'risks',
  'measures',
  'ics_processes',
  'documents',
  'work_processes',
  'dsg_activities',
  'dsg_dpias',
  'dsg_breaches',
  'dsg_requests',
  'report_snapshots',
  'deputies',
  'responsible_bodies',
  'risk_catalog',
  'ics_catalog',
  'mail_templates',
]

describe.sequential('a backup of the serving app restores into a fresh folder', () => {
  it('keeps every acknowledged record, its audit entries and the second factors', async () => {
    const app = await startApp(original)
    // Records of every kind: the demo data, a frozen report snapshot, a second factor sealed with the key.
    const admin = await signIn(app, 'admin@example.com')
    const [alpha] = await query<{ id: string }>(
      original,
      `select m.id from memberships m join users u on u.id = m.user_id join customers c on c.id = m.customer_id
        where u.email = 'admin@example.com' and c.name = 'Pensionskasse Alpha'`,
    )
    expect((await form(app, '/app/user/cselector', { permId: alpha!.id, redirectTo: '/app' }, admin)).status).toBe(302)
    expect((await form(app, '/app/report', { reportingDate: '31.12.2025', commentary: 'Backup test' }, admin)).status).toBe(302)
    const secret = new Secret({ size: 20 }).base32
    await query(original, `update users set totp_secret = $1, totp_enabled_at = now() where email = 'dsg@example.com'`, [
      sealWith(path.join(original, 'secret.key'), secret),
    ])

    // Writes go on while the backup runs.
    const writer = await signIn(app, 'writer@example.com')
    const [owner] = await query<{ id: string }>(original, `select id from users where email = 'writer@example.com'`)
    const prefix = `backup-${crypto.randomBytes(4).toString('hex')}`
    const writes = writeUntilStopped(app, writer, owner!.id, prefix)
    while (writes.acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20))
    const before = await keysOf(original)
    const auditBefore = await query<{ r: string }>(original, `select a::text as r from audit_entries a`)
    const backupStarted = Date.now()
    const made = await run('backup', [], { DATA_DIR: original })
    const acknowledgedBefore = writes.acknowledged.filter((w) => w.at < backupStarted).map((w) => w.title)
    const duringBackup = writes.acknowledged.length - acknowledgedBefore.length
    await writes.stop()
    expect(made.code, made.output).toBe(0)
    for (const kind of KINDS) expect(before.get(kind)?.size ?? 0, `rows of ${kind} before the backup`).toBeGreaterThan(0)

    const [file] = fs.readdirSync(path.join(original, 'backups')).filter((n) => n.endsWith('.tar.gz'))
    expect(file).toMatch(/^vorsorge-.*\.tar\.gz$/)
    const archive = path.join(original, 'backups', file!)
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600)
    expect(lastBackupOf(original)).toMatchObject({ ok: true, file })

    // The daily job: not due while today's backup is there; due once the newest is of another day,
    // it backs up the serving app, keeps BACKUP_KEEP and records the run.
    const kept = path.join(original, 'kept.tar.gz')
    fs.renameSync(archive, kept)
    fs.writeFileSync(path.join(original, 'backups', 'vorsorge-2000-01-01T020000Z.tar.gz'), '')
    const daily = await withEnv({ DATA_DIR: original, DATABASE_URL: '', SECRET_KEY: '', BACKUP_HOUR: '0', BACKUP_KEEP: '1' }, async () => {
      const run = await runBackupTick()
      return { run, again: await runBackupTick(), files: fs.readdirSync(path.join(original, 'backups')), last: lastBackup() }
    })
    expect(daily.run).toMatchObject({ ok: true, error: null })
    expect(daily.run!.size).toBeGreaterThan(0)
    expect(daily.again).toBeNull()
    expect(daily.files.filter((n) => n.endsWith('.tar.gz'))).toEqual([daily.run!.file])
    expect(daily.last).toEqual(daily.run)
    fs.renameSync(kept, archive)

    // A restore never writes over an installation.
    const refused = await run('restore', [archive], { DATA_DIR: original })
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/is not empty/)

    // The original is gone (stopped); the restore goes into a fresh folder and the app starts on it.
    await stopApp(app.child)
    // Into a folder the restore makes itself (under root the bundled PostgreSQL's user must enter it).
    const back = await run('restore', [archive], { DATA_DIR: restored })
    expect(back.code, back.output).toBe(0)
    expect(fs.statSync(path.join(restored, 'secret.key')).mode & 0o777).toBe(0o600)
    const again = await startApp(restored)

    const after = await keysOf(restored)
    for (const [table, keys] of before) {
      const missing = [...keys].filter((k) => !after.get(table)?.has(k))
      expect(missing, `rows of ${table} missing after the restore`).toEqual([])
    }
    // The audit trail is the same, entry for entry.
    const auditAfter = new Set((await query<{ r: string }>(restored, `select a::text as r from audit_entries a`)).map((r) => r.r))
    expect(auditBefore.map((a) => a.r).filter((r) => !auditAfter.has(r))).toEqual([])
    // Every measure acknowledged before the backup began is there, and the snapshot is one moment:
    // each measure of the writer that is there has its audit entry.
    const stored = await query<{ title: string; audited: boolean }>(
      restored,
      `select m.title, exists (select 1 from audit_entries a where a.entity_id = m.id::text) as audited from measures m where m.title like $1`,
      [`${prefix}-%`],
    )
    const titles = new Set(stored.map((s) => s.title))
    expect(acknowledgedBefore.filter((t) => !titles.has(t))).toEqual([])
    expect(stored.filter((s) => !s.audited)).toEqual([])
    // The app went on acknowledging writes while the backup ran.
    expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(5)
    expect(duringBackup).toBeGreaterThan(0)

    // A session made before the backup still signs in; the second factor sealed with the key verifies.
    const page = await fetch(`${again.origin}/app`, { headers: { Cookie: admin }, redirect: 'manual' })
    expect(page.status).toBe(200)
    const login = await fetch(`${again.origin}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: again.origin },
      body: JSON.stringify({ email: 'dsg@example.com', password: 'Vorsorge-2026' }),
    })
    expect(login.status, await login.clone().text()).toBe(401)
    const { challenge } = (await login.json()) as { challenge: string }
    const second = await fetch(`${again.origin}/api/login/second-factor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: again.origin },
      body: JSON.stringify({ challenge, code: codeAt(secret) }),
    })
    expect(second.status, again.output()).toBe(200)
    await stopApp(again.child)
  }, 600_000)
})

async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  try {
    return await fn()
  } finally {
    for (const [k, v] of Object.entries(saved)) restoreEnv(k, v)
  }
}

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

function lastBackupOf(dataDir: string) {
  const before = process.env.DATA_DIR
  process.env.DATA_DIR = dataDir
  try {
    return lastBackup()
  } finally {
    restoreEnv('DATA_DIR', before)
  }
}

describe.sequential('an external database', () => {
  const admin = () => inject('adminUrl')
  const dbUrl = (name: string) => {
    const u = new URL(admin())
    u.pathname = `/${name}`
    return u.toString()
  }
  const suffix = crypto.randomBytes(4).toString('hex')
  const source = `backup_src_${suffix}`
  const target = `backup_dst_${suffix}`
  const dir = tmp('backup-ext')
  const env = { DATABASE_URL: process.env.DATABASE_URL, MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL, DATA_DIR: process.env.DATA_DIR }

  afterAll(async () => {
    for (const [k, v] of Object.entries(env)) restoreEnv(k, v)
    const client = new pg.Client(admin())
    await client.connect()
    for (const name of [source, target]) await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('is backed up and restored into an empty database, never over one with rows', async () => {
    const client = new pg.Client(admin())
    await client.connect()
    await client.query(`create database ${source} template vorsorge_test_template`)
    await client.query(`create database ${target}`)
    await client.end()
    const src = new pg.Client(dbUrl(source))
    await src.connect()
    await src.query(`insert into customers (name, language) values ('Backup AG', 'de'), ('Sauvegarde SA', 'fr')`)
    const rowsBefore = (await src.query(`select c::text as r from customers c order by id`)).rows
    await src.end()

    process.env.DATA_DIR = dir
    delete process.env.MIGRATION_DATABASE_URL
    process.env.DATABASE_URL = dbUrl(source)
    const made = await backup(path.join(dir, 'external.tar.gz'))
    expect(made.manifest.source).toBe('external')
    expect(made.manifest.key).toBe('SECRET_KEY')
    expect(made.manifest.credentials).toBe(false)

    // Not over a database with rows.
    await expect(restore(made.file)).rejects.toThrow(/holds rows/)
    process.env.DATABASE_URL = dbUrl(target)
    const done = await restore(made.file)
    expect(done.target).toBe('external')
    const dst = new pg.Client(dbUrl(target))
    await dst.connect()
    expect((await dst.query(`select c::text as r from customers c order by id`)).rows).toEqual(rowsBefore)
    await dst.end()
  }, 120_000)
})

describe.sequential('an external database whose owner is no superuser', () => {
  const admin = () => inject('adminUrl')
  const suffix = crypto.randomBytes(4).toString('hex')
  const owner = `backup_owner_${suffix}`
  const password = crypto.randomBytes(12).toString('hex')
  const source = `backup_own_src_${suffix}`
  const target = `backup_own_dst_${suffix}`
  const dir = tmp('backup-own')
  const asOwner = (name: string) => {
    const u = new URL(admin())
    u.username = owner
    u.password = password
    u.pathname = `/${name}`
    return u.toString()
  }
  const env = { DATABASE_URL: process.env.DATABASE_URL, MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL, DATA_DIR: process.env.DATA_DIR }

  afterAll(async () => {
    for (const [k, v] of Object.entries(env)) restoreEnv(k, v)
    const client = new pg.Client(admin())
    await client.connect()
    for (const name of [source, target]) await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`drop role if exists ${owner}`)
    await client.end()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("reads every row under forced row-level security and loads them back with the tables' guards on again", async () => {
    const client = new pg.Client(admin())
    await client.connect()
    await client.query(`create role ${owner} login password '${password}'`)
    // What the migrations would grant themselves as a superuser (migration 0015).
    await client.query(`grant vorsorge_all_customers to ${owner} with inherit false, set true`)
    for (const name of [source, target]) await client.query(`create database ${name} owner ${owner}`)
    await client.end()

    process.env.DATA_DIR = dir
    delete process.env.MIGRATION_DATABASE_URL
    process.env.DATABASE_URL = asOwner(source)
    const src = new pg.Client(asOwner(source))
    src.on('error', () => {})
    await src.connect()
    // Migrated by the owner, as MIGRATION_DATABASE_URL would be.
    await migrate(drizzle(src), { migrationsFolder: MIGRATIONS_FOLDER })
    const [customer] = (await src.query<{ id: string }>(`insert into customers (name, language) values ('Eigner AG', 'de') returning id`)).rows
    await src.query(`select set_config('app.customer_id', $1, false)`, [customer!.id])
    await src.query(`insert into audit_entries (customer_id, component, action, entity_id) values ($1, 'customers', 'Created', $2)`, [
      customer!.id,
      customer!.id,
    ])
    const audit = (await src.query(`select a::text as r from audit_entries a`)).rows
    await src.end()
    expect(audit).toHaveLength(1)

    const made = await backup(path.join(dir, 'owner.tar.gz'))
    expect(made.manifest.tables.find((t) => t.name === 'audit_entries')?.rows).toBe(1)
    process.env.DATABASE_URL = asOwner(target)
    await restore(made.file)
    const dst = new pg.Client(asOwner(target))
    dst.on('error', () => {})
    await dst.connect()
    await dst.query(`select set_config('app.customer_id', $1, false)`, [customer!.id])
    expect((await dst.query(`select a::text as r from audit_entries a`)).rows).toEqual(audit)
    // Forced row-level security and the tables' own triggers are on again.
    const { rows } = await dst.query<{ n: number }>(
      `select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace and relrowsecurity and not relforcerowsecurity`,
    )
    expect(rows[0]!.n).toBe(0)
    const disabled = await dst.query(`select tgname from pg_trigger where not tgisinternal and tgenabled = 'D'`)
    expect(disabled.rows).toEqual([])
    await dst.end()
  }, 120_000)
})

describe('the daily backup', () => {
  it('is due once a day from BACKUP_HOUR (Zurich), again an hour after a failure', () => {
    const at = (iso: string) => new Date(iso)
    // 02:30 in Zurich in winter is 01:30 UTC.
    expect(backupDue(at('2026-11-28T00:30:00Z'), 2, null, null)).toBe(false)
    expect(backupDue(at('2026-11-28T01:30:00Z'), 2, null, null)).toBe(true)
    const ok = { at: '2026-11-28T01:10:00Z', ok: true, file: 'x', size: 1, ms: 1, error: null }
    expect(backupDue(at('2026-11-28T20:00:00Z'), 2, ok, at('2026-11-28T01:10:00Z'))).toBe(false)
    expect(backupDue(at('2026-11-29T01:30:00Z'), 2, ok, at('2026-11-28T01:10:00Z'))).toBe(true)
    // 23:30 UTC is already the next day in Zurich.
    expect(backupDue(at('2026-11-29T01:30:00Z'), 2, ok, at('2026-11-28T23:30:00Z'))).toBe(false)
    const failed = { ...ok, ok: false, error: 'disk full' }
    expect(backupDue(at('2026-11-28T01:40:00Z'), 2, failed, null)).toBe(false)
    expect(backupDue(at('2026-11-28T02:10:00Z'), 2, failed, null)).toBe(true)
  })

  it('reads BACKUP_HOUR and BACKUP_KEEP, refusing what they cannot be', () => {
    expect(backupSchedule({})).toEqual({ hour: 2, keep: 14 })
    expect(backupSchedule({ BACKUP_HOUR: '23', BACKUP_KEEP: '3' })).toEqual({ hour: 23, keep: 3 })
    expect(backupSchedule({ BACKUP_HOUR: 'off' }).hour).toBeNull()
    expect(() => backupSchedule({ BACKUP_HOUR: '24' })).toThrow(/BACKUP_HOUR/)
    expect(() => backupSchedule({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/)
  })

  it('keeps the newest BACKUP_KEEP of its own files and nothing else of the folder', () => {
    const dir = tmp('backup-prune')
    const names = Array.from({ length: 16 }, (_, i) => `vorsorge-2026-11-${String(i + 1).padStart(2, '0')}T020000Z.tar.gz`)
    for (const n of [...names, 'mine.tar.gz', 'last-run.json', 'vorsorge-2026-11-17T020000Z.tar.gz.partial']) fs.writeFileSync(path.join(dir, n), '')
    fs.mkdirSync(path.join(dir, '.staging-abc'))
    // An interrupted backup's leftovers go a day later, not while another backup may still write them.
    pruneBackups(14, dir)
    expect(fs.readdirSync(dir).sort()).toEqual(
      [...names.slice(2), '.staging-abc', 'last-run.json', 'mine.tar.gz', 'vorsorge-2026-11-17T020000Z.tar.gz.partial'].sort(),
    )
    pruneBackups(14, dir, Date.now() + 25 * 60 * 60_000)
    const left = fs.readdirSync(dir).sort()
    expect(left).toEqual([...names.slice(2), 'last-run.json', 'mine.tar.gz'].sort())
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('records a failed run and logs it', async () => {
    const dir = tmp('backup-fail')
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, BACKUP_HOUR: process.env.BACKUP_HOUR }
    process.env.DATA_DIR = dir
    process.env.DATABASE_URL = ''
    process.env.BACKUP_HOUR = '0'
    const errors: string[] = []
    try {
      const run = await runBackupTick(new Date(), { log: () => {}, error: (m: string) => errors.push(m) } as unknown as Console)
      expect(run).toMatchObject({ ok: false, file: null })
      expect(run?.error).toMatch(/no bundled database/)
      expect(lastBackup()).toEqual(run)
      expect(errors.join('\n')).toMatch(/\[backup\] failed/)
    } finally {
      for (const [k, v] of Object.entries(saved)) restoreEnv(k, v)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the diagnostics page', () => {
  it('shows the operator the daily backup and the last run, a failure with its error', async () => {
    const dir = tmp('backup-diag')
    const saved = { DATA_DIR: process.env.DATA_DIR, BACKUP_HOUR: process.env.BACKUP_HOUR, BACKUP_KEEP: process.env.BACKUP_KEEP }
    process.env.DATA_DIR = dir
    process.env.BACKUP_HOUR = '3'
    process.env.BACKUP_KEEP = '7'
    try {
      const operator = await operatorFactory()
      const read = async () => {
        const res = await runRoute(debugRoute.loader, request('/app/debug', { cookie: operator.cookie }))
        expect(res.status).toBe(200)
        return (res.body as { diagnostics: { backup: unknown } }).diagnostics.backup
      }
      expect(await read()).toEqual({ kind: 'daily', hour: 3, keep: 7, last: null })
      const ok = { at: '2026-11-28T02:00:00.000Z', ok: true, file: 'vorsorge-2026-11-28T020000Z.tar.gz', size: 12_345_678, ms: 4_200, error: null }
      recordBackupRun(ok)
      expect(await read()).toMatchObject({ last: ok })
      const failed = { at: '2026-11-29T02:00:00.000Z', ok: false, file: null, size: null, ms: 10, error: 'No space left on device' }
      recordBackupRun(failed)
      expect(await read()).toMatchObject({ last: failed })
      process.env.BACKUP_HOUR = 'off'
      expect(await read()).toMatchObject({ kind: 'off' })
    } finally {
      for (const [k, v] of Object.entries(saved)) restoreEnv(k, v)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

// Two app instances as two containers would run them: separate processes (`node scripts/start.mjs`,
// WEB_CONCURRENCY=1) on separate ports, each with its own DATA_DIR, on one PostgreSQL started on
// its own (the tests' server), the tables' owner in MIGRATION_DATABASE_URL, the app's lesser role in
// DATABASE_URL and one shared SECRET_KEY. A session made on one is valid on the other, the periodic
// jobs run once, block locks, versions and the sign-in throttle hold across both, and killing one
// leaves the other serving. Needs the production build (`npm test` builds before this stage).
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { LOGIN_ATTEMPT_LIMIT } from '../../app/auth/users.server.ts'
import { freePort } from '../../models/core/embedded-postgres.server.ts'
import { stopApp } from '../real-app.ts'

const TEMPLATE = 'vorsorge_test_template'
const database = `inst_${crypto.randomBytes(6).toString('hex')}`
const secretKey = crypto.randomBytes(32).toString('hex')

type Instance = { name: string; dir: string; port: number; origin: string; child: ChildProcess | null; output: string; healthyAt: number }
const instances: Instance[] = []
const a = () => instances[0]!
const b = () => instances[1]!

function urlFor(user?: { name: string; password: string }) {
  const url = new URL(inject('adminUrl'))
  url.pathname = `/${database}`
  if (user) {
    url.username = user.name
    url.password = user.password
  }
  return url.toString()
}

/** The tables' owner, straight on the database: what the instances wrote, seen from outside. */
async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client(urlFor())
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** What every app host of the deployment gets alike: the app's role, the owner to migrate with, the sealing key. */
const databaseEnv = () => ({ DATABASE_URL: urlFor(inject('appRole')), MIGRATION_DATABASE_URL: urlFor(), SECRET_KEY: secretKey })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    for (const i of instances)
      if (i.child && (i.child.exitCode !== null || (i.child.signalCode !== null && i.child.signalCode !== 'SIGKILL')))
        throw new Error(`instance ${i.name} exited with ${i.child.exitCode ?? i.child.signalCode}:\n${i.output}`)
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s:\n${instances.map((i) => `--- ${i.name}\n${i.output}`).join('\n')}`)
    await sleep(250)
  }
}

async function start(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vorsorge-instance-${name}-`))
  const port = await freePort()
  const instance: Instance = { name, dir, port, origin: `http://localhost:${port}`, child: null, output: '', healthyAt: 0 }
  instances.push(instance)
  instances.sort((x, y) => x.name.localeCompare(y.name))
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      WEB_CONCURRENCY: '1',
      ...databaseEnv(),
      EMBEDDED_PG_PORT: '',
      LOG_REQUESTS: 'false',
      // The daily reminders are due at once: both instances try them a few seconds after starting.
      REMINDERS: 'true',
      REMINDER_HOUR: '0',
      SMTP_URL: '',
      SMTP_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  instance.child = child
  child.stdout!.on('data', (c: Buffer) => (instance.output += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (instance.output += c.toString()))
  await until(
    `instance ${name} did not answer /healthz 200`,
    async () =>
      (await fetch(`${instance.origin}/healthz`).then(
        (r) => r.status,
        () => 0,
      )) === 200,
    180_000,
  )
  instance.healthyAt = Date.now()
  return instance
}

const form = (on: Instance, fields: Record<string, string>, cookie = '') => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: on.origin, ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
})

async function signIn(on: Instance, email: string) {
  const res = await fetch(`${on.origin}/?index`, form(on, { email, password: 'Vorsorge-2026', redirectTo: '' }))
  expect(res.status).toBe(302)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

const page = (on: Instance, pathname: string, cookie: string) =>
  fetch(`${on.origin}${pathname}`, { redirect: 'manual', headers: { Cookie: cookie } }).then((r) => r.status)

const apiLogin = (on: Instance, email: string, password: string) =>
  fetch(`${on.origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: on.origin },
    body: JSON.stringify({ email, password }),
  }).then((r) => r.status)

function outbox(i: Instance) {
  const dir = path.join(i.dir, 'outbox')
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : []
}

describe.sequential('two app instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client(inject('adminUrl'))
    await admin.connect()
    await admin.query(`create database ${database} template ${TEMPLATE} strategy file_copy`)
    await admin.end()
    // The demo data first (as an operator would load it once), then both instances start at the same
    // time, as a scaled-out deployment does: both migrate (nothing left to do) and both schedule the jobs.
    const seed = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      env: { ...process.env, ...databaseEnv() },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let seedOutput = ''
    seed.stdout!.on('data', (c: Buffer) => (seedOutput += c.toString()))
    seed.stderr!.on('data', (c: Buffer) => (seedOutput += c.toString()))
    const code = await new Promise((r) => seed.once('exit', r))
    if (code !== 0) throw new Error(`the seed failed:\n${seedOutput}`)
    await Promise.all([start('a'), start('b')])
  }, 300_000)

  afterAll(async () => {
    for (const i of instances) await stopApp(i.child)
    for (const i of instances) fs.rmSync(i.dir, { recursive: true, force: true })
    const admin = new pg.Client(inject('adminUrl'))
    await admin.connect()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  }, 60_000)

  it('connects both as the lesser role and keeps no key of its own', async () => {
    for (const i of instances) expect(await fetch(`${i.origin}/healthz`).then((r) => r.status)).toBe(200)
    const roles = await query<{ usename: string }>(
      `select distinct usename from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )
    expect(roles.map((r) => r.usename)).toEqual([inject('appRole').name])
    for (const i of instances) {
      expect(i.output).not.toMatch(/bundled PostgreSQL/)
      expect(fs.existsSync(path.join(i.dir, 'secret.key'))).toBe(false)
      expect(fs.existsSync(path.join(i.dir, 'postgres'))).toBe(false)
    }
    expect(a().output).not.toMatch(/\[seed\]/)
    expect(b().output).not.toMatch(/\[seed\]/)
  })

  it('takes a session made on one instance on the other, and a sign-out on one ends it on both', async () => {
    const cookie = await signIn(a(), 'reader@example.com')
    expect(await page(a(), '/app/user/profile', cookie)).toBe(200)
    expect(await page(b(), '/app/user/profile', cookie)).toBe(200)
    expect(await page(b(), '/app/user/profile', '')).toBe(302)
    const out = await fetch(`${b().origin}/logout`, form(b(), {}, cookie))
    expect(out.status).toBe(302)
    expect(await page(a(), '/app/user/profile', cookie)).toBe(302)
  })

  it('holds block locks and versions across the instances', async () => {
    const [risk] = await query<{ id: string; version: number }>(
      `select r.id, r.version from risks r join customers c on c.id = r.customer_id where c.name = 'Pensionskasse Alpha' order by r.id limit 1`,
    )
    const [membership] = await query<{ id: string }>(
      `select m.id from memberships m join users u on u.id = m.user_id join customers c on c.id = m.customer_id where u.email = 'admin@example.com' and c.name = 'Pensionskasse Alpha'`,
    )
    const writer = await signIn(a(), 'writer@example.com')
    const admin = await signIn(b(), 'admin@example.com')
    expect((await fetch(`${b().origin}/app/user/cselector`, form(b(), { permId: membership!.id, redirectTo: '/app' }, admin))).status).toBe(302)
    const detail = `/app/risk/${risk!.id}?step=analysis`

    // The writer opens the block on A: the admin on B may neither open it nor save over it.
    expect((await fetch(`${a().origin}${detail}`, form(a(), { intent: 'edit', block: 'analysis' }, writer))).status).toBe(302)
    expect((await fetch(`${b().origin}${detail}`, form(b(), { intent: 'edit', block: 'analysis' }, admin))).status).toBe(409)
    const overwrite = { intent: 'save', block: 'analysis', version: String(risk!.version), description: 'Vom Admin auf B' }
    expect((await fetch(`${b().origin}${detail}`, form(b(), overwrite, admin))).status).toBe(409)

    // The writer saves on A; the admin's form, loaded before, is stale on B.
    const saved = { intent: 'save', block: 'analysis', version: String(risk!.version), description: 'Von der Schreiberin auf A' }
    expect((await fetch(`${a().origin}${detail}`, form(a(), saved, writer))).status).toBe(302)
    expect((await fetch(`${b().origin}${detail}`, form(b(), overwrite, admin))).status).toBe(409)
    const [after] = await query<{ version: number; description: string }>(`select version, description from risks where id = $1`, [risk!.id])
    expect(after).toEqual({ version: risk!.version + 1, description: 'Von der Schreiberin auf A' })

    // With the lock given back, the admin on B saves on the current version.
    const current = { ...overwrite, version: String(risk!.version + 1) }
    expect((await fetch(`${b().origin}${detail}`, form(b(), current, admin))).status).toBe(302)
    expect((await query<{ version: number }>(`select version from risks where id = $1`, [risk!.id]))[0]!.version).toBe(risk!.version + 2)
  })

  it('counts wrong passwords from one client on both instances toward one limit', async () => {
    // An account that gets no reminder digest, so its mails (if the throttle ever writes one) stay apart from the digests'.
    const email = 'norights@example.com'
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) expect(await apiLogin(i % 2 ? b() : a(), email, `wrong-${i}`)).toBe(401)
    expect(await apiLogin(a(), email, 'wrong-again')).toBe(429)
    expect(await apiLogin(b(), email, 'wrong-again')).toBe(429)
  })

  it('runs the daily reminders once, though both instances try them', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date())
    const logged = async () =>
      (await query<{ email: string }>(`select u.email from reminder_log r join users u on u.id = r.user_id where r.day = $1`, [today])).map((r) => r.email)
    // The daily digests only (measures, executions, data protection): the loyalty area's reminders (issue 26) run beside them, under their own lock.
    const digest = (i: Instance) =>
      outbox(i).filter((f) =>
        /^X-Vorsorge-Template: (measure-reminder|daily-digest|dsg-reminder)\r?$/m.test(fs.readFileSync(path.join(i.dir, 'outbox', f), 'utf8')),
      )
    // Each instance tries 5 s after it started; give both a generous while on a busy machine.
    await until(
      'no reminder digest was sent, or not each exactly once',
      async () =>
        Date.now() - Math.max(a().healthyAt, b().healthyAt) > 15_000 &&
        (await logged()).length > 0 &&
        digest(a()).length + digest(b()).length >= (await logged()).length,
      120_000,
    )
    const recipients = await logged()
    const mails = [...digest(a()), ...digest(b())].map((f) => f.replace(/^.*?Z-/, ''))
    // One digest per member and fund a day: a member of two funds gets two, each once.
    for (const email of new Set(recipients)) expect(mails.filter((m) => m === `${email}.eml`)).toHaveLength(recipients.filter((r) => r === email).length)
  }, 150_000)

  it('keeps serving on one instance when the other is killed', async () => {
    const cookie = await signIn(a(), 'writer@example.com')
    const exited = new Promise((r) => a().child!.once('exit', r))
    a().child!.kill('SIGKILL')
    await exited
    expect(
      await fetch(`${a().origin}/healthz`).then(
        (r) => r.status,
        () => 0,
      ),
    ).toBe(0)
    expect(await fetch(`${b().origin}/healthz`).then((r) => r.status)).toBe(200)
    expect(await page(b(), '/app/user/profile', cookie)).toBe(200)
    const fresh = await signIn(b(), 'writer@example.com')
    expect(await page(b(), '/app/risk', fresh)).toBe(200)
  }, 60_000)
})

// The real app (`node scripts/start.mjs`, bundled PostgreSQL in a temporary
// DATA_DIR) is killed with SIGKILL while it writes, alone and together with its
// postmaster, and started again at once: it must come up, answer /healthz 200
// and keep every write it acknowledged. Then its PostgreSQL is killed under
// the running app: the app must survive and recover. Needs the production
// build (`npm test` builds before this stage; start.mjs builds when missing).
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../models/core/embedded-postgres.server.ts'
import { stopApp, untilHealthy } from '../real-app.ts'

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-crash-'))
fs.chmodSync(dir, 0o755)
const pgDir = path.join(dir, 'postgres')
let port = 0
let origin = ''
let app: ChildProcess | null = null
let output = ''

function start(env: Record<string, string> = {}) {
  output = ''
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_REQUESTS: 'false', REMINDERS: 'false', DATABASE_URL: '', EMBEDDED_PG_PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  return child
}

function healthy(child: ChildProcess, ms = 90_000) {
  return untilHealthy(origin, child, () => output, ms)
}

function postmasterPid() {
  return Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0])
}

async function killed(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGKILL')
  await exited
}

/** The superuser, from what the data folder holds: the generated password and the port in postmaster.pid. */
async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const creds = JSON.parse(fs.readFileSync(path.join(dir, 'postgres.credentials.json'), 'utf8')) as { superuser: string }
  const pgPort = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3])
  const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password: creds.superuser, database: 'postgres' })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
  body: new URLSearchParams(fields).toString(),
})

async function signIn() {
  const res = await fetch(`${origin}/?index`, form({ email: 'writer@example.com', password: 'Vorsorge-2026', redirectTo: '' }))
  expect(res.status).toBe(302)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/**
 * Creates measures one after another until stopped; returns the titles whose creation was acknowledged
 * (redirect). Before the crash every answer must be that redirect. Once it has begun (`crashing()`), a
 * worker process may still answer for a moment after the cluster's primary died, and a write it
 * answers with a 5xx because its database is gone was never acknowledged: that ends the writing too.
 */
function writeUntilStopped(cookie: string, owner: string, prefix: string) {
  const acknowledged: string[] = []
  let stop = false
  let crashing = false
  const done = (async () => {
    for (let i = 0; !stop; i++) {
      const title = `${prefix}-${i}`
      const init = form({ source: 'fund', title, owner: `user:${owner}`, dueDate: '31.12.2030', recurrence: '0' })
      const res = await fetch(`${origin}/app/measures/new`, { ...init, headers: { ...init.headers, Cookie: cookie } }).catch(() => null)
      if (!res) break
      if (res.status === 302) acknowledged.push(title)
      else if (crashing && res.status >= 500) break
      else throw new Error(`creating a measure answered ${res.status}`)
    }
  })()
  return {
    acknowledged,
    crashing: () => {
      crashing = true
    },
    stop: async () => {
      stop = true
      await done
    },
  }
}

async function crashWhileWriting(killPostmaster: boolean) {
  const cookie = await signIn()
  const [writer] = await query<{ id: string }>(`select id from users where email = 'writer@example.com'`)
  const prefix = `crash-${crypto.randomBytes(4).toString('hex')}`
  const writes = writeUntilStopped(cookie, writer!.id, prefix)
  while (writes.acknowledged.length < 15) await new Promise((r) => setTimeout(r, 20))
  const postmaster = postmasterPid()
  writes.crashing()
  await killed(app!)
  if (killPostmaster) process.kill(postmaster, 'SIGKILL')
  await writes.stop()
  const acknowledged = writes.acknowledged

  app = start()
  await healthy(app)
  const stored = new Set((await query<{ title: string }>(`select title from measures where title like $1`, [`${prefix}-%`])).map((r) => r.title))
  expect(acknowledged.filter((t) => !stored.has(t))).toEqual([])
  expect(acknowledged.length).toBeGreaterThanOrEqual(15)
}

describe.sequential('crash and restart of the real app', () => {
  beforeAll(async () => {
    port = await freePort()
    origin = `http://localhost:${port}`
    app = start()
    await healthy(app, 180_000)
  }, 240_000)

  afterAll(async () => {
    await stopApp(app)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('comes up at once after kill -9 of the app alone (its PostgreSQL left running) and keeps every acknowledged write', async () => {
    await crashWhileWriting(false)
    expect(output).toMatch(/still running without its app/)
  }, 120_000)

  it('comes up at once after kill -9 of the app and its postmaster and keeps every acknowledged write', async () => {
    await crashWhileWriting(true)
  }, 120_000)

  it('survives its PostgreSQL dying under load: the server is started again and /healthz recovers', async () => {
    const cookie = await signIn()
    const load = Array.from({ length: 40 }, () => fetch(`${origin}/app/measures`, { headers: { Cookie: cookie } }).catch(() => null))
    process.kill(postmasterPid(), 'SIGKILL')
    await Promise.all(load)
    // The supervisor has seen its PostgreSQL go before /healthz is asked: an answer from before the death proves nothing.
    await expect.poll(() => output, { timeout: 30_000 }).toMatch(/stopped unexpectedly/)
    await healthy(app!, 30_000)
    expect(app!.exitCode).toBeNull()
    expect(output).toMatch(/stopped unexpectedly/)
  }, 120_000)

  it('connects as the application role, not as the superuser', async () => {
    const rows = await query<{ usename: string; rolsuper: boolean }>(
      `select distinct a.usename, r.rolsuper from pg_stat_activity a join pg_roles r on r.rolname = a.usename
        where a.datname = 'postgres' and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'`,
    )
    expect(rows).toEqual([{ usename: 'vorsorge_app', rolsuper: false }])
    expect(fs.statSync(path.join(dir, 'postgres.credentials.json')).mode & 0o777).toBe(0o600)
  })

  it.runIf(isRoot)(
    'as root, says in one line that the PostgreSQL user cannot enter a private DATA_DIR',
    async () => {
      const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-private-'))
      try {
        const child = start({ DATA_DIR: privateDir, PORT: String(await freePort()) })
        const code = await new Promise((r) => child.once('exit', r))
        expect(code).toBe(1)
        expect(output).toContain(`cannot enter ${privateDir}`)
        expect(output).not.toMatch(/\n\s+at /)
      } finally {
        fs.rmSync(privateDir, { recursive: true, force: true })
      }
    },
    30_000,
  )
})

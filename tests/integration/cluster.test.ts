// The real app with WEB_CONCURRENCY=2 (`node scripts/start.mjs`, bundled PostgreSQL in a
// temporary DATA_DIR): both workers serve, a session made through one is valid on the other, a
// killed worker is replaced, and SIGTERM stops workers and PostgreSQL. Needs the production build
// (`npm test` builds before this stage; start.mjs builds when missing).
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../models/core/embedded-postgres.server.ts'
import { stopApp } from '../real-app.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-cluster-'))
fs.chmodSync(dir, 0o755)
let port = 0
let origin = ''
let app: ChildProcess | null = null
let output = ''

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (app?.exitCode !== null) throw new Error(`the app exited with ${app?.exitCode}:\n${output}`)
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s:\n${output}`)
    await sleep(200)
  }
}

/** A GET over a connection of its own: the cluster hands each new connection to the next worker. */
function get(pathname: string, cookie = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${pathname}`, { agent: false, headers: cookie ? { Cookie: cookie } : {} }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
  })
}

const workerPids = () => [...output.matchAll(/\[worker (\d+)\] \[http\] listening/g)].map((m) => Number(m[1]))
const servedBy = (pathname: string, status: number) =>
  new Set([...output.matchAll(new RegExp(`\\[worker (\\d+)\\] GET ${pathname} ${status} `, 'g'))].map((m) => Number(m[1])))
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function signIn() {
  const res = await fetch(`${origin}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ email: 'writer@example.com', password: 'Vorsorge-2026', redirectTo: '' }).toString(),
  })
  expect(res.status).toBe(302)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

describe.sequential('several server processes (WEB_CONCURRENCY=2)', () => {
  beforeAll(async () => {
    port = await freePort()
    origin = `http://localhost:${port}`
    app = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dir,
        WEB_CONCURRENCY: '2',
        LOG_REQUESTS: 'true',
        REMINDERS: 'false',
        DATABASE_URL: '',
        EMBEDDED_PG_PORT: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    app.stdout!.on('data', (c: Buffer) => (output += c.toString()))
    app.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    await until('the app did not answer /healthz 200', async () => (await get('/healthz').catch(() => 0)) === 200, 180_000)
    await until('two workers did not listen', () => workerPids().length === 2, 10_000)
  }, 240_000)

  afterAll(async () => {
    await stopApp(app)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('prepares the database once, in the primary, and serves from two workers that share the session', async () => {
    expect(output.match(/bundled PostgreSQL on port/g)).toHaveLength(1)
    expect(output.match(/\[seed\]/g)?.length ?? 0).toBeGreaterThan(0)
    expect(output).toMatch(/2 server processes listening/)
    const cookie = await signIn()
    for (let i = 0; i < 6; i++) expect(await get('/app/user/profile', cookie)).toBe(200)
    await until('both workers did not answer the signed-in page', () => servedBy('/app/user/profile', 200).size === 2, 5_000)
    expect([...servedBy('/app/user/profile', 200)].sort()).toEqual(workerPids().sort())
    expect(servedBy('/app/user/profile', 200)).not.toContain(app!.pid)
  }, 60_000)

  it('replaces a worker that dies, and the session stays valid on the new one', async () => {
    const [victim, survivor] = workerPids()
    process.kill(victim!, 'SIGKILL')
    await until('no new worker listened', () => workerPids().length === 3, 30_000)
    const replacement = workerPids()[2]!
    expect(output).toMatch(new RegExp(`worker ${victim} exited \\(SIGKILL\\)`))
    const cookie = await signIn()
    for (let i = 0; i < 6; i++) expect(await get('/app/user/profile', cookie)).toBe(200)
    await until('the new worker did not answer', () => servedBy('/app/user/profile', 200).has(replacement), 5_000)
    expect(alive(survivor!)).toBe(true)
  }, 60_000)

  it('stops every worker and its PostgreSQL on SIGTERM', async () => {
    const pids = workerPids().filter(alive)
    expect(pids).toHaveLength(2)
    const postmaster = Number(fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    const exited = new Promise<number | null>((r) => app!.once('exit', (code) => r(code)))
    app!.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(pids.filter(alive)).toEqual([])
    expect(alive(postmaster)).toBe(false)
    expect(fs.existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false)
  }, 60_000)
})

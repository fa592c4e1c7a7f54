// The real app as ops run it (`node scripts/start.mjs`, WEB_CONCURRENCY=2, LOG_FORMAT=json) on a
// database of the test PostgreSQL: /readyz answers 503 while it starts; /metrics (loopback only)
// sums the requests by route pattern and status, their latency, the pools and the periodic jobs of
// all processes; every log line is JSON with the request id the answer carries; SIGTERM under a
// stream of writes turns /readyz to 503 before the process ends, and every write answered with
// success is in the database (docs/decisions/0048-metrics-logs-and-readiness.md). Needs the
// production build (`npm test` builds before this stage; start.mjs builds when missing).
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../models/core/embedded-postgres.server.ts'
import { stopApp } from '../real-app.ts'
import { appRoleUrl } from './app-role-url.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-ops-'))
const database = `ops_${crypto.randomBytes(5).toString('hex')}`
let port = 0
let origin = ''
let app: ChildProcess | null = null
let stdout = ''
let output = ''
const startup: number[] = []

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function adminUrl(name = database) {
  const url = new URL(inject('adminUrl'))
  url.pathname = `/${name}`
  return url.toString()
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client(adminUrl())
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

/** A request over a connection of its own (the cluster hands each new connection to the next worker). */
function request(
  pathname: string,
  { method = 'GET', headers = {}, body, host = '127.0.0.1' }: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, path: pathname, method, agent: false, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (app?.exitCode !== null) throw new Error(`the app exited with ${app?.exitCode}:\n${output}`)
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s:\n${output}`)
    await sleep(100)
  }
}

const formHeaders = (cookie = '') => ({ 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, ...(cookie ? { Cookie: cookie } : {}) })

async function signIn() {
  const body = new URLSearchParams({ email: 'writer@example.com', password: 'Vorsorge-2026', redirectTo: '' }).toString()
  const res = await request('/?index', { method: 'POST', headers: formHeaders(), body })
  expect(res.status).toBe(302)
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ')
}

const measure = (title: string, owner: string) =>
  new URLSearchParams({ source: 'fund', title, owner: `user:${owner}`, dueDate: '31.12.2030', recurrence: '0' }).toString()

/** The value of one sample of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3])
  }
  return undefined
}

const metrics = async () => {
  const res = await request('/metrics')
  expect(res.status).toBe(200)
  return res.body
}

/** stdout as JSON lines: every line once the server runs (start.mjs may build first, in plain text). */
const logLines = () => {
  const lines = stdout.split('\n').filter((l) => l.trim())
  const first = lines.findIndex((l) => l.startsWith('{'))
  return first < 0 ? [] : lines.slice(first).map((l) => JSON.parse(l) as Record<string, unknown>)
}

describe.sequential('operations: readiness, metrics, JSON logs and draining of the real app', () => {
  let cookie = ''
  let writer = ''

  beforeAll(async () => {
    const admin = new pg.Client(inject('adminUrl'))
    await admin.connect()
    await admin.query(`create database ${database} template vorsorge_test_template strategy file_copy`)
    await admin.end()
    port = await freePort()
    origin = `http://127.0.0.1:${port}`
    app = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: appRoleUrl(database),
        MIGRATION_DATABASE_URL: adminUrl(),
        WEB_CONCURRENCY: '2',
        LOG_FORMAT: 'json',
        LOG_REQUESTS: 'true',
        REMINDERS: 'false',
        DRAIN_DELAY_SECONDS: '1',
        DRAIN_TIMEOUT_SECONDS: '10',
        METRICS_TOKEN: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    app.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString()
      output += c.toString()
    })
    app.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    // /healthz as the other tests wait for it; what /readyz said meanwhile is kept.
    const status = (pathname: string) =>
      request(pathname).then(
        (r) => r.status,
        () => 0,
      )
    await until(
      'the app did not answer /healthz 200',
      async () => {
        const ready = await status('/readyz')
        if (ready) startup.push(ready)
        return (await status('/healthz')) === 200
      },
      180_000,
    )
    cookie = await signIn()
    const [row] = await query<{ id: string }>(`select id from users where email = 'writer@example.com'`)
    writer = row!.id
  }, 240_000)

  afterAll(async () => {
    await stopApp(app)
    fs.rmSync(dir, { recursive: true, force: true })
    const admin = new pg.Client(inject('adminUrl'))
    await admin.connect()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  })

  it('answered /readyz 503 while it started, and 200 once ready; /healthz as before', async () => {
    expect(startup[0]).toBe(503)
    expect(startup.filter((s) => s !== 503 && s !== 200)).toEqual([])
    expect(JSON.parse((await request('/readyz')).body)).toEqual({ status: 'ready' })
    expect(await request('/healthz')).toMatchObject({ status: 200, body: JSON.stringify({ status: 'ok' }) })
  })

  it('serves /metrics to this machine only, summed over all processes, by route pattern and status', async () => {
    const before = await metrics()
    const posted = sample(before, 'vorsorge_http_requests_total', { method: 'POST', route: '/app/measures/new', status: '302' }) ?? 0
    const prefix = `metrics-${crypto.randomBytes(3).toString('hex')}`
    // Writes until both workers have answered some (each connection goes to the next worker).
    const pids = () => new Set(logLines().flatMap((l) => (l.method === 'POST' && l.route === '/app/measures/new' ? [l.pid] : [])))
    let posts = 0
    await until(
      'both workers did not answer the writes',
      async () => {
        const res = await request('/app/measures/new', { method: 'POST', headers: formHeaders(cookie), body: measure(`${prefix}-${posts}`, writer) })
        expect(res.status).toBe(302)
        posts++
        return posts >= 4 && pids().size === 2
      },
      30_000,
    )
    const [created] = await query<{ id: string }>(`select id from measures where title = $1`, [`${prefix}-0`])
    expect((await request(`/app/measures/${created!.id}`, { headers: { Cookie: cookie } })).status).toBe(200)
    expect((await request(`/no-such-page-${created!.id}`)).status).toBe(404)

    // The sum counts the writes of both workers.
    const text = await metrics()
    expect(sample(text, 'vorsorge_http_requests_total', { method: 'POST', route: '/app/measures/new', status: '302' })).toBe(posted + posts)
    expect(sample(text, 'vorsorge_http_requests_total', { method: 'GET', route: '/app/measures/:id', status: '200' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'vorsorge_http_requests_total', { method: 'GET', route: '/readyz', status: '200' })).toBeGreaterThanOrEqual(1)
    // No URL with its ids becomes a label.
    expect(text).not.toContain(created!.id)
    // An unknown path is counted under the catch-all route's pattern.
    expect(sample(text, 'vorsorge_http_requests_total', { method: 'GET', route: '/*', status: '404' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'vorsorge_http_request_duration_seconds_count', { method: 'POST', route: '/app/measures/new' })).toBe(posted + posts)
    expect(sample(text, 'vorsorge_http_request_duration_seconds_bucket', { method: 'POST', route: '/app/measures/new', le: '+Inf' })).toBe(posted + posts)
    for (const pool of ['main', 'request']) {
      expect(sample(text, 'vorsorge_db_pool_in_use', { pool })).toBeGreaterThanOrEqual(0)
      expect(sample(text, 'vorsorge_db_pool_waiting', { pool })).toBeGreaterThanOrEqual(0)
    }
    expect(sample(text, 'vorsorge_mails_total', { outcome: 'failed' })).toBe(0)
    expect(text).toMatch(/^# TYPE vorsorge_http_request_duration_seconds histogram$/m)
    // The periodic jobs run in the primary (their first run 5 s after the start): its counts are in the sum too.
    await until(
      'the deputy notices job did not show in /metrics',
      async () => (sample(await metrics(), 'vorsorge_job_runs_total', { job: 'deputyNotices', outcome: 'ok' }) ?? 0) >= 1,
      30_000,
    )

    // Not through a proxy on this machine, nor with a token when none is set.
    for (const headers of [{ 'X-Forwarded-For': '203.0.113.9' }, { Forwarded: 'for=203.0.113.9' }, { 'X-Real-IP': '203.0.113.9' }] as Record<
      string,
      string
    >[]) {
      const res = await request('/metrics', { headers })
      expect(res.status).toBe(404)
      expect(res.body).not.toContain('vorsorge_')
    }
  }, 90_000)

  it('writes every line as JSON, each request with the id its answer carries', async () => {
    const kept = await request('/imprint', { headers: { 'X-Request-Id': 'lb-7f3a.42' } })
    expect(kept.status).toBe(200)
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42')
    const replaced = await request('/imprint', { headers: { 'X-Request-Id': `bad id ${'x'.repeat(200)}` } })
    const generated = String(replaced.headers['x-request-id'])
    expect(generated).toMatch(/^[0-9a-f-]{36}$/)
    await until('the request lines were not logged', () => stdout.includes(generated), 5_000)
    const lines = logLines()
    expect(lines.find((l) => l.requestId === 'lb-7f3a.42')).toMatchObject({ level: 'info', method: 'GET', path: '/imprint', route: '/imprint', status: 200 })
    expect(lines.find((l) => l.requestId === generated)).toMatchObject({ path: '/imprint', status: 200 })
    expect(lines.some((l) => /2 server processes listening/.test(String(l.msg)))).toBe(true)
    for (const l of lines) expect(l).toHaveProperty('time')
  })

  it('on SIGTERM under a stream of writes: /readyz 503 before the exit, every acknowledged write kept', async () => {
    const prefix = `drain-${crypto.randomBytes(3).toString('hex')}`
    const acknowledged: { title: string; at: number }[] = []
    const failures: string[] = []
    let stop = false
    let n = 0
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const title = `${prefix}-${n++}`
        const res = await request('/app/measures/new', { method: 'POST', headers: formHeaders(cookie), body: measure(title, writer) }).catch(() => null)
        if (!res) {
          await sleep(20)
          continue
        }
        if (res.status === 302) acknowledged.push({ title, at: Date.now() })
        else failures.push(`${res.status}`)
      }
    })
    const readyz: { status: number; at: number }[] = []
    const poller = (async () => {
      while (!stop) {
        const status = await request('/readyz').then(
          (r) => r.status,
          () => 0,
        )
        readyz.push({ status, at: Date.now() })
        await sleep(50)
      }
    })()

    await until('writes were not acknowledged', () => acknowledged.length >= 20, 30_000)
    const exited = new Promise<{ code: number | null; at: number }>((r) => app!.once('exit', (code) => r({ code, at: Date.now() })))
    const sigterm = Date.now()
    app!.kill('SIGTERM')
    const { code, at: exitAt } = await exited
    stop = true
    await Promise.all([...writers, poller])

    expect(code).toBe(0)
    expect(failures).toEqual([])
    const notReady = readyz.filter((r) => r.at > sigterm && r.status === 503)
    expect(notReady.length).toBeGreaterThan(0)
    expect(notReady[0]!.at).toBeLessThan(exitAt)
    // Writes went on being answered while it drained, and none that was answered is lost.
    expect(acknowledged.filter((a) => a.at > sigterm).length).toBeGreaterThan(0)
    const stored = new Set((await query<{ title: string }>(`select title from measures where title like $1`, [`${prefix}-%`])).map((r) => r.title))
    expect(acknowledged.map((a) => a.title).filter((t) => !stored.has(t))).toEqual([])
    expect(logLines().some((l) => /SIGTERM: draining/.test(String(l.msg)))).toBe(true)
  }, 90_000)
})

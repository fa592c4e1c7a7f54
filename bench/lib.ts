// What the bench scripts share: a lean load client (node:http with keep-alive sockets, cheaper in
// client CPU than fetch on a machine whose cores the server needs too), sign-in, free ports, the
// app started on its own data folder, and the server processes' CPU and memory read from /proc.
import { totpCode } from './operator.ts'
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function assertLoopback(base: string) {
  const host = new URL(base).hostname
  if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host)) throw new Error('the benchmark only targets this machine (localhost)')
}

export type Stats = { rps: number; p50: number; p95: number; p99: number; requests: number; errors: number; clientCpuMs: number }

/** One GET over a kept-alive socket; resolves with the status once the whole body is read. */
function get(url: URL, agent: http.Agent, headers: http.OutgoingHttpHeaders): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** `connections` loops of GET for `ms` milliseconds; latency quantiles, req/s and the client's own CPU per request. */
export async function load(target: string, cookie: string, ms: number, connections: number): Promise<Stats> {
  const url = new URL(target)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const headers: http.OutgoingHttpHeaders = cookie ? { Cookie: cookie } : {}
  const latencies: number[] = []
  let errors = 0
  const end = Date.now() + ms
  const loop = async () => {
    while (Date.now() < end) {
      const t = performance.now()
      try {
        if ((await get(url, agent, headers)) !== 200) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t)
    }
  }
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, loop))
  const elapsed = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const q = (p: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] * 10) / 10 : Number.NaN)
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    requests: latencies.length,
    errors,
    clientCpuMs: latencies.length ? Math.round(((used.user + used.system) / 1000 / latencies.length) * 100) / 100 : 0,
  }
}

/**
 * The session cookie of an API sign-in. An account with the second factor on (the bench operator,
 * bench/operator.ts) answers "second factor required": the code of `totpSecret` follows, the next
 * step's when the current one was taken already (a code is good once).
 */
export async function signIn(base: string, email: string, password: string, totpSecret?: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base }, body: JSON.stringify(body) })
  let res = await post('/api/login', { email, password })
  if (res.status === 401 && totpSecret) {
    const { error, challenge } = (await res.json()) as { error: string; challenge?: string }
    if (error === 'second factor required' && challenge) {
      for (const offset of [0, 30_000]) {
        res = await post('/api/login/second-factor', { challenge, code: totpCode(totpSecret, Date.now() + offset) })
        if (res.status !== 401) break
      }
    }
  }
  if (!res.ok) throw new Error(`sign-in of ${email} at ${base} failed: ${res.status} (is the bench customer seeded? npm run bench:seed)`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Node processes in the tree under `pid` (itself included): the app's primary and its workers, not PostgreSQL. */
export function nodeTree(pid: number): number[] {
  const parents = new Map<number, number[]>()
  const comm = new Map<number, string>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      const ppid = Number(stat.slice(close + 2).split(' ')[1])
      comm.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close))
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)])
    } catch {}
  }
  const out: number[] = []
  const walk = (p: number) => {
    if (comm.get(p)?.startsWith('node') || p === pid) out.push(p)
    for (const c of parents.get(p) ?? []) walk(c)
  }
  walk(pid)
  return out
}

/** The resident set of these processes together, in MB (those gone count 0). */
export function rssMb(pids: number[]): number {
  let kb = 0
  for (const pid of pids) {
    try {
      const line = fs
        .readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('VmRSS:'))
      kb += line ? Number(line.replace(/\D+/g, '')) : 0
    } catch {}
  }
  return kb / 1024
}

/** Processes to stop whatever happens: Ctrl-C, an error, the time limit. */
const running = new Set<() => Promise<void>>()
export async function stopAll() {
  await Promise.all([...running].map((stop) => stop().catch(() => {})))
}

/** A child process stopped by SIGTERM (then SIGKILL after `graceMs`), registered with stopAll. */
export function supervise(child: ChildProcess, graceMs = 20_000, ready: Promise<void> = Promise.resolve()): () => Promise<void> {
  const stop = async () => {
    // Not before it can stop cleanly (at most 30 s).
    await Promise.race([ready, sleep(30_000)])
    await new Promise<void>((resolve) => {
      running.delete(stop)
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    })
  }
  running.add(stop)
  child.once('exit', () => running.delete(stop))
  return stop
}

/** Runs a script to its end (output passed through, prefixed), registered with stopAll meanwhile. */
export async function runScript(args: string[], env: Record<string, string>, quiet = false): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] })
  supervise(child)
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)))
  if (code !== 0) throw new Error(`${args.join(' ')} failed (exit ${code})`)
}

export type App = { url: string; pid: number; pids: () => number[]; stop: () => Promise<void>; startMs: number }

/**
 * `node scripts/start.mjs` (it builds first when the build is missing or stale) on a data folder
 * and a free port, quiet; resolves once /imprint answers 200, with the time that took.
 */
export async function startApp(dataDir: string, opts: { workers?: string; timeoutMs?: number } = {}): Promise<App> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env: Record<string, string> = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_REQUESTS: 'false', REMINDERS: 'false' }
  if (opts.workers) env.WEB_CONCURRENCY = opts.workers
  const started = performance.now()
  const child = spawn(process.execPath, ['--max-semi-space-size=32', 'scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // Build and start-up lines only (requests are not logged); kept for an error.
  let output = ''
  // The primary handles SIGTERM (stopping its workers and its PostgreSQL) only once it says it
  // listens; a worker may answer before that. Stopping earlier would leave PostgreSQL behind.
  let markReady = () => {}
  const ready = new Promise<void>((r) => {
    markReady = r
  })
  child.stdout?.on('data', (d: Buffer) => {
    output += d
    if (/^\[http\] (\d+ server processes )?listening on/m.test(output)) markReady()
    if (output.length > 20_000) output = output.slice(-10_000)
  })
  child.once('exit', markReady)
  const stop = supervise(child, 20_000, ready)
  const until = Date.now() + (opts.timeoutMs ?? 600_000)
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app on ${dataDir} exited (${child.exitCode}):\n${output.slice(-2000)}`)
    try {
      const res = await fetch(`${url}/imprint`)
      await res.arrayBuffer()
      if (res.status === 200) {
        const pid = child.pid ?? 0
        return { url, pid, pids: () => nodeTree(pid), stop, startMs: performance.now() - started }
      }
    } catch {}
    await sleep(50)
  }
  await stop()
  throw new Error(`the app on ${dataDir} did not answer within ${(opts.timeoutMs ?? 600_000) / 1000} s:\n${output.slice(-2000)}`)
}

/** The server processes' count as the app starts them: WEB_CONCURRENCY or one per core (server/cluster.ts). */
export async function appWorkers(): Promise<number> {
  const { webConcurrency } = await import('../server/cluster.ts')
  return webConcurrency()
}

// Requests per second and latency of every main page (issue 9), as ratios within one run.
//   npm run bench:seed   (once: the large bench customer, bench@example.com; BENCH_CUSTOMERS=N adds N funds)
//   npm start            (in one terminal; LOG_REQUESTS=false REMINDERS=false keep the server quiet)
//   npm run bench        (in another)
//   npm run bench:floor  (only the trivial page against the floor app, bench/floor/)
// Each page is measured for BENCH_SECONDS with BENCH_CONNECTIONS connections; req/s is set against
// the app's trivial page (/imprint) of the same run, and /imprint against a bare React Router app
// (bench/floor/) started here. A page is flagged under 40 % of /imprint or with p99 >= 100 ms.
// Environment: BENCH_URL, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_EMAIL/BENCH_PASSWORD (the bench
// customer's admin), BENCH_OPERATOR_EMAIL/BENCH_OPERATOR_PASSWORD (the super admin, for /app/sadmin),
// BENCH_PAGES (comma-separated pages to restrict to, e.g. "/app,/app/risk/:id"), BENCH_FLOOR=0 (no
// floor), BENCH_FLOOR_PORT, BENCH_JSON=1 (JSON instead of the table).
// Loopback only, bounded in time: it stops by itself and stops the floor it started.
import net from 'node:net'
import { startFloor } from './floor/floor.ts'

const base = (process.env.BENCH_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const email = process.env.BENCH_EMAIL ?? 'bench@example.com'
const password = process.env.BENCH_PASSWORD ?? 'Vorsorge-2026'
const operatorEmail = process.env.BENCH_OPERATOR_EMAIL ?? 'sadmin@example.com'
const operatorPassword = process.env.BENCH_OPERATOR_PASSWORD ?? 'Vorsorge-2026'
const floorOnly = process.argv.includes('--floor-only')
const withFloor = floorOnly || process.env.BENCH_FLOOR !== '0'
const json = process.env.BENCH_JSON === '1'

const MIN_RATIO = 0.4
const MAX_P99 = 100
const MIN_FLOOR_RATIO = 0.5
/** How far /imprint may move between the start and the end of a run before the run is called noisy. */
const MAX_DRIFT = 0.15
const TRIVIAL = '/imprint'
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 500)

const host = new URL(base).hostname
if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host)) throw new Error('the benchmark only targets this machine (localhost)')

type Who = 'none' | 'user' | 'operator'
type Page = { name: string; who: Who; flag: boolean }

const MAIN: Page[] = [
  { name: '/healthz', who: 'none', flag: false },
  { name: TRIVIAL, who: 'none', flag: false },
  ...[
    '/app',
    '/app/measures?tab=all',
    '/app/measures?tab=fund',
    '/app/measures?tab=risk',
    '/app/measures?tab=iks',
    '/app/measures?tab=dsg',
    '/app/risk',
    '/app/risk/map',
    '/app/risk/:id',
    '/app/iks',
    '/app/iks/:id',
    '/app/iks/qsindex',
    '/app/iks/control-matrix',
    '/app/docs',
    '/app/work-process',
    '/app/dsg',
    '/app/admin/users',
  ].map((name) => ({ name, who: 'user' as const, flag: true })),
  ...[
    '/app/sadmin',
    '/app/sadmin/customers',
    '/app/sadmin/users',
    '/app/sadmin/news',
    '/app/sadmin/mails',
    '/app/sadmin/risks',
    '/app/sadmin/risks/themes',
    '/app/sadmin/ikss',
    '/app/sadmin/ikss/themes',
    '/app/sadmin/ikss/subthemes',
  ].map((name) => ({ name, who: 'operator' as const, flag: true })),
]

function selected(): Page[] {
  if (floorOnly) return MAIN.filter((p) => p.name === TRIVIAL)
  const only = process.env.BENCH_PAGES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (!only?.length) return MAIN
  // The trivial page is always measured: every ratio is taken to it.
  const names = only.includes(TRIVIAL) ? only : [TRIVIAL, ...only]
  return names.map(
    (name) =>
      MAIN.find((p) => p.name === name) ?? { name, who: name.startsWith('/app/sadmin') ? 'operator' : name.startsWith('/app') ? 'user' : 'none', flag: true },
  )
}

async function signIn(address: string, secret: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: address, password: secret }),
  })
  if (!res.ok) throw new Error(`sign-in of ${address} failed: ${res.status} (run npm run bench:seed against this app's database?)`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** The first record linked from a list page: `/app/risk` → `/app/risk/<uuid>`. */
async function firstId(list: string, cookie: string): Promise<string> {
  const html = await (await fetch(base + list, { headers: { Cookie: cookie } })).text()
  const id = new RegExp(`${list}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})`).exec(html)?.[1]
  if (!id) throw new Error(`no record linked from ${list} for ${email}: is the bench customer seeded (npm run bench:seed)?`)
  return id
}

type Result = {
  page: string
  path: string
  rps: number
  p50: number
  p95: number
  p99: number
  requests: number
  errors: number
  ratio?: number
  flags?: string[]
}

/** A warm-up of WARMUP_MS (discarded), then `seconds` of measurement, each with `connections` connections. */
async function measure(url: string, cookie: string, warmUp = true): Promise<Omit<Result, 'page' | 'path'>> {
  if (warmUp) await run(url, cookie, WARMUP_MS)
  return run(url, cookie, seconds * 1000)
}

async function run(url: string, cookie: string, ms: number): Promise<Omit<Result, 'page' | 'path'>> {
  const latencies: number[] = []
  let errors = 0
  const end = Date.now() + ms
  const headers = cookie ? { Cookie: cookie } : undefined
  const worker = async () => {
    while (Date.now() < end) {
      const t = performance.now()
      try {
        const res = await fetch(url, { headers, redirect: 'manual' })
        await res.arrayBuffer()
        if (res.status !== 200) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] * 10) / 10
  return { rps: Math.round(latencies.length / elapsed), p50: q(0.5), p95: q(0.95), p99: q(0.99), requests: latencies.length, errors }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const pct = (r: number | undefined) => (r === undefined ? '' : `${Math.round(r * 100)} %`)
const log = (line: string) => json || console.log(line)

const pages = selected()
const cookies: Record<Who, string> = { none: '', user: '', operator: '' }
if (pages.some((p) => p.who === 'user')) cookies.user = await signIn(email, password)
if (pages.some((p) => p.who === 'operator')) cookies.operator = await signIn(operatorEmail, operatorPassword)
const ids: Record<string, string> = {}
for (const list of ['/app/risk', '/app/iks']) {
  if (pages.some((p) => p.name === `${list}/:id`)) ids[`${list}/:id`] = `${list}/${await firstId(list, cookies.user)}`
}

log(`${base}, ${connections} connections, ${seconds} s per page; customer pages as ${email}, operator pages as ${operatorEmail}`)
log(
  `${'page'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'ratio'.padStart(7)}  flag`,
)
const results: Result[] = []
let floor: { rps: number; p50: number; p99: number; ratio: number } | null = null
let trivial: Result | undefined
for (const page of pages) {
  const path = ids[page.name] ?? page.name
  const r: Result = { page: page.name, path, ...(await measure(base + path, cookies[page.who])) }
  if (page.name === TRIVIAL) trivial = r
  if (trivial && page.flag) {
    r.ratio = r.rps / trivial.rps
    r.flags = [...(r.ratio < MIN_RATIO ? ['<40%'] : []), ...(r.p99 >= MAX_P99 ? ['p99>=100'] : []), ...(r.errors ? ['errors'] : [])]
  }
  results.push(r)
  log(
    `${page.name.padEnd(28)} ${String(r.rps).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)} ${pct(r.ratio).padStart(7)}  ${r.flags?.join(' ') ?? ''}`,
  )
  // The floor right after the trivial page, so that both see the same machine.
  if (page.name === TRIVIAL && withFloor) {
    const app = await startFloor(Number(process.env.BENCH_FLOOR_PORT) || (await freePort()))
    try {
      const f = await measure(`${app.url}/`, '')
      floor = { rps: f.rps, p50: f.p50, p99: f.p99, ratio: r.rps / f.rps }
      log(
        `${'(floor app /)'.padEnd(28)} ${String(f.rps).padStart(7)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ${String(f.errors).padStart(7)}`,
      )
    } finally {
      await app.stop()
    }
  }
}

// The trivial page once more: a run whose machine was not quiet shows here, and its ratios are not to be trusted.
let drift: number | undefined
if (trivial && results.length > 2) {
  const again = await measure(base + TRIVIAL, '')
  drift = again.rps / trivial.rps - 1
  log(
    `${`${TRIVIAL} (again)`.padEnd(28)} ${String(again.rps).padStart(7)} ${again.p50.toFixed(1).padStart(8)} ${again.p95.toFixed(1).padStart(8)} ${again.p99.toFixed(1).padStart(8)} ${String(again.errors).padStart(7)}`,
  )
}

const flagged = results.filter((r) => r.flags?.length)
log('')
if (drift !== undefined && Math.abs(drift) > MAX_DRIFT)
  log(`${TRIVIAL} moved by ${pct(drift)} between the start and the end of the run: the machine was not quiet, measure again`)
if (floor)
  log(`${TRIVIAL} reaches ${pct(floor.ratio)} of the floor app's req/s (target >= ${pct(MIN_FLOOR_RATIO)})${floor.ratio < MIN_FLOOR_RATIO ? '  FLAG' : ''}`)
log(`${flagged.length} of ${results.filter((r) => r.flags).length} pages flagged (under ${pct(MIN_RATIO)} of ${TRIVIAL}, p99 >= ${MAX_P99} ms, or errors)`)
if (json) console.log(JSON.stringify({ base, connections, seconds, trivial: TRIVIAL, floor, drift, pages: results }, null, 2))

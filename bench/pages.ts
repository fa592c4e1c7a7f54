// Requests per second and latency of every main page (issue 9), as ratios within one run.
//   npm run bench               (does everything itself: bench/run.ts)
//   BENCH_URL=http://localhost:3000 npm run bench:pages   (only the pages, against an app already running)
// Each page is measured for BENCH_SECONDS with BENCH_CONNECTIONS connections after a warm-up; req/s is
// set against the app's trivial page (/imprint, the mean of its measurements at the start and at the
// end of the run), and /imprint against a bare React Router app (bench/floor/) started here with the
// same number of processes as the app. A page is flagged under 40 % of /imprint or with p99 >= 100 ms.
// Environment: BENCH_URL, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_EMAIL/BENCH_PASSWORD (the bench
// customer's admin), BENCH_OPERATOR_EMAIL/BENCH_OPERATOR_PASSWORD (the super admin, for /app/sadmin),
// BENCH_PAGES (comma-separated pages to restrict to, e.g. "/app,/app/risk/:id"), BENCH_FLOOR=0 (no
// floor), BENCH_WORKERS (the floor's processes; default one per core, as the app's WEB_CONCURRENCY),
// BENCH_JSON=1 (JSON instead of the table). Loopback only, bounded in time.
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { startFloor } from './floor/floor.ts'

const env = process.env
const seconds = Number(env.BENCH_SECONDS ?? 4)
const connections = Number(env.BENCH_CONNECTIONS ?? 10)
const email = env.BENCH_EMAIL ?? 'bench@example.com'
const password = env.BENCH_PASSWORD ?? 'Vorsorge-2026'
const operatorEmail = env.BENCH_OPERATOR_EMAIL ?? 'sadmin@example.com'
const operatorPassword = env.BENCH_OPERATOR_PASSWORD ?? 'Vorsorge-2026'

const MIN_RATIO = 0.4
const MAX_P99 = 100
const MIN_FLOOR_RATIO = 0.5
/** How far /imprint may move between the start and the end of a run before the run is called noisy. */
const MAX_DRIFT = 0.15
const TRIVIAL = '/imprint'
const WARMUP_MS = Number(env.BENCH_WARMUP_MS ?? 1000)

export function assertLocal(url: string) {
  if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(new URL(url).hostname)) throw new Error('the benchmark only targets this machine (localhost)')
}

type Who = 'none' | 'user' | 'operator'
export type Page = { name: string; who: Who; flag: boolean }

export const MAIN: Page[] = [
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

/** The pages of BENCH_PAGES (the trivial page always among them), or every main page. */
export function selected(only = env.BENCH_PAGES, floorOnly = false): Page[] {
  if (floorOnly) return MAIN.filter((p) => p.name === TRIVIAL)
  const names = only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (!names?.length) return MAIN
  return (names.includes(TRIVIAL) ? names : [TRIVIAL, ...names]).map(
    (name) =>
      MAIN.find((p) => p.name === name) ?? { name, who: name.startsWith('/app/sadmin') ? 'operator' : name.startsWith('/app') ? 'user' : 'none', flag: true },
  )
}

export async function signIn(base: string, address: string, secret: string): Promise<string> {
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
async function firstId(base: string, list: string, cookie: string): Promise<string> {
  const html = await (await fetch(base + list, { headers: { Cookie: cookie } })).text()
  const id = new RegExp(`${list}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})`).exec(html)?.[1]
  if (!id) throw new Error(`no record linked from ${list} for ${email}: is the bench customer seeded (npm run bench:seed)?`)
  return id
}

export type Result = {
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
export async function measure(url: string, cookie: string, warmUp = true): Promise<Omit<Result, 'page' | 'path'>> {
  if (warmUp) await run(url, cookie, WARMUP_MS)
  return run(url, cookie, seconds * 1000)
}

/**
 * `connections` loops of keep-alive GETs for `ms`. node:http with a keep-alive agent, not fetch: the
 * client shares the machine with the server, and fetch (undici) costs it about twice the CPU per request.
 */
export async function run(url: string, cookie: string, ms: number): Promise<Omit<Result, 'page' | 'path'>> {
  const latencies: number[] = []
  let errors = 0
  const end = Date.now() + ms
  const target = new URL(url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const headers = cookie ? { Cookie: cookie } : {}
  const get = () =>
    new Promise<number>((resolve) => {
      const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
        res.on('data', () => {})
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', () => resolve(0))
      })
      req.on('error', () => resolve(0))
    })
  const worker = async () => {
    while (Date.now() < end) {
      const t = performance.now()
      if ((await get()) !== 200) errors++
      latencies.push(performance.now() - t)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, worker))
  agent.destroy()
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] * 10) / 10
  return { rps: Math.round(latencies.length / elapsed), p50: q(0.5), p95: q(0.95), p99: q(0.99), requests: latencies.length, errors }
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

const pct = (r: number | undefined) => (r === undefined ? '' : `${Math.round(r * 100)} %`)
const row = (name: string, r: { rps: number; p50: number; p95: number; p99: number; errors: number }, ratio = '', flags = '') =>
  `${name.padEnd(28)} ${String(r.rps).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)} ${ratio.padStart(7)}  ${flags}`

export type PagesReport = {
  base: string
  connections: number
  seconds: number
  trivial: string
  /** The trivial page's req/s the ratios are taken to: the mean of its measurements at the start and the end. */
  trivialRps: number
  floor: { rps: number; p50: number; p99: number; ratio: number; workers: number } | null
  drift?: number
  pages: Result[]
  flagged: number
}

/** Measures `pages` on the app at `base`; prints the table unless `quiet`. */
export async function benchPages(opts: { base: string; pages?: Page[]; floor?: boolean; floorWorkers?: number; quiet?: boolean }): Promise<PagesReport> {
  const base = opts.base.replace(/\/$/, '')
  assertLocal(base)
  const log = (line: string) => opts.quiet || console.log(line)
  const pages = opts.pages ?? MAIN
  const withFloor = opts.floor ?? true
  const workers = opts.floorWorkers ?? (Number(env.BENCH_WORKERS) || os.availableParallelism())
  const cookies: Record<Who, string> = { none: '', user: '', operator: '' }
  if (pages.some((p) => p.who === 'user')) cookies.user = await signIn(base, email, password)
  if (pages.some((p) => p.who === 'operator')) cookies.operator = await signIn(base, operatorEmail, operatorPassword)
  const ids: Record<string, string> = {}
  for (const list of ['/app/risk', '/app/iks']) {
    if (pages.some((p) => p.name === `${list}/:id`)) ids[`${list}/:id`] = `${list}/${await firstId(base, list, cookies.user)}`
  }
  // A pass over every page first: the server's code is compiled and its caches filled before anything counts.
  for (const page of pages) await run(base + (ids[page.name] ?? page.name), cookies[page.who], WARMUP_MS)

  log(`${base}, ${connections} connections, ${seconds} s per page; customer pages as ${email}, operator pages as ${operatorEmail}`)
  log(
    `${'page'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'ratio'.padStart(7)}  flag`,
  )
  const results: Result[] = []
  let floor: PagesReport['floor'] = null
  for (const page of pages) {
    const path = ids[page.name] ?? page.name
    const r: Result = { page: page.name, path, ...(await measure(base + path, cookies[page.who])) }
    results.push(r)
    // The floor right after the trivial page, so that both see the same machine.
    if (page.name === TRIVIAL && withFloor) {
      const app = await startFloor(Number(env.BENCH_FLOOR_PORT) || (await freePort()), workers)
      try {
        const f = await measure(`${app.url}/`, '')
        floor = { rps: f.rps, p50: f.p50, p99: f.p99, ratio: 0, workers }
      } finally {
        await app.stop()
      }
    }
  }
  // The trivial page once more: its mean is what the ratios are taken to, and a run whose machine
  // was not quiet shows in the difference.
  const first = results.find((r) => r.page === TRIVIAL)
  const again = first && results.length > 2 ? await measure(base + TRIVIAL, '') : undefined
  const trivialRps = first ? (again ? (first.rps + again.rps) / 2 : first.rps) : 0
  const drift = first && again ? again.rps / first.rps - 1 : undefined
  for (const r of results) {
    const page = pages.find((p) => p.name === r.page)
    if (!page?.flag || !trivialRps) continue
    r.ratio = r.rps / trivialRps
    r.flags = [...(r.ratio < MIN_RATIO ? ['<40%'] : []), ...(r.p99 >= MAX_P99 ? ['p99>=100'] : []), ...(r.errors ? ['errors'] : [])]
  }
  if (floor && first) floor.ratio = trivialRps / floor.rps
  for (const r of results) {
    log(row(r.page, r, pct(r.ratio), r.flags?.join(' ') ?? ''))
    if (r.page === TRIVIAL && floor) log(row(`(floor app /, ${floor.workers} proc.)`, { ...floor, p95: 0, errors: 0 }))
  }
  if (again) log(row(`${TRIVIAL} (again)`, again))
  const flagged = results.filter((r) => r.flags?.length).length
  log('')
  if (drift !== undefined && Math.abs(drift) > MAX_DRIFT)
    log(`${TRIVIAL} moved by ${pct(drift)} between the start and the end of the run: the machine was not quiet, measure again`)
  if (floor)
    log(`${TRIVIAL} reaches ${pct(floor.ratio)} of the floor app's req/s (target >= ${pct(MIN_FLOOR_RATIO)})${floor.ratio < MIN_FLOOR_RATIO ? '  FLAG' : ''}`)
  log(`${flagged} of ${results.filter((r) => r.flags).length} pages flagged (under ${pct(MIN_RATIO)} of ${TRIVIAL}, p99 >= ${MAX_P99} ms, or errors)`)
  return { base, connections, seconds, trivial: TRIVIAL, trivialRps, floor, drift, pages: results, flagged }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = env.BENCH_URL
  if (!base) throw new Error('BENCH_URL names the running app to measure; `npm run bench` starts one itself')
  const floorOnly = process.argv.includes('--floor-only')
  const json = env.BENCH_JSON === '1'
  const report = await benchPages({ base, pages: selected(env.BENCH_PAGES, floorOnly), floor: floorOnly || env.BENCH_FLOOR !== '0', quiet: json })
  if (json) console.log(JSON.stringify(report, null, 2))
}

// Requests per second and latency of every main page (issue 9), as ratios within one run; run by
// bench/run.ts (npm run bench), which starts what is needed. Each page is measured for `seconds`
// after a short warm-up with `connections` connections; req/s is set against the app's trivial page
// (/imprint) of the same run, and /imprint against a bare React Router app (bench/floor/) served
// the same way (as many server processes as the app). A page is flagged under 40 % of /imprint or
// with p99 >= 100 ms; /imprint measured again at the end shows whether the machine was quiet. Each
// signed-in page is also set against the signed-in floor, /app/user/profile (column "profile"): what
// the page costs beyond the session, the guard and the shell.
import { startFloor } from './floor/floor.ts'
import { freePort, load, type Stats, signIn } from './lib.ts'
import { BENCH_OPERATOR } from './operator.ts'

export const MIN_RATIO = 0.4
export const MAX_P99 = 100
export const MIN_FLOOR_RATIO = 0.5
/** How far /imprint may move between the start and the end of a run before the run is called noisy. */
export const MAX_DRIFT = 0.15
export const TRIVIAL = '/imprint'
/** The signed-in floor: the cheapest page behind the session (guard, shell, one row); every signed-in page is also set against it. */
export const SIGNED_IN = '/app/user/profile'

export type Who = 'none' | 'user' | 'operator'

/** The auditor's sample of loyalty declarations (issue 26): its paths name a year and the drawn ids, drawn once in `prepare`. */
export const SAMPLE_PDF = '/app/loyalty/sample/:year/sample.pdf'
export const SAMPLE_ZIP = '/app/loyalty/sample/:year/scans.zip'
export type Page = { name: string; who: Who; flag: boolean }

export const MAIN: Page[] = [
  { name: '/healthz', who: 'none', flag: false },
  { name: TRIVIAL, who: 'none', flag: false },
  ...[
    SIGNED_IN,
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
    '/app/iks/executions',
    '/app/iks/executions/:id',
    '/app/docs',
    '/app/work-process',
    '/app/dsg',
    '/app/dsg/processing',
    '/app/dsg/dpia',
    '/app/dsg/breaches',
    '/app/dsg/requests',
    '/app/report',
    '/app/report/:id',
    '/app/loyalty',
    '/app/loyalty/persons',
    '/app/loyalty/declarations',
    '/app/loyalty/declarations/:id',
    '/app/loyalty/transactions',
    '/app/loyalty/changes',
    '/app/loyalty/review',
    '/app/loyalty/sample',
    ...['persons', 'declarations', 'transactions', 'changes'].flatMap((list) => [`/app/loyalty/${list}/export.csv`, `/app/loyalty/${list}/export.xlsx`]),
    SAMPLE_PDF,
    SAMPLE_ZIP,
    // KRIs and the risk appetite (issue 27): five years of quarterly values per KRI.
    '/app/risk/kri',
    '/app/risk/kri/:id',
    '/app/risk/kri/values',
    '/app/risk/kri/appetite',
    '/app/risk/kri/underfunding',
    '/app/risk/acceptances',
    '/app/risk/kri/export.csv',
    '/app/risk/kri/export.xlsx',
    // The council's decisions (issue 28).
    '/app/decisions',
    '/app/decisions/:id',
    '/app/decisions/export.csv',
    '/app/decisions/export.xlsx',
    '/app/admin/users',
    '/app/admin/audit',
    '/app/admin/read-log',
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
    '/app/sadmin/kris',
  ].map((name) => ({ name, who: 'operator' as const, flag: true })),
]

/** BENCH_PAGES (comma-separated) restricts the list; the trivial page is always measured, every ratio is taken to it. */
export function selectPages(only = process.env.BENCH_PAGES, floorOnly = false): Page[] {
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

export type Accounts = { email: string; password: string; operatorEmail: string; operatorPassword: string; operatorTotp?: string }
export const accounts: Accounts = {
  email: process.env.BENCH_EMAIL ?? 'bench@example.com',
  password: process.env.BENCH_PASSWORD ?? 'Vorsorge-2026',
  // A super admin needs the second factor (issue 12): the bench's own operator has it on (bench/operator.ts).
  operatorEmail: process.env.BENCH_OPERATOR_EMAIL ?? BENCH_OPERATOR.email,
  operatorPassword: process.env.BENCH_OPERATOR_PASSWORD ?? 'Vorsorge-2026',
  operatorTotp: BENCH_OPERATOR.totpSecret,
}

/** The sessions the pages need and the paths of `/app/risk/:id`, `/app/iks/:id`, … (the first record linked from the list). */
export async function prepare(base: string, pages: Page[], acc = accounts) {
  const cookies: Record<Who, string> = { none: '', user: '', operator: '' }
  if (pages.some((p) => p.who === 'user')) cookies.user = await signIn(base, acc.email, acc.password)
  if (pages.some((p) => p.who === 'operator')) cookies.operator = await signIn(base, acc.operatorEmail, acc.operatorPassword, acc.operatorTotp)
  const paths: Record<string, string> = {}
  const missing = new Set<string>()
  for (const list of ['/app/risk', '/app/iks', '/app/iks/executions', '/app/report', '/app/loyalty/declarations', '/app/risk/kri', '/app/decisions']) {
    if (!pages.some((p) => p.name === `${list}/:id`)) continue
    const html = await (await fetch(base + list, { headers: { Cookie: cookies.user } })).text()
    const id = new RegExp(`${list}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})`).exec(html)?.[1]
    // A fund without a snapshot (or a planned execution) yet has no such page to open: left out, said in the log.
    if (
      !id &&
      (list === '/app/report' ||
        list === '/app/iks/executions' ||
        list === '/app/loyalty/declarations' ||
        list === '/app/risk/kri' ||
        list === '/app/decisions')
    )
      missing.add(`${list}/:id`)
    else if (!id) throw new Error(`no record linked from ${list} for ${acc.email}: is the bench customer seeded (npm run bench:seed)?`)
    else paths[`${list}/:id`] = `${list}/${id}`
  }
  // The sample's downloads: one draw of five (the form as a browser without JavaScript posts it), its links.
  if (pages.some((p) => p.name === SAMPLE_PDF || p.name === SAMPLE_ZIP)) {
    const year = /<option[^>]*value="(\d{4})"/.exec(await (await fetch(`${base}/app/loyalty/sample`, { headers: { Cookie: cookies.user } })).text())?.[1]
    const html = year
      ? await (
          await fetch(`${base}/app/loyalty/sample`, {
            method: 'POST',
            headers: { Cookie: cookies.user, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ year, n: '5' }),
          })
        ).text()
      : ''
    const link = /\/app\/loyalty\/sample\/(\d{4})\/sample\.pdf\?ids=([0-9a-f,-]+)/.exec(html)
    if (!link) {
      missing.add(SAMPLE_PDF)
      missing.add(SAMPLE_ZIP)
    } else {
      paths[SAMPLE_PDF] = `/app/loyalty/sample/${link[1]}/sample.pdf?ids=${link[2]}`
      paths[SAMPLE_ZIP] = `/app/loyalty/sample/${link[1]}/scans.zip?ids=${link[2]}`
    }
  }
  return { cookies, path: (p: Page) => paths[p.name] ?? p.name, missing }
}

export type Options = { seconds: number; connections: number; warmupMs: number; floorWorkers: number | null }
export type Result = Stats & { page: string; path: string; ratio?: number; signedInRatio?: number; flags?: string[] }
export type PagesReport = {
  base: string
  connections: number
  seconds: number
  trivial: string
  floor: (Stats & { workers: number; ratio: number }) | null
  drift?: number
  pages: Result[]
}

/** A warm-up (discarded), then the measurement. */
export async function measure(url: string, cookie: string, o: Options): Promise<Stats> {
  if (o.warmupMs > 0) await load(url, cookie, o.warmupMs, o.connections)
  return load(url, cookie, o.seconds * 1000, o.connections)
}

const pct = (r: number | undefined) => (r === undefined ? '' : `${Math.round(r * 100)} %`)
const num = (v: number, w = 8) => (Number.isNaN(v) ? '-' : v.toFixed(1)).padStart(w)
export const header = () =>
  `${'page'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'ratio'.padStart(7)} ${'profile'.padStart(8)}  flag`
export const row = (name: string, r: Stats & { ratio?: number; signedInRatio?: number; flags?: string[] }) =>
  `${name.padEnd(28)} ${String(r.rps).padStart(7)} ${num(r.p50)} ${num(r.p95)} ${num(r.p99)} ${String(r.errors).padStart(7)} ${pct(r.ratio).padStart(7)} ${pct(r.signedInRatio).padStart(8)}  ${r.flags?.join(' ') ?? ''}`

/**
 * A freshly started app answers its first requests slowly (code not yet optimised, pools and caches
 * empty): each page once briefly and the trivial page a little longer, before anything is measured.
 */
export async function warmUp(base: string, pages: Page[], cookies: Record<Who, string>, path: (p: Page) => string, o: Options) {
  if (o.warmupMs <= 0) return
  await load(base + TRIVIAL, '', 4 * o.warmupMs, o.connections)
  for (const page of pages) await load(base + path(page), cookies[page.who], o.warmupMs / 2, o.connections)
}

/** Every page in turn, the floor right after the trivial page (both see the same machine), /imprint again at the end. */
export async function measurePages(base: string, pages: Page[], o: Options, log: (line: string) => void): Promise<PagesReport> {
  const prepared = await prepare(base, pages)
  const { cookies, path } = prepared
  for (const name of prepared.missing) log(`${name}: no record to open for this account, left out`)
  pages = pages.filter((p) => !prepared.missing.has(p.name))
  await warmUp(base, pages, cookies, path, o)
  log(header())
  const results: Result[] = []
  let floor: PagesReport['floor'] = null
  let trivial: Result | undefined
  let signedIn: Result | undefined
  for (const page of pages) {
    const r: Result = { page: page.name, path: path(page), ...(await measure(base + path(page), cookies[page.who], o)) }
    if (page.name === TRIVIAL) trivial = r
    if (page.name === SIGNED_IN) signedIn = r
    if (signedIn && page.who === 'user' && page.name !== SIGNED_IN) r.signedInRatio = r.rps / signedIn.rps
    if (trivial && page.flag) {
      r.ratio = r.rps / trivial.rps
      r.flags = [...(r.ratio < MIN_RATIO ? ['<40%'] : []), ...(r.p99 >= MAX_P99 ? ['p99>=100'] : []), ...(r.errors ? ['errors'] : [])]
    }
    results.push(r)
    log(row(page.name, r))
    if (page.name === TRIVIAL && o.floorWorkers) {
      const app = await startFloor(Number(process.env.BENCH_FLOOR_PORT) || (await freePort()), o.floorWorkers)
      try {
        // Warmed up as the app was (warmUp), then measured alike.
        if (o.warmupMs > 0) await load(`${app.url}/`, '', 4 * o.warmupMs, o.connections)
        const f = await measure(`${app.url}/`, '', o)
        floor = { ...f, workers: o.floorWorkers, ratio: r.rps / f.rps }
        log(row(`(floor app /, ${o.floorWorkers} proc)`, f))
      } finally {
        await app.stop()
      }
    }
  }
  let drift: number | undefined
  if (trivial && results.length > 2) {
    const again = await measure(base + TRIVIAL, '', o)
    drift = again.rps / trivial.rps - 1
    log(row(`${TRIVIAL} (again)`, again))
  }
  const flagged = results.filter((r) => r.flags?.length)
  log('')
  if (drift !== undefined && Math.abs(drift) > MAX_DRIFT)
    log(`${TRIVIAL} moved by ${pct(drift)} between the start and the end of the run: the machine was not quiet, measure again`)
  if (floor)
    log(`${TRIVIAL} reaches ${pct(floor.ratio)} of the floor app's req/s (target >= ${pct(MIN_FLOOR_RATIO)})${floor.ratio < MIN_FLOOR_RATIO ? '  FLAG' : ''}`)
  log(`${flagged.length} of ${results.filter((r) => r.flags).length} pages flagged (under ${pct(MIN_RATIO)} of ${TRIVIAL}, p99 >= ${MAX_P99} ms, or errors)`)
  const cpu =
    results.reduce((s, r) => s + r.clientCpuMs * r.requests, 0) /
    Math.max(
      1,
      results.reduce((s, r) => s + r.requests, 0),
    )
  log(`load client (node:http, keep-alive): ${cpu.toFixed(2)} ms of its own CPU per request on average`)
  return { base, connections: o.connections, seconds: o.seconds, trivial: TRIVIAL, floor, drift, pages: results }
}

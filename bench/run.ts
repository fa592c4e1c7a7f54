// `npm run bench`: everything on a fresh clone, loopback only, bounded in time (issue 9).
// 1. Seeds the bench data into data/bench (the large bench customer: 5,000 measures, 351 risks,
//    1,000 documents) when that folder is missing, and a customer with BENCH_EXPORT_MEASURES
//    (100,000) measures into data/bench-export; later runs reuse both.
// 2. Starts the app on that data (`npm start`'s command line, which builds when the build is missing
//    or stale; WEB_CONCURRENCY as set, else one process per core) and measures every main page
//    against the trivial page and the floor app (bench/pages.ts), served with as many processes.
// 3. The full CSV export of 100,000 measures (bench/export.ts), the gzipped JavaScript per page
//    (bench/js.ts) and the cold start: a second start on the existing data until its first 200.
// With --scale (or BENCH_SCALE=1): also seeds data/bench-scale with the 1,300 funds of every Swiss
// pension fund plus the bench customer (timed; once), and measures the bench customer's pages on
// both databases, page by page in turn, with the change.
// BENCH_JSON=1 prints everything as one JSON document instead. Other knobs: see bench/pages.ts.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchExport } from './export.ts'
import { jsPerPage, MAX_JS_KB } from './js.ts'
import { benchPages, freePort, MAIN, measure, selected, signIn } from './pages.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const json = env.BENCH_JSON === '1'
const scale = process.argv.includes('--scale') || env.BENCH_SCALE === '1'
const log = (line: string) => json || console.log(line)
const EXPORT_MEASURES = Number(env.BENCH_EXPORT_MEASURES ?? 100_000)
const SCALE_FUNDS = Number(env.BENCH_CUSTOMERS ?? 1300)
const COLD_START_LIMIT_S = 5
const SEED_LIMIT_S = 600
const SCALE_LIMIT = 0.15

const running = new Set<ChildProcess>()
function stopAll() {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM')
}
// Bounded in time: whatever hangs, the run ends and takes what it started with it.
const deadline = setTimeout(
  () => {
    console.error('[bench] took longer than its limit: stopping')
    stopAll()
    process.exit(1)
  },
  (scale ? 60 : 25) * 60_000,
)
deadline.unref()
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopAll()
    process.exit(130)
  })
process.on('exit', stopAll)

/** Runs a script of this project to its end with extra environment; resolves with its duration in seconds. */
function runScript(args: string[], extra: Record<string, string>): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', json ? 'ignore' : 'inherit', 'inherit'] })
    running.add(child)
    child.on('exit', (code) => {
      running.delete(child)
      if (code === 0) resolve((performance.now() - started) / 1000)
      else reject(new Error(`${args.join(' ')} exited with ${code}`))
    })
  })
}

/** Seeds `dir` once: a marker records what was seeded, so a later run (or a changed figure) knows. */
async function seeded(dir: string, extra: Record<string, string>): Promise<number | null> {
  const marker = path.join(dir, '.bench-seeded.json')
  const want = JSON.stringify(extra)
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) return null
  log(
    `[bench] seeding ${path.relative(root, dir)} (${
      Object.entries(extra)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ') || 'the bench customer'
    })`,
  )
  const seconds = await runScript(['--import', 'tsx', 'bench/seed-large.ts'], { DATA_DIR: dir, ...extra })
  fs.writeFileSync(marker, want)
  return seconds
}

type App = { url: string; pid: number; stop: () => Promise<void>; startedInMs: number }

/** Starts the app as `npm start` does on `dir` and resolves once /imprint answers 200. */
async function startApp(dir: string): Promise<App> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--max-semi-space-size=32', 'scripts/start.mjs'], {
    cwd: root,
    env: { ...env, DATA_DIR: dir, PORT: String(port), REMINDERS: 'false', LOG_REQUESTS: 'false', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', json ? 'ignore' : 'inherit'],
  })
  running.add(child)
  const url = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      running.delete(child)
      if (child.exitCode !== null) return resolve()
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000)
      child.once('exit', () => {
        clearTimeout(kill)
        resolve()
      })
      child.kill('SIGTERM')
    })
  // The first start builds the app when needed: up to a few minutes.
  const until = Date.now() + 10 * 60_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before answering`)
    try {
      if ((await fetch(`${url}/imprint`)).status === 200) return { url, pid: child.pid ?? 0, stop, startedInMs: performance.now() - started }
    } catch {}
    await new Promise((r) => setTimeout(r, 50))
  }
  await stop()
  throw new Error('the app did not answer within 10 minutes')
}

const dataRoot = path.join(root, 'data')
const benchDir = path.join(dataRoot, 'bench')
const exportDir = path.join(dataRoot, 'bench-export')
const scaleDir = path.join(dataRoot, 'bench-scale')
const workers = env.WEB_CONCURRENCY && env.WEB_CONCURRENCY !== 'auto' ? Number(env.WEB_CONCURRENCY) : os.availableParallelism()

const report: Record<string, unknown> = { workers }
await seeded(benchDir, {})

// Pages
let app = await startApp(benchDir)
try {
  report.pages = await benchPages({ base: app.url, pages: selected(env.BENCH_PAGES), floor: env.BENCH_FLOOR !== '0', floorWorkers: workers, quiet: json })
} finally {
  await app.stop()
}

// Cold start: the same data, built already; the time from the command to its first 200.
app = await startApp(benchDir)
const coldStartS = app.startedInMs / 1000
await app.stop()
report.coldStart = { seconds: coldStartS, limit: COLD_START_LIMIT_S }
log(
  `\ncold start (second start on existing data, to the first 200): ${coldStartS.toFixed(1)} s (target <= ${COLD_START_LIMIT_S} s)${coldStartS > COLD_START_LIMIT_S ? '  FLAG' : ''}`,
)

// JavaScript per page, from the build the app just ran.
const js = await jsPerPage(root)
const largest = js[0]
report.js = {
  maxKb: largest ? largest.gzBytes / 1024 : 0,
  limitKb: MAX_JS_KB,
  pages: js.map((p) => ({ page: p.page, kb: Math.round(p.gzBytes / 102.4) / 10 })),
}
log(
  `\nJavaScript per page (gzipped): largest ${largest?.page} ${(largest.gzBytes / 1024).toFixed(1)} KB, smallest ${(js.at(-1)!.gzBytes / 1024).toFixed(1)} KB over ${js.length} pages (target <= ${MAX_JS_KB} KB)`,
)
for (const p of js.filter((p) => p.gzBytes / 1024 > MAX_JS_KB)) log(`  FLAG ${p.page} ${(p.gzBytes / 1024).toFixed(1)} KB`)

// Export of 100,000 measures.
if (env.BENCH_EXPORT !== '0') {
  await seeded(exportDir, { BENCH_MEASURES: String(EXPORT_MEASURES) })
  app = await startApp(exportDir)
  try {
    log(`\nexport of ${EXPORT_MEASURES} measures (targets: >= 50000 rows/s, first byte <= 200 ms, memory growth < 64 MB)`)
    report.export = await benchExport({ base: app.url, pid: app.pid, runs: 3, quiet: json })
  } finally {
    await app.stop()
  }
}

// Flat cost with the scale of every Swiss pension fund.
if (scale) {
  const seedSeconds = await seeded(scaleDir, { BENCH_CUSTOMERS: String(SCALE_FUNDS) })
  if (seedSeconds !== null) log(`[bench] seeding ${SCALE_FUNDS} funds took ${seedSeconds.toFixed(0)} s (target < ${SEED_LIMIT_S} s)`)
  const alone = await startApp(benchDir)
  const many = await startApp(scaleDir)
  try {
    const pages = MAIN.filter((p) => p.who === 'user')
    const cookies = [await signIn(alone.url, 'bench@example.com', 'Vorsorge-2026'), await signIn(many.url, 'bench@example.com', 'Vorsorge-2026')]
    const idOf = async (base: string, cookie: string, list: string) => {
      const html = await (await fetch(base + list, { headers: { Cookie: cookie } })).text()
      return new RegExp(`${list}/([0-9a-f-]{36})`).exec(html)?.[1]
    }
    log(`\nflat cost: the bench customer alone, and among ${SCALE_FUNDS} funds (pages in turn; target: within ${SCALE_LIMIT * 100} %)`)
    log(`${'page'.padEnd(28)} ${'alone'.padStart(8)} ${'scale'.padStart(8)} ${'change'.padStart(8)}`)
    const rows = []
    for (const page of pages) {
      const paths = await Promise.all(
        [alone.url, many.url].map(async (base, i) =>
          page.name.endsWith('/:id') ? `${page.name.slice(0, -4)}/${await idOf(base, cookies[i], page.name.slice(0, -4))}` : page.name,
        ),
      )
      const a = await measure(alone.url + paths[0], cookies[0])
      const b = await measure(many.url + paths[1], cookies[1])
      const change = b.rps / a.rps - 1
      rows.push({ page: page.name, alone: a.rps, scale: b.rps, change })
      log(
        `${page.name.padEnd(28)} ${String(a.rps).padStart(8)} ${String(b.rps).padStart(8)} ${`${(change * 100).toFixed(0)} %`.padStart(8)}${change < -SCALE_LIMIT ? '  FLAG' : ''}`,
      )
    }
    report.scale = { funds: SCALE_FUNDS, seedSeconds, pages: rows }
  } finally {
    await Promise.all([alone.stop(), many.stop()])
  }
}

if (json) console.log(JSON.stringify(report, null, 2))
clearTimeout(deadline)

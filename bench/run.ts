// npm run bench: the whole bench of issue 9 on this machine, from a fresh clone, bounded in time.
//   npm run bench                  build when missing or stale, seed data/bench when missing (the large
//                                  bench customer: bench/seed-large.ts), start the app there and the floor
//                                  app (bench/floor/, as many server processes as the app), measure every
//                                  page, the cold start, the JavaScript per page, and the export of 100,000
//                                  measures (its own data folder, data/bench-export); then stop all of it
//   npm run bench -- --scale       flat cost: data/bench-scale with BENCH_SCALE funds (default 1,300) plus the
//                                  bench customer (the seed is timed), the customer pages on both apps
//                                  interleaved, page by page (A B B A, half of BENCH_SECONDS each)
//   npm run bench:floor            only /imprint against the floor app
//   npm run bench -- --smoke       (or BENCH_SMOKE=1) that the bench runs at all, in well under a minute: a small
//                                  seed in data/bench-smoke, the app started as above, /imprint and /app/user/profile
//                                  for 1 s each with 2 connections, nothing else (bench/bench-smoke.test.ts in npm test)
// Environment: BENCH_JSON=1 (the same as JSON on stdout), BENCH_URL (measure an app already running there:
// nothing is started or seeded, no export or cold start), BENCH_PAGES (comma-separated, e.g.
// "/app,/app/risk/:id"), BENCH_SECONDS (per page, default 5), BENCH_CONNECTIONS (default 10),
// BENCH_WARMUP_MS (default 500), BENCH_FREEZE=0 (leaves out the snapshot freeze, bench/freeze.ts), BENCH_IMPORT=0 (leaves out the import of 5,000 rows,
// bench/import.ts), BENCH_REPORT=0 (leaves out the annual report PDF and the auditor's pack, bench/report-pdf.ts),
// BENCH_FILES=0 (leaves out the upload and download of a 25 MB file, bench/files.ts, and the pack's 200 MB of
// evidence, bench/files-prepare.ts), BENCH_FILE_RUNS (default 2),
// BENCH_BACKUP=0 (leaves out the backup and restore of data/bench, and of data/bench-scale with --scale: bench/backup.ts),
// WEB_CONCURRENCY (server processes of app and floor; the app's default:
// one per core), BENCH_FLOOR=0, BENCH_EXPORT_RUNS (default 2; 0 leaves the export out), BENCH_MEASURES
// (the bench customer's measures, default 5,000), BENCH_SCALE, BENCH_TIMEOUT (seconds, default 1,200;
// 3,600 with --scale), BENCH_EMAIL/BENCH_PASSWORD, BENCH_OPERATOR_EMAIL/BENCH_OPERATOR_PASSWORD/BENCH_OPERATOR_TOTP (the operator's second
// factor secret, base32; default: the bench's own operator, bench/operator.ts).
// Loopback only (the apps listen on 127.0.0.1, on free ports); Ctrl-C, an error or the time limit stop
// everything it started.
import fs from 'node:fs'
import path from 'node:path'
import { exportFlags, measureExport, TARGETS, XLSX_EXPORT_PATH, XLSX_TARGETS } from './export.ts'
import { measureFiles } from './files.ts'
import { jsPerPage, MAX_JS_KB } from './js.ts'
import { appWorkers, assertLoopback, root, runScript, type Stats, signIn, startApp, stopAll } from './lib.ts'
import { accounts, measure, measurePages, type Options, prepare, selectPages, TRIVIAL, warmUp } from './pages.ts'

const json = process.env.BENCH_JSON === '1'
const floorOnly = process.argv.includes('--floor-only')
const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1'
const scale = process.argv.includes('--scale') || Boolean(process.env.BENCH_SCALE)
const funds = Number(process.env.BENCH_SCALE || process.env.BENCH_CUSTOMERS || 1300)
const external = process.env.BENCH_URL?.replace(/\/$/, '')
const exportRuns = floorOnly ? 0 : Number(process.env.BENCH_EXPORT_RUNS ?? 2)
const measures = Number(process.env.BENCH_MEASURES ?? 5000)
const timeout = Number(process.env.BENCH_TIMEOUT ?? (scale ? 3600 : 1200))
const COLD_START_TARGET_MS = 5000
const FLAT_TARGET = 0.15
const SCALE_SEED_TARGET_S = 600
/** A form naming array index 99,999 is refused without building the array (was asserted in tests/integration/fuzz.test.ts). */
const ARRAY_INDEX_MS = 1500

const log = (line: string) => (json ? console.error(line) : console.log(line))
const report: Record<string, unknown> = {}
const started = performance.now()

async function finish(code: number, why?: string) {
  if (why) console.error(`[bench] ${why}: stopping what it started`)
  await stopAll()
  process.exit(code)
}
process.on('SIGINT', () => void finish(130, 'interrupted'))
process.on('SIGTERM', () => void finish(143, 'terminated'))
setTimeout(() => void finish(2, `time limit of ${timeout} s reached (BENCH_TIMEOUT)`), timeout * 1000).unref()

/** The bench data in its own folder; a marker records what was seeded, so that a second run seeds nothing. */
async function seeded(folder: string, env: Record<string, string>): Promise<{ dir: string; seedSeconds: number | null; seededNow: boolean }> {
  const dir = path.join(root, 'data', folder)
  const marker = path.join(dir, 'bench-seed.json')
  const want = JSON.stringify(env)
  if (fs.existsSync(marker)) {
    const had = JSON.parse(fs.readFileSync(marker, 'utf8')) as { env: string; seconds: number }
    if (had.env === want) return { dir, seedSeconds: had.seconds, seededNow: false }
  }
  log(
    `[bench] seeding data/${folder} (${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')})`,
  )
  fs.mkdirSync(dir, { recursive: true })
  const t = performance.now()
  // Migrates and loads the demo accounts itself; the app provisions the new funds when it starts.
  await runScript(['--import', 'tsx', 'bench/seed-large.ts'], { ...env, DATA_DIR: dir }, json)
  const seconds = Math.round((performance.now() - t) / 100) / 10
  fs.writeFileSync(marker, JSON.stringify({ env: want, seconds }))
  log(`[bench] data/${folder} seeded in ${seconds} s`)
  return { dir, seedSeconds: seconds, seededNow: true }
}

const options = (floorWorkers: number | null): Options => ({
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 500),
  floorWorkers: process.env.BENCH_FLOOR === '0' ? null : floorWorkers,
})

async function printJs() {
  let pages: { page: string; gzBytes: number }[]
  try {
    pages = await jsPerPage(root)
  } catch (e) {
    log(`JavaScript per page: not measured (${(e as Error).message})`)
    return
  }
  const kb = (b: number) => (b / 1024).toFixed(1)
  const max = pages.reduce((m, p) => (p.gzBytes > m.gzBytes ? p : m), pages[0])
  const over = pages.filter((p) => p.gzBytes > MAX_JS_KB * 1024)
  log('')
  log(
    `JavaScript of a first load, gzipped (target <= ${MAX_JS_KB} KB): max ${kb(max.gzBytes)} KB (${max.page})${over.length ? `  FLAG: ${over.length} pages over` : ''}`,
  )
  for (const p of pages) log(`  ${p.page.padEnd(28)} ${kb(p.gzBytes).padStart(7)} KB${p.gzBytes > MAX_JS_KB * 1024 ? '  FLAG' : ''}`)
  report.js = { maxKb: MAX_JS_KB, pages, flagged: over.map((p) => p.page) }
}

async function full() {
  // BENCH_OPERATOR: a data folder seeded before the operator had the second factor is topped up once (bench/operator.ts);
  // BENCH_EXECUTIONS likewise with a year of control executions, BENCH_LOYALTY with the loyalty area's records,
  // BENCH_KRI with five years of quarterly KRI values per fund, BENCH_GOVERNANCE with a few providers, findings
  // and council decisions per fund (bench/seed-large.ts).
  const bench = await seeded('bench', {
    BENCH_MEASURES: String(measures),
    BENCH_OPERATOR: 'second-factor',
    BENCH_EXECUTIONS: 'year',
    BENCH_LOYALTY: 'demo',
    BENCH_KRI: 'quarterly',
    BENCH_GOVERNANCE: 'few',
  })
  const exported = exportRuns > 0 ? await seeded('bench-export', { BENCH_MEASURES: '100000' }) : null
  const workers = await appWorkers()
  log(`[bench] starting the app on data/bench (it builds first when the build is missing or stale), ${workers} server process(es)`)
  let app = await startApp(bench.dir)
  log(`[bench] app up in ${(app.startMs / 1000).toFixed(1)} s`)
  const o = options(workers)
  log('')
  log(
    `${app.url}, ${workers} server process(es), ${o.connections} connections, ${o.seconds} s per page; customer pages as ${accounts.email}, operator pages as ${accounts.operatorEmail}`,
  )
  report.workers = workers
  report.pages = await measurePages(app.url, selectPages(undefined, floorOnly), o, log)
  if (!floorOnly) report.arrayIndex = await arrayIndex(app.url)
  await app.stop()
  if (floorOnly) return

  // Cold start: the same data folder, built already, until the first 200 on the trivial page.
  app = await startApp(bench.dir, { timeoutMs: 60_000 })
  await app.stop()
  const cold = Math.round(app.startMs)
  log('')
  log(
    `Cold start (node scripts/start.mjs on data/bench until the first 200 on ${TRIVIAL}): ${(cold / 1000).toFixed(2)} s (target <= ${COLD_START_TARGET_MS / 1000} s)${cold > COLD_START_TARGET_MS ? '  FLAG' : ''}`,
  )
  report.coldStartMs = cold

  await printJs()

  if (exported) {
    const exp = await startApp(exported.dir, { timeoutMs: 120_000 })
    try {
      log('')
      log(
        `Export of 100,000 measures (${exp.url}, data/bench-export), RSS summed over the app's ${exp.pids().length} Node processes (primary and workers), MB:`,
      )
      const runs = await measureExport(exp.url, accounts.email, accounts.password, exportRuns, exp.pids, log)
      const flags = exportFlags(runs)
      log(
        flags.length
          ? `FLAG: ${flags.join(', ')}`
          : `export targets met (>= ${TARGETS.rowsPerSecond} rows/s, first byte <= ${TARGETS.firstByteMs} ms, growth < ${TARGETS.growthMb} MB)`,
      )
      report.export = { targets: TARGETS, runs, flags }
      if (XLSX_EXPORT_PATH) {
        log('')
        log(`XLSX export of the same 100,000 measures (${XLSX_EXPORT_PATH}), MB as above:`)
        const xlsxRuns = await measureExport(exp.url, accounts.email, accounts.password, exportRuns, exp.pids, log, XLSX_EXPORT_PATH)
        const xlsxFlags = exportFlags(xlsxRuns, XLSX_TARGETS)
        log(xlsxFlags.length ? `FLAG: ${xlsxFlags.join(', ')}` : `XLSX export target met (growth < ${XLSX_TARGETS.growthMb} MB)`)
        report.exportXlsx = { targets: XLSX_TARGETS, runs: xlsxRuns, flags: xlsxFlags }
      }
    } finally {
      await exp.stop()
    }
  }

  // The year-end snapshot of the bench customer (bench/freeze.ts), on data/bench with the app stopped.
  if (process.env.BENCH_FREEZE !== '0') {
    log('')
    const out = path.join(bench.dir, 'bench-freeze.json')
    await runScript(['--import', 'tsx', 'bench/freeze.ts'], { DATA_DIR: bench.dir, BENCH_FREEZE_OUT: out }, json)
    report.freeze = JSON.parse(fs.readFileSync(out, 'utf8'))
  }

  // The import of 5,000 rows into the bench customer (bench/import.ts), rolled back, with the app stopped.
  if (process.env.BENCH_IMPORT !== '0') {
    log('')
    const out = path.join(bench.dir, 'bench-import.json')
    await runScript(['--import', 'tsx', 'bench/import.ts'], { DATA_DIR: bench.dir, BENCH_IMPORT_OUT: out }, json)
    report.import = JSON.parse(fs.readFileSync(out, 'utf8'))
  }

  // Upload and download of a 25 MB file through the app (bench/files.ts), and the 200 MB of approved
  // evidence the auditor's pack below carries (bench/files-prepare.ts, seeded once, with the app stopped).
  if (process.env.BENCH_FILES !== '0') {
    log('')
    const out = path.join(bench.dir, 'bench-files.json')
    await runScript(['--import', 'tsx', 'bench/files-prepare.ts'], { DATA_DIR: bench.dir, BENCH_FILES_OUT: out }, json)
    const prepared = JSON.parse(fs.readFileSync(out, 'utf8')) as { upload: string; evidenceBytes: number }
    const files = await startApp(bench.dir, { timeoutMs: 60_000 })
    try {
      const runs = Number(process.env.BENCH_FILE_RUNS ?? 2)
      report.files = {
        evidenceMb: Math.round(prepared.evidenceBytes / 2 ** 20),
        ...(await measureFiles(files.url, accounts.email, accounts.password, prepared.upload, runs, files.pids, log)),
      }
    } finally {
      await files.stop()
    }
  }

  // The annual report PDF and the auditor's pack of the bench customer (bench/report-pdf.ts), likewise.
  if (process.env.BENCH_REPORT !== '0') {
    log('')
    const out = path.join(bench.dir, 'bench-report.json')
    await runScript(['--import', 'tsx', 'bench/report-pdf.ts'], { DATA_DIR: bench.dir, BENCH_REPORT_OUT: out }, json)
    report.reportPdf = JSON.parse(fs.readFileSync(out, 'utf8'))
  }
  if (process.env.BENCH_BACKUP !== '0') report.backup = await backupOf(bench.dir)
}

/** The time to refuse a form with a far array index, signed in as the bench user (its budget as a FLAG line). */
async function arrayIndex(base: string) {
  const cookie = await signIn(base, accounts.email, accounts.password)
  const at = performance.now()
  const res = await fetch(`${base}/app/risk/map`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'severity[99999].id=x',
  })
  await res.arrayBuffer()
  const ms = Math.round(performance.now() - at)
  const flag = ms > ARRAY_INDEX_MS || res.status !== 400
  log('')
  log(`POST /app/risk/map with severity[99999]: ${res.status} in ${ms} ms (expected 400, budget ${ARRAY_INDEX_MS} ms)${flag ? '  FLAG' : ''}`)
  return { status: res.status, ms, budgetMs: ARRAY_INDEX_MS, flag }
}

/** The bench's own check: it starts the app on a small seed, measures two pages briefly and stops. */
async function smokeRun() {
  const bench = await seeded('bench-smoke', {
    BENCH_MEASURES: '20',
    BENCH_OPERATOR: 'second-factor',
    BENCH_EXECUTIONS: 'year',
    BENCH_LOYALTY: 'demo',
    BENCH_KRI: 'quarterly',
    BENCH_GOVERNANCE: 'few',
  })
  const app = await startApp(bench.dir, { workers: '1', timeoutMs: 120_000 })
  try {
    log(`[bench] smoke: app up in ${(app.startMs / 1000).toFixed(1)} s`)
    const o = { seconds: 1, connections: 2, warmupMs: 200, floorWorkers: null }
    report.pages = await measurePages(app.url, selectPages('/app/user/profile'), o, log)
    report.arrayIndex = await arrayIndex(app.url)
  } finally {
    await app.stop()
  }
}

/** `npm run backup` of a bench folder and its restore, with the app stopped (bench/backup.ts). */
async function backupOf(dir: string) {
  log('')
  const out = path.join(dir, 'bench-backup.json')
  await runScript(['--import', 'tsx', 'bench/backup.ts'], { DATA_DIR: dir, BENCH_BACKUP_OUT: out, DATABASE_URL: '' }, json)
  return JSON.parse(fs.readFileSync(out, 'utf8'))
}

/** Flat cost: the bench customer's pages with the bench customer alone (A) and among BENCH_SCALE funds (B), interleaved. */
async function flat() {
  const alone = await seeded('bench', {
    BENCH_MEASURES: String(measures),
    BENCH_OPERATOR: 'second-factor',
    BENCH_EXECUTIONS: 'year',
    BENCH_LOYALTY: 'demo',
    BENCH_KRI: 'quarterly',
    BENCH_GOVERNANCE: 'few',
  })
  const many = await seeded('bench-scale', {
    BENCH_MEASURES: String(measures),
    BENCH_CUSTOMERS: String(funds),
    BENCH_EXECUTIONS: 'year',
    BENCH_LOYALTY: 'demo',
    BENCH_KRI: 'quarterly',
    BENCH_GOVERNANCE: 'few',
  })
  const seedTarget = many.seedSeconds !== null && many.seedSeconds > SCALE_SEED_TARGET_S ? '  FLAG' : ''
  log(
    `Seed of ${funds} funds plus the bench customer: ${many.seedSeconds} s${many.seededNow ? '' : ' (recorded when it was seeded)'} (target < ${SCALE_SEED_TARGET_S} s)${seedTarget}`,
  )
  const workers = await appWorkers()
  const a = await startApp(alone.dir)
  const b = await startApp(many.dir, { timeoutMs: 300_000 })
  const o = options(null)
  const all = selectPages(undefined).filter((p) => p.who !== 'operator' && p.name !== '/healthz')
  const [pa, pb] = [await prepare(a.url, all), await prepare(b.url, all)]
  // A page one of the two has no record for (a report before any snapshot) is left out of both.
  const pages = all.filter((p) => !pa.missing.has(p.name) && !pb.missing.has(p.name))
  await warmUp(a.url, pages, pa.cookies, pa.path, o)
  await warmUp(b.url, pages, pb.cookies, pb.path, o)
  log('')
  log(`${workers} server process(es) each, ${o.connections} connections, ${o.seconds} s per page; A: bench customer alone, B: among ${funds} funds`)
  log(`${'page'.padEnd(28)} ${'A req/s'.padStart(8)} ${'B req/s'.padStart(8)} ${'change'.padStart(8)} ${'A p99'.padStart(7)} ${'B p99'.padStart(7)}  flag`)
  const rows = []
  for (const page of pages) {
    // A B B A, half the time each: a machine getting busier or quieter during a page weighs on both alike.
    const half = { ...o, seconds: o.seconds / 2, warmupMs: o.warmupMs / 2 }
    const runA = () => measure(a.url + pa.path(page), pa.cookies[page.who], half)
    const runB = () => measure(b.url + pb.path(page), pb.cookies[page.who], half)
    const a1 = await runA()
    const b1 = await runB()
    const b2 = await runB()
    const a2 = await runA()
    const ra = both(a1, a2)
    const rb = both(b1, b2)
    const change = rb.rps / ra.rps - 1
    const flag = Math.abs(change) > FLAT_TARGET || ra.errors || rb.errors ? 'FLAG' : ''
    rows.push({ page: page.name, a: ra, b: rb, change, flag: Boolean(flag) })
    log(
      `${page.name.padEnd(28)} ${String(ra.rps).padStart(8)} ${String(rb.rps).padStart(8)} ${`${Math.round(change * 100)} %`.padStart(8)} ${ra.p99.toFixed(0).padStart(7)} ${rb.p99.toFixed(0).padStart(7)}  ${flag}`,
    )
  }
  await Promise.all([a.stop(), b.stop()])
  const flagged = rows.filter((r) => r.flag).length
  log('')
  log(`${flagged} of ${rows.length} pages move by more than ${FLAT_TARGET * 100} % with ${funds} funds`)
  report.flat = { funds, seedSeconds: many.seedSeconds, workers, pages: rows }
  if (process.env.BENCH_BACKUP !== '0') report.backupScale = await backupOf(many.dir)
}

/** Two halves of one measurement: mean req/s, the worse quantiles, the errors of both. */
function both(x: Stats, y: Stats): Stats {
  return {
    rps: Math.round((x.rps + y.rps) / 2),
    p50: Math.max(x.p50, y.p50),
    p95: Math.max(x.p95, y.p95),
    p99: Math.max(x.p99, y.p99),
    requests: x.requests + y.requests,
    errors: x.errors + y.errors,
    clientCpuMs: (x.clientCpuMs + y.clientCpuMs) / 2,
  }
}

async function against(base: string) {
  assertLoopback(base)
  const workers = await appWorkers()
  const o = options(workers)
  log(
    `${base} (already running; ${o.floorWorkers ? `floor with ${workers} server process(es)` : 'no floor'}), ${o.connections} connections, ${o.seconds} s per page`,
  )
  report.pages = await measurePages(base, selectPages(undefined, floorOnly), o, log)
  if (!floorOnly) await printJs()
}

try {
  if (smoke) await smokeRun()
  else if (external) await against(external)
  else if (scale) await flat()
  else await full()
  log('')
  log(`[bench] done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  if (json) console.log(JSON.stringify(report, null, 2))
  await finish(0)
} catch (e) {
  console.error(`[bench] ${(e as Error).stack ?? e}`)
  await finish(1)
}

// The full measures CSV (issue 9: 100,000 measures at >= 50,000 rows/s, first byte <= 200 ms, the
// server's memory growing by < 64 MB): rows, seconds, rows/s, time to first byte, and the resident
// set of all server processes together (the primary and its workers, read from /proc every 10 ms)
// before, at its peak while the export runs, and after. npm run bench runs it against an app it
// starts on data/bench-export (BENCH_MEASURES=100000). Alone, against a running app:
//   BENCH_PID=<pid of scripts/start.mjs> npm run bench:export
// BENCH_URL (default http://localhost:3000), BENCH_EMAIL, BENCH_PASSWORD, BENCH_EXPORT (the path,
// default /app/measures/export.csv?all=1), BENCH_RUNS (default 3). Without BENCH_PID (or without
// /proc) memory is left out. Loopback only; it stops by itself.
import { pathToFileURL } from 'node:url'
import { assertLoopback, load, nodeTree, rssMb, signIn, sleep } from './lib.ts'

export const EXPORT_PATH = process.env.BENCH_EXPORT ?? '/app/measures/export.csv?all=1'
export const TARGETS = { rowsPerSecond: 50_000, firstByteMs: 200, growthMb: 64 }

export type ExportRun = {
  rows: number
  bytes: number
  seconds: number
  rowsPerSecond: number
  firstByteMs: number
  rssBefore: number | null
  rssPeak: number | null
  rssAfter: number | null
  growth: number | null
}

async function once(base: string, cookie: string, pids: (() => number[]) | null): Promise<ExportRun> {
  const rss = () => (pids ? rssMb(pids()) : null)
  const before = rss()
  let peak = before ?? 0
  const poll = setInterval(() => {
    peak = Math.max(peak, rss() ?? 0)
  }, 10)
  const started = performance.now()
  const res = await fetch(base + EXPORT_PATH, { headers: { Cookie: cookie }, redirect: 'manual' })
  if (res.status !== 200 || !res.body) throw new Error(`export failed: ${res.status}`)
  const reader = res.body.getReader()
  let firstByte = 0
  let lines = 0
  let bytes = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    if (!firstByte) firstByte = performance.now() - started
    bytes += value.length
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(poll)
  peak = Math.max(peak, rss() ?? 0)
  await sleep(500)
  // Line ends count rows plus the header (a cell with a line break inside would count twice).
  const rows = lines - 1
  return {
    rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    firstByteMs: firstByte,
    rssBefore: before,
    rssPeak: before === null ? null : peak,
    rssAfter: rss(),
    growth: before === null ? null : peak - before,
  }
}

const mb = (v: number | null) => (v === null ? '-' : v.toFixed(0))
export const exportHeader = () => ['rows', 'MB', 'seconds', 'rows/s', 'TTFB ms', 'RSS MB', 'peak', 'after', 'growth'].map((h) => h.padStart(9)).join(' ')
export const exportRow = (r: ExportRun) =>
  [
    r.rows,
    (r.bytes / 1e6).toFixed(1),
    r.seconds.toFixed(2),
    r.rowsPerSecond.toFixed(0),
    r.firstByteMs.toFixed(0),
    mb(r.rssBefore),
    mb(r.rssPeak),
    mb(r.rssAfter),
    mb(r.growth),
  ]
    .map((v) => String(v).padStart(9))
    .join(' ')
/** What misses the targets in these runs (the best run counts for speed, the worst for memory). */
export function exportFlags(runs: ExportRun[]): string[] {
  const flags: string[] = []
  if (Math.max(...runs.map((r) => r.rowsPerSecond)) < TARGETS.rowsPerSecond) flags.push(`rows/s < ${TARGETS.rowsPerSecond}`)
  if (Math.min(...runs.map((r) => r.firstByteMs)) > TARGETS.firstByteMs) flags.push(`first byte > ${TARGETS.firstByteMs} ms`)
  if (runs.some((r) => r.growth !== null && r.growth >= TARGETS.growthMb)) flags.push(`memory growth >= ${TARGETS.growthMb} MB`)
  return flags
}

/** `runs` exports one after the other, as `email`; `pids` lists the server processes whose memory counts. */
export async function measureExport(base: string, email: string, password: string, runs: number, pids: (() => number[]) | null, log: (l: string) => void) {
  const cookie = await signIn(base, email, password)
  // Each server process serves the measures list a few times first: what a fresh process loads
  // and caches on its first requests is not the export's memory.
  await load(`${base}/app/measures`, cookie, 1000, 4)
  log(exportHeader())
  const out: ExportRun[] = []
  for (let i = 0; i < runs; i++) {
    const r = await once(base, cookie, pids)
    out.push(r)
    log(exportRow(r))
  }
  return out
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = (process.env.BENCH_URL ?? 'http://localhost:3000').replace(/\/$/, '')
  assertLoopback(base)
  const pid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null
  const email = process.env.BENCH_EMAIL ?? 'bench@example.com'
  console.log(`${base}${EXPORT_PATH}, as ${email}${pid === null ? ', no BENCH_PID: memory not measured' : `, server processes under pid ${pid}`}`)
  const runs = await measureExport(
    base,
    email,
    process.env.BENCH_PASSWORD ?? 'Vorsorge-2026',
    Number(process.env.BENCH_RUNS ?? 3),
    pid === null ? null : () => nodeTree(pid),
    console.log,
  )
  const flags = exportFlags(runs)
  console.log(flags.length ? `FLAG: ${flags.join(', ')}` : 'export targets met')
}

// The full measures CSV (issue 9: 100,000 measures at >= 50,000 rows/s, first byte <= 200 ms, the
// server's memory growing by < 64 MB): rows, seconds, rows/s, time to first byte, and the resident
// set of all server processes together (the primary and its workers, read from /proc every 10 ms)
// before, at its peak while the export runs, and after. npm run bench runs it against an app it
// starts on data/bench-export (BENCH_MEASURES=100000). Alone, against a running app:
//   BENCH_PID=<pid of scripts/start.mjs> npm run bench:export
// BENCH_URL (default http://localhost:3000), BENCH_EMAIL, BENCH_PASSWORD, BENCH_EXPORT (the path,
// default /app/measures/export.csv?all=1), BENCH_RUNS (default 3). Without BENCH_PID (or without
// /proc) memory is left out. Loopback only; it stops by itself.
// Then the same for the XLSX of the same measures (issue 11: streams with memory growing by < 100 MB),
// BENCH_EXPORT_XLSX (default /app/measures/export.xlsx?all=1; "" leaves it out). Its rows are counted
// after the download, by reading the file back with exceljs's streaming reader, outside the timing.
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import ExcelJS from 'exceljs'
import { assertLoopback, load, nodeTree, rssMb, signIn, sleep } from './lib.ts'

export const EXPORT_PATH = process.env.BENCH_EXPORT ?? '/app/measures/export.csv?all=1'
export const XLSX_EXPORT_PATH = process.env.BENCH_EXPORT_XLSX ?? '/app/measures/export.xlsx?all=1'
export type ExportTargets = { rowsPerSecond: number; firstByteMs: number; growthMb: number }
export const TARGETS: ExportTargets = { rowsPerSecond: 50_000, firstByteMs: 200, growthMb: 64 }
/** The XLSX has a memory target only (zipping costs time the CSV does not pay). */
export const XLSX_TARGETS: ExportTargets = { rowsPerSecond: 0, firstByteMs: Number.POSITIVE_INFINITY, growthMb: 100 }

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

/** The data rows of an XLSX (its first sheet, header left out), read back as a stream. */
async function xlsxRows(chunks: Uint8Array[]) {
  let rows = 0
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks), { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore' })
  for await (const sheet of reader) {
    for await (const _row of sheet as AsyncIterable<unknown>) rows++
    break
  }
  return rows - 1
}

async function once(base: string, cookie: string, pids: (() => number[]) | null, path: string): Promise<ExportRun> {
  const xlsx = new URL(path, base).pathname.endsWith('.xlsx')
  const chunks: Uint8Array[] = []
  const rss = () => (pids ? rssMb(pids()) : null)
  const before = rss()
  let peak = before ?? 0
  const poll = setInterval(() => {
    peak = Math.max(peak, rss() ?? 0)
  }, 10)
  const started = performance.now()
  const res = await fetch(base + path, { headers: { Cookie: cookie }, redirect: 'manual' })
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
    if (xlsx) {
      chunks.push(value)
      continue
    }
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(poll)
  peak = Math.max(peak, rss() ?? 0)
  await sleep(500)
  // Line ends count rows plus the header (a cell with a line break inside would count twice).
  const rows = xlsx ? await xlsxRows(chunks) : lines - 1
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
export function exportFlags(runs: ExportRun[], targets: ExportTargets = TARGETS): string[] {
  const flags: string[] = []
  if (Math.max(...runs.map((r) => r.rowsPerSecond)) < targets.rowsPerSecond) flags.push(`rows/s < ${targets.rowsPerSecond}`)
  if (Math.min(...runs.map((r) => r.firstByteMs)) > targets.firstByteMs) flags.push(`first byte > ${targets.firstByteMs} ms`)
  if (runs.some((r) => r.growth !== null && r.growth >= targets.growthMb)) flags.push(`memory growth >= ${targets.growthMb} MB`)
  return flags
}

/** `runs` exports of `path` one after the other, as `email`; `pids` lists the server processes whose memory counts. */
export async function measureExport(
  base: string,
  email: string,
  password: string,
  runs: number,
  pids: (() => number[]) | null,
  log: (l: string) => void,
  path: string = EXPORT_PATH,
) {
  const cookie = await signIn(base, email, password)
  // Each server process serves the measures list a few times first: what a fresh process loads
  // and caches on its first requests is not the export's memory.
  await load(`${base}/app/measures`, cookie, 1000, 4)
  log(exportHeader())
  const out: ExportRun[] = []
  for (let i = 0; i < runs; i++) {
    const r = await once(base, cookie, pids, path)
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
  for (const [path, targets, what] of [
    [EXPORT_PATH, TARGETS, 'export'],
    [XLSX_EXPORT_PATH, XLSX_TARGETS, 'XLSX export'],
  ] as const) {
    if (!path) continue
    console.log(`${base}${path}, as ${email}${pid === null ? ', no BENCH_PID: memory not measured' : `, server processes under pid ${pid}`}`)
    const runs = await measureExport(
      base,
      email,
      process.env.BENCH_PASSWORD ?? 'Vorsorge-2026',
      Number(process.env.BENCH_RUNS ?? 3),
      pid === null ? null : () => nodeTree(pid),
      console.log,
      path,
    )
    const flags = exportFlags(runs, targets)
    console.log(flags.length ? `FLAG: ${flags.join(', ')}` : `${what} targets met`)
  }
}

// The full measures CSV against a running app: rows, seconds, rows/s, time to first byte, and the
// server's memory (the resident set of all its processes) before, at its peak while the export runs,
// and after. `npm run bench` runs it on a customer with BENCH_EXPORT_MEASURES (100,000) measures.
//   BENCH_URL=http://localhost:3000 BENCH_PID=<pid> npm run bench:export   (against an app already running)
// BENCH_URL, BENCH_EMAIL, BENCH_PASSWORD, BENCH_EXPORT (the path, default
// /app/measures/export.csv?all=1), BENCH_RUNS (default 3). The memory is read from outside, from
// /proc/<pid>/status (VmRSS) of BENCH_PID and its children every 10 ms; without BENCH_PID (or on a
// system without /proc) it is left out. Loopback only; it stops by itself.
import fs from 'node:fs'

import { fileURLToPath } from 'node:url'
import { assertLocal, signIn } from './pages.ts'

const email = process.env.BENCH_EMAIL ?? 'bench@example.com'
const password = process.env.BENCH_PASSWORD ?? 'Vorsorge-2026'
const path = process.env.BENCH_EXPORT ?? '/app/measures/export.csv?all=1'

/** The resident set in MB of `pid` and its child processes (the cluster's workers), or null when it cannot be read. */
function rssOf(pid: number | null): number | null {
  if (pid === null) return null
  const one = (p: number) => {
    try {
      const line = fs
        .readFileSync(`/proc/${p}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('VmRSS:'))
      return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0
    } catch {
      return 0
    }
  }
  try {
    const children = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid
        } catch {
          return false
        }
      })
      .map(Number)
    // The bundled PostgreSQL is a child too, but not the app's memory: only Node processes count.
    const node = children.filter((c) => {
      try {
        return fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('node')
      } catch {
        return false
      }
    })
    return [pid, ...node].reduce((sum, p) => sum + one(p), 0)
  } catch {
    return null
  }
}

async function once(base: string, cookie: string, pid: number | null) {
  const rss = () => rssOf(pid)
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
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(poll)
  peak = Math.max(peak, rss() ?? 0)
  await new Promise((r) => setTimeout(r, 500))
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
  }
}

export type ExportRun = Awaited<ReturnType<typeof once>>

const mb = (v: number | null) => (v === null ? '-' : v.toFixed(0))

/** `runs` full exports, printed as a table unless `quiet`. */
export async function benchExport(opts: { base: string; pid: number | null; runs?: number; quiet?: boolean }): Promise<ExportRun[]> {
  const base = opts.base.replace(/\/$/, '')
  assertLocal(base)
  const log = (line: string) => opts.quiet || console.log(line)
  const cookie = await signIn(base, email, password)
  log(`${base}${path}, signed in as ${email}${opts.pid === null ? ', no server pid: memory not measured' : `, server pid ${opts.pid}`}`)
  log(['rows', 'MB', 'seconds', 'rows/s', 'TTFB ms', 'RSS MB before', 'peak', 'after', 'growth'].map((h) => h.padStart(9)).join(' '))
  const out: ExportRun[] = []
  for (let i = 0; i < (opts.runs ?? 3); i++) {
    const r = await once(base, cookie, opts.pid)
    out.push(r)
    log(
      [
        r.rows,
        (r.bytes / 1e6).toFixed(1),
        r.seconds.toFixed(2),
        r.rowsPerSecond.toFixed(0),
        r.firstByteMs.toFixed(0),
        mb(r.rssBefore),
        mb(r.rssPeak),
        mb(r.rssAfter),
        r.rssBefore === null || r.rssPeak === null ? '-' : mb(r.rssPeak - r.rssBefore),
      ]
        .map((v) => String(v).padStart(9))
        .join(' '),
    )
  }
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = process.env.BENCH_URL
  if (!base) throw new Error('BENCH_URL names the running app to measure; `npm run bench` starts one itself')
  await benchExport({ base, pid: process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null, runs: Number(process.env.BENCH_RUNS ?? 3) })
}

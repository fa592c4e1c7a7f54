// The full measures CSV against a running app: rows, seconds, rows/s, time to first byte, and
// the server's memory (resident set) before, at its peak while the export runs, and after.
//   npm run bench:seed   (once: a large customer, bench@example.com)
//   npm start            (in one terminal; note its pid, e.g. `pgrep -f scripts/start.mjs`)
//   BENCH_PID=<pid> npm run bench:export
// BENCH_URL (default http://localhost:3000), BENCH_EMAIL, BENCH_PASSWORD, BENCH_EXPORT (the path,
// default /app/measures/export.csv?all=1), BENCH_RUNS (default 3) to adjust. The memory is read
// from outside, from /proc/<BENCH_PID>/status (VmRSS) every 10 ms; without BENCH_PID (or on a
// system without /proc) it is left out. Loopback only; it stops by itself.
import fs from 'node:fs'

const base = (process.env.BENCH_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const email = process.env.BENCH_EMAIL ?? 'bench@example.com'
const password = process.env.BENCH_PASSWORD ?? 'Vorsorge-2026'
const path = process.env.BENCH_EXPORT ?? '/app/measures/export.csv?all=1'
const runs = Number(process.env.BENCH_RUNS ?? 3)
const pid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null

const host = new URL(base).hostname
if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host)) throw new Error('the benchmark only targets this machine (localhost)')

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** The server's resident set in MB, or null when it cannot be read. */
function rss(): number | null {
  if (pid === null) return null
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'))
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null
  } catch {
    return null
  }
}

async function once(cookie: string) {
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

const mb = (v: number | null) => (v === null ? '-' : v.toFixed(0))
const cookie = await signIn()
console.log(`${base}${path}, signed in as ${email}${pid === null ? ', no BENCH_PID: memory not measured' : `, server pid ${pid}`}`)
console.log(['rows', 'MB', 'seconds', 'rows/s', 'TTFB ms', 'RSS MB before', 'peak', 'after', 'growth'].map((h) => h.padStart(9)).join(' '))
for (let i = 0; i < runs; i++) {
  const r = await once(cookie)
  console.log(
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

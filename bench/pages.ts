// Requests per second and latency of the main pages against a running app.
//   npm run bench:seed   (once: a large customer, bench@example.com)
//   npm start            (in one terminal)
//   npm run bench        (in another; BENCH_URL, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_EMAIL to adjust)
// Loopback only, bounded in time: it stops by itself.
const base = (process.env.BENCH_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const email = process.env.BENCH_EMAIL ?? 'bench@example.com'
const password = process.env.BENCH_PASSWORD ?? 'Vorsorge-2026'

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

async function measure(path: string, cookie: string) {
  const latencies: number[] = []
  let errors = 0
  const end = Date.now() + seconds * 1000
  const worker = async () => {
    while (Date.now() < end) {
      const t = performance.now()
      try {
        const res = await fetch(base + path, { headers: { Cookie: cookie }, redirect: 'manual' })
        await res.arrayBuffer()
        if (res.status >= 400) errors++
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
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1)
  return { path, rps: (latencies.length / elapsed).toFixed(0), p50: q(0.5), p95: q(0.95), p99: q(0.99), requests: latencies.length, errors }
}

const cookie = await signIn()
const pages = (
  process.env.BENCH_PAGES ??
  '/,/healthz,/app,/app/measures,/app/measures?tab=risk&status=overdue,/app/risk,/app/risk/map,/app/risk?cell=3-4,/app/docs,/app/dsg,/app/debug,/app/user/profile'
).split(',')
console.log(`${base}, ${connections} connections, ${seconds} s per page, signed in as ${email}`)
console.log('page'.padEnd(26), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7))
for (const path of pages) {
  const r = await measure(path, path === '/' ? '' : cookie)
  console.log(r.path.padEnd(26), r.rps.padStart(7), r.p50.padStart(8), r.p95.padStart(8), r.p99.padStart(8), String(r.errors).padStart(7))
}
export {}

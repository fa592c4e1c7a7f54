// The process's Prometheus metrics (docs/decisions/0048-metrics-logs-and-readiness.md): requests by
// route pattern and status, their latency, the database pools, the periodic jobs, the mails, the
// age of the last backup. Each process counts its own; server/metrics.ts serves them at /metrics,
// summed over the processes of a cluster.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { poolStats } from './db.server.ts'

/** Seconds since the last successful backup, or null when there is none (yet). */
export type BackupAge = () => number | null | Promise<number | null>

type State = {
  registry: Registry
  requests: Counter<'method' | 'route' | 'status'>
  duration: Histogram<'method' | 'route'>
  jobs: Counter<'job' | 'outcome'>
  mails: Counter<'outcome'>
  backupAge: BackupAge | null
}

// server.ts and the built app are separate bundles (like the database pool in db.server.ts): one
// registry for both, kept on globalThis, or each bundle would count apart (and register twice).
const holder = globalThis as typeof globalThis & { __vorsorgeMetrics?: State }

function create(): State {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const state: State = {
    registry,
    requests: new Counter({
      name: 'vorsorge_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (React Router route, never the raw URL) and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'vorsorge_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobs: new Counter({
      name: 'vorsorge_job_runs_total',
      help: 'Runs of the periodic jobs: ok, failed, or skipped (another process held the job)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    mails: new Counter({
      name: 'vorsorge_mails_total',
      help: 'Mails handed to the SMTP server (or the outbox): sent or failed',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    backupAge: null,
  }
  for (const outcome of ['sent', 'failed']) state.mails.inc({ outcome }, 0)

  const pools = (name: string, help: string, read: (p: { totalCount: number; idleCount: number; waitingCount: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        this.reset()
        for (const [pool, stats] of Object.entries(poolStats())) if (stats) this.set({ pool }, read(stats))
      },
    })
  pools(
    'vorsorge_db_pool_in_use',
    'Database connections checked out of the pool (main: jobs and sign-in; request: the request transactions)',
    (p) => p.totalCount - p.idleCount,
  )
  pools('vorsorge_db_pool_waiting', 'Queries waiting for a connection of the pool', (p) => p.waitingCount)
  pools('vorsorge_db_pool_connections', 'Open database connections of the pool', (p) => p.totalCount)

  new Gauge({
    name: 'vorsorge_backup_age_seconds',
    help: 'Seconds since the last successful backup (absent when no backup is known)',
    // Every process may read the same backup folder: the oldest view wins, never their sum.
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const fn = holder.__vorsorgeMetrics?.backupAge
      const age = fn
        ? await Promise.resolve()
            .then(fn)
            .catch(() => null)
        : null
      if (typeof age === 'number' && Number.isFinite(age)) this.set(Math.max(0, age))
      // A gauge without labels reports 0 once reset, which would read as "just backed up": no sample instead.
      else (this as unknown as { hashMap: object }).hashMap = {}
    },
  })
  return state
}

function state(): State {
  holder.__vorsorgeMetrics ??= create()
  return holder.__vorsorgeMetrics
}

/** The registry of this process (server/metrics.ts serves and aggregates it). */
export function metricsRegistry(): Registry {
  return state().registry
}

/** One answered request: `route` is the route pattern (`/app/risk/:id`), never the URL. */
export function observeRequest(method: string, route: string, status: number, seconds: number) {
  const s = state()
  s.requests.inc({ method, route, status: String(status) })
  s.duration.observe({ method, route }, seconds)
}

export type JobOutcome = 'ok' | 'failed' | 'skipped'

/** A run of a periodic job (server/jobs.ts counts every run through `exclusively`). */
export function countJob(job: string, outcome: JobOutcome) {
  state().jobs.inc({ job, outcome })
}

/** A mail handed over (models/core/mail.server.ts). */
export function countMail(outcome: 'sent' | 'failed') {
  state().mails.inc({ outcome })
}

/**
 * The hook for the backups: `fn` answers the seconds since the last successful backup (or null
 * when there is none); /metrics reports it as `vorsorge_backup_age_seconds`. Without it the gauge
 * is absent. A later call replaces the earlier function; `null` removes it.
 */
export function registerBackupAge(fn: BackupAge | null) {
  state().backupAge = fn
}

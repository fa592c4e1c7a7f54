// Several server processes on one port (docs/decisions/0020-web-concurrency.md). The primary
// prepares the database once and supervises the workers; each worker only connects and serves
// HTTP. Node's cluster module hands the connections to the workers in turn.
import cluster, { type Worker } from 'node:cluster'
import os from 'node:os'
import { StartupError } from '../models/core/embedded-postgres.server.ts'
import { drainDeadlineMs } from './readiness.ts'

/**
 * WEB_CONCURRENCY: a whole number of server processes, or `auto` (the default) for one per core:
 * on two cores, two measured faster than one (the decision record). 1 is the single process of
 * old, without a cluster.
 */
export function webConcurrency(value = process.env.WEB_CONCURRENCY, cores = os.availableParallelism()): number {
  const raw = value?.trim()
  if (!raw || raw === 'auto') return Math.max(1, Math.min(cores, 64))
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new StartupError(`WEB_CONCURRENCY must be a whole number from 1 to 64 or "auto" (it is "${raw}"): correct it, or leave it unset.`)
  return n
}

/** The variable through which the primary hands the database URL to its workers. */
export const WORKER_DATABASE_URL = 'VORSORGE_WORKER_DATABASE_URL'

/**
 * Each worker has two pools (docs/decisions/0018) of DATABASE_POOL_SIZE connections. Unless that
 * is set, the workers share a budget of about 60 connections, 10 per pool at most and 2 at least,
 * so that many cores do not exceed PostgreSQL's 100 connections.
 */
export function workerPoolSize(count: number, configured = process.env.DATABASE_POOL_SIZE): string {
  if (configured?.trim()) return configured.trim()
  return String(Math.max(2, Math.min(10, Math.floor(30 / count))))
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Forks `count` workers and resolves once each listens. A worker that exits during start-up (its
 * own one-line reason is on stderr: a port taken, say) fails the start. Later, a worker that
 * dies is replaced at once, or after a back-off up to 30 s when workers keep dying. stop() sends
 * each worker SIGTERM (it drains: server/readiness.ts), and ends any left once draining is overdue.
 */
export async function startWorkers(count: number, env: Record<string, string>, log: (m: string) => void = (m) => console.log(`[cluster] ${m}`)) {
  let stopping = false
  let started = false
  let lastDeath = 0
  let delay = 0
  const workers = new Set<Worker>()
  let failStart: (e: Error) => void = () => {}

  const fork = () => {
    const worker = cluster.fork({ DATABASE_POOL_SIZE: workerPoolSize(count), ...env })
    workers.add(worker)
    worker.once('exit', (code, signal) => {
      workers.delete(worker)
      if (stopping) return
      const how = signal ?? `code ${code}`
      if (!started) return failStart(new StartupError(`A server process exited during start-up (${how}): see its message above.`))
      const now = Date.now()
      delay = now - lastDeath > 60_000 ? 0 : Math.min(30_000, Math.max(1_000, delay * 2))
      lastDeath = now
      log(`worker ${worker.process.pid} exited (${how}): starting another${delay ? ` in ${delay / 1000} s` : ''}`)
      void sleep(delay).then(() => stopping || fork())
    })
    return worker
  }

  const stop = async () => {
    stopping = true
    const left = [...workers].filter((w) => w.process.exitCode === null && w.process.signalCode === null)
    const exited = Promise.all(left.map((w) => new Promise((r) => w.once('exit', r))))
    for (const w of left) w.process.kill('SIGTERM')
    const force = setTimeout(() => {
      for (const w of left) if (w.process.exitCode === null && w.process.signalCode === null) w.process.kill('SIGKILL')
    }, drainDeadlineMs())
    await exited
    clearTimeout(force)
  }

  try {
    await new Promise<void>((resolve, reject) => {
      failStart = reject
      const listening = new Set<number>()
      const onListening = (worker: Worker) => {
        listening.add(worker.id)
        if (listening.size < count) return
        cluster.off('listening', onListening)
        started = true
        resolve()
      }
      cluster.on('listening', onListening)
      for (let i = 0; i < count; i++) fork()
    })
  } catch (e) {
    await stop()
    throw e
  }
  return { stop, pids: () => [...workers].map((w) => w.process.pid) }
}

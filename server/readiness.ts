// Readiness and draining (docs/decisions/0048-metrics-logs-and-readiness.md). /healthz says whether
// the process and its database work; /readyz says whether a load balancer should send it requests:
// 503 while it starts (migrations) and from SIGTERM on, while it finishes what it has begun.
import http from 'node:http'
import type { Request, Response } from 'express'
import { StartupError } from '../models/core/embedded-postgres.server.ts'

export type Readiness = 'starting' | 'ready' | 'draining'
let state: Readiness = 'starting'

export const readiness = {
  get state() {
    return state
  },
  ready() {
    if (state === 'starting') state = 'ready'
  },
  drain() {
    state = 'draining'
  },
}

/** GET /readyz: 200 when ready, 503 while starting or draining. */
export function readyz(_req: Request, res: Response) {
  res.status(state === 'ready' ? 200 : 503)
  res.setHeader('Cache-Control', 'no-store')
  res.json({ status: state })
}

function seconds(name: string, fallback: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0 || n > 3600)
    throw new StartupError(`${name} must be a number of seconds from 0 to 3600 (it is "${raw}"): correct it, or leave it unset.`)
  return n
}

/**
 * DRAIN_DELAY_SECONDS (default 0): after SIGTERM, how long /readyz answers 503 while the process still
 * takes new connections, so that a load balancer notices before the port closes (its check interval
 * times the failures it waits for). DRAIN_TIMEOUT_SECONDS (default 10): then how long the requests in
 * flight may take to finish before their connections are closed.
 */
export function drainSettings(): { delayMs: number; timeoutMs: number } {
  return { delayMs: seconds('DRAIN_DELAY_SECONDS', 0) * 1000, timeoutMs: seconds('DRAIN_TIMEOUT_SECONDS', 10) * 1000 }
}

/** How long a supervisor waits for a server process to drain before it kills it. */
export function drainDeadlineMs(): number {
  try {
    const { delayMs, timeoutMs } = drainSettings()
    return delayMs + timeoutMs + 5_000
  } catch {
    return 15_000
  }
}

/**
 * While the database is prepared (the bundled PostgreSQL started, migrations applied), the port
 * already answers, 503 to everything: a load balancer sees "not ready" instead of a refused
 * connection. Closed before the app itself listens. A port that cannot be taken is left for the
 * app's own listen to report.
 */
export async function answerWhileStarting(port: number, host: string): Promise<{ close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume()
    res.writeHead(503, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Retry-After': '5',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    })
    res.end(JSON.stringify({ status: 'starting' }))
  })
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, host, () => resolve(true))
  })
  return {
    close: () =>
      listening
        ? new Promise<void>((resolve) => {
            server.close(() => resolve())
            server.closeAllConnections()
          })
        : Promise.resolve(),
  }
}

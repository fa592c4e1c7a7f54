// Request ids, request metrics and log lines (docs/decisions/0048-metrics-logs-and-readiness.md).
// LOG_FORMAT=json writes every log line as one JSON object (pino), a request's lines with its id;
// otherwise the lines stay plain text as before.
import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import { format } from 'node:util'
import type { NextFunction, Request, Response } from 'express'
import pino from 'pino'
import type { RouteLabel } from '../app/utils/route-pattern.server.ts'
import { observeRequest } from '../models/core/metrics.server.ts'
import { loggedPath } from '../app/utils/logged-path.ts'

export const jsonLogs = () => process.env.LOG_FORMAT?.trim().toLowerCase() === 'json'

const requestContext = new AsyncLocalStorage<{ requestId: string }>()

/**
 * LOG_FORMAT=json: console.log/info/debug go to stdout, console.warn/error to stderr, each line a
 * JSON object (`level`, `time`, `pid`, `msg`, and `requestId` for what a request logs). Everything
 * the app logs goes through the console, so one switch here covers it all.
 */
export function installJsonLogs() {
  const options: pino.LoggerOptions = {
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => requestContext.getStore() ?? {},
  }
  // Synchronous: a line written just before process.exit (a failed start) must not be lost.
  const out = pino(options, pino.destination({ fd: 1, sync: true }))
  const err = pino(options, pino.destination({ fd: 2, sync: true }))
  console.log = (...args: unknown[]) => out.info(format(...args))
  console.info = console.log
  console.debug = (...args: unknown[]) => out.debug(format(...args))
  console.warn = (...args: unknown[]) => err.warn(format(...args))
  console.error = (...args: unknown[]) => err.error(format(...args))
  return out
}

/** An incoming X-Request-Id is kept when it is a sane token (a proxy's id); otherwise a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : crypto.randomUUID()
}

/** What labels a request in the metrics: the route pattern React Router matched, or what served it instead. */
function routeOf(req: Request, res: Response): string {
  const label = res.locals.route as RouteLabel | undefined
  if (typeof res.locals.routeName === 'string') return res.locals.routeName
  // React Router joins the matched routes' paths without the leading slash (`app/risk/:id`).
  if (label?.pattern) return label.pattern.startsWith('/') ? label.pattern : `/${label.pattern}`
  if (req.path.startsWith('/assets/')) return '/assets/*'
  return res.statusCode === 404 ? '(unmatched)' : '(other)'
}

/**
 * First middleware of every request: its id (X-Request-Id, in the answer too), the label React
 * Router fills in (app/utils/route-pattern.server.ts, handed over in the load context), and when
 * the answer is done, the request metrics and the log line (LOG_REQUESTS, not for /assets).
 * A request whose client went away before the answer was complete counts with status 499.
 */
export function observeRequests({ tag, logRequests, logger }: { tag: string; logRequests: boolean; logger: pino.Logger | null }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint()
    const requestId = requestIdOf(req.headers['x-request-id'])
    res.setHeader('X-Request-Id', requestId)
    res.locals.route = { pattern: null } satisfies RouteLabel
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9
      const status = res.writableFinished ? res.statusCode : 499
      const route = routeOf(req, res)
      observeRequest(req.method, route, status, seconds)
      if (!logRequests || req.path.startsWith('/assets/')) return
      const path = loggedPath(req.originalUrl)
      const ms = Number((seconds * 1000).toFixed(1))
      if (logger) logger.info({ requestId, method: req.method, path, route, status, ms }, `${req.method} ${path} ${status}`)
      else console.log(`${tag}${req.method} ${path} ${status} ${ms.toFixed(1)}ms`)
    })
    if (logger) requestContext.run({ requestId }, next)
    else next()
  }
}

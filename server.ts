// The production (and dev) HTTP server: security headers, static assets,
// health, readiness, metrics, the React Router app, graceful shutdown (draining). Logs go to stdout
// (JSON with LOG_FORMAT=json; docs/decisions/0048-metrics-logs-and-readiness.md).
// With WEB_CONCURRENCY above 1 this process is the primary of a cluster (server/cluster.ts): it
// prepares the database and runs the periodic jobs, and its workers serve HTTP on the same port.
import cluster from 'node:cluster'
import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import express, { type NextFunction, type Request, type Response } from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { nonceContext } from './app/utils/nonce.ts'
import { clientIpContext } from './app/utils/client.server.ts'
import { routeLabelContext } from './app/utils/route-pattern.server.ts'
import { seedDsgTemplates, seedKriCatalog } from './models/reference/catalogs.server.ts'
import { provisionPendingCustomers } from './models/reference/provision.server.ts'
import { ensureMailTemplates } from './app/features/operator/mail-templates.server.ts'
import { mailsOnTheirWay } from './models/core/mail.server.ts'
import { seedIfEmpty } from './scripts/seed.ts'
import { startWorkers, WORKER_DATABASE_URL, webConcurrency } from './server/cluster.ts'
import { connectWorkerDatabase, type Database, exitOnStartupError, openDatabase, withStartLock } from './server/database.ts'
import { health } from './server/health.ts'
import { answerClientErrors, proxyAdviceAtStart, securityHeaders, warnOnMissingForwardedProto } from './server/http-hardening.ts'
import { scheduleJobs } from './server/jobs.ts'
import { installJsonLogs, jsonLogs, observeRequests } from './server/logging.ts'
import { answerMetricsInWorker, metricsEndpoint, serveClusterMetrics } from './server/metrics.ts'
import { backupAgeSeconds } from './models/core/backup-record.server.ts'
import { registerBackupAge } from './models/core/metrics.server.ts'
import { answerWhileStarting, drainSettings, readiness, readyz } from './server/readiness.ts'
import { trustProxySetting } from './server/trust-proxy.ts'

const logger = jsonLogs() ? installJsonLogs() : null

const dev = process.argv.includes('--dev')
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || '0.0.0.0'

const worker = cluster.isWorker
// The age of the newest backup in DATA_DIR/backups, for /metrics (the same in every process: the gauge takes the max).
registerBackupAge(() => backupAgeSeconds())
const workerUrl = process.env[WORKER_DATABASE_URL]
let concurrency = 1
let drain = { delayMs: 0, timeoutMs: 10_000 }
// Which proxies in front may say who the client is (X-Forwarded-For): server/trust-proxy.ts.
let trustProxy: ReturnType<typeof trustProxySetting> = false
try {
  concurrency = dev || worker ? 1 : webConcurrency()
  drain = drainSettings()
  trustProxy = trustProxySetting()
} catch (e) {
  exitOnStartupError(e)
}
// While the database is prepared the port answers 503 (/readyz says "starting"); a worker's primary did that already.
const starting = worker ? { close: async () => {} } : await answerWhileStarting(port, host)

/** The database opened, migrated and set up: once, in the single process or the cluster's primary. */
async function prepareDatabase(): Promise<Database> {
  const database = await openDatabase().catch(exitOnStartupError)
  try {
    // Under the start lock: two instances starting on one empty database seed it once.
    if (process.env.SEED !== 'false') await withStartLock(database.url, () => seedIfEmpty(database.db, (m) => console.log(`[seed] ${m}`)))
    const provisioned = await provisionPendingCustomers(database.db)
    if (provisioned) console.log(`[db] provisioned ${provisioned} pension fund(s) with default risk levels and control matrix`)
    const templates = await ensureMailTemplates(database.db)
    if (templates) console.log(`[db] added ${templates} new mail template(s)`)
    // The data protection templates came after the first installations: a database seeded before (or never, SEED=false) gets them here.
    const dsgTemplates = await seedDsgTemplates(database.db)
    if (dsgTemplates) console.log(`[db] added ${dsgTemplates} processing-activity template(s)`)
    // Likewise the KRI catalogue (issue 27).
    const kris = await seedKriCatalog(database.db)
    if (kris) console.log(`[db] added ${kris} KRI catalogue entr${kris === 1 ? 'y' : 'ies'}`)
  } catch (e) {
    await database.close().catch(() => {})
    exitOnStartupError(e)
  }
  return database
}

if (!worker && concurrency > 1) {
  // The primary: the database, the jobs and the workers; no HTTP of its own.
  const database = await prepareDatabase()
  const stopJobs = scheduleJobs()
  let stopping = false
  serveClusterMetrics()
  await starting.close()
  const workers = await startWorkers(concurrency, { [WORKER_DATABASE_URL]: database.url }).catch(async (e) => {
    stopJobs()
    await database.close().catch(() => {})
    return exitOnStartupError(e)
  })
  console.log(`[http] ${concurrency} server processes listening on http://localhost:${port}`)
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`[cluster] ${signal}: shutting down`)
    stopJobs()
    await workers.stop()
    await database.close().catch((e: Error) => console.error('[db] close failed', e.message))
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
} else {
  if (worker) answerMetricsInWorker()
  await serve(worker && workerUrl ? connectWorkerDatabase(workerUrl) : await prepareDatabase())
}

async function serve(database: Database) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', trustProxy)

  // The policy is the same for every request but for its nonce: the text around it is built once.
  const cspBefore = "default-src 'self'; script-src 'self' 'nonce-"
  const cspAfter = [
    "'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  const hsts = process.env.HSTS === 'true'
  // A worker's lines name it, so that the log tells the processes apart.
  const tag = worker ? `[worker ${process.pid}] ` : ''
  // Every request: its id (X-Request-Id), its metrics by route pattern, its log line (LOG_REQUESTS).
  app.use(observeRequests({ tag, logRequests: process.env.LOG_REQUESTS !== 'false', logger }))
  const proxyAdvice = proxyAdviceAtStart()
  if (proxyAdvice) console.warn(proxyAdvice)
  const headers = Object.entries(securityHeaders(hsts))
  app.use((_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString('base64')
    res.locals.nonce = nonce
    for (const [name, value] of headers) res.setHeader(name, value)
    if (!dev) res.setHeader('Content-Security-Policy', cspBefore + nonce + cspAfter)
    // Draining (after SIGTERM): every answer closes its connection, so that clients reconnect elsewhere.
    if (readiness.state === 'draining') res.setHeader('Connection', 'close')
    next()
  })
  app.use(warnOnMissingForwardedProto())

  app.get('/healthz', async (_req, res) => {
    res.locals.routeName = '/healthz'
    const { status, body } = await health()
    res.status(status).json(body)
  })
  app.get('/readyz', (req, res) => {
    res.locals.routeName = '/readyz'
    readyz(req, res)
  })
  app.get('/metrics', (req, res, next) => {
    res.locals.routeName = '/metrics'
    metricsEndpoint(req, res).catch(next)
  })

  const getLoadContext = (req: Request, res: Response) => {
    const context = new RouterContextProvider()
    context.set(nonceContext, res.locals.nonce as string)
    context.set(clientIpContext, req.ip ?? '')
    context.set(routeLabelContext, res.locals.route)
    return context
  }

  // A refused request (the request gate, docs/decisions/0014) is answered before its body is
  // read to the end: discard the rest instead of buffering it, and drop a client that keeps sending.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    res.on('finish', () => {
      if (req.complete) return
      req.removeAllListeners('data')
      req.resume()
      setTimeout(() => req.complete || req.destroy(), 5_000).unref()
    })
    next()
  })

  if (dev) {
    const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
    app.use(vite.middlewares)
    app.all('*', async (req, res, next) => {
      try {
        const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
        return createRequestHandler({ build, getLoadContext })(req, res, next)
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error)
        next(error)
      }
    })
  } else {
    const client = path.resolve('build/client')
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }))
    // Outside /assets the client build holds files only (favicon.svg): a page's path (no dot in its
    // last segment) is not looked up on disk, which saves a stat per page request.
    const files = express.static(client, { maxAge: '1h', index: false })
    app.use((req, res, next) => (req.path.startsWith('/assets') || req.path.lastIndexOf('.') > req.path.lastIndexOf('/') ? files(req, res, next) : next()))
    const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild
    app.all('*', createRequestHandler({ build, getLoadContext, mode: 'production' }))
  }

  await starting.close()
  const server = app.listen(port, host, () => {
    readiness.ready()
    console.log(`${tag}[http] listening on http://localhost:${port}`)
  })
  answerClientErrors(server, hsts)
  server.on('error', (e: NodeJS.ErrnoException) => {
    const hint = e.code === 'EADDRINUSE' ? `port ${port} is taken: stop what uses it or set PORT to another port.` : 'check PORT and HOST.'
    void database.close().finally(() => exitOnStartupError(`The HTTP server could not listen on ${host}:${port}: ${e.message}. What to do: ${hint}`))
  })

  // The periodic jobs run in one process: here when it serves alone, else in the primary.
  const stopJobs = worker ? () => {} : scheduleJobs()

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    // Not ready from now on (/readyz 503); the port stays open DRAIN_DELAY_SECONDS for a load
    // balancer to notice, then closes; requests in flight are answered (for at most
    // DRAIN_TIMEOUT_SECONDS), then the database connections close: no acknowledged write is lost.
    readiness.drain()
    console.log(`${tag}[http] ${signal}: draining, then shutting down`)
    stopJobs()
    if (drain.delayMs) await new Promise((r) => setTimeout(r, drain.delayMs))
    const closed = new Promise((r) => server.close(r))
    server.closeIdleConnections?.()
    const force = setTimeout(() => {
      console.warn(`${tag}[http] requests still in flight after ${drain.timeoutMs / 1000} s: their connections are closed`)
      server.closeAllConnections?.()
    }, drain.timeoutMs)
    force.unref()
    await closed
    clearTimeout(force)
    // Mails the answers started (invitations, notices) go out before the database closes, within the same deadline.
    await Promise.race([mailsOnTheirWay(), new Promise((r) => setTimeout(r, drain.timeoutMs).unref())])
    await database.close().catch((e: Error) => console.error('[db] close failed', e.message))
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

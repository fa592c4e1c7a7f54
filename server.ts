// The production (and dev) HTTP server: security headers, static assets,
// health, the React Router app, graceful shutdown. Logs go to stdout.
import crypto from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import express, { type NextFunction, type Request, type Response } from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { nonceContext } from './app/utils/nonce.ts'
import { clientIpContext } from './app/utils/client.server.ts'
import { provisionPendingCustomers } from './models/reference/provision.server.ts'
import { ensureMailTemplates } from './app/features/operator/mail-templates.server.ts'
import { seedIfEmpty } from './scripts/seed.ts'
import { runReminderTick } from './app/features/measures/reminders.server.ts'
import { purgeExpiredSessions } from './app/features/account/sessions.server.ts'
import { purgeThrottle } from './app/features/account/users.server.ts'
import { exitOnStartupError, openDatabase } from './server/database.ts'
import { health } from './server/health.ts'

const dev = process.argv.includes('--dev')
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || '0.0.0.0'

const database = await openDatabase().catch(exitOnStartupError)
try {
  if (process.env.SEED !== 'false') await seedIfEmpty(database.db, (m) => console.log(`[seed] ${m}`))
  const provisioned = await provisionPendingCustomers(database.db)
  if (provisioned) console.log(`[db] provisioned ${provisioned} pension fund(s) with default risk levels and control matrix`)
  const templates = await ensureMailTemplates(database.db)
  if (templates) console.log(`[db] added ${templates} new mail template(s)`)
} catch (e) {
  await database.close().catch(() => {})
  exitOnStartupError(e)
}

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', process.env.TRUST_PROXY === 'true')

app.use((_req: Request, res: Response, next: NextFunction) => {
  const nonce = crypto.randomBytes(16).toString('base64')
  res.locals.nonce = nonce
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'same-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  if (!dev) {
    res.setHeader(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' https: data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    )
  }
  if (process.env.HSTS === 'true') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
})

if (process.env.LOG_REQUESTS !== 'false') {
  app.use((req, res, next) => {
    const start = process.hrtime.bigint()
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      if (!req.path.startsWith('/assets/')) console.log(`${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode} ${ms.toFixed(1)}ms`)
    })
    next()
  })
}

app.get('/healthz', async (_req, res) => {
  const { status, body } = await health()
  res.status(status).json(body)
})

const getLoadContext = (req: Request, res: Response) => {
  const context = new RouterContextProvider()
  context.set(nonceContext, res.locals.nonce as string)
  context.set(clientIpContext, req.ip ?? '')
  return context
}

// A refused request (the request gate, docs/decisions/0014) is answered before its body is
// read to the end: discard the rest instead of buffering it, and drop a client that keeps sending.
app.use((req, res, next) => {
  res.on('finish', () => {
    if (req.complete || req.method === 'GET' || req.method === 'HEAD') return
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
  app.use(express.static(client, { maxAge: '1h', index: false }))
  const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild
  app.all('*', createRequestHandler({ build, getLoadContext, mode: 'production' }))
}

const server = app.listen(port, host, () => console.log(`[http] listening on http://localhost:${port}`))
server.on('error', (e: NodeJS.ErrnoException) => {
  const hint = e.code === 'EADDRINUSE' ? `port ${port} is taken: stop what uses it or set PORT to another port.` : 'check PORT and HOST.'
  void database.close().finally(() => exitOnStartupError(`The HTTP server could not listen on ${host}:${port}: ${e.message}. What to do: ${hint}`))
})

const housekeeping = setInterval(() => void Promise.all([purgeExpiredSessions(), purgeThrottle()]).catch(() => {}), 60 * 60_000)
housekeeping.unref()

// Daily measure reminders: checked every 10 minutes; the reminder log keeps it to one digest a day.
const reminderTick = () =>
  void runReminderTick()
    .then((r) => r && r.sent > 0 && console.log(`[reminders] ${r.sent} digest(s) sent for ${r.day}`))
    .catch((e: Error) => console.error('[reminders] failed:', e.message))
const reminders = process.env.REMINDERS === 'false' ? null : setInterval(reminderTick, 10 * 60_000)
reminders?.unref()
if (reminders) setTimeout(reminderTick, 5_000).unref()

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`[http] ${signal}: shutting down`)
  clearInterval(housekeeping)
  if (reminders) clearInterval(reminders)
  server.close()
  server.closeIdleConnections?.()
  const force = setTimeout(() => server.closeAllConnections?.(), 5_000)
  force.unref()
  await database.close().catch((e: Error) => console.error('[db] close failed', e.message))
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

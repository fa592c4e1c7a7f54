// The floor's server: Express and @react-router/express as in the app's server.ts, with nothing else
// (no headers, logging, database or session). PORT (default 3000); run from any directory.
// Served the same way as the app: WEB_CONCURRENCY above 1 forks that many workers (node:cluster)
// on one port, as server/cluster.ts does for the app, so that /imprint and the floor compare like
// with like; the bench passes the app's own count.
import cluster from 'node:cluster'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import type { ServerBuild } from 'react-router'

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.PORT || 3000)
const workers = Number(process.env.WEB_CONCURRENCY || 1)

if (cluster.isPrimary && workers > 1) {
  let stopping = false
  let up = 0
  cluster.on('listening', () => {
    if (++up === workers) console.log(`[floor] ${workers} server processes listening on http://127.0.0.1:${port}`)
  })
  cluster.on('exit', () => {
    if (!stopping) process.exit(1)
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
  })
  for (let i = 0; i < workers; i++) cluster.fork()
  const stop = () => {
    stopping = true
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
} else {
  const client = path.join(here, 'build/client')
  const build = (await import(path.join(here, 'build/server/index.js'))) as ServerBuild
  const app = express()
  app.disable('x-powered-by')
  app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }))
  app.use(express.static(client, { maxAge: '1h', index: false }))
  app.all('*', createRequestHandler({ build, mode: 'production' }))
  const server = app.listen(port, '127.0.0.1', () => cluster.isWorker || console.log(`[floor] listening on http://127.0.0.1:${port}`))
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
  process.on('SIGINT', () => server.close(() => process.exit(0)))
}

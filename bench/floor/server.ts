// The floor's server: Express and @react-router/express as in the app's server.ts, with nothing else
// (no headers, logging, database or session). PORT (default 3000); WORKERS processes (default 1),
// on one port through Node's cluster as the app's WEB_CONCURRENCY; run from any directory.
import cluster from 'node:cluster'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import type { ServerBuild } from 'react-router'

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.PORT || 3000)
const workers = Math.max(1, Number(process.env.WORKERS || 1))

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork()
  const stop = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM')
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  await new Promise(() => {})
}

const client = path.join(here, 'build/client')
const build = (await import(path.join(here, 'build/server/index.js'))) as ServerBuild

const app = express()
app.disable('x-powered-by')
app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }))
app.use(express.static(client, { maxAge: '1h', index: false }))
app.all('*', createRequestHandler({ build, mode: 'production' }))
const server = app.listen(port, '127.0.0.1', () => console.log(`[floor] listening on http://127.0.0.1:${port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
process.on('SIGINT', () => server.close(() => process.exit(0)))

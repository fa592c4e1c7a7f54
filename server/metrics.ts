// GET /metrics (docs/decisions/0048-metrics-logs-and-readiness.md): the Prometheus text of this
// process, or of the whole cluster. Every process counts its own (models/core/metrics.server.ts);
// in a cluster the worker that is asked forwards the scrape to the primary, which collects the
// workers' metrics over the cluster's IPC channel, adds its own (the periodic jobs run there) and
// sums them with prom-client's AggregatorRegistry.aggregate; the worker answers with the result.
import cluster, { type Worker } from 'node:cluster'
import crypto from 'node:crypto'
import type { Request, Response } from 'express'
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client'
import { metricsRegistry } from '../models/core/metrics.server.ts'

type Access = 'allowed' | 'unauthorized' | 'hidden'

const loopback = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\./.test(address))
const forwarded = (headers: Request['headers']) =>
  headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined

const digest = (s: string) => crypto.createHash('sha256').update(s).digest()

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends `Authorization: Bearer <token>`
 * (compared in constant time), nobody else. Without it: connections from this machine (loopback)
 * only, and not through a proxy on this machine (a request that carries forwarding headers came
 * from elsewhere).
 */
export function metricsAccess(req: { socket: { remoteAddress?: string }; headers: Request['headers'] }, token = process.env.METRICS_TOKEN?.trim()): Access {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
    return match && crypto.timingSafeEqual(digest(match[1]!), digest(token)) ? 'allowed' : 'unauthorized'
  }
  return loopback(req.socket.remoteAddress) && !forwarded(req.headers) ? 'allowed' : 'hidden'
}

const COLLECT = 'vorsorge:metrics-collect'
const PART = 'vorsorge:metrics-part'
const ASK = 'vorsorge:metrics-ask'
const ANSWER = 'vorsorge:metrics-answer'
type MetricJson = MetricObjectWithValues<MetricValue<string>>
type Message = { type?: string; id?: number; metrics?: MetricJson[]; text?: string }

let nextId = 1

/** The metrics of every process, summed: in the primary of a cluster. A worker that does not answer within 2 s is left out. */
async function clusterText(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected())
  const parts = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<MetricJson[] | null>((resolve) => {
          const id = nextId++
          const timer = setTimeout(() => done(null), 2_000)
          const onMessage = (m: Message) => m?.type === PART && m.id === id && done(m.metrics ?? [])
          const done = (metrics: MetricJson[] | null) => {
            clearTimeout(timer)
            worker.off('message', onMessage)
            resolve(metrics)
          }
          worker.on('message', onMessage)
          worker.send({ type: COLLECT, id }, (e: Error | null) => e && done(null))
        }),
    ),
  )
  const own = await metricsRegistry().getMetricsAsJSON()
  return AggregatorRegistry.aggregate([own, ...parts.filter((p): p is MetricJson[] => p !== null)]).metrics()
}

/** The primary of a cluster: answers its workers' scrapes with the metrics of all processes. */
export function serveClusterMetrics() {
  cluster.on('message', (worker: Worker, m: Message) => {
    if (m?.type !== ASK) return
    clusterText().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: m.id, text }),
      (e: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: m.id, text: `# metrics could not be collected: ${e.message}\n` }),
    )
  })
}

const asked = new Map<number, (text: string | null) => void>()

/** A worker of a cluster: gives its own metrics to the primary when it collects them, and takes the answers to its scrapes. */
export function answerMetricsInWorker() {
  process.on('message', (m: Message) => {
    if (m?.type === COLLECT)
      void metricsRegistry()
        .getMetricsAsJSON()
        .then((metrics) => process.send?.({ type: PART, id: m.id, metrics }))
    else if (m?.type === ANSWER && m.id !== undefined) asked.get(m.id)?.(m.text ?? null)
  })
}

function askPrimary(): Promise<string | null> {
  const id = nextId++
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(null), 5_000)
    const done = (text: string | null) => {
      clearTimeout(timer)
      asked.delete(id)
      resolve(text)
    }
    asked.set(id, done)
    process.send?.({ type: ASK, id }, (e: Error | null) => e && done(null))
  })
}

/** GET /metrics: 404 or 401 without detail for whoever may not read it. */
export async function metricsEndpoint(req: Request, res: Response) {
  const access = metricsAccess(req)
  res.setHeader('Cache-Control', 'no-store')
  if (access === 'hidden') return void res.status(404).type('text/plain').send('Not Found')
  if (access === 'unauthorized') return void res.status(401).setHeader('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized')
  const registry = metricsRegistry()
  const text = cluster.isWorker ? await askPrimary() : await registry.metrics()
  if (text === null) return void res.status(503).type('text/plain').send('metrics unavailable')
  // As prom-client names it (`text/plain; version=0.0.4; charset=utf-8`): res.send would rewrite it.
  res.setHeader('Content-Type', registry.contentType)
  res.end(text)
}

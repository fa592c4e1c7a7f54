import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetMailTransport, sendMail } from '../models/core/mail.server.ts'
import { metricsRegistry, registerBackupAge } from '../models/core/metrics.server.ts'
import { exclusively } from './jobs.ts'
import { requestIdOf } from './logging.ts'
import { metricsAccess, metricsEndpoint } from './metrics.ts'

const TOKEN = 's3cret-metrics-token'
const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers })

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: this machine only, and not through a proxy on it', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.1.1']) expect(metricsAccess(from(address), '')).toBe('allowed')
    for (const address of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1', undefined as unknown as string])
      expect(metricsAccess(from(address), '')).toBe('hidden')
    expect(metricsAccess(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), '')).toBe('hidden')
    expect(metricsAccess(from('127.0.0.1', { forwarded: 'for=203.0.113.9' }), '')).toBe('hidden')
  })

  it('with METRICS_TOKEN: the bearer of that token, from anywhere, and nobody else', () => {
    expect(metricsAccess(from('10.0.0.5', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe('allowed')
    expect(metricsAccess(from('10.0.0.5', { authorization: `bearer ${TOKEN}` }), TOKEN)).toBe('allowed')
    expect(metricsAccess(from('127.0.0.1'), TOKEN)).toBe('unauthorized')
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, 'Bearer '])
      expect(metricsAccess(from('10.0.0.5', { authorization }), TOKEN)).toBe('unauthorized')
  })
})

describe('GET /metrics over HTTP', () => {
  let server: http.Server
  let port = 0
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

  beforeAll(async () => {
    const app = express()
    app.get('/metrics', (req, res, next) => void metricsEndpoint(req, res).catch(next))
    server = app.listen(0, '0.0.0.0')
    await new Promise((r) => server.once('listening', r))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((r) => server.close(r)))

  const get = (host: string, headers: Record<string, string> = {}) => fetch(`http://${host}:${port}/metrics`, { headers })

  it('answers loopback with the Prometheus text, and another address 404 without detail', async () => {
    const res = await get('127.0.0.1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(await res.text()).toMatch(/^# TYPE vorsorge_http_requests_total counter$/m)
    const proxied = await get('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' })
    expect(proxied.status).toBe(404)
    expect(await proxied.text()).toBe('Not Found')
  })

  it.runIf(outside)('refuses a connection from another address of this machine (not loopback) with 404', async () => {
    const res = await get(outside!)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('vorsorge_')
  })

  it('with METRICS_TOKEN: 200 for the token, 401 without detail for a wrong or missing one, loopback included', async () => {
    process.env.METRICS_TOKEN = TOKEN
    try {
      expect((await get('127.0.0.1', { Authorization: `Bearer ${TOKEN}` })).status).toBe(200)
      for (const headers of [{}, { Authorization: 'Bearer wrong' }] as Record<string, string>[]) {
        const res = await get('127.0.0.1', headers)
        expect(res.status).toBe(401)
        expect(res.headers.get('www-authenticate')).toBe('Bearer')
        expect(await res.text()).toBe('Unauthorized')
      }
      if (outside) expect((await get(outside, { Authorization: `Bearer ${TOKEN}` })).status).toBe(200)
    } finally {
      delete process.env.METRICS_TOKEN
    }
  })
})

const text = () => metricsRegistry().metrics()
const value = async (line: string) => {
  const m = new RegExp(`^${line.replace(/[{}"+.]/g, '\\$&')} (\\S+)$`, 'm').exec(await text())
  return m ? Number(m[1]) : undefined
}

describe('what the metrics count', () => {
  it('counts the runs of the periodic jobs: ok, failed and skipped', async () => {
    const ok = (await value('vorsorge_job_runs_total{job="housekeeping",outcome="ok"}')) ?? 0
    const failed = (await value('vorsorge_job_runs_total{job="housekeeping",outcome="failed"}')) ?? 0
    await exclusively('housekeeping', async () => 1)
    await expect(exclusively('housekeeping', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    let skipped = false
    await exclusively('housekeeping', async () => {
      skipped = !(await exclusively('housekeeping', async () => 1)).ran
    })
    expect(skipped).toBe(true)
    expect(await value('vorsorge_job_runs_total{job="housekeeping",outcome="ok"}')).toBe(ok + 2)
    expect(await value('vorsorge_job_runs_total{job="housekeeping",outcome="failed"}')).toBe(failed + 1)
    expect(await value('vorsorge_job_runs_total{job="housekeeping",outcome="skipped"}')).toBeGreaterThanOrEqual(1)
  })

  it('shows the pools, and a connection in use as in use', async () => {
    const { pool } = await import('../models/core/db.server.ts')
    const client = await pool().connect()
    try {
      expect(await value('vorsorge_db_pool_in_use{pool="main"}')).toBeGreaterThanOrEqual(1)
      expect(await value('vorsorge_db_pool_waiting{pool="main"}')).toBe(0)
    } finally {
      client.release()
    }
  })

  it('counts mails sent and mails that failed', async () => {
    const sent = (await value('vorsorge_mails_total{outcome="sent"}')) ?? 0
    const failed = (await value('vorsorge_mails_total{outcome="failed"}')) ?? 0
    const keys = ['OUTBOX_DIR', 'SMTP_HOST', 'SMTP_PORT'] as const
    const saved = keys.map((k) => process.env[k])
    try {
      process.env.OUTBOX_DIR = `${os.tmpdir()}/vorsorge-metrics-outbox-${process.pid}`
      resetMailTransport()
      await sendMail('someone@example.com', { subject: 'Test', text: 'Hallo' })
      // Nobody listens on port 9 of this machine: the mail fails.
      process.env.SMTP_HOST = '127.0.0.1'
      process.env.SMTP_PORT = '9'
      resetMailTransport()
      await expect(sendMail('someone@example.com', { subject: 'Test', text: 'Hallo' })).rejects.toThrow()
    } finally {
      for (const [i, k] of keys.entries()) {
        if (saved[i] === undefined) delete process.env[k]
        else process.env[k] = saved[i]
      }
      resetMailTransport()
    }
    expect(await value('vorsorge_mails_total{outcome="sent"}')).toBe(sent + 1)
    expect(await value('vorsorge_mails_total{outcome="failed"}')).toBe(failed + 1)
  })

  it('reports the backup age only once the backups register it', async () => {
    expect(await text()).not.toMatch(/^vorsorge_backup_age_seconds /m)
    registerBackupAge(() => 3600)
    expect(await value('vorsorge_backup_age_seconds')).toBe(3600)
    registerBackupAge(async () => null)
    expect(await text()).not.toMatch(/^vorsorge_backup_age_seconds /m)
    registerBackupAge(null)
  })
})

describe('request ids', () => {
  it('keeps a sane incoming X-Request-Id and makes a new one otherwise', () => {
    expect(requestIdOf('lb-7f3a.42:1')).toBe('lb-7f3a.42:1')
    for (const bad of [undefined, '', 'with space', 'x'.repeat(129), 'a\nb', '<script>'])
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(requestIdOf(['first', 'second'])).toBe('first')
  })
})

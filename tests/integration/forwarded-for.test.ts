// The real app behind a reverse proxy (TRUST_PROXY=true, issue 23, decision 0050): a client that
// writes its own X-Forwarded-For entries does not choose its sign-in throttle key. The proxy in front
// appends the address it saw; only that one counts, so of 60 guesses from one client 50 are evaluated
// (SIGN_IN_CLIENT_LIMIT) and the rest answer 429. Needs the production build (`npm test` builds
// before this stage; start.mjs builds when missing).
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../models/core/embedded-postgres.server.ts'
import { stopApp, untilHealthy } from '../real-app.ts'
import { appRoleUrl } from './app-role-url.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-forwarded-'))
const database = `fwd_${crypto.randomBytes(6).toString('hex')}`
let origin = ''
let app: ChildProcess | null = null
let output = ''

/** POST /api/login as it reaches the app through the proxy: `sent` is what the client wrote, `seen` what the proxy appended. */
async function guess(email: string, sent: string, seen: string) {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'X-Forwarded-For': `${sent}, ${seen}` },
    body: JSON.stringify({ email, password: 'not-the-password' }),
  })
  await res.arrayBuffer()
  return res.status
}

describe.sequential('the client address behind a reverse proxy', () => {
  beforeAll(async () => {
    const admin = new pg.Client(inject('adminUrl'))
    await admin.connect()
    await admin.query(`create database ${database} template vorsorge_test_template strategy file_copy`)
    await admin.end()
    const owner = new URL(inject('adminUrl'))
    owner.pathname = `/${database}`
    const port = await freePort()
    origin = `http://localhost:${port}`
    app = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: appRoleUrl(database),
        MIGRATION_DATABASE_URL: owner.toString(),
        DATA_DIR: dir,
        WEB_CONCURRENCY: '1',
        SEED: 'false',
        REMINDERS: 'false',
        LOG_REQUESTS: 'false',
        TRUST_PROXY: 'true',
        SIGN_IN_CLIENT_LIMIT: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    app.stdout!.on('data', (c: Buffer) => (output += c.toString()))
    app.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    await untilHealthy(origin, app, () => output)
  }, 180_000)

  afterAll(async () => {
    await stopApp(app)
    fs.rmSync(dir, { recursive: true, force: true })
    const admin = new pg.Client(inject('adminUrl'))
    await admin.connect()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  })

  it('counts 60 guesses from one client as that client’s, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) statuses.push(await guess(`nobody-${i}@example.test`, `10.9.${i}.1`, '198.51.100.23'))
    expect(statuses.filter((s) => s === 401)).toHaveLength(50)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    expect(statuses.slice(50)).toEqual(Array(10).fill(429))
    // Another client behind the same proxy is not affected.
    expect(await guess('nobody-else@example.test', '198.51.100.23', '198.51.100.24')).toBe(401)
  }, 120_000)
})

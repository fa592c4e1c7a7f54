import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { connectDatabase, disconnectDatabase, migrateDatabase } from '../../models/core/db.server.ts'
import { ensureAppRole, startEmbeddedPostgres } from '../../models/core/embedded-postgres.server.ts'
import { seed } from '../../models/seed/index.ts'
import { startSmtpPeer } from '../smtp-peer.ts'

/**
 * The whole product as a user meets it: a fresh bundled PostgreSQL with the
 * demo data, a real SMTP peer that files every mail it receives, and the built
 * app served by `npm start`'s script.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3210)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-e2e-'))
  fs.chmodSync(dir, 0o755)
  const pgServer = await startEmbeddedPostgres(path.join(dir, 'pg'), { quiet: true })
  const databaseUrl = pgServer.url()
  const db = connectDatabase(databaseUrl, 2)
  await migrateDatabase(db)
  await seed()
  await disconnectDatabase()
  // The app connects as a role that neither owns the tables nor is superuser, as in production,
  // so row-level security holds in every journey; the superuser only migrates.
  const role = { name: 'vorsorge_e2e_app', password: crypto.randomBytes(18).toString('base64url') }
  const owner = new pg.Client(databaseUrl)
  await owner.connect()
  await ensureAppRole(owner, role)
  await owner.end()
  const appUrl = new URL(databaseUrl)
  appUrl.username = role.name
  appUrl.password = role.password

  const mailDir = path.join(dir, 'mail')
  fs.mkdirSync(mailDir)
  let n = 0
  const smtp = await startSmtpPeer(0, (mail) => {
    // Written whole, then renamed: a reader never sees half a mail.
    const file = path.join(mailDir, `${Date.now()}-${++n}.json`)
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }))
    fs.renameSync(`${file}.tmp`, file)
  })

  const app: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: appUrl.toString(),
      MIGRATION_DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      APP_URL: `http://localhost:${port}`,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_IGNORE_TLS: 'true',
      SEED: 'false',
      // Every worker signs in from 127.0.0.1: one client for the sign-in throttle. The journeys that
      // count attempts (wrong codes, refused provider answers) would otherwise add up across specs
      // within one window; the limit itself is held by the integration tests.
      SIGN_IN_CLIENT_LIMIT: '10000',
      LOG_REQUESTS: process.env.E2E_LOG ?? 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      const res = await fetch(`http://localhost:${port}/healthz`)
      if (res.ok) break
    } catch {}
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}`)
    if (Date.now() > deadline) throw new Error('the app did not become healthy within 120 s')
    await new Promise((r) => setTimeout(r, 250))
  }

  process.env.E2E_DATABASE_URL = databaseUrl
  process.env.E2E_MAIL_DIR = mailDir

  return async () => {
    app.kill('SIGTERM')
    await new Promise((r) => (app.exitCode !== null ? r(null) : app.once('exit', r)))
    await smtp.close()
    await pgServer.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connectDatabase, disconnectDatabase, migrateDatabase } from '../../models/core/db.server.ts'
import { ensureAppRole, startEmbeddedPostgres } from '../../models/core/embedded-postgres.server.ts'

export const TEMPLATE = 'vorsorge_test_template'
/** The tests' services connect as this role, like the app: no superuser, no table owner, so row-level security applies. */
export const TEST_APP_ROLE = { name: 'vorsorge_test_app', password: 'vorsorge-test-app' }

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string
    appRole: { name: string; password: string }
  }
}

/**
 * One PostgreSQL for the whole run (TEST_DATABASE_URL, or the bundled one in a
 * temporary folder) and one migrated template; every test file copies it.
 */
export default async function setup(project: TestProject) {
  let stop: (() => Promise<void>) | null = null
  let dir: string | null = null
  let adminUrl = process.env.TEST_DATABASE_URL?.trim()
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-test-pg-'))
    fs.chmodSync(dir, 0o755)
    const server = await startEmbeddedPostgres(path.join(dir, 'pg'), { quiet: true })
    adminUrl = server.url('postgres')
    stop = server.stop
  }
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  await admin.query(`drop database if exists ${TEMPLATE}`)
  await admin.query(`create database ${TEMPLATE}`)
  const url = new URL(adminUrl)
  url.pathname = `/${TEMPLATE}`
  const db = connectDatabase(url.toString(), 2)
  await migrateDatabase(db)
  await disconnectDatabase()
  const template = new pg.Client(url.toString())
  await template.connect()
  await ensureAppRole(template, TEST_APP_ROLE)
  await template.end()
  await admin.end()
  project.provide('adminUrl', adminUrl)
  project.provide('appRole', TEST_APP_ROLE)
  return async () => {
    if (stop) await stop()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  }
}

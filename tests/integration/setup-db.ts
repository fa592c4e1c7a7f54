import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { connectDatabase, disconnectDatabase } from '../../models/core/db.server.ts'
import { appRoleUrl } from './app-role-url.ts'

const TEMPLATE = 'vorsorge_test_template'
let name = ''

// Each test file gets its own database, copied from the migrated template (DESIGN.md §4).
beforeAll(async () => {
  const adminUrl = inject('adminUrl')
  name = `t_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  await admin.query(`create database ${name} template ${TEMPLATE} strategy file_copy`)
  // A copy does not take its template's rights on the database itself: no temporary tables for anyone,
  // as ensureAppRole leaves the app's database at every start (docs/decisions/0049).
  await admin.query(`revoke temporary on database ${name} from public`)
  await admin.end()
  // The pool connects as the application role with no default role, exactly as the app's pools
  // (models/core/db.server.ts): outside a scope no tenant row is visible, so a service that forgets
  // its scope fails its tests as it would fail in production. A test's own setup and checks of
  // tenant tables run in asSystem (tests/factories, or `system` from tests/system-db.ts).
  connectDatabase(appRoleUrl(name), 4)
})

afterAll(async () => {
  await disconnectDatabase()
  const admin = new pg.Client(inject('adminUrl'))
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
})

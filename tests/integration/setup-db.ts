import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { connectDatabase, disconnectDatabase } from '../../models/core/db.server.ts'

const TEMPLATE = 'vorsorge_test_template'
let name = ''

// Each test file gets its own database, copied from the migrated template (DESIGN.md §4).
beforeAll(async () => {
  const adminUrl = inject('adminUrl')
  name = `t_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  await admin.query(`create database ${name} template ${TEMPLATE} strategy file_copy`)
  await admin.end()
  // The services connect as the application role, so row-level security holds in every test.
  // Its sessions start as the role vorsorge_all_customers: a test's own setup and checks read and
  // write every customer, as the operator would; each service call opens its own scope (withCustomer
  // returns to the app's role and sets the customer for its transaction), and tests/integration/row-level-security.test.ts proves
  // the policies on a connection without that default.
  const role = inject('appRole')
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  url.username = role.name
  url.password = role.password
  // A test file that sets TEST_POOL_ROLE=none before its hooks run gets the app's own default: no
  // customer at all outside a scope, as in production, so a service that forgets its scope fails.
  if (process.env.TEST_POOL_ROLE !== 'none') url.searchParams.set('options', '-c role=vorsorge_all_customers')
  connectDatabase(url.toString(), 4)
})

afterAll(async () => {
  await disconnectDatabase()
  const admin = new pg.Client(inject('adminUrl'))
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
})

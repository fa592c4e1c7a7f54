import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connectDatabase, disconnectDatabase, MIGRATIONS_FOLDER, migrateDatabase, pool } from '../../models/core/db.server.ts'
import { ensureAppRole } from '../../models/core/embedded-postgres.server.ts'
import * as schema from '../../models/schema/index.ts'
import { describeRowLevelSecurity } from '../row-level-security.ts'
import { type Catalogue, differences, fillEveryTable, ROWS_PER_TABLE, readCatalogue, rowsOf } from '../upgrade/fill.ts'
import { PREVIOUS_RELEASE, previousReleaseEnsureAppRole, previousReleaseMigrations } from '../upgrade/previous-release.ts'
import { schemaOf } from '../upgrade/schema.ts'

// An upgrade with data (decision 0047): a database made by the previous release's migrations (read
// from the repository's history, tests/upgrade/previous-release.json), a row in every table of it,
// then the current release's migrations exactly as the app runs them at start. Every row must be
// there afterwards with the values it had, and the row-level security checks must hold on it.

/**
 * What a migration since the previous release changes in existing rows by design, with the reason:
 * `table` (its rows may go) or `table.column` (its values may change). Empty when none does; reset
 * when the previous release moves forward.
 */
const CHANGED_ON_PURPOSE: Record<string, string> = {
  'customers.logo_url': 'an address of an image elsewhere is no longer shown; the fund uploads its logo (decision 0053)',
  'memberships.risk_enabled': 'a membership’s rights are rows of membership_tool_rights (decision 0057); checked below',
  'memberships.risk_role': 'as memberships.risk_enabled',
  'memberships.iks_enabled': 'as memberships.risk_enabled',
  'memberships.iks_role': 'as memberships.risk_enabled',
  customer_counters: 'each fund’s council decisions made for its earlier approvals are counted (migration 0045); checked below',
}

const name = `upgrade_${crypto.randomBytes(6).toString('hex')}`
let ownerUrl = ''
let owner: pg.Client
let catalogue: Catalogue
let written: Map<string, Record<string, unknown>[]>
/** The tables this release adds, filled after its migrations. */
let addedTables: string[] = []
let before: Awaited<ReturnType<typeof rowsOf>>
/** The rights rows the upgrade's migration wrote from the memberships' former columns (decision 0057). */
let carriedRights: { membership_id: string; customer_id: string; tool: string; enabled: boolean; role: string }[] = []
/** The council decisions migration 0045 made for the reports' approvals of before the register. */
let backfilled: Record<string, unknown>[] = []
let after: Awaited<ReturnType<typeof rowsOf>>
let previous: ReturnType<typeof previousReleaseMigrations>
/** The schema of the upgraded database and of one made by the current migrations from nothing (this file's own, tests/integration/setup-db.ts). */
let upgradedSchema: string[]
let freshSchema: string[]
/**
 * The app's role of this database: made by the previous release's start, as an operator's is (a role of
 * its own, so that the previous release's rights never touch the role the other test files share).
 */
const appRole = { name: `vorsorge_upgrade_${crypto.randomBytes(4).toString('hex')}`, password: crypto.randomBytes(18).toString('base64url') }
let appUrl = ''

async function run<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    return await work(pool)
  } finally {
    await pool.end()
  }
}

beforeAll(async () => {
  previous = previousReleaseMigrations()
  const admin = new pg.Client(inject('adminUrl'))
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(inject('adminUrl'))
  url.pathname = `/${name}`
  ownerUrl = url.toString()
  try {
    // The previous release at its first start: its migrations, as the tables' owner.
    await run(ownerUrl, (pool) => migrate(drizzle(pool), { migrationsFolder: previous.folder }))
  } finally {
    previous.remove()
  }
  owner = new pg.Client(ownerUrl)
  await owner.connect()
  // ... and the application role's rights, as that release gave them after its migrations.
  const role = await previousReleaseEnsureAppRole()
  try {
    await role.ensureAppRole(owner, appRole)
  } finally {
    role.remove()
  }
  catalogue = await readCatalogue(owner)
  written = await fillEveryTable(owner, catalogue)
  before = await rowsOf(owner, catalogue)
  // The current release at its start (server/database.ts): its migrations, then the app role's rights.
  await run(ownerUrl, (pool) => migrateDatabase(drizzle(pool, { schema })))
  await ensureAppRole(owner, appRole)
  after = await rowsOf(owner, catalogue)
  carriedRights = (await owner.query('select membership_id, customer_id, tool::text, enabled, role::text from membership_tool_rights')).rows
  // Row i of every table of a customer belongs to the customer of row i (tests/upgrade/fill.ts): the parents
  // the filler takes for the new tables are the first backfilled decision of each customer, in that order.
  const decisions = (await owner.query('select * from council_decisions order by customer_id, number')).rows as Record<string, unknown>[]
  backfilled = (written.get('customers') ?? []).map((c) => {
    const d = decisions.find((x) => x.customer_id === c.id)
    if (!d) throw new Error(`migration 0045 made no council decision for the customer ${String(c.id)}`)
    return d
  })
  // The tables this release adds get their rows too, so that the row-level security checks below find
  // every table filled; the rights rows are there already, moved over from the memberships.
  const added = await fillEveryTable(
    owner,
    await readCatalogue(owner),
    new Map([...written, ['membership_tool_rights', carriedRights], ['council_decisions', backfilled]]),
  )
  addedTables = [...added.keys()].filter((t) => !written.has(t))
  upgradedSchema = await schemaOf(owner, appRole.name)
  const fresh = new URL(ownerUrl)
  fresh.pathname = `/${(await pool().query<{ db: string }>('select current_database() as db')).rows[0]!.db}`
  const freshClient = new pg.Client(fresh.toString())
  await freshClient.connect()
  freshSchema = await schemaOf(freshClient, inject('appRole').name).finally(() => freshClient.end())
  // The services and the row-level security checks below work on the upgraded database, as the app's role.
  const app = new URL(ownerUrl)
  app.username = appRole.name
  app.password = appRole.password
  appUrl = app.toString()
  await disconnectDatabase()
  connectDatabase(appUrl, 4)
}, 120_000)

afterAll(async () => {
  await owner?.end()
  await disconnectDatabase()
  const admin = new pg.Client(inject('adminUrl'))
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`drop role if exists ${appRole.name}`)
  await admin.end()
})

describe(`an upgrade from the previous release (${PREVIOUS_RELEASE.commit.slice(0, 7)})`, () => {
  it('starts from a release that is older than this one, with a row in every table', async () => {
    const current = (await owner.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations')).rows[0]!.count
    expect(previous.journal.entries.length, 'migrations of the previous release').toBeGreaterThan(0)
    expect(current, 'the current release adds migrations to the previous one').toBeGreaterThan(previous.journal.entries.length)
    expect(catalogue.tables.length).toBeGreaterThanOrEqual(40)
    const empty = catalogue.tables.filter((t) => (before.get(t)?.size ?? 0) < ROWS_PER_TABLE)
    expect(empty, 'tables of the previous release the filler left without rows').toEqual([])
    expect([...written.keys()].sort()).toEqual(catalogue.tables)
    expect(addedTables.filter((t) => catalogue.tables.includes(t))).toEqual([])
  })

  it('has not changed a migration the previous release shipped, and runs the new ones after them', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as typeof previous.journal
    // drizzle's migrator runs, on a database it migrated before, only the migrations dated after the last one it ran.
    expect(journal.entries.slice(0, previous.journal.entries.length), 'the released migrations stay first, as they were').toEqual(previous.journal.entries)
    const last = previous.journal.entries.at(-1)!.when
    const early = journal.entries.slice(previous.journal.entries.length).filter((e) => e.when <= last)
    expect(
      early.map((e) => e.tag),
      'new migrations dated before the last released one (an upgrade skips them)',
    ).toEqual([])
    const changed = [...previous.files].filter(([name, text]) => {
      const file = path.join(MIGRATIONS_FOLDER, name)
      return name.endsWith('.sql') && (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text)
    })
    expect(
      changed.map(([name]) => name),
      'released migrations changed since (an upgraded database never runs them again)',
    ).toEqual([])
  })

  it('reads the same as a database made by the current migrations from nothing, the application role’s rights included', () => {
    expect(upgradedSchema.length).toBeGreaterThan(500)
    const fresh = new Set(freshSchema)
    const upgraded = new Set(upgradedSchema)
    expect([
      ...freshSchema.filter((line) => !upgraded.has(line)).map((line) => `missing after the upgrade: ${line}`),
      ...upgradedSchema.filter((line) => !fresh.has(line)).map((line) => `left over from the previous release: ${line}`),
    ]).toEqual([])
  })

  it('keeps every row, with the values it had', () => {
    const onPurpose = new Set(Object.keys(CHANGED_ON_PURPOSE))
    const counts = (rows: typeof before) => Object.fromEntries(catalogue.tables.filter((t) => !onPurpose.has(t)).map((t) => [t, rows.get(t)?.size ?? 0]))
    expect(counts(after)).toEqual(counts(before))
    expect(differences(before, after, onPurpose)).toEqual([])
    // Spot check of what the comparison reads: the rows the filler wrote, found by their key.
    const customers = written.get('customers')!
    expect(customers).toHaveLength(ROWS_PER_TABLE)
    for (const customer of customers) expect(after.get('customers')!.get(JSON.stringify([customer.id]))).toMatchObject({ name: customer.name })
  })

  it('carries every membership’s rights over into its rows, one per tool', () => {
    const memberships = [...before.get('memberships')!.values()] as Record<string, unknown>[]
    expect(memberships.length).toBeGreaterThan(0)
    const expected = memberships.flatMap((m) => [
      { membership_id: m.id, customer_id: m.customer_id, tool: 'risk', enabled: m.risk_enabled, role: m.risk_role },
      { membership_id: m.id, customer_id: m.customer_id, tool: 'iks', enabled: m.iks_enabled, role: m.iks_role },
    ])
    const order = (rows: { membership_id: unknown; tool: unknown }[]) =>
      [...rows].sort((a, b) => `${a.membership_id}${a.tool}`.localeCompare(`${b.membership_id}${b.tool}`))
    expect(order(carriedRights)).toEqual(order(expected))
  })

  it('gives every report approval of before the register its council decision, counted on its fund (migration 0045)', async () => {
    const approvals = [...before.get('report_approvals')!.values()] as Record<string, unknown>[]
    expect(approvals.length).toBeGreaterThan(0)
    const { rows } = await owner.query<{ id: string; subject: string; decided_on: string; counter: number; number: number }>(`
      select a.id, d.subject::text, d.number, (select value from customer_counters c where c.customer_id = d.customer_id and c.name = 'councilDecision') as counter
      from report_approvals a join council_decisions d on d.id = a.decision_id and d.customer_id = a.customer_id`)
    expect(rows.map((r) => r.id).sort()).toEqual(approvals.map((a) => a.id).sort())
    for (const r of rows) {
      expect(r.subject).toBe('annualReport')
      expect(r.counter).toBeGreaterThanOrEqual(r.number)
    }
  })

  it('lets the upgraded database be migrated again without change', async () => {
    await run(ownerUrl, (pool) => migrateDatabase(drizzle(pool, { schema })))
    expect(differences(after, await rowsOf(owner, catalogue))).toEqual([])
  })
})

describeRowLevelSecurity(async () => {
  const [alpha, beta] = written.get('customers')! as { id: string; name: string }[]
  return { alpha: alpha!, beta: beta!, alphaRowsMoreThan: 0, everyTable: true, appRoleUrl: appUrl }
})

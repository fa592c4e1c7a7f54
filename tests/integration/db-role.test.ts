import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pool } from '../../models/core/db.server.ts'
import { ensureAppRole } from '../../models/core/embedded-postgres.server.ts'

// The role the app connects as to its bundled PostgreSQL, given its rights on
// this file's database exactly as at start-up (after the migrations).
const role = { name: `vorsorge_app_t_${crypto.randomBytes(4).toString('hex')}`, password: crypto.randomBytes(18).toString('base64url') }
let admin: pg.Client
let app: pg.Client

function urlFor(database: string, user?: { name: string; password: string }) {
  const url = new URL(inject('adminUrl'))
  url.pathname = `/${database}`
  if (user) {
    url.username = user.name
    url.password = user.password
  }
  return url.toString()
}

beforeAll(async () => {
  const { rows } = await pool().query<{ db: string }>('select current_database() as db')
  admin = new pg.Client(urlFor(rows[0]!.db))
  await admin.connect()
  await ensureAppRole(admin, role)
  app = new pg.Client(urlFor(rows[0]!.db, role))
  await app.connect()
  // Across customers, as the operator's scope does: row-level security has its own test.
  await app.query('set role vorsorge_all_customers')
})

afterAll(async () => {
  await app?.end()
  await admin.query(`drop owned by ${role.name}`)
  await admin.query(`drop role ${role.name}`)
  await admin.end()
})

const refused = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: '42501' })

describe('the application role', () => {
  it('has no superuser, createrole or createdb rights and owns no table', async () => {
    const { rows } = await app.query('select rolsuper, rolcreaterole, rolcreatedb, rolbypassrls from pg_roles where rolname = current_user')
    expect(rows).toEqual([{ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false }])
    const owned = await admin.query(`select tablename from pg_tables where schemaname = 'public' and tableowner = $1`, [role.name])
    expect(owned.rows).toEqual([])
    await refused(app.query('create database should_not_exist'))
    await refused(app.query(`create role should_not_exist`))
  })

  it('reads and writes the tables, adds audit entries but cannot change or delete them', async () => {
    const customer = await app.query<{ id: string }>(`insert into customers (name, language) values ($1, 'de') returning id`, [`Role ${role.name}`])
    const user = await app.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, language) values ($1, 'x', 'Erika', 'Muster', 'de') returning id`,
      [`${role.name}@example.test`],
    )
    await app.query(`update users set first_name = 'Erika Anna' where id = $1`, [user.rows[0]!.id])
    const entry = await app.query<{ id: string }>(
      `insert into audit_entries (customer_id, component, action, user_id) values ($1, 'test', 'Created', $2) returning id`,
      [customer.rows[0]!.id, user.rows[0]!.id],
    )
    const id = entry.rows[0]!.id
    expect((await app.query('select id from audit_entries where id = $1', [id])).rowCount).toBe(1)

    await refused(app.query(`delete from audit_entries where id = $1`, [id]))
    await refused(app.query(`update audit_entries set component = 'forged' where id = $1`, [id]))
    await refused(app.query(`truncate audit_entries`))

    // An account is retired, never deleted: the app may not, and the owner may not while it authored entries.
    await refused(app.query(`delete from users where id = $1`, [user.rows[0]!.id]))
    await expect(admin.query(`delete from users where id = $1`, [user.rows[0]!.id])).rejects.toMatchObject({ code: '23001' })
    const kept = await admin.query('select component, user_id from audit_entries where id = $1', [id])
    expect(kept.rows).toEqual([{ component: 'test', user_id: user.rows[0]!.id }])
  })

  it('appends to the read log, deletes only entries past their year, and the customer’s deletion (by the owner) takes them along', async () => {
    const customer = await app.query<{ id: string }>(`insert into customers (name, language) values ($1, 'de') returning id`, [`Read log ${role.name}`])
    const c = customer.rows[0]!.id
    const add = (readAt: string) =>
      app.query<{ id: string }>(
        `insert into read_log (customer_id, read_at, user_id, user_label, record_kind, record_id, via)
         values ($1, $2, gen_random_uuid(), 'Erika Muster <erika@example.test>', 'dsgBreach', 'b1', '/app/dsg/breaches/b1') returning id`,
        [c, readAt],
      )
    const young = (await add(new Date(Date.now() - 364 * 86_400_000).toISOString())).rows[0]!.id
    const old = (await add(new Date(Date.now() - 366 * 86_400_000).toISOString())).rows[0]!.id

    await refused(app.query(`update read_log set via = 'forged' where id = $1`, [young]))
    await refused(app.query(`truncate read_log`))
    // The trigger holds it for every role, the tables' owner included.
    await expect(app.query(`delete from read_log where id = $1`, [young])).rejects.toMatchObject({ code: '23001' })
    await expect(admin.query(`update read_log set via = 'forged' where id = $1`, [young])).rejects.toMatchObject({ code: '23001' })
    expect((await app.query(`delete from read_log where read_at < now() - interval '365 days' and customer_id = $1`, [c])).rowCount).toBe(1)
    expect((await app.query('select id from read_log where customer_id = $1', [c])).rows).toEqual([{ id: young }])
    expect(old).not.toBe(young)

    await refused(app.query('delete from customers where id = $1', [c]))
    await admin.query('delete from customers where id = $1', [c])
    expect((await admin.query('select 1 from read_log where customer_id = $1', [c])).rowCount).toBe(0)
  })

  it('runs every function of the schema with a fixed search_path, so no temporary table can shadow what it reads', async () => {
    const { rows } = await admin.query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
    )
    expect(rows).toEqual([])
  })

  it('gets the same rights on tables that later migrations add', async () => {
    await admin.query('create table role_test_later (id int primary key)')
    await app.query('insert into role_test_later values (1)')
    expect((await app.query('select id from role_test_later')).rows).toEqual([{ id: 1 }])
    await admin.query('drop table role_test_later')
  })
})

// What a security probe did with the app's own role (issue 23): each attempt runs in its own
// transaction, rolled back whatever happens, in a fund's scope ('fund') or across customers ('all').
describe('the immutable records against the application role', () => {
  let fund: string
  let author: string
  let database: string
  const scopes = ['fund', 'all'] as const
  const refusedHere = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|23001)$/) })

  async function attempt<T>(scope: 'fund' | 'all', work: (c: pg.Client) => Promise<T>): Promise<T> {
    await app.query('begin')
    try {
      await app.query(scope === 'all' ? 'set local role vorsorge_all_customers' : 'set local role none')
      await app.query(`select set_config('app.customer_id', $1, true), set_config('app.scope', $2, true)`, [fund, scope === 'all' ? 'all' : 'customer'])
      return await work(app)
    } finally {
      await app.query('rollback')
    }
  }

  async function asOwner<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
    await admin.query('begin')
    try {
      return await work(admin)
    } finally {
      await admin.query('rollback')
    }
  }

  const counts = async () =>
    (
      await admin.query<{ snapshots: number; approvals: number; reads: number; entries: number; customers: number; users: number }>(
        `select (select count(*)::int from report_snapshots where customer_id = $1) as snapshots,
                (select count(*)::int from report_approvals where customer_id = $1) as approvals,
                (select count(*)::int from read_log where customer_id = $1) as reads,
                (select count(*)::int from audit_entries where customer_id = $1) as entries,
                (select count(*)::int from customers where id = $1) as customers,
                (select count(*)::int from users where id = $2) as users`,
        [fund, author],
      )
    ).rows[0]
  const all = { snapshots: 2, approvals: 2, reads: 3, entries: 4, customers: 1, users: 1 }

  beforeAll(async () => {
    database = (await admin.query<{ db: string }>('select current_database() as db')).rows[0]!.db
    fund = (await admin.query<{ id: string }>(`insert into customers (name, language) values ($1, 'de') returning id`, [`Immutable ${role.name}`])).rows[0]!.id
    author = (
      await admin.query<{ id: string }>(
        `insert into users (email, password_hash, first_name, last_name, language) values ($1, 'x', 'Anna', 'Frei', 'de') returning id`,
        [`author-${role.name}@example.test`],
      )
    ).rows[0]!.id
    for (const date of ['2024-12-31', '2025-12-31']) {
      const snap = await admin.query<{ id: string }>(
        `insert into report_snapshots (customer_id, reporting_date, frozen_by_user_id, format_version, content) values ($1, $2, $3, 1, '{}') returning id`,
        [fund, date, author],
      )
      await admin.query(`insert into report_approvals (customer_id, snapshot_id, approved_on, names, recorded_by_user_id) values ($1, $2, $3, 'Rat', $4)`, [
        fund,
        snap.rows[0]!.id,
        date,
        author,
      ])
    }
    for (let i = 0; i < 3; i++) {
      await admin.query(
        `insert into read_log (customer_id, user_id, user_label, record_kind, record_id, via) values ($1, $2, 'Anna Frei <a@example.test>', 'dsgBreach', 'b1', '/app/dsg/breaches/b1')`,
        [fund, author],
      )
    }
    for (let i = 0; i < 4; i++) {
      await admin.query(`insert into audit_entries (customer_id, component, action, user_id) values ($1, 'risk', 'Created', $2)`, [fund, author])
    }
    expect(await counts()).toEqual(all)
  })

  it('may not create temporary tables', async () => {
    for (const scope of scopes) await refused(attempt(scope, (c) => c.query('create temp table customers (id uuid)')))
    expect((await admin.query('select has_database_privilege($1, current_database(), $2) as temp', [role.name, 'TEMPORARY'])).rows).toEqual([{ temp: false }])
  })

  it('cannot open snapshots, approvals or the read log with a temporary table named customers, even where the database allows them', async () => {
    // An external database whose owner left PUBLIC its default TEMPORARY right.
    await admin.query(`grant temporary on database ${pg.escapeIdentifier(database)} to public`)
    try {
      for (const scope of scopes) {
        for (const table of ['report_snapshots', 'report_approvals', 'read_log']) {
          await refusedHere(
            attempt(scope, async (c) => {
              await c.query('create temp table customers (id uuid)')
              return c.query(`delete from ${table} where customer_id = $1`, [fund])
            }),
          )
        }
      }
    } finally {
      await admin.query(`revoke temporary on database ${pg.escapeIdentifier(database)} from public`)
    }
    // The trigger functions alone hold it, for the tables' owner too (no privilege stops a superuser).
    for (const table of ['report_snapshots', 'report_approvals', 'read_log']) {
      await expect(
        asOwner(async (c) => {
          await c.query('create temp table customers (id uuid)')
          return c.query(`delete from ${table} where customer_id = $1`, [fund])
        }),
      ).rejects.toMatchObject({ code: '23001' })
    }
    expect(await counts()).toEqual(all)
  })

  it('cannot delete a fund or an account, which would take the fund’s trail along, but retires them', async () => {
    for (const scope of scopes) {
      await refused(attempt(scope, (c) => c.query('delete from customers where id = $1', [fund])))
      await refused(attempt(scope, (c) => c.query('delete from users where id = $1', [author])))
    }
    // The triggers' exception for the customer's deletion relies on its id: it never changes.
    await expect(asOwner((c) => c.query('update customers set id = gen_random_uuid() where id = $1', [fund]))).rejects.toMatchObject({ code: '23001' })
    expect(await counts()).toEqual(all)
    // What the app does instead: it retires them (and locks the row it changes).
    await attempt('all', async (c) => {
      expect((await c.query('select id from customers where id = $1 for update', [fund])).rowCount).toBe(1)
      expect((await c.query(`update customers set state = 'inactive', version = version + 1 where id = $1`, [fund])).rowCount).toBe(1)
      expect((await c.query(`update users set state = 'disabled', version = version + 1 where id = $1`, [author])).rowCount).toBe(1)
    })
  })

  it('cannot clear who froze a snapshot or recorded an approval, nor can the owner', async () => {
    for (const scope of scopes) {
      await refusedHere(attempt(scope, (c) => c.query('update report_snapshots set frozen_by_user_id = null where customer_id = $1', [fund])))
      await refusedHere(attempt(scope, (c) => c.query('update report_approvals set recorded_by_user_id = null where customer_id = $1', [fund])))
    }
    await expect(asOwner((c) => c.query('update report_snapshots set frozen_by_user_id = null where customer_id = $1', [fund]))).rejects.toMatchObject({
      code: '23001',
    })
    await expect(asOwner((c) => c.query('update report_approvals set recorded_by_user_id = null where customer_id = $1', [fund]))).rejects.toMatchObject({
      code: '23001',
    })
    // Nor does the owner's deletion of the account clear them: an author is kept.
    await expect(asOwner((c) => c.query('delete from users where id = $1', [author]))).rejects.toMatchObject({ code: '23001' })
    const authors = await admin.query<{ n: number }>(
      `select (select count(*)::int from report_snapshots where customer_id = $1 and frozen_by_user_id = $2)
            + (select count(*)::int from report_approvals where customer_id = $1 and recorded_by_user_id = $2)
            + (select count(*)::int from audit_entries where customer_id = $1 and user_id = $2) as n`,
      [fund, author],
    )
    expect(authors.rows).toEqual([{ n: 8 }])
  })
})

// An external PostgreSQL (README): its owner migrates (MIGRATION_DATABASE_URL, no superuser), the
// app connects as a role the DBA gave read and write rights on every table, and TEMPORARY.
describe('an external database with a migration role apart from the app’s', () => {
  const suffix = crypto.randomBytes(4).toString('hex')
  const owner = { name: `vorsorge_mig_${suffix}`, password: crypto.randomBytes(18).toString('base64url') }
  const user = { name: `vorsorge_ext_${suffix}`, password: crypto.randomBytes(18).toString('base64url') }
  const database = `ext_${suffix}`
  let server: pg.Client

  beforeAll(async () => {
    server = new pg.Client(inject('adminUrl'))
    await server.connect()
    for (const r of [owner, user]) await server.query(`create role ${r.name} login password ${pg.escapeLiteral(r.password)}`)
    // The role of work across customers exists on this server already: its owner may hand it on.
    await server.query(`grant vorsorge_all_customers to ${owner.name} with admin option`)
    await server.query(`create database ${database} owner ${owner.name}`)
  })

  afterAll(async () => {
    await server.query(`drop database if exists ${database} with (force)`)
    for (const r of [user, owner]) {
      await server.query(`drop owned by ${r.name}`).catch(() => {})
      await server.query(`drop role if exists ${r.name}`)
    }
    await server.end()
  })

  it('leaves the app’s role no delete of customers or accounts, no change of snapshots and no temporary tables, at every start', async () => {
    const { migrate } = await import('../../server/database.ts')
    const migrationUrl = urlFor(database, owner)
    await migrate(migrationUrl, undefined, user.name)
    // What the README asks of the DBA, after the first start: read and write on every table (and the database's defaults).
    const dba = new pg.Client(migrationUrl)
    await dba.connect()
    await dba.query(`grant select, insert, update, delete on all tables in schema public to ${user.name}`)
    await dba.query(`grant usage, select on all sequences in schema public to ${user.name}`)
    await dba.query(`grant temporary on database ${database} to ${user.name}`)
    await dba.end()
    await migrate(migrationUrl, undefined, user.name)

    const ext = new pg.Client(urlFor(database, user))
    await ext.connect()
    try {
      const customer = await ext.query<{ id: string }>(`insert into customers (name, language) values ('Extern', 'de') returning id`)
      await ext.query(`update customers set comment = 'retired soon' where id = $1`, [customer.rows[0]!.id])
      await refused(ext.query('delete from customers where id = $1', [customer.rows[0]!.id]))
      await refused(ext.query('delete from users'))
      await refused(ext.query('update report_snapshots set frozen_by_user_id = null'))
      await refused(ext.query('create temp table customers (id uuid)'))
      await ext.query('set role vorsorge_all_customers')
      await refused(ext.query('delete from customers where id = $1', [customer.rows[0]!.id]))
      await refused(ext.query('delete from report_approvals'))
      await refused(ext.query('create temp table customers (id uuid)'))
    } finally {
      await ext.end()
    }
  })
})

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

    // Removing an account keeps its audit entries (the reference is cleared by the table's owner).
    await app.query(`delete from users where id = $1`, [user.rows[0]!.id])
    const kept = await admin.query('select component, user_id from audit_entries where id = $1', [id])
    expect(kept.rows).toEqual([{ component: 'test', user_id: null }])
  })

  it('appends to the read log, deletes only entries past their year, and the customer’s deletion takes them along', async () => {
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

    await app.query('delete from customers where id = $1', [c])
    expect((await admin.query('select 1 from read_log where customer_id = $1', [c])).rowCount).toBe(0)
  })

  it('gets the same rights on tables that later migrations add', async () => {
    await admin.query('create table role_test_later (id int primary key)')
    await app.query('insert into role_test_later values (1)')
    expect((await app.query('select id from role_test_later')).rows).toEqual([{ id: 1 }])
    await admin.query('drop table role_test_later')
  })
})

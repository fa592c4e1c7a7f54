import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db, pool } from '../models/core/db.server.ts'
import { DomainError } from '../models/core/errors.ts'
import { asOperator, asSystem, withCustomer } from '../models/core/scope.server.ts'
import { appRoleUrl } from './integration/app-role-url.ts'

// Tenant scope by construction (docs/decisions/0017-one-shape.md): a query that forgets the
// customer filter still sees only the customer of its scope, because PostgreSQL filters it.
// The queries below are raw on purpose: no service, no filter. The checks run on the database the
// test's pool is connected to: the demo data (tests/integration/row-level-security.test.ts) and a
// database upgraded from the previous release (tests/integration/upgrade.test.ts).

export type Customer = { id: string; name: string }

/** The database under test: its two customers, and how many rows of the first the raw queries must see. */
export type RowLevelSecurityData = {
  alpha: Customer
  beta: Customer
  /** The raw queries must see more rows of alpha than this, across the tables. */
  alphaRowsMoreThan: number
  /** Every table with a customer_id must hold rows of alpha and of beta. */
  everyTable?: boolean
  /** How the app's role connects to the database (default: the test server's application role, tests/integration/app-role-url.ts). */
  appRoleUrl?: string
}

const user = (isSuperAdmin = false) => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'x@example.test',
  firstName: 'X',
  lastName: 'Y',
  language: 'de' as const,
  isSuperAdmin,
})
const accessOf = (customer: Customer, isSuperAdmin = false) => ({ user: user(isSuperAdmin), actingFor: null, customer })

async function customerIdsOf(table: string, run: (q: string) => Promise<{ customer_id: string | null }[]>) {
  return (await run(`select customer_id from "${table}"`)).map((r) => r.customer_id)
}

/**
 * The row-level security checks as a describe block: `prepare` runs first (in its beforeAll) on the
 * database the pool is connected to and names its two customers.
 */
export function describeRowLevelSecurity(prepare: () => Promise<RowLevelSecurityData>) {
  describe('row-level security', () => {
    let data: RowLevelSecurityData
    let alpha: Customer
    let beta: Customer
    let tables: string[]
    /** A connection of the application role as the app opens it: no scope set. */
    let bare: pg.Client

    beforeAll(async () => {
      data = await prepare()
      alpha = data.alpha
      beta = data.beta
      const found = await db().execute(sql`
        select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
        where c.table_schema = 'public' and c.column_name = 'customer_id' and t.table_type = 'BASE TABLE'
        order by 1`)
      tables = (found.rows as { table_name: string }[]).map((r) => r.table_name)
      const { rows: dbRows } = await pool().query<{ db: string }>('select current_database() as db')
      bare = new pg.Client(data.appRoleUrl ?? appRoleUrl(dbRows[0]!.db))
      await bare.connect()
    }, 120_000)

    afterAll(async () => {
      await bare?.end()
    })

    it('compares with the scope’s one customer, read once per query (an InitPlan), as an index condition', async () => {
      const missing: string[] = []
      for (const table of tables) {
        const plan = await withCustomer(accessOf(alpha), async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`)
          const result = await tx.execute(sql.raw(`explain select * from "${table}"`))
          return (result.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')
        })
        expect(plan, table).toMatch(/customer_id = \(InitPlan \d+\)/)
        expect(plan, table).not.toMatch(/current_setting/)
        if (!/Index Cond: \(customer_id = \(InitPlan/.test(plan)) missing.push(table)
      }
      expect(missing, 'tables without an index that leads with customer_id').toEqual([])
    })

    it('is enabled and forced on every table with a customer_id', async () => {
      expect(tables.length).toBeGreaterThanOrEqual(20)
      const { rows } = await bare.query<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        `select relname, relrowsecurity, relforcerowsecurity from pg_class where relname = any($1) and relkind = 'r' order by relname`,
        [tables],
      )
      expect(rows.map((r) => r.relname)).toEqual(tables)
      expect(rows.filter((r) => !r.relrowsecurity || !r.relforcerowsecurity).map((r) => r.relname)).toEqual([])
    })

    it('is not bypassed by the role the app connects as', async () => {
      const { rows } = await bare.query(`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`)
      expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }])
    })

    it('shows a raw query without any filter, inside withCustomer, only the rows of that customer', async () => {
      let seen = 0
      const withRows = new Set<string>()
      for (const table of tables) {
        const ids = await withCustomer(accessOf(alpha), (tx) => customerIdsOf(table, async (q) => (await tx.execute(sql.raw(q))).rows as never))
        const allowed = table === 'news' ? [alpha.id, null] : [alpha.id]
        expect(
          ids.filter((id) => !allowed.includes(id)),
          table,
        ).toEqual([])
        seen += ids.filter((id) => id === alpha.id).length
        if (ids.includes(alpha.id)) withRows.add(table)
      }
      // The data gives Alpha rows in most tables, so the check above looked at real rows.
      expect(seen).toBeGreaterThan(data.alphaRowsMoreThan)
      if (data.everyTable)
        expect(
          tables.filter((table) => !withRows.has(table)),
          'tables without rows of alpha',
        ).toEqual([])
      const betaMeasures = await withCustomer(accessOf(beta), async (tx) => (await tx.execute(sql`select customer_id from measures`)).rows)
      expect(betaMeasures.length).toBeGreaterThan(0)
      expect(betaMeasures.every((r) => r.customer_id === beta.id)).toBe(true)
      if (data.everyTable) {
        for (const table of tables) {
          const ids = await withCustomer(accessOf(beta), (tx) => customerIdsOf(table, async (q) => (await tx.execute(sql.raw(q))).rows as never))
          expect(ids.filter((id) => id === beta.id).length, `rows of beta in ${table}`).toBeGreaterThan(0)
        }
      }
    })

    it('shows no tenant row at all to a query outside any scope', async () => {
      for (const table of tables) {
        const { rows } = await bare.query(`select customer_id from "${table}" where customer_id is not null`)
        expect(rows, table).toEqual([])
      }
    })

    it('refuses to write a row of another customer from inside a scope, and to move a row to another customer', async () => {
      const insert = withCustomer(accessOf(alpha), (tx) => tx.execute(sql`insert into responsible_bodies (customer_id, name) values (${beta.id}, 'Fremd')`))
      await expect(insert).rejects.toMatchObject({ cause: { code: '42501' } })
      const move = withCustomer(accessOf(alpha), (tx) => tx.execute(sql`update measures set customer_id = ${beta.id}`))
      await expect(move).rejects.toMatchObject({ cause: { code: '42501' } })
      const deleted = await withCustomer(
        accessOf(alpha),
        async (tx) => (await tx.execute(sql`delete from responsible_bodies where customer_id = ${beta.id}`)).rowCount,
      )
      expect(deleted).toBe(0)
    })

    it('lets only the super admin cross customers, through the explicit operator scope', async () => {
      await expect(asOperator({ user: user(false) }, 'test', async () => 1)).rejects.toBeInstanceOf(DomainError)
      const ids = await asOperator({ user: user(true) }, 'test', async (tx) => (await tx.execute(sql`select distinct customer_id from measures`)).rows)
      expect(ids.map((r) => r.customer_id)).toEqual(expect.arrayContaining([alpha.id, beta.id]))
      const system = await asSystem('test', async (tx) => (await tx.execute(sql`select distinct customer_id from risks`)).rows)
      expect(system.length).toBeGreaterThanOrEqual(2)
    })

    it('refuses a customer scope without a customer, and one customer scope inside another', async () => {
      await expect(withCustomer({ user: user(), customer: null }, async () => 1)).rejects.toBeInstanceOf(DomainError)
      await expect(withCustomer(accessOf(alpha), () => withCustomer(accessOf(beta), async () => 1))).rejects.toThrow(/inside another scope/)
      // The same customer joins the open transaction.
      const joined = await withCustomer(accessOf(alpha), (outer) => withCustomer(accessOf(alpha), async (inner) => inner === outer))
      expect(joined).toBe(true)
    })

    it('lets a fund’s scope read its own identity provider but not change it, and keeps the sign-in flows to the system (0032)', async () => {
      const [provider] = (
        await asOperator(accessOf(alpha, true), 'test: identity provider', (tx) =>
          tx.execute(sql`insert into identity_providers (customer_id, issuer, client_id, client_secret, allowed_domains)
            values (${alpha.id}, 'https://login.alpha.example', 'c', 'sealed', array['alpha.example'])
            on conflict (customer_id) do update set issuer = excluded.issuer returning id`),
        )
      ).rows as { id: string }[]
      const seen = await withCustomer(accessOf(alpha), (tx) => tx.execute(sql`select id from identity_providers`))
      expect(seen.rows).toEqual([{ id: provider.id }])
      const changed = await withCustomer(accessOf(alpha), (tx) =>
        tx.execute(sql`update identity_providers set issuer = 'https://evil.example' where id = ${provider.id} returning id`),
      )
      expect(changed.rows).toEqual([])
      const removed = await withCustomer(accessOf(alpha), (tx) => tx.execute(sql`delete from identity_providers where id = ${provider.id} returning id`))
      expect(removed.rows).toEqual([])
      await expect(
        withCustomer(accessOf(alpha), (tx) =>
          tx.execute(
            sql`insert into identity_providers (customer_id, issuer, client_id, client_secret) values (${alpha.id}, 'https://evil.example', 'x', 'y')`,
          ),
        ),
      ).rejects.toThrow()
      await asSystem('test: a flow', (tx) =>
        tx.execute(
          sql`insert into oidc_flows (id, provider_id, nonce, code_verifier, expires_at) values ('rls-flow', ${provider.id}, 'n', 'v', now() + interval '1 minute')`,
        ),
      )
      const flows = await withCustomer(accessOf(alpha), (tx) => tx.execute(sql`select id from oidc_flows`))
      expect(flows.rows).toEqual([])
      expect((await bare.query('select id from oidc_flows')).rows).toEqual([])
      const { rows } = await bare.query<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        `select relrowsecurity, relforcerowsecurity from pg_class where relname = 'oidc_flows'`,
      )
      expect(rows).toEqual([{ relrowsecurity: true, relforcerowsecurity: true }])
      // Deleting the provider (the operator's scope) takes its flows along: the cascade is not stopped by the flows' policy.
      await asOperator(accessOf(alpha, true), 'test: delete the provider', (tx) => tx.execute(sql`delete from identity_providers where id = ${provider.id}`))
      const left = await asSystem('test: the flows', (tx) => tx.execute(sql`select id from oidc_flows where id = 'rls-flow'`))
      expect(left.rows).toEqual([])
    })
  })
}

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtOnce, db, PreparingClient, pool, statementNamer } from '../../models/core/db.server.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { news } from '../../models/schema/index.ts'
import { seed } from '../../models/seed/index.ts'
import { appRoleUrl } from './app-role-url.ts'

// Every single-statement query is prepared once per connection (decision 0021). A prepared plan
// must never carry one customer's rows, or the rights of one role, into the next execution.

type Customer = { id: string; name: string }
let alpha: Customer
let beta: Customer
/** One connection of the application role, as the app's pools open them. */
let client: PreparingClient

const RISK_CUSTOMERS = 'select distinct customer_id from risks order by customer_id'

/** Runs the same prepared statement in one transaction with the given role and customer setting. */
async function customersSeen(role: 'none' | 'vorsorge_all_customers', customerId: string) {
  await client.query('begin')
  try {
    await client.query(`set local role ${role}`)
    await client.query({ text: "select set_config('app.customer_id', $1, true)" }, [customerId])
    const rows = (await client.query({ text: RISK_CUSTOMERS })).rows as { customer_id: string }[]
    return rows.map((r) => r.customer_id)
  } finally {
    await client.query('commit')
  }
}

beforeAll(async () => {
  await seed()
  const rows = (await db().execute(sql`select id, name from customers order by name`)).rows as Customer[]
  alpha = rows.find((c) => c.name === 'Pensionskasse Alpha')!
  beta = rows.find((c) => c.name === 'Caisse de pension Beta')!
  const { rows: dbRows } = await pool().query<{ db: string }>('select current_database() as db')
  client = new PreparingClient(appRoleUrl(dbRows[0]!.db))
  await client.connect()
}, 120_000)

afterAll(async () => {
  await client?.end()
})

describe('prepared statements', () => {
  it('prepares a query once per connection and runs it again from its name', async () => {
    await customersSeen('none', alpha.id)
    await customersSeen('none', alpha.id)
    const rows = (await client.query('select statement from pg_prepared_statements')).rows as { statement: string }[]
    expect(rows.map((r) => r.statement)).toContain(RISK_CUSTOMERS)
    expect(rows.filter((r) => r.statement === RISK_CUSTOMERS)).toHaveLength(1)
  })

  it('sees only the customer of each execution, also once the plan is generic', async () => {
    // PostgreSQL may switch to a generic plan after five executions: run it well past that.
    for (let i = 0; i < 8; i++) {
      expect(await customersSeen('none', alpha.id)).toEqual([alpha.id])
      expect(await customersSeen('none', beta.id)).toEqual([beta.id])
    }
  })

  it('applies the policies of the role each execution runs as', async () => {
    const all = await customersSeen('vorsorge_all_customers', alpha.id)
    expect(all).toEqual(expect.arrayContaining([alpha.id, beta.id]))
    expect(await customersSeen('none', beta.id)).toEqual([beta.id])
    expect(await customersSeen('vorsorge_all_customers', beta.id)).toEqual(all)
    expect(await customersSeen('none', alpha.id)).toEqual([alpha.id])
  })
})

describe('statement names', () => {
  it('gives one text one name, leaves several statements and texts past the limit unnamed', () => {
    const nameOf = statementNamer(2)
    const first = nameOf('select 1')
    expect(first).toBeDefined()
    expect(nameOf('select 1')).toBe(first)
    expect(nameOf('begin; select 1')).toBeUndefined()
    const second = nameOf('select 2')
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    expect(nameOf('select 3')).toBeUndefined()
    expect(nameOf('select 2')).toBe(second)
  })
})

describe('queries built once', () => {
  const newsTitle = builtOnce((database) =>
    database
      .select({ title: news.title })
      .from(news)
      .where(eq(news.id, sql.placeholder('id')))
      .prepare('test_news_title'),
  )

  it('run on the executor they are given: inside a transaction they see its own uncommitted rows', async () => {
    const id = crypto.randomUUID()
    await expect(
      asSystem('test', async (tx) => {
        await tx.insert(news).values({ id, title: 'Nur in dieser Transaktion', date: '2026-11-23' })
        expect(await newsTitle(tx, { id })).toEqual([{ title: 'Nur in dieser Transaktion' }])
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await asSystem('test', (tx) => newsTitle(tx, { id }))).toEqual([])
  })
})

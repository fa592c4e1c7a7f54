import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getAuth } from '../../app/auth/guards.server.ts'
import type { Tx } from '../../models/core/db.server.ts'
import { asSystem, authTransaction, inRequest, withCustomer } from '../../models/core/scope.server.ts'
import { responsibleBodies, risks } from '../../models/schema/index.ts'
import { customerFactory, type Member, memberFactory, request, riskFactory, tag } from '../factories.ts'
import { system } from '../system-db.ts'

/**
 * One transaction per page request (models/core/scope.server.ts, docs/decisions/0018): the user is
 * read once, the loaders of a GET share one transaction narrowed to the acting customer, a failure
 * inside it rolls everything back, and actions keep one transaction per service call.
 */

let member: Member
let otherRiskId: string

beforeAll(async () => {
  const customer = await customerFactory()
  member = await memberFactory({ customer, traits: ['risk-admin'] })
  const other = await customerFactory()
  otherRiskId = (await riskFactory({ customer: other })).id
})

const whoAmI = (tx: Tx) =>
  tx
    .execute<{ txid: string; customer: string; scope: string }>(
      sql`select txid_current()::text as txid, current_setting('app.customer_id', true) as customer, current_setting('app.scope', true) as scope`,
    )
    .then((r) => r.rows[0])

function page(method = 'GET') {
  return request('/app', { method, cookie: member.cookie, ...(method === 'POST' ? { form: {} } : {}) })
}

async function signedIn(req: Request) {
  const auth = await getAuth(req)
  if (!auth?.access.customer) throw new Error('not signed in with a customer')
  return auth.access
}

async function bodyNamed(name: string) {
  return asSystem('test: read back', (tx) => tx.select().from(responsibleBodies).where(eq(responsibleBodies.name, name)))
}

describe('a GET request', () => {
  it('reads the signed-in user once, however many loaders ask', async () => {
    const req = page()
    const [a, b] = await inRequest(req, () => Promise.all([getAuth(req), getAuth(new Request(req.url, { headers: req.headers }))]))
    expect(a).not.toBeNull()
    expect(a).toBe(b)
  })

  it('runs its loaders in one transaction, narrowed to the acting customer', async () => {
    const req = page()
    const seen = await inRequest(req, async () => {
      const access = await signedIn(req)
      return Promise.all([withCustomer(access, whoAmI), withCustomer(access, whoAmI)])
    })
    expect(seen[0].txid).toBe(seen[1].txid)
    expect(seen[0]).toMatchObject({ customer: member.customer.id, scope: 'customer' })
  })

  it('never widens again: another customer’s rows stay invisible, the user cannot be read twice', async () => {
    const req = page()
    await inRequest(req, async () => {
      const access = await signedIn(req)
      const found = await withCustomer(access, (tx) => tx.select({ id: risks.id }).from(risks).where(eq(risks.id, otherRiskId)))
      expect(found).toEqual([])
      await expect(
        authTransaction(
          'again',
          async () => null,
          () => null,
        ),
      ).rejects.toThrow(/read its user already/)
    })
  })

  it('runs the system’s work in a transaction of its own, across customers', async () => {
    const req = page()
    const [mine, system] = await inRequest(req, async () => {
      const access = await signedIn(req)
      return Promise.all([withCustomer(access, whoAmI), asSystem('test', whoAmI)])
    })
    expect(system.txid).not.toBe(mine.txid)
    expect(system.scope).toBe('all')
  })

  it('commits what its loaders wrote, and rolls back all of it when a service inside failed', async () => {
    const kept = `kept-${tag()}`
    const lost = `lost-${tag()}`
    const req = page()
    await inRequest(req, async () => {
      const access = await signedIn(req)
      await withCustomer(access, (tx) => tx.insert(responsibleBodies).values({ customerId: member.customer.id, name: kept }))
    })
    const req2 = page()
    await inRequest(req2, async () => {
      const access = await signedIn(req2)
      await withCustomer(access, (tx) => tx.insert(responsibleBodies).values({ customerId: member.customer.id, name: lost }))
      await withCustomer(access, async () => {
        throw new Error('a service failed')
      }).catch(() => {})
    })
    expect(await bodyNamed(kept)).toHaveLength(1)
    expect(await bodyNamed(lost)).toHaveLength(0)
  })

  it('holds one connection of its own pool: many requests at once, each also using the main pool, all finish', async () => {
    // The test pools hold four connections each; twelve requests would wait for each other forever
    // if a request's own connection and its system work came from the same pool.
    const results = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const req = page()
        return inRequest(req, async () => {
          const access = await signedIn(req)
          const mine = await withCustomer(access, whoAmI)
          const system = await asSystem('test', async (tx) => {
            await tx.execute(sql`select pg_sleep(0.02)`)
            return whoAmI(tx)
          })
          return mine.txid !== system.txid
        })
      }),
    )
    expect(results).toEqual(Array(12).fill(true))
  })
})

describe('an action', () => {
  it('keeps one transaction per service call, so a failed write is rolled back on its own', async () => {
    const kept = `kept-${tag()}`
    const req = page('POST')
    const seen = await inRequest(req, async () => {
      const access = await signedIn(req)
      const first = await withCustomer(access, async (tx) => {
        await tx.insert(responsibleBodies).values({ customerId: member.customer.id, name: kept })
        return whoAmI(tx)
      })
      await withCustomer(access, async () => {
        throw new Error('a second service failed')
      }).catch(() => {})
      return [first, await withCustomer(access, whoAmI)]
    })
    expect(seen[0].txid).not.toBe(seen[1].txid)
    expect(seen[0].customer).toBe(member.customer.id)
    expect(await bodyNamed(kept)).toHaveLength(1)
  })
})

describe('a consistent read (a year-end snapshot)', () => {
  it('runs in a transaction of its own at REPEATABLE READ, scoped to the customer, and sees no write committed meanwhile', async () => {
    // Another connection commits a row while the consistent transaction reads. The write is set up
    // here, outside the request, so that it runs outside its scope when the read lets it go.
    let letGo!: () => void
    const meanwhile = new Promise<void>((resolve) => {
      letGo = resolve
    }).then(() =>
      system()
        .insert(responsibleBodies)
        .values({ customerId: member.customer.id, name: `meanwhile-${tag()}` }),
    )
    const req = page('GET')
    const result = await inRequest(req, async () => {
      const access = await signedIn(req)
      const shared = await withCustomer(access, whoAmI)
      return withCustomer(
        access,
        async (tx) => {
          const level = (await tx.execute<{ level: string }>(sql`select current_setting('transaction_isolation') as level`)).rows[0].level
          const me = await whoAmI(tx)
          const before = (await tx.select().from(responsibleBodies)).length
          letGo()
          await meanwhile
          const after = (await tx.select().from(responsibleBodies)).length
          return { level, me, shared, before, after }
        },
        { consistent: true },
      )
    })
    expect(result.level).toBe('repeatable read')
    expect(result.me.customer).toBe(member.customer.id)
    expect(result.me.txid).not.toBe(result.shared.txid)
    expect(result.after).toBe(result.before)
  })
})

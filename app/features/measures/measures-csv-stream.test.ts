import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { pool } from '#models/core/db.server.ts'
import { getAuth } from '#app/auth/guards.server.ts'
import { asSystem, cursorWithCustomer, inRequest, withCustomer } from '#models/core/scope.server.ts'
import { measures } from '#models/schema/index.ts'
import { customerFactory, type Member, memberFactory, request } from '../../../tests/factories.ts'
import * as exportRoute from './export.ts'

/**
 * The export streams (docs/decisions/0018): its body is read after the request, and the request's
 * transaction, ended; the rows come through a cursor in a transaction of their own, batch by batch.
 */

const COUNT = 1234 // more than two batches of 500
let member: Member

beforeAll(async () => {
  const customer = await customerFactory()
  member = await memberFactory({ customer, traits: ['write'] })
  await asSystem('test: many measures', (tx) =>
    tx.insert(measures).values(
      Array.from({ length: COUNT }, (_, i) => ({
        customerId: customer.id,
        idkey: i + 1,
        source: 'fund' as const,
        title: `Massnahme ${i + 1}`,
        ownerUserId: member.user.id,
        // Few due dates: the sort by date has ties, kept in number order.
        dueDate: `2026-0${1 + (i % 3)}-15`,
      })),
    ),
  )
  // Another customer's measures stay out.
  const other = await customerFactory()
  const stranger = await memberFactory({ customer: other, traits: ['write'] })
  await asSystem('test: a stranger', (tx) =>
    tx.insert(measures).values({ customerId: other.id, idkey: 1, source: 'fund', title: 'Fremd', ownerUserId: stranger.user.id, dueDate: '2026-01-01' }),
  )
})

/** The loader as the root middleware runs it; the body is read only after the request ended. */
async function download(path: string) {
  const req = request(path, { cookie: member.cookie })
  const res = (await inRequest(req, async () => exportRoute.loader({ request: req, params: {}, context: {} } as never))) as Response
  const lines = (await res.text()).split('\r\n')
  expect(lines.pop()).toBe('')
  return lines.slice(1).map((l) => l.split(';'))
}

const busy = () => pool().totalCount - pool().idleCount

describe('the streamed measures export', () => {
  it('holds every row, in order, over several batches, after the request ended', async () => {
    const all = await download('/app/measures/export.csv?all=1')
    expect(all).toHaveLength(COUNT)
    expect(all.map((r) => r[0])).toEqual(Array.from({ length: COUNT }, (_, i) => `"M-${i + 1}"`))

    const byDate = await download('/app/measures/export.csv?tab=fund&view=all&sort=dueDate&dir=desc')
    expect(byDate).toHaveLength(COUNT)
    const keys = byDate.map((r) => [r[6], Number(r[0].slice(3, -1))] as const)
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? 1 : -1))
    expect(keys).toEqual(sorted)
    expect(busy()).toBe(0)
  })

  it('a reader that stops early gives its connection back', async () => {
    const req = request('/app/measures/export.csv?all=1', { cookie: member.cookie })
    const res = (await inRequest(req, async () => exportRoute.loader({ request: req, params: {}, context: {} } as never))) as Response
    const reader = res.body!.getReader()
    await reader.read() // the header
    await reader.read() // the first batch
    await reader.cancel()
    await expect.poll(() => busy()).toBe(0)
  })
})

describe('cursorWithCustomer', () => {
  it('reads in its own transaction for the customer, after inRequest has returned', async () => {
    const req = request('/app', { cookie: member.cookie })
    const { batches, requestTx } = await inRequest(req, async () => {
      const access = (await getAuth(req))!.access
      const requestTx = await withCustomer(access, (tx) => tx.execute<{ txid: string }>(sql`select txid_current()::text as txid`)).then((r) => r.rows[0].txid)
      const batches = cursorWithCustomer(access, 500, (tx) =>
        tx
          .select({ idkey: measures.idkey, txid: sql<string>`txid_current()::text`, customer: sql<string>`current_setting('app.customer_id')` })
          .from(measures)
          .orderBy(measures.idkey),
      )
      return { batches, requestTx }
    })
    const sizes: number[] = []
    const seen = new Set<string>()
    let next = 1
    for await (const batch of batches) {
      sizes.push(batch.length)
      for (const row of batch) {
        expect(row.idkey).toBe(next++)
        expect(row.customer).toBe(member.customer.id)
        seen.add(row.txid)
      }
    }
    expect(sizes).toEqual([500, 500, 234])
    expect(seen.size).toBe(1)
    expect(seen.has(requestTx)).toBe(false)
    expect(busy()).toBe(0)
  })
})

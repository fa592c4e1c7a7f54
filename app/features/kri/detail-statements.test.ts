import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerFactory, type Member, measureFactory, memberFactory, request, riskFactory, run } from '../../../tests/factories.ts'
import { kriCatalogFactory, kriFactory } from '../../../tests/factories/kri.ts'
import * as detailRoute from './detail.tsx'
import { lastPeriodEnds } from './periods.ts'

// The KRI page is read often: its loader reads the KRI's row and the rest of the page in a statement each
// (the settings, thresholds, values, links, proposed measures and the risks to link), not one per part.

const statements: string[] = []
const query = pg.Client.prototype.query
type Query = (this: pg.Client, ...args: unknown[]) => unknown

/** The statements a page's own reads issue: not the session's, nor the transaction's frame. */
const ofThePage = () => statements.filter((s) => !/^\s*(begin|set local|commit|select "sessions"\.)/i.test(s))

describe('the KRI page’s statements', () => {
  let writer: Member
  let admin: Member
  let id = ''
  beforeAll(async () => {
    ;(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string }
      statements.push(typeof q === 'string' ? q : (q?.text ?? ''))
      return (query as unknown as Query).apply(this, args)
    }
    const fund = await customerFactory()
    writer = await memberFactory({ customer: fund, traits: ['risk-write'] })
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    const risk = await riskFactory({ customer: fund })
    await riskFactory({ customer: fund })
    const kri = await kriFactory({
      customer: fund,
      catalog: await kriCatalogFactory({}),
      attributes: { ownerUserId: admin.user.id },
      thresholds: [
        { validFrom: '2020-01-01', amber: '110', red: '100' },
        { validFrom: '2024-01-01', amber: '112', red: '101' },
      ],
      values: lastPeriodEnds('quarterly', '2026-09-30', 20).map((periodEnd, j) => ({ periodEnd, value: String(95 + j) })),
    })
    await measureFactory({ customer: fund, risk, attributes: { kriId: kri.id, inEdit: true, title: 'Deckungsgrad stärken' } })
    id = kri.id
  })
  afterAll(() => {
    pg.Client.prototype.query = query
  })

  it('a writer’s page: two statements, with every part there; the risks to link only with the link form open', async () => {
    const closed = await run(detailRoute.loader, request(`/app/risk/kri/${id}`, { cookie: writer.cookie }), { id })
    expect((closed.body as { riskChoices: unknown[]; linking: boolean }).riskChoices).toEqual([])
    expect((closed.body as { linking: boolean }).linking).toBe(false)
    statements.length = 0
    const page = await run(detailRoute.loader, request(`/app/risk/kri/${id}?link=1`, { cookie: writer.cookie }), { id })
    expect(ofThePage()).toHaveLength(2)
    const body = page.body as { values: unknown[]; thresholds: { createdAt: Date }[]; measures: unknown[]; riskChoices: unknown[]; risks: unknown[] }
    expect(body.values).toHaveLength(20)
    expect(body.thresholds).toHaveLength(2)
    expect(body.thresholds[0].createdAt).toBeInstanceOf(Date)
    expect(body.measures).toHaveLength(1)
    expect(body.riskChoices).toHaveLength(2)
    expect(body.risks).toHaveLength(0)
  })

  it('the admin’s page adds the owners to choose from: three', async () => {
    statements.length = 0
    await run(detailRoute.loader, request(`/app/risk/kri/${id}`, { cookie: admin.cookie }), { id })
    expect(ofThePage()).toHaveLength(3)
  })
})

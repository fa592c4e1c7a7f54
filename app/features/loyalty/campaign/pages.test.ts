import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mailsOnTheirWay } from '#models/core/mail.server.ts'
import { loyaltyCampaigns, loyaltyDeclarations, loyaltyPersons } from '#models/schema/index.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, run, tag } from '../../../../tests/factories.ts'
import { system } from '../../../../tests/system-db.ts'
import * as dashboardRoute from '../../dashboard/index.tsx'
import * as overviewRoute from '../index.tsx'
import * as campaignRoute from './campaign.tsx'
import * as reviewRoute from './review.tsx'

useSmtpPeer()

async function person(customer: Customer, attrs: Partial<typeof loyaltyPersons.$inferInsert> = {}) {
  const t = tag(3)
  const [row] = await system()
    .insert(loyaltyPersons)
    .values({
      customerId: customer.id,
      firstName: 'Beat',
      lastName: `Page-${t}`,
      function: 'council',
      email: `page-${t}@example.test`,
      fromDate: '2020-01-01',
      ...attrs,
    })
    .returning()
  return row
}

const errorsOf = (body: unknown) => (body as { result?: { error?: Record<string, string[] | null> } }).result?.error ?? {}

describe('the loyalty campaign pages', () => {
  let fund: Customer
  let admin: Member
  let writer: Member
  let own: Member

  beforeAll(async () => {
    fund = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    writer = await memberFactory({ customer: fund, traits: ['write'] })
    own = await memberFactory({ customer: fund, traits: ['read'] })
    await person(fund)
    await person(fund, { userId: own.user.id, email: own.user.email })
  })

  it('opens a campaign through the form: bad input 400 at its field, a second one 409, a member 403', async () => {
    const post = (cookie: string, form: Record<string, string>) => run(campaignRoute.action, request('/app/loyalty/campaign', { cookie, form }))
    const bad = await post(admin.cookie, { intent: 'open', year: '2026', dueDate: '31.02.2026' })
    expect(bad.status).toBe(400)
    expect(errorsOf(bad.body).dueDate).toEqual(['validation.date'])
    const badYear = await post(admin.cookie, { intent: 'open', year: '1850', dueDate: '' })
    expect(badYear.status).toBe(400)
    expect(errorsOf(badYear.body).year).toEqual(['loyalty:campaign.errors.year'])
    const ok = await post(admin.cookie, { intent: 'open', year: '2026', dueDate: '' })
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/app/loyalty?year=2026')
    await mailsOnTheirWay()
    const twice = await post(admin.cookie, { intent: 'open', year: '2026', dueDate: '' })
    expect(twice.status).toBe(409)
    expect(errorsOf(twice.body)['']).toEqual(['loyalty:campaign.errors.exists'])
    expect((await post(writer.cookie, { intent: 'open', year: '2027', dueDate: '' })).status).toBe(403)
    expect((await run(campaignRoute.loader, request('/app/loyalty/campaign', { cookie: writer.cookie }))).status).toBe(403)
    const junk = await post(admin.cookie, { intent: 'explode', year: '2026' })
    expect(junk.status).toBe(400)
  })

  it('shows admins the overview, a member without the read right only their own declarations', async () => {
    const seen = await run(overviewRoute.loader, request('/app/loyalty?year=2026', { cookie: admin.cookie }))
    const body = seen.body as Awaited<ReturnType<typeof overviewRoute.loader>>
    expect(body.mode).toBe('area')
    expect(body.overview?.counts).toEqual({ due: 2, received: 0, reviewed: 0, overdue: body.overview!.today > '2026-03-31' ? 2 : 0 })
    const mine = (await run(overviewRoute.loader, request('/app/loyalty', { cookie: own.cookie }))).body as Awaited<ReturnType<typeof overviewRoute.loader>>
    expect(mine.mode).toBe('own')
    expect(mine.overview).toBeNull()
    expect(mine.mine.map((d) => d.year)).toEqual([2026])
    // The member can neither send links nor open the review.
    expect((await run(overviewRoute.action, request('/app/loyalty', { cookie: own.cookie, form: { declarationId: mine.mine[0].id } }))).status).toBe(403)
    expect((await run(reviewRoute.loader, request('/app/loyalty/review', { cookie: own.cookie }))).status).toBe(403)
  })

  it('records the council’s review posted without JavaScript, the remark by declaration', async () => {
    const [campaign] = await system().select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.customerId, fund.id))
    const rows = await system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.campaignId, campaign.id))
    const [first] = rows
    await system()
      .update(loyaltyDeclarations)
      .set({ state: 'declared', signedName: 'Beat Page', signedAt: new Date(), channel: 'paper', advantagesConfirmed: true, ownAccountConfirmed: true })
      .where(eq(loyaltyDeclarations.id, first.id))
    const page = (await run(reviewRoute.loader, request('/app/loyalty/review?year=2026', { cookie: admin.cookie }))).body as Awaited<
      ReturnType<typeof reviewRoute.loader>
    >
    expect(page.declared.map((d) => d.id)).toEqual([first.id])
    const post = (form: Record<string, string>) => run(reviewRoute.action, request('/app/loyalty/review', { cookie: admin.cookie, form }))
    const missing = await post({ year: '2026', decidedOn: '12.05.2026', decisionReference: '', decisionTitle: 'Prüfung', names: 'A. Muster' })
    expect(missing.status).toBe(400)
    expect(errorsOf(missing.body).decisionReference).toBeTruthy()
    const future = await post({ year: '2026', decidedOn: '12.05.2099', decisionReference: 'SR 2/26', decisionTitle: 'Prüfung', names: 'A. Muster' })
    expect(future.status).toBe(400)
    expect(errorsOf(future.body).decidedOn).toEqual(['decisions:errors.future'])
    const ok = await post({
      year: '2026',
      decidedOn: '2026-05-12',
      decisionReference: 'SR 2/26',
      decisionTitle: 'Prüfung der Loyalitätserklärungen 2026',
      names: 'A. Muster, B. Beispiel',
      [`remark-${first.id}`]: 'Verwaltungsratsmandat nachmelden',
      [`finding-${first.id}`]: 'on',
    })
    expect(ok.status).toBe(302)
    const [after] = await system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.id, first.id))
    expect(after).toMatchObject({ state: 'reviewed', reviewRemark: 'Verwaltungsratsmandat nachmelden', reviewFinding: true })
    const dashboard = (await run(dashboardRoute.loader, request('/app', { cookie: admin.cookie }))).body as Awaited<ReturnType<typeof dashboardRoute.loader>>
    expect(dashboard.loyalty?.findings).toBe(1)
    const forWriter = (await run(dashboardRoute.loader, request('/app', { cookie: writer.cookie }))).body as Awaited<ReturnType<typeof dashboardRoute.loader>>
    expect(forWriter.loyalty).toBeNull()
  })

  it('sends a link again from the overview, for an admin', async () => {
    const [campaign] = await system().select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.customerId, fund.id))
    const rows = await system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.campaignId, campaign.id))
    const pending = rows.find((r) => r.state === 'requested')!
    const sent = await run(overviewRoute.action, request('/app/loyalty', { cookie: admin.cookie, form: { declarationId: pending.id } }))
    expect(sent.status).toBe(200)
    expect((sent.body as { sentTo: string }).sentTo).toMatch(/@example\.test$/)
    const reviewed = rows.find((r) => r.state !== 'requested') ?? rows.find((r) => r.id !== pending.id)!
    const refused = await run(overviewRoute.action, request('/app/loyalty', { cookie: admin.cookie, form: { declarationId: reviewed.id } }))
    expect(refused.status).toBe(409)
    expect((await run(overviewRoute.action, request('/app/loyalty', { cookie: admin.cookie, form: { declarationId: 'x' } }))).status).toBe(400)
    await mailsOnTheirWay()
  })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { todayInZurich } from '#models/core/dates.ts'
import { probabilityLevels, riskAppetiteApprovals, risks } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, riskFactory } from '../../../../tests/factories.ts'
import { levelOf } from '../../../../tests/factories/risks.ts'
import { system } from '../../../../tests/system-db.ts'
import { evaluationContext } from '../../inventory/risk/evaluation.server.ts'
import { Reports } from '../../report/reports.server.ts'
import { Acceptances } from './acceptance.server.ts'
import { needsReassessment } from './states.ts'

const today = todayInZurich()
const input = {
  decision: { subject: 'riskAcceptance' as const, decidedOn: today, reference: 'SR-1', title: 'Restrisiken akzeptiert', decidedBy: 'Stiftungsrat' },
  justification: 'Tragbar',
}

describe('an acceptance whose risk left the appetite', () => {
  let fund: Customer
  let admin: Member
  let risen: string
  let narrowed: string
  let untouched: string
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Neubeurteilung' } })
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    // 3 × 3 = 9 each, inside the default limit, accepted today.
    risen = (await riskFactory({ customer: fund, traits: ['assessed'] })).id
    narrowed = (await riskFactory({ customer: fund, traits: ['assessed'] })).id
    untouched = (await riskFactory({ customer: fund, traits: ['assessed'] })).id
    for (const id of [risen, narrowed, untouched]) await Acceptances.for(admin.access).accept(id, input)
  })

  it('judges by the limit in force and the accepted net score', () => {
    expect(needsReassessment(9, 9, 9)).toBe(false)
    expect(needsReassessment(12, 12, 16)).toBe(false)
    expect(needsReassessment(10, 9, 16)).toBe(true)
    expect(needsReassessment(9, 9, 6)).toBe(true)
    expect(needsReassessment(null, 9, 6)).toBe(false)
  })

  it('flags it on the list, on the acceptance page, in the evaluation step and in the report', async () => {
    const service = Acceptances.for(admin.access)
    expect((await service.list('all')).every((a) => !a.reassess)).toBe(true)
    // The net rating rises to 4 × 3 = 12 on one risk.
    const four = await levelOf(fund, probabilityLevels, 4)
    await system().update(risks).set({ probabilityLevelId: four.id }).where(eq(risks.id, risen))
    const flags = async () => Object.fromEntries((await service.list('all')).map((a) => [a.riskId, a.reassess]))
    expect(await flags()).toEqual({ [risen]: true, [narrowed]: false, [untouched]: false })
    expect((await service.ofRisk(risen)).reassess).toBe(true)
    expect((await service.ofRisk(untouched)).reassess).toBe(false)
    expect((await evaluationContext(admin.access, risen, 'de')).acceptance?.reassess).toBe(true)
    expect((await evaluationContext(admin.access, untouched, 'de')).acceptance?.reassess).toBe(false)
    // The year-end snapshot keeps the flag for the acceptance in force at its date.
    const { id } = await Reports.for(admin.access).freeze(today)
    const frozen = (await Reports.for(admin.access).get(id)).content.kri!.acceptances
    expect(frozen.filter((a) => a.reassess)).toHaveLength(1)
    expect(frozen.filter((a) => !a.reassess)).toHaveLength(2)
  })

  it('flags every acceptance above a narrower appetite the council approved later', async () => {
    await system()
      .insert(riskAppetiteApprovals)
      .values({ customerId: fund.id, approvedOn: today, decisionReference: 'SR-A', approvedBy: 'Stiftungsrat', scoreLimit: 6 })
    const list = await Acceptances.for(admin.access).list('all')
    expect(list.every((a) => a.reassess)).toBe(true)
    expect((await evaluationContext(admin.access, narrowed, 'de')).acceptance?.reassess).toBe(true)
  })
})

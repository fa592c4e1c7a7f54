import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { customerFactory, type Member, memberFactory, request, run } from '../../../tests/factories/index.ts'
import { dsgActivityRecord, dsgBreachRecord, dsgDpiaRecord, dsgRequestRecord } from '../../../tests/factories/dsg-records.ts'
import * as breachList from './breaches/index.tsx'
import * as dpiaList from './dpia/index.tsx'
import type { DsgHead } from './head-row.tsx'
import * as overview from './index.tsx'
import { HEAD_LINKS } from './links.ts'
import * as activityList from './processing/index.tsx'
import * as requestList from './requests/index.tsx'

const HOUR = 3_600_000

/**
 * Each figure of the head row opens a list filtered by its query string (links.ts). The lists are
 * built apart from the head row; this holds the two together: the list a figure opens holds as
 * many rows as the figure says, so a renamed filter or a rule read differently shows here.
 */
describe('the head row’s links', () => {
  let dsg: Member

  beforeAll(async () => {
    const alpha = (await customerFactory()).id
    dsg = await memberFactory({ customer: alpha, traits: ['dsg'] })
    const today = todayInZurich()
    await dsgActivityRecord(alpha, { state: 'active', lastReviewedOn: addDays(today, -400) })
    await dsgActivityRecord(alpha, { state: 'active', lastReviewedOn: addDays(today, -500) })
    await dsgActivityRecord(alpha, { state: 'active', lastReviewedOn: addDays(today, -10) })
    await dsgActivityRecord(alpha, { state: 'draft', lastReviewedOn: addDays(today, -800) })
    await dsgDpiaRecord(alpha, { state: 'screening' })
    await dsgDpiaRecord(alpha, { state: 'open' })
    await dsgDpiaRecord(alpha, { state: 'approved' })
    await dsgBreachRecord(alpha, { discoveredAt: new Date(Date.now() - 100 * HOUR), highRisk: true })
    await dsgBreachRecord(alpha, { discoveredAt: new Date(Date.now() - 5 * HOUR), highRisk: null })
    await dsgBreachRecord(alpha, { discoveredAt: new Date(Date.now() - 500 * HOUR), highRisk: true, state: 'closed' })
    await dsgRequestRecord(alpha, { dueOn: addDays(today, 2) })
    await dsgRequestRecord(alpha, { dueOn: addDays(today, 6) })
    await dsgRequestRecord(alpha, { dueOn: addDays(today, 20) })
    await dsgRequestRecord(alpha, { dueOn: addDays(today, -3) })
  })

  it('open lists with as many rows as the figures count', async () => {
    const page = (await run(overview.loader, request('/app/dsg', { cookie: dsg.cookie }))).body as { head: DsgHead }
    const { head } = page
    expect(head).toMatchObject({ activitiesDue: 2, dpiasOpen: 2, breaches: { open: 2 }, requests: { dueSoon: 2, overdue: 1 } })
    const total = async (loader: unknown, url: string) =>
      ((await run(loader as never, request(`${url}&size=100`, { cookie: dsg.cookie }))).body as { total: number }).total
    expect(await total(activityList.loader, HEAD_LINKS.activitiesDue)).toBe(head.activitiesDue)
    expect(await total(dpiaList.loader, HEAD_LINKS.dpiasOpen)).toBe(head.dpiasOpen)
    expect(await total(breachList.loader, HEAD_LINKS.breachesOpen)).toBe(head.breaches?.open)
    expect(await total(requestList.loader, HEAD_LINKS.requestsDueSoon)).toBe(head.requests?.dueSoon)
    expect(await total(requestList.loader, HEAD_LINKS.requestsOverdue)).toBe(head.requests?.overdue)
  })
})

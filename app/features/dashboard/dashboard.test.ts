import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { processes } from '#app/features/inventory/ics/processes.server.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import {
  customerFactory,
  type Member,
  type MemberTrait,
  measureFactory,
  memberFactory,
  processFactory,
  request,
  riskFactory,
  run,
} from '../../../tests/factories/index.ts'
import * as dashboard from './index.tsx'
import { dsgOverview } from '#app/features/dsg/dsg.server.ts'
import { dsgActivityRecord, dsgBreachRecord, dsgDpiaRecord, dsgRequestRecord } from '../../../tests/factories/dsg-records.ts'
import { processItem, riskItem } from '../../../tests/summary-items.ts'

type Page = {
  measures: { total: number; rows: { id: string; idkey: number; title: string; dueDate: string; overdue: boolean }[] }
  risks: { total: number; rows: { id: string; title: string; probability: number | null; severity: number | null }[] } | null
  processes: { total: number; rows: { id: string; title: string; state: string }[] } | null
  top: { measures: Record<string, { overdue: number; dueSoon: number }>; soon: string } | null
}

/**
 * The dashboard reads its lists in one statement of its own (dashboard.server.ts). These tests hold
 * it to the services whose lists "show all" opens: the same rows in the same order and the same
 * totals, for every kind of right, as the services' lists of the user's own records (`Measures.list`, the inventory kit's `list`).
 */
describe('the dashboard lists what the services list as "mine"', () => {
  let customer: Awaited<ReturnType<typeof customerFactory>>
  const today = todayInZurich()

  /** More than a page of everything, owned by `owner`: DSG and other records, every source, assessed and not. */
  async function recordsOf(owner: { id: string }) {
    for (let i = 0; i < 13; i++) {
      await riskFactory({ customer, owner, traits: i % 3 === 0 ? ['dsg'] : i % 3 === 1 ? ['critical'] : ['assessed'] })
      await processFactory({ customer, owner, traits: i % 4 === 0 ? ['dsg'] : [] })
    }
    const sources = [['fund'], ['risk'], ['ics']] as const
    for (let i = 0; i < 15; i++) {
      await measureFactory({
        customer,
        owner,
        traits: [...sources[i % 3], ...(i % 4 === 0 ? (['dsg'] as const) : []), ...(i % 5 === 0 ? (['overdue'] as const) : [])],
        // Equal due dates: the number decides.
        attributes: { dueDate: addDays(today, (i % 6) - 2) },
      })
    }
    await measureFactory({ customer, owner, traits: ['fund', 'confirmed'] })
    // Due, but beyond the reminders' window: not "due soon".
    for (const source of sources) await measureFactory({ customer, owner, traits: [...source], attributes: { dueDate: addDays(today, 400) } })
  }

  beforeAll(async () => {
    customer = await customerFactory()
    // Somebody else's records never show.
    const other = await memberFactory({ customer, traits: ['write'] })
    await recordsOf(other.user)
  })

  const cases: [string, MemberTrait[]][] = [
    ['writer', ['write']],
    ['reader', ['read']],
    ['data protection role', ['dsg']],
    ['risk reader, ICS data protection', ['risk-read', 'ics-dsg']],
    ['ICS only', ['ics-write']],
    ['risk data protection only', ['risk-dsg']],
  ]
  for (const [name, traits] of cases) {
    it(name, async () => {
      const member: Member = await memberFactory({ customer, traits })
      await recordsOf(member.user)
      const page = (await run(dashboard.loader, request('/app', { cookie: member.cookie }))).body as Page

      const measures = await Measures.for(member.access).list(
        { tab: 'all', view: 'pending', owner: { type: 'user', id: member.user.id }, sort: 'dueDate', dir: 'asc' },
        today,
        { limit: 10, offset: 0 },
      )
      expect(page.measures.total).toBe(measures.total)
      expect(page.measures.rows.map((m) => [m.id, m.overdue])).toEqual(measures.rows.map((m) => [m.id, m.dueDate < today]))
      expect(page.measures.rows.length).toBe(Math.min(10, measures.total))

      // The top row's figures count what the lists they open show (TOP_LINKS).
      if (page.top) {
        const list = Measures.for(member.access)
        const figures: Record<string, { overdue: number; dueSoon: number }> = {}
        for (const tab of Object.keys(page.top.measures) as ('fund' | 'risk' | 'iks' | 'dsg')[]) {
          const base = { tab, view: 'pending', sort: 'dueDate', dir: 'asc' } as const
          const overdue = await list.list({ ...base, status: 'overdue' }, today, { limit: 1, offset: 0 })
          const dueSoon = await list.list({ ...base, status: 'due', to: page.top.soon }, today, { limit: 1, offset: 0 })
          figures[tab] = { overdue: overdue.total, dueSoon: dueSoon.total }
        }
        expect(page.top.measures).toEqual(figures)
        expect(Object.values(figures).some((f) => f.overdue > 0 && f.dueSoon > 0)).toBe(true)
      }

      const tools = member.access.rights
      if (tools.risk.enabled) {
        const risks = await risks$.for(member.access).list({ ownerUserId: member.user.id, sort: 'score', dir: 'desc' }, { limit: 10, offset: 0 }, 'de')
        expect(page.risks?.total).toBe(risks.total)
        expect(page.risks?.rows).toEqual(risks.rows.map(riskItem))
      } else expect(page.risks).toBeNull()

      if (tools.iks.enabled) {
        const own = await processes.for(member.access).list({ ownerUserId: member.user.id, sort: 'idkey', dir: 'asc' }, { limit: 10, offset: 0 }, 'de')
        expect(page.processes?.total).toBe(own.total)
        expect(page.processes?.rows).toEqual(own.rows.map(processItem))
      } else expect(page.processes).toBeNull()
    })
  }
})

/**
 * The dashboard's data protection part is the overview's head row (dsg.server.ts), read in the
 * dashboard's own statement: for the dsg role and admins the same figures the overview shows, for
 * everyone else nothing.
 */
describe('the dashboard shows the data protection head row to the dsg role and admins', () => {
  it('with the figures of the overview, and to nobody else', async () => {
    const customer = await customerFactory()
    const today = todayInZurich()
    const found = new Date(Date.now() - 80.5 * 3_600_000)
    await dsgActivityRecord(customer, { lastReviewedOn: addDays(today, -400) })
    await dsgDpiaRecord(customer, { state: 'open' })
    await dsgBreachRecord(customer, { discoveredAt: found, highRisk: true })
    await dsgRequestRecord(customer, { dueOn: addDays(today, 2) })
    await dsgRequestRecord(customer, { dueOn: addDays(today, -2) })
    const other = await customerFactory()
    await dsgBreachRecord(other, { discoveredAt: found, highRisk: true })

    for (const traits of [['dsg'], ['admin'], ['risk-dsg'], ['risk-read', 'ics-dsg']] as MemberTrait[][]) {
      const member = await memberFactory({ customer, traits })
      const page = (await run(dashboard.loader, request('/app', { cookie: member.cookie }))).body as { dsg: unknown }
      const { head } = await dsgOverview(member.access)
      expect(page.dsg, traits.join()).toEqual(head)
      expect(head).toEqual({
        activitiesDue: 1,
        dpiasOpen: 1,
        breaches: { open: 1, overdue: 1, nextLeftHours: null, noticeHours: 72 },
        requests: { dueSoon: 1, overdue: 1 },
      })
    }
    for (const traits of [['read'], ['write'], ['ics-write']] as MemberTrait[][]) {
      const member = await memberFactory({ customer, traits })
      const page = (await run(dashboard.loader, request('/app', { cookie: member.cookie }))).body as { dsg: unknown }
      expect(page.dsg, traits.join()).toBeNull()
    }
  })
})

describe('the dashboard counts my control executions as the executions list filters them', () => {
  it('names what I carry out (due, overdue, returned) and what waits for my signature, not another fund’s or person’s', async () => {
    const { system } = await import('../../../tests/system-db.ts')
    const { controlExecutions } = await import('#models/schema/index.ts')
    const today = todayInZurich()
    const customer = await customerFactory()
    const other = await customerFactory()
    const performer = await memberFactory({ customer, traits: ['ics-write'] })
    const reviewer = await memberFactory({ customer, traits: ['ics-write'] })
    const stranger = await memberFactory({ customer, traits: ['ics-write'] })
    const process = await processFactory({ customer })
    const foreign = await processFactory({ customer: other })
    let n = 0
    const add = (c: { id: string }, processId: string, values: Partial<typeof controlExecutions.$inferInsert>) =>
      system()
        .insert(controlExecutions)
        .values({
          customerId: c.id,
          number: ++n,
          processId,
          period: `P${n}`,
          periodStart: addDays(today, -20),
          periodEnd: addDays(today, -10),
          dueDate: addDays(today, 20),
          performerUserId: performer.user.id,
          reviewerUserId: reviewer.user.id,
          ...values,
        })
    const recorded = { performedOn: addDays(today, -5), result: 'effective' as const, submittedAt: new Date() }
    await add(customer, process.id, {}) // due: its period ended, its due date is ahead
    await add(customer, process.id, {}) // due
    await add(customer, process.id, { periodStart: addDays(today, 10), periodEnd: addDays(today, 40), dueDate: addDays(today, 70) }) // planned, not yet due
    await add(customer, process.id, { periodEnd: addDays(today, -40), periodStart: addDays(today, -70), dueDate: addDays(today, -1) }) // overdue
    await add(customer, process.id, { state: 'returned' })
    await add(customer, process.id, { state: 'submitted', ...recorded })
    await add(customer, process.id, { state: 'submitted', ...recorded, performerUserId: stranger.user.id })
    await add(other, foreign.id, { performerUserId: performer.user.id, reviewerUserId: reviewer.user.id })
    const figures = async (m: Member) => ((await run(dashboard.loader, request('/app', { cookie: m.cookie }))).body as { executions: unknown }).executions
    expect(await figures(performer)).toEqual({ due: 2, overdue: 1, returned: 1, toReview: 0 })
    expect(await figures(reviewer)).toEqual({ due: 0, overdue: 0, returned: 0, toReview: 2 })
    expect(await figures(stranger)).toEqual({ due: 0, overdue: 0, returned: 0, toReview: 0 })
    // A member without the ICS tool gets no figures at all.
    const riskOnly = await memberFactory({ customer, traits: ['risk-write'] })
    expect(await figures(riskOnly)).toBeNull()
  })
})

describe('the dashboard shows readers of RM the KRIs outside the appetite and the coverage ratio', () => {
  it('counts the KRIs red and amber at their latest values by the thresholds in force, shows the coverage ratio and the overdue underfunding duties', async () => {
    const { system } = await import('../../../tests/system-db.ts')
    const { underfundingCases, underfundingDuties } = await import('#models/schema/index.ts')
    const { catalogEntry, kriFactory, kriValueRow } = await import('../../../tests/factories/kri-values.ts')
    const customer = await customerFactory()
    const other = await customerFactory()
    const higher = (from: string, amber: string, red: string) => [{ from, amber, red }]
    const coverage = await kriFactory({ customer, catalog: await catalogEntry('coverageRatio'), thresholds: higher('2020-01-01', '110', '100') })
    await kriValueRow(coverage, '2025-12-31', '95')
    await kriValueRow(coverage, '2026-03-31', '104.5')
    // Red at its latest value; an earlier green one is not counted.
    const red = await kriFactory({ customer, catalog: await catalogEntry(), thresholds: higher('2020-01-01', '50', '40') })
    await kriValueRow(red, '2025-12-31', '60')
    await kriValueRow(red, '2026-03-31', '30')
    // Judged by the bounds in force on its date: amber under the 2026 bounds, red under the old ones.
    const amber = await kriFactory({
      customer,
      catalog: await catalogEntry(),
      thresholds: [...higher('2020-01-01', '60', '55'), ...higher('2026-01-01', '60', '45')],
    })
    await kriValueRow(amber, '2026-03-31', '50')
    // Inactive, or without thresholds: not counted.
    const inactive = await kriFactory({ customer, catalog: await catalogEntry(), thresholds: higher('2020-01-01', '50', '40'), active: false })
    await kriValueRow(inactive, '2026-03-31', '1')
    await kriValueRow(await kriFactory({ customer, catalog: await catalogEntry() }), '2026-03-31', '1')
    // Another fund's red KRI is not counted.
    const foreign = await kriFactory({ customer: other, catalog: await catalogEntry(), thresholds: higher('2020-01-01', '50', '40') })
    await kriValueRow(foreign, '2026-03-31', '1')
    const [kase] = await system().insert(underfundingCases).values({ customerId: customer.id, periodEnd: '2025-12-31', coverageRatio: '95' }).returning()
    await system()
      .insert(underfundingDuties)
      .values([
        { customerId: customer.id, caseId: kase.id, duty: 'informSupervisor', dueOn: '2026-03-31' },
        { customerId: customer.id, caseId: kase.id, duty: 'informEmployer', dueOn: '2026-03-31', doneOn: '2026-02-01', evidence: 'Brief' },
        { customerId: customer.id, caseId: kase.id, duty: 'reportEffect', dueOn: addDays(todayInZurich(), 30) },
      ])
    const figures = async (m: Member) => ((await run(dashboard.loader, request('/app', { cookie: m.cookie }))).body as { kri: unknown }).kri
    const reader = await memberFactory({ customer, traits: ['risk-read'] })
    expect(await figures(reader)).toEqual({
      coverage: { value: '104.5', unit: 'percent', periodEnd: '2026-03-31', status: 'amber' },
      red: 1,
      amber: 2,
      overdueDuties: 1,
    })
    // Without read on RM: no KRI figures.
    expect(await figures(await memberFactory({ customer, traits: ['ics-write'] }))).toBeNull()
  })
})

describe('the dashboard shows readers of providers and findings what needs attention (issue 28)', () => {
  it('counts providers with overdue or deficient assurance, notice days within the lead days, findings escalated and open; only for their readers', async () => {
    const { system } = await import('../../../tests/system-db.ts')
    const { controlExecutions } = await import('#models/schema/index.ts')
    const { providerFactory, findingFactory } = await import('../../../tests/factories/governance.ts')
    const { GOVERNANCE_LINKS } = await import('./links.ts')
    const today = todayInZurich()
    const year = today.slice(0, 4)
    const customer = await customerFactory()
    const other = await customerFactory()
    const process = await processFactory({ customer })
    // Due in January of this year and never signed: overdue (unless today is 31 January or before, then due).
    const required = { assuranceRequired: true, assuranceDueMonth: 1 }
    await providerFactory({ customer, attributes: required })
    // Signed with a deficient result: deficient; signed effective: current; ended: not counted.
    const bad = await providerFactory({ customer, attributes: required })
    const good = await providerFactory({ customer, attributes: required })
    await providerFactory({ customer, attributes: { ...required, endedOn: addDays(today, -1) } })
    let n = 1000
    for (const [p, result] of [
      [bad, 'deficient'],
      [good, 'effective'],
    ] as const)
      await system()
        .insert(controlExecutions)
        .values({
          customerId: customer.id,
          number: ++n,
          processId: process.id,
          providerId: p.id,
          periodStart: `${year}-01-01`,
          periodEnd: `${year}-01-31`,
          dueDate: `${year}-01-31`,
          state: 'approved',
          performedOn: `${year}-01-15`,
          result,
          submittedAt: new Date(),
          reviewedAt: new Date(),
        })
    // Last notice day (end less three months) within the lead days; another beyond them; one past.
    await providerFactory({ customer, attributes: { contractEnd: addDays(addDays(today, 30), 92), noticeMonths: 3 } })
    await providerFactory({ customer, attributes: { contractEnd: addDays(today, 200), noticeMonths: 1 } })
    await providerFactory({ customer, attributes: { contractEnd: addDays(today, 10) } })
    await providerFactory({ customer: other, attributes: { ...required, contractEnd: addDays(today, 5) } })
    // Findings: one past its deadline (escalated), one in progress ahead of it, one done, one of another fund.
    await findingFactory({ customer, attributes: { issuedOn: addDays(today, -60), deadline: addDays(today, -1) } })
    await findingFactory({ customer, attributes: { state: 'inProgress', issuedOn: addDays(today, -60), deadline: addDays(today, 30) } })
    await findingFactory({ customer, attributes: { state: 'done', issuedOn: addDays(today, -60), doneOn: today, deadline: addDays(today, -2) } })
    await findingFactory({ customer: other, attributes: { issuedOn: addDays(today, -60), deadline: addDays(today, -1) } })
    type Body = { providers: unknown; findings: unknown }
    const figures = async (m: Member) => (await run(dashboard.loader, request('/app', { cookie: m.cookie }))).body as Body
    const overdue = today > `${year}-01-31` ? 1 : 0
    // The notice day 30 days ahead and the end 10 days ahead count; the one 200 days ahead (notice day 170 ahead) does not.
    const expected = { providers: { assuranceOverdue: overdue, assuranceDeficient: 1, notice: 2 }, findings: { open: 2, escalated: 1 } }
    for (const traits of [['read'], ['ics-read'], ['admin']] as MemberTrait[][]) {
      const m = await memberFactory({ customer, traits })
      expect(await figures(m), traits.join()).toMatchObject(expected)
    }
    const auditor = await memberFactory({ customer, traits: ['read'], attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } } })
    expect(await figures(auditor)).toMatchObject(expected)
    // Without a tool: no figures at all.
    const noTools = await memberFactory({ customer, traits: ['norights'] })
    expect(await figures(noTools)).toMatchObject({ providers: null, findings: null })
    expect(GOVERNANCE_LINKS.findingsEscalated).toBe('/app/findings?state=escalated')
    expect(GOVERNANCE_LINKS.assuranceOverdue).toBe('/app/providers?assurance=overdue')
  })
})

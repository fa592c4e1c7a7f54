import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { customerFactory, memberFactory, request, run } from '../../../tests/factories/index.ts'
import { dsgActivityRecord, dsgBreachRecord, dsgDpiaRecord, dsgRequestRecord, dsgSettingsRecord } from '../../../tests/factories/dsg-records.ts'
import { dsgOverview } from './dsg.server.ts'
import type { DsgHead } from './head-row.tsx'
import * as dsgRoute from './index.tsx'
import * as layout from './layout.tsx'
import { clockOf } from './breaches/clock.ts'
import { isBreachOverdue, isDpiaOpen, isRequestDueSoon, isRequestOverdue, isReviewDue } from './rules.ts'

const NOW = new Date('2026-06-15T10:00:00Z') // 12:00 in Zurich
const TODAY = todayInZurich(NOW)
const HOUR = 3_600_000

type Records = Awaited<ReturnType<typeof recordsOf>>

/** One fund's records on both sides of every line the head row draws. */
async function recordsOf(customer: string) {
  const activities = [
    await dsgActivityRecord(customer, { lastReviewedOn: '2025-06-15' }), // due today
    await dsgActivityRecord(customer, { lastReviewedOn: '2025-06-16' }), // due tomorrow
    await dsgActivityRecord(customer, { lastReviewedOn: null, createdAt: new Date('2025-01-01T10:00:00Z') }),
    await dsgActivityRecord(customer, { lastReviewedOn: '2024-01-01', state: 'draft' }),
    await dsgActivityRecord(customer, { lastReviewedOn: '2024-01-01', state: 'retired' }),
  ]
  const dpias = [
    await dsgDpiaRecord(customer, { state: 'screening' }),
    await dsgDpiaRecord(customer, { state: 'open' }),
    await dsgDpiaRecord(customer, { state: 'approved' }),
    await dsgDpiaRecord(customer, { state: 'notRequired' }),
  ]
  const breaches = [
    // Found 100 hours ago, high risk, not notified: overdue under 24 and 72 hours.
    await dsgBreachRecord(customer, { discoveredAt: new Date(NOW.getTime() - 100 * HOUR), highRisk: true }),
    // 48 hours: overdue under 24, not under 72.
    await dsgBreachRecord(customer, { discoveredAt: new Date(NOW.getTime() - 48 * HOUR), highRisk: true }),
    // Notified in time.
    await dsgBreachRecord(customer, {
      discoveredAt: new Date(NOW.getTime() - 90 * HOUR),
      highRisk: true,
      fdpicNotifiedAt: new Date(NOW.getTime() - 80 * HOUR),
    }),
    // No high risk.
    await dsgBreachRecord(customer, { discoveredAt: new Date(NOW.getTime() - 200 * HOUR), highRisk: false }),
    // Not yet assessed, found an hour ago.
    await dsgBreachRecord(customer, { discoveredAt: new Date(NOW.getTime() - HOUR), highRisk: null }),
    // Closed long ago.
    await dsgBreachRecord(customer, { discoveredAt: new Date('2025-01-01T10:00:00Z'), highRisk: true, state: 'closed' }),
  ]
  const requests = [
    await dsgRequestRecord(customer, { dueOn: TODAY }), // due soon (today)
    await dsgRequestRecord(customer, { dueOn: addDays(TODAY, 7) }), // due soon (the 7th day)
    await dsgRequestRecord(customer, { dueOn: addDays(TODAY, 8) }), // later
    await dsgRequestRecord(customer, { dueOn: addDays(TODAY, -1) }), // overdue
    await dsgRequestRecord(customer, { dueOn: addDays(TODAY, -10), extendedTo: addDays(TODAY, 3) }), // extended: due soon
    await dsgRequestRecord(customer, { dueOn: addDays(TODAY, -20), extendedTo: addDays(TODAY, -2) }), // extended, still overdue
    await dsgRequestRecord(customer, { dueOn: addDays(TODAY, -5), state: 'answered', answeredOn: addDays(TODAY, -6) }),
    await dsgRequestRecord(customer, { dueOn: addDays(TODAY, 2), state: 'withdrawn' }),
  ]
  return { activities, dpias, breaches, requests }
}

/** The head row as the rules of rules.ts count it. */
function expectedHead(r: Records, hours: number, sensitive: boolean): DsgHead {
  const open = r.breaches.filter((b) => b.state === 'open')
  // The nearest target still ahead among open breaches whose notice may be owed, as the breach list's clock judges it.
  const ahead = open.filter((b) => ['left', 'soon'].includes(clockOf(b, hours, NOW).status)).map((b) => b.discoveredAt.getTime())
  const next = ahead.length ? Math.min(...ahead) : null
  return {
    activitiesDue: r.activities.filter((a) => isReviewDue(a, TODAY)).length,
    dpiasOpen: r.dpias.filter(isDpiaOpen).length,
    breaches: sensitive
      ? {
          open: open.length,
          overdue: open.filter((b) => isBreachOverdue(b, hours, NOW)).length,
          nextLeftHours: next === null ? null : Math.floor((next + hours * HOUR - NOW.getTime()) / HOUR),
          noticeHours: hours,
        }
      : null,
    requests: sensitive
      ? { dueSoon: r.requests.filter((q) => isRequestDueSoon(q, TODAY)).length, overdue: r.requests.filter((q) => isRequestOverdue(q, TODAY)).length }
      : null,
  }
}

/** The layout's guard and loader, as React Router runs them for /app/dsg. */
function layoutData(cookie: string) {
  const req = request('/app/dsg', { cookie })
  return run(
    (async () => {
      const context = new RouterContextProvider()
      for (const m of layout.middleware) await (m as (...a: unknown[]) => unknown)({ request: req, params: {}, context }, async () => undefined)
      return layout.loader({ request: req, params: {}, context } as never)
    }) as never,
    req,
  )
}

describe('the head row of the data protection overview', () => {
  let alpha: string
  let beta: string
  let records: Records
  let betaRecords: Records

  beforeAll(async () => {
    alpha = (await customerFactory()).id
    beta = (await customerFactory()).id
    records = await recordsOf(alpha)
    betaRecords = await recordsOf(beta)
    // More of the second fund's, so that a count that leaked would show.
    await dsgActivityRecord(beta, { lastReviewedOn: '2020-01-01' })
    await dsgBreachRecord(beta, { discoveredAt: new Date('2026-01-01T00:00:00Z'), highRisk: true })
    await dsgRequestRecord(beta, { dueOn: addDays(TODAY, -30) })
    // Alpha reports within 24 hours; beta keeps the default of 72.
    await dsgSettingsRecord(alpha, 24)
  })

  it('counts what the rules count, with the fund’s own notice hours, for the dsg role and admins', async () => {
    const want = expectedHead(records, 24, true)
    expect(want).toEqual({
      activitiesDue: 2,
      dpiasOpen: 2,
      breaches: { open: 5, overdue: 2, nextLeftHours: 23, noticeHours: 24 },
      requests: { dueSoon: 3, overdue: 2 },
    })
    for (const traits of [['dsg'], ['admin'], ['risk-dsg'], ['risk-read', 'ics-dsg']] as const) {
      const member = await memberFactory({ customer: alpha, traits: [...traits] })
      expect((await dsgOverview(member.access, NOW)).head, traits.join()).toEqual(want)
    }
  })

  it('takes 72 hours where the fund set none, and never counts another fund’s records', async () => {
    const member = await memberFactory({ customer: beta, traits: ['dsg'] })
    const head = (await dsgOverview(member.access, NOW)).head
    const want = expectedHead(betaRecords, 72, true)
    expect(head).toEqual({
      activitiesDue: want.activitiesDue + 1,
      dpiasOpen: want.dpiasOpen,
      breaches: { open: want.breaches!.open + 1, overdue: want.breaches!.overdue + 1, nextLeftHours: 24, noticeHours: 72 },
      requests: { dueSoon: want.requests!.dueSoon, overdue: want.requests!.overdue + 1 },
    })
    expect(want.breaches?.overdue).toBe(1)
  })

  it('shows readers activities and assessments, but no breach or request figures', async () => {
    for (const traits of [['read'], ['write'], ['risk-read'], ['ics-write']] as const) {
      const member = await memberFactory({ customer: alpha, traits: [...traits] })
      const head = (await dsgOverview(member.access, NOW)).head
      expect(head, traits.join()).toEqual({ ...expectedHead(records, 24, false), breaches: null, requests: null })
    }
  })

  it('is on the page for the dsg role and readers, and refuses members without a tool', async () => {
    const dsg = await memberFactory({ customer: alpha, traits: ['dsg'] })
    const page = (await run(dsgRoute.loader, request('/app/dsg', { cookie: dsg.cookie }))).body as { head: DsgHead }
    expect(page.head.breaches?.open).toBe(5)
    expect(page.head.requests).not.toBeNull()
    const reader = await memberFactory({ customer: alpha, traits: ['read'] })
    const readerPage = (await run(dsgRoute.loader, request('/app/dsg', { cookie: reader.cookie }))).body as { head: DsgHead }
    expect(readerPage.head).toMatchObject({ breaches: null, requests: null })
    expect(JSON.stringify(readerPage)).not.toContain('dsg_breach')

    const norights = await memberFactory({ customer: alpha, traits: [] })
    expect((await run(dsgRoute.loader, request('/app/dsg', { cookie: norights.cookie }))).status).toBe(403)
    expect((await layoutData(norights.cookie)).status).toBe(403)
  })

  it('gives the tabs whether breaches and requests show, from the rights alone', async () => {
    const dsg = await memberFactory({ customer: alpha, traits: ['dsg'] })
    expect((await layoutData(dsg.cookie)).body).toEqual({ sensitive: true })
    const admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    expect((await layoutData(admin.cookie)).body).toEqual({ sensitive: true })
    const reader = await memberFactory({ customer: alpha, traits: ['read'] })
    expect((await layoutData(reader.cookie)).body).toEqual({ sensitive: false })
    const writer = await memberFactory({ customer: alpha, traits: ['write'] })
    expect((await layoutData(writer.cookie)).body).toEqual({ sensitive: false })
  })
})

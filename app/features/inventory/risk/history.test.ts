import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { qualityIndex, saveQualityIndex } from '#app/features/inventory/ics/quality.server.ts'
import * as reportIndex from '#app/features/report/index.tsx'
import { Reports } from '#app/features/report/reports.server.ts'
import { qualityTrend } from '#app/features/report/trend.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { db, PreparingClient } from '#models/core/db.server.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { auditEntries, icsQuality, probabilityLevels, risks, severityLevels } from '#models/schema/index.ts'
import { asOwner } from '../../../../tests/owner-db.ts'
import { system } from '../../../../tests/system-db.ts'
import { createCustomer, levelOf, type Member, memberFactory, request, riskFactory, run } from '../../../../tests/factories.ts'
import * as detailRoute from './detail.tsx'
import { RiskHistory } from './history.server.ts'
import * as listRoute from './index.tsx'
import { risks$ } from './risks.server.ts'

const today = todayInZurich()

describe('risk history and the inventory since a snapshot', () => {
  let alpha: string
  let beta: string
  let admin: Member
  let reader: Member
  let dsgOnly: Member
  let betaAdmin: Member
  beforeAll(async () => {
    await seedIcsCatalog(db())
    alpha = (await createCustomer({ name: 'Alpha', language: 'de' })).id
    beta = (await createCustomer({ name: 'Beta', language: 'fr' })).id
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    reader = await memberFactory({ customer: alpha, traits: ['risk-read'] })
    dsgOnly = await memberFactory({ customer: alpha, traits: ['risk-dsg'] })
    betaAdmin = await memberFactory({ customer: beta, traits: ['admin'] })
  })

  it('merges the snapshots’ points and the changes’ points in order, replaying the changes back from today', async () => {
    // Recorded a month ago: a snapshot counts what existed at its reporting date.
    const month = new Date(Date.now() - 30 * 86_400_000)
    const risk = await riskFactory({ customer: alpha, traits: ['assessed'], attributes: { createdAt: month, updatedAt: month } })
    // A change 20 days ago that the app would have written: probability 1 → 3.
    await asSystem('test: an older change', (tx) =>
      tx.insert(auditEntries).values({
        customerId: alpha,
        component: 'risk',
        action: 'Updated',
        entityId: risk.id,
        createdAt: new Date(Date.now() - 20 * 86_400_000),
        changedFields: { probabilityLevelId: { from: null, to: risk.probabilityLevelId }, block: { from: null, to: 'evaluation' } },
      }),
    )
    // A change of the description only is no point.
    await asSystem('test: a text change', (tx) =>
      tx.insert(auditEntries).values({
        customerId: alpha,
        component: 'risk',
        action: 'Updated',
        entityId: risk.id,
        createdAt: new Date(Date.now() - 15 * 86_400_000),
        changedFields: { description: { from: 'a', to: 'b' } },
      }),
    )
    await Reports.for(admin.access).freeze(addDays(today, -10))
    const inv = risks$.for(admin.access)
    const p5 = (await levelOf(alpha, probabilityLevels, 5)).id
    const s5 = (await levelOf(alpha, severityLevels, 5)).id
    const saved = await inv.saveBlock(risk.id, 'evaluation', { probabilityLevelId: p5, severityLevelId: s5 }, risk.version)
    await inv.saveBlock(risk.id, 'intro', { title: risk.title, ownerUserId: null, state: 'bewertung', tags: [] }, saved.version)

    const points = await RiskHistory.for(reader.access).of(risk.id)
    expect(points.map((p) => [p.source, p.date, p.probability, p.severity, p.score, p.state])).toEqual([
      ['change', addDays(today, -20), 3, 3, 9, 'analyse'],
      // Frozen today for a reporting date ten days ago: placed at its reporting date, not when it was frozen.
      ['snapshot', addDays(today, -10), 3, 3, 9, 'analyse'],
      ['change', today, 5, 5, 25, 'analyse'],
      ['change', today, 5, 5, 25, 'bewertung'],
    ])
    expect(points.every((p, i) => i === 0 || points[i - 1].at <= p.at)).toBe(true)
    const snapshot = points.find((p) => p.source === 'snapshot')
    expect(snapshot?.reportingDate).toBe(addDays(today, -10))
    // The last moment of the reporting date in Zurich.
    const zurichDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(iso))
    expect(zurichDay(snapshot!.at)).toBe(addDays(today, -10))
    expect(zurichDay(new Date(Date.parse(snapshot!.at) + 1).toISOString())).toBe(addDays(today, -9))
  })

  it('keeps to its fund and to the readers of the risk tool', async () => {
    const risk = await riskFactory({ customer: alpha, traits: ['critical'] })
    await expect(RiskHistory.for(betaAdmin.access).of(risk.id)).rejects.toMatchObject({ code: 'not-found' })
    await expect(RiskHistory.for(reader.access).of('not-a-uuid')).rejects.toMatchObject({ code: 'not-found' })
    await expect(RiskHistory.for(dsgOnly.access).of(risk.id)).rejects.toMatchObject({ code: 'forbidden' })
    // Beta's own risk has none of Alpha's snapshots or changes.
    const theirs = await riskFactory({ customer: beta, traits: ['critical'] })
    expect(await RiskHistory.for(betaAdmin.access).of(theirs.id)).toEqual([])
    // The detail page of another fund's risk stays 404, on the evaluation step too.
    const res = await run(detailRoute.loader, request(`/app/risk/${risk.id}?step=evaluation`, { cookie: betaAdmin.cookie }), { id: risk.id })
    expect(res.status).toBe(404)
  })

  it('shows the history on the evaluation step of the detail page', async () => {
    const risk = await riskFactory({ customer: alpha, traits: ['assessed'] })
    const counting = vi.spyOn(PreparingClient.prototype, 'query')
    const res = await run(detailRoute.loader, request(`/app/risk/${risk.id}?step=evaluation`, { cookie: reader.cookie }), { id: risk.id })
    console.info(`risk detail, evaluation step: ${counting.mock.calls.length} statements (the history is one of them)`)
    counting.mockRestore()
    const { extra } = res.body as { extra: { history: { source: string; score: number }[]; today: string } }
    // Frozen in the first test: the risk did not exist then; no change either.
    expect(extra.history).toEqual([])
    expect(extra.today).toBe(today)
  })

  describe('the inventory since a snapshot', () => {
    type Since = {
      snapshots: { id: string; reportingDate: string }[]
      since: string
      compare: { reportingDate: string; changes: Record<string, { change: string }>; removed: { id: string; change: string }[] } | null
    } | null
    let counting: ReturnType<typeof vi.spyOn> | undefined
    afterEach(() => counting?.mockRestore())

    it('marks each row new, up, down or unchanged and lists the removed ones; one statement for the snapshots, one for the chosen', async () => {
      const gamma = (await createCustomer({ name: 'Gamma', language: 'de' })).id
      const gAdmin = await memberFactory({ customer: gamma, traits: ['admin'] })
      const gReader = await memberFactory({ customer: gamma, traits: ['risk-read'] })
      const old = { createdAt: new Date(Date.now() - 5 * 86_400_000), updatedAt: new Date(Date.now() - 5 * 86_400_000) }
      const up = await riskFactory({ customer: gamma, traits: ['assessed'], attributes: old })
      const down = await riskFactory({ customer: gamma, traits: ['critical'], attributes: old })
      const same = await riskFactory({ customer: gamma, traits: ['assessed'], attributes: old })
      const gone = await riskFactory({ customer: gamma, traits: ['critical'], attributes: old })
      const snap = await Reports.for(gAdmin.access).freeze(addDays(today, -1))
      await system()
        .update(risks)
        .set({ probabilityLevelId: (await levelOf(gamma, probabilityLevels, 5)).id })
        .where(eq(risks.id, up.id))
      await system()
        .update(risks)
        .set({ probabilityLevelId: (await levelOf(gamma, probabilityLevels, 1)).id })
        .where(eq(risks.id, down.id))
      // The app never deletes a risk (docs/decisions/0049): the tables' owner makes it go.
      await asOwner((c) => c.query('delete from measures where risk_id = $1', [gone.id]).then(() => c.query('delete from risks where id = $1', [gone.id])))
      const fresh = await riskFactory({ customer: gamma })

      counting = vi.spyOn(PreparingClient.prototype, 'query')
      const plain = await run(listRoute.loader, request('/app/risk', { cookie: gReader.cookie }))
      const plainQueries = counting.mock.calls.length
      counting.mockClear()
      const res = await run(listRoute.loader, request(`/app/risk?since=${snap.id}`, { cookie: gReader.cookie }))
      const sinceQueries = counting.mock.calls.length
      counting.mockRestore()
      expect(sinceQueries - plainQueries).toBe(1)

      expect((plain.body as { since: Since }).since).toEqual({ snapshots: [{ id: snap.id, reportingDate: addDays(today, -1) }], since: '', compare: null })
      const { since } = res.body as { since: Since }
      expect(since?.since).toBe(snap.id)
      expect(since?.compare?.reportingDate).toBe(addDays(today, -1))
      expect(Object.fromEntries(Object.entries(since?.compare?.changes ?? {}).map(([id, c]) => [id, c.change]))).toEqual({
        [up.id]: 'up',
        [down.id]: 'down',
        [same.id]: 'unchanged',
        [fresh.id]: 'new',
      })
      expect(since?.compare?.removed.map((r) => [r.id, r.change])).toEqual([[gone.id, 'removed']])

      // Another fund's snapshot id is no comparison; the data protection view gets no select.
      const [alphaSnap] = await Reports.for(admin.access).list()
      const foreign = await run(listRoute.loader, request(`/app/risk?since=${alphaSnap.id}`, { cookie: gReader.cookie }))
      expect((foreign.body as { since: Since })?.since?.compare).toBeNull()
      const gDsg = await memberFactory({ customer: gamma, traits: ['risk-dsg'] })
      const dsgView = await run(listRoute.loader, request(`/app/risk?since=${snap.id}`, { cookie: gDsg.cookie }))
      expect((dsgView.body as { since: Since }).since).toBeNull()
      console.info(`risk inventory: ${plainQueries} statements, with since ${sinceQueries}`)
    })
  })

  it('gives the quality index per main process over the snapshots', async () => {
    const delta = (await createCustomer({ name: 'Delta', language: 'fr' })).id
    const dAdmin = await memberFactory({ customer: delta, traits: ['admin'] })
    const { themes } = await qualityIndex(dAdmin.access, 'de')
    const [first, second] = themes
    // The index as it stood a month and a half ago (written straight: the trail cannot be backdated),
    // then changed today through the service: the snapshot of 30 days ago holds the first, today's the second.
    const then = new Date(Date.now() - 45 * 86_400_000)
    await system()
      .insert(icsQuality)
      .values([
        { customerId: delta, mainThemeId: first.id, level: 2, createdAt: then, updatedAt: then },
        { customerId: delta, mainThemeId: second.id, level: 4, createdAt: then, updatedAt: then },
      ])
    await Reports.for(dAdmin.access).freeze(addDays(today, -30))
    await saveQualityIndex(
      dAdmin.access,
      [
        { mainThemeId: first.id, level: 3 },
        { mainThemeId: second.id, level: null },
      ],
      2,
      { subject: 'icsMinimum', decidedOn: today, reference: 'SR-Protokoll 1', title: 'IKS-Mindestniveau 2' },
    )
    await Reports.for(dAdmin.access).freeze(today)
    const trend = await qualityTrend(dAdmin.access)
    expect(trend.dates).toEqual([addDays(today, -30), today])
    expect(trend.minimums).toEqual([3, 2])
    expect(trend.processes.find((p) => p.leadingNumber === first.leadingNumber)?.levels).toEqual([2, 3])
    expect(trend.processes.find((p) => p.leadingNumber === second.leadingNumber)?.levels).toEqual([4, null])
    expect(trend.processes).toHaveLength(themes.length)
    // The report overview carries it; another fund sees none of it.
    const res = await run(reportIndex.loader, request('/app/report', { cookie: dAdmin.cookie }))
    expect((res.body as { trend: typeof trend }).trend).toEqual(trend)
    expect((await qualityTrend(betaAdmin.access)).dates).toEqual([])
    const norights = await memberFactory({ customer: delta, traits: ['norights'] })
    await expect(qualityTrend(norights.access)).rejects.toMatchObject({ code: 'forbidden' })
  })
})

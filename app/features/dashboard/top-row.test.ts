import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { Measures, REMINDER_WINDOW_DAYS } from '#app/features/measures/measures.server.ts'
import { mapCounts } from '#app/features/inventory/risk/risks.server.ts'
import { getLevels } from '#app/features/inventory/risk/levels.server.ts'
import { qualityIndex, saveQualityIndex } from '#app/features/inventory/ics/quality.server.ts'
import { customerFactory, type Member, type MemberTrait, measureFactory, memberFactory, request, riskFactory, run } from '../../../tests/factories/index.ts'
import * as measureList from '#app/features/measures/index.tsx'
import * as riskList from '#app/features/inventory/risk/index.tsx'
import type { TopRowData } from './top-row.tsx'
import { TOP_LINKS } from './links.ts'
import * as dashboard from './index.tsx'

type Page = { top: TopRowData | null }

const today = todayInZurich()
const soon = addDays(today, REMINDER_WINDOW_DAYS)

/** Measures of every source, DSG or not, overdue, due soon, due later, confirmed; risks in several cells; a quality index. */
async function fill(customer: Awaited<ReturnType<typeof customerFactory>>, owner: { id: string }, quality: number) {
  const sources = [['fund'], ['risk'], ['ics']] as const
  const offsets = [-30, -1, 0, 1, REMINDER_WINDOW_DAYS, REMINDER_WINDOW_DAYS + 1, 60]
  for (let i = 0; i < 21; i++) {
    await measureFactory({
      customer,
      owner,
      traits: [...sources[i % 3], ...(i % 4 === 0 ? (['dsg'] as const) : [])],
      attributes: { dueDate: addDays(today, offsets[i % offsets.length]) },
    })
  }
  await measureFactory({ customer, owner, traits: ['fund', 'confirmed'], attributes: { dueDate: addDays(today, -5) } })
  for (let i = 0; i < 7; i++) await riskFactory({ customer, owner, traits: i % 3 === 0 ? ['critical'] : i % 3 === 1 ? ['assessed', 'dsg'] : ['assessed'] })
  await riskFactory({ customer, owner })
  const admin = await memberFactory({ customer, traits: ['admin'] })
  const { themes } = await qualityIndex(admin.access, 'de')
  await saveQualityIndex(
    admin.access,
    themes.map((m, i) => ({ mainThemeId: m.id, level: i === 0 ? null : ((i + quality) % 5) + 1 })),
    quality,
    { subject: 'icsMinimum', decidedOn: today, reference: `SR ${quality}`, title: 'IKS-Mindestniveau' },
  )
}

/**
 * The top row's figures are read in the dashboard's one statement; these hold them to the services
 * of the lists they open: the measures list's overdue and due-soon filters per tab, the risk map's
 * counts and levels, the quality index. Another fund's records never count.
 */
describe('the dashboard’s top row', () => {
  let customer: Awaited<ReturnType<typeof customerFactory>>

  beforeAll(async () => {
    customer = await customerFactory()
    const owner = await memberFactory({ customer, traits: ['write'] })
    await fill(customer, owner.user, 3)
    // A second fund with more of everything and another minimum: none of it shows.
    const other = await customerFactory()
    const stranger = await memberFactory({ customer: other, traits: ['write'] })
    await fill(other, stranger.user, 2)
    await fill(other, stranger.user, 2)
  })

  const cases: [string, MemberTrait[], { tabs: string[]; risk: boolean; quality: boolean } | null][] = [
    ['admin', ['admin'], { tabs: ['fund', 'risk', 'iks', 'dsg'], risk: true, quality: true }],
    ['writer', ['write'], { tabs: ['fund', 'risk', 'iks', 'dsg'], risk: true, quality: true }],
    ['reader', ['read'], { tabs: ['fund', 'risk', 'iks', 'dsg'], risk: true, quality: true }],
    ['risk reader, ICS data protection', ['risk-read', 'ics-dsg'], { tabs: ['fund', 'risk', 'iks', 'dsg'], risk: true, quality: false }],
    ['ICS only', ['ics-write'], { tabs: ['fund', 'iks', 'dsg'], risk: false, quality: true }],
    ['data protection role', ['dsg'], null],
    ['risk data protection only', ['risk-dsg'], null],
    ['no tool', ['norights'], null],
  ]
  for (const [name, traits, expected] of cases) {
    it(name, async () => {
      const member: Member = await memberFactory({ customer, traits })
      const res = await run(dashboard.loader, request('/app', { cookie: member.cookie }))
      const { top } = res.body as Page
      if (!expected) {
        expect(top).toBeNull()
        return
      }
      if (!top) throw new Error('no top row')
      expect(Object.keys(top.measures)).toEqual(expected.tabs)
      expect(top.soon).toBe(soon)
      const service = Measures.for(member.access)
      for (const tab of expected.tabs as ('fund' | 'risk' | 'iks' | 'dsg')[]) {
        const total = async (status: 'overdue' | 'due', to?: string) =>
          (await service.list({ tab, view: 'pending', status, to, sort: 'dueDate', dir: 'asc' }, today, { limit: 1, offset: 0 })).total
        expect(top.measures[tab], tab).toEqual({ overdue: await total('overdue'), dueSoon: await total('due', soon) })
      }
      // The data are such that the fund tab (every reader's) has both.
      expect(top.measures.fund?.overdue).toBeGreaterThan(0)
      expect(top.measures.fund?.dueSoon).toBeGreaterThan(0)

      if (expected.risk) {
        const sort = <T extends { probability: number; severity: number }>(l: T[]) =>
          [...l].sort((a, b) => a.probability - b.probability || a.severity - b.severity)
        expect(sort(top.riskCells?.counts ?? [])).toEqual(sort(await mapCounts(member.access)))
        expect(top.riskCells?.counts.reduce((n, c) => n + c.count, 0)).toBe(7)
        const levels = await getLevels(member.access)
        expect(top.riskCells?.probability).toEqual(levels.probability.map((l) => ({ ref: l.ref, label: l.name })))
        expect(top.riskCells?.severity).toEqual(levels.severity.map((l) => ({ ref: l.ref, label: l.size })))
      } else expect(top.riskCells).toBeNull()

      if (expected.quality) {
        const index = await qualityIndex(member.access, 'de')
        expect(top.quality?.councilMinimum).toBe(3)
        expect(top.quality?.councilMinimum).toBe(index.councilMinimum)
        expect(top.quality?.themes).toEqual(index.themes.map(({ id, leadingNumber, name, level }) => ({ id, leadingNumber, name, level })))
      } else expect(top.quality).toBeNull()
    })
  }

  it('each figure opens a list with as many rows', async () => {
    const admin = await memberFactory({ customer, traits: ['admin'] })
    const { top } = (await run(dashboard.loader, request('/app', { cookie: admin.cookie }))).body as Page
    if (!top) throw new Error('no top row')
    const total = async (loader: unknown, url: string) =>
      ((await run(loader as never, request(`${url}&size=100`, { cookie: admin.cookie }))).body as { total: number }).total
    for (const tab of ['fund', 'risk', 'iks', 'dsg'] as const) {
      expect(await total(measureList.loader, TOP_LINKS.measuresOverdue(tab)), tab).toBe(top.measures[tab]?.overdue)
      expect(await total(measureList.loader, TOP_LINKS.measuresDueSoon(tab, top.soon)), tab).toBe(top.measures[tab]?.dueSoon)
    }
    expect(top.riskCells?.counts.length).toBeGreaterThan(1)
    for (const c of top.riskCells?.counts ?? []) {
      expect(await total(riskList.loader, TOP_LINKS.riskCell(c.probability, c.severity))).toBe(c.count)
    }
    expect(await total(riskList.loader, `${TOP_LINKS.risks}?`)).toBe(8)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { bodyFactory, customerFactory, type Member, type MemberTrait, measureFactory, memberFactory, request, run } from '../../../tests/factories/index.ts'
import * as measuresList from './index.tsx'
import { MEASURE_SORTS, type MeasureFilter, Measures, visibleTabs } from './measures.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'

/**
 * The list page reads its rows, total and owner choices in one statement built once per filter
 * shape (`Measures.page`). These tests hold it to `list` and `owners`, which the export and the
 * risk and ICS pages use: the same rows in the same order, the same total and owners, for every
 * kind of right and filter, with shapes built and reused one after the other in one process.
 */
describe('the measures page statement', () => {
  let customer: Awaited<ReturnType<typeof customerFactory>>
  let writer: Member
  let body: { id: string }
  const today = todayInZurich()

  beforeAll(async () => {
    customer = await customerFactory()
    writer = await memberFactory({ customer, traits: ['write'] })
    await memberFactory({ customer, traits: ['risk-read'] })
    await memberFactory({ customer, traits: ['ics-dsg'] })
    await memberFactory({ customer, traits: ['norights'] })
    body = await bodyFactory({ customer })
    await bodyFactory({ customer })
    const sources = [['fund'], ['risk'], ['ics']] as const
    for (let i = 0; i < 40; i++) {
      await measureFactory({
        customer,
        ...(i % 5 === 4 ? { body } : { owner: writer.user }),
        traits: [
          ...sources[i % 3],
          ...(i % 4 === 0 ? (['dsg'] as const) : []),
          ...(i % 6 === 5 ? (['confirmed'] as const) : []),
          ...(i % 7 === 3 ? (['in-edit'] as const) : []),
        ],
        // Many equal due dates, titles that sort apart from the numbers.
        attributes: { dueDate: addDays(today, (i % 8) - 3), title: `Massnahme ${String.fromCharCode(90 - (i % 26))}${i}` },
      })
    }
  })

  function filters(): MeasureFilter[] {
    const base = { tab: 'all', view: 'pending', sort: 'dueDate', dir: 'asc' } as const
    const list: MeasureFilter[] = []
    for (const tab of ['fund', 'risk', 'iks', 'dsg', 'all'] as const) {
      for (const view of ['pending', 'confirmed'] as const) list.push({ ...base, tab, view, sort: view === 'confirmed' ? 'confirmedAt' : 'dueDate' })
    }
    for (const sort of MEASURE_SORTS) for (const dir of ['asc', 'desc'] as const) list.push({ ...base, view: 'all', sort, dir })
    list.push(
      { ...base, status: 'overdue' },
      { ...base, status: 'due' },
      { ...base, owner: { type: 'user', id: writer.user.id } },
      { ...base, owner: { type: 'body', id: body.id } },
      { ...base, owner: { type: 'user', id: 'not-an-id' } },
      { ...base, from: addDays(today, -1), to: addDays(today, 2) },
      { ...base, to: today },
      { ...base, dsg: true, tab: 'risk' },
      { ...base, q: 'massnahme z' },
      { ...base, q: 'M-3' },
      { ...base, q: '100%_' },
      { ...base, status: 'overdue', owner: { type: 'user', id: writer.user.id }, q: '1', sort: 'owner', dir: 'desc' },
    )
    return list
  }

  const cases: [string, MemberTrait[]][] = [
    ['writer', ['write']],
    ['reader of risk only', ['risk-read']],
    ['data protection role', ['dsg']],
    ['ICS reader, risk data protection', ['ics-read', 'risk-dsg']],
  ]
  for (const [name, traits] of cases) {
    it(`lists what list() and owners() list: ${name}`, async () => {
      const member = await memberFactory({ customer, traits })
      const service = Measures.for(member.access)
      const owners = await service.owners()
      for (const f of filters()) {
        for (const page of [
          { limit: 25, offset: 0 },
          { limit: 25, offset: 25 },
          { limit: 50, offset: 0 },
        ]) {
          const expected = await service.list(f, today, page)
          const actual = await service.page(f, today, page)
          const label = JSON.stringify({ f, page })
          expect(actual.total, label).toBe(expected.total)
          expect(actual.rows, label).toEqual(
            expected.rows.map((r) => ({
              id: r.id,
              idkey: r.idkey,
              iteration: r.iteration,
              source: r.source,
              title: r.title,
              body: r.body,
              state: r.state,
              dueDate: r.dueDate,
              recurrence: r.recurrence,
              dsgMeasure: r.dsgMeasure,
              inEdit: r.inEdit,
              ownerName: r.ownerName,
              confirmedAt: r.confirmedAt,
              confirmationText: r.confirmationText,
              confirmedByName: r.confirmedByName,
            })),
          )
          expect(actual.owners, label).toEqual(owners)
        }
      }
    })
  }

  it('the page shows the rows of each tab one may open, and the owners to filter by', async () => {
    const member = await memberFactory({ customer, traits: ['read'] })
    for (const tab of visibleTabs(permissionsOf(member.access))) {
      const res = await run(measuresList.loader, request(`/app/measures?tab=${tab}&page=2`, { cookie: member.cookie }))
      const data = res.body as { total: number; rows: { id: string; canEdit: boolean }[]; owners: { people: { id: string }[] } }
      const expected = await Measures.for(member.access).list({ tab, view: 'pending', sort: 'dueDate', dir: 'asc' }, today, { limit: 25, offset: 25 })
      expect(data.total).toBe(expected.total)
      expect(data.rows.map((r) => [r.id, r.canEdit])).toEqual(expected.rows.map((r) => [r.id, false]))
      expect(data.owners.people.map((p) => p.id)).toContain(writer.user.id)
    }
  })
})

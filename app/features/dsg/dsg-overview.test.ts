import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { Documents } from '#app/features/documents/documents.server.ts'
import { processes } from '#app/features/inventory/ics/processes.server.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import {
  bodyFactory,
  customerFactory,
  documentFactory,
  type MemberTrait,
  measureFactory,
  memberFactory,
  processFactory,
  request,
  riskFactory,
  run,
} from '../../../tests/factories/index.ts'
import * as dsgRoute from './index.tsx'
import { processItem, riskItem } from '../../../tests/summary-items.ts'

type Page = {
  risks: { total: number; rows: object[] } | null
  processes: { total: number; rows: object[] } | null
  measures: { total: number; rows: { id: string; ownerName: string; overdue: boolean }[] }
  documents: { total: number; rows: object[] }
}

/**
 * The overview reads its lists in one statement of its own (dsg.server.ts). These tests hold it to
 * the lists its links open: the first 15 rows in the same order and the same totals as the
 * services give, for every kind of right.
 */
describe('the data protection overview lists the first page of each DSG list', () => {
  let customer: Awaited<ReturnType<typeof customerFactory>>
  const today = todayInZurich()
  const page = { limit: 15, offset: 0 }

  beforeAll(async () => {
    customer = await customerFactory()
    const owner = (await memberFactory({ customer, traits: ['write'] })).user
    const body = await bodyFactory({ customer })
    for (let i = 0; i < 20; i++) {
      await riskFactory({ customer, owner, traits: i % 2 ? ['dsg', 'critical'] : i % 3 ? ['dsg', 'assessed'] : ['assessed'] })
      await processFactory({ customer, owner, traits: i % 3 ? ['dsg'] : [] })
      const source = (['fund', 'risk', 'ics'] as const)[i % 3]
      await measureFactory({
        customer,
        ...(i % 4 ? { owner } : { body }),
        traits: [source, ...(i % 5 ? (['dsg'] as const) : []), ...(i % 7 === 0 ? (['confirmed', 'dsg'] as const) : [])],
        // Equal due dates: number, then iteration decide.
        attributes: { dueDate: addDays(today, (i % 4) - 1) },
      })
      await documentFactory({ customer, traits: [i % 4 === 3 ? 'risk' : 'dsg', ...(i % 2 ? (['present'] as const) : [])] })
    }
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
      const member = await memberFactory({ customer, traits })
      const body = (await run(dsgRoute.loader, request('/app/dsg', { cookie: member.cookie }))).body as Page

      const { rights } = member.access
      if (rights.risk.enabled) {
        const risks = await risks$.for(member.access).list({ dsgRelevant: true, sort: 'score', dir: 'desc' }, page, 'de')
        expect(body.risks).toEqual({
          total: risks.total,
          rows: risks.rows.map(riskItem),
        })
      } else expect(body.risks).toBeNull()

      if (rights.iks.enabled) {
        const own = await processes.for(member.access).list({ dsgRelevant: true, sort: 'idkey', dir: 'asc' }, page, 'de')
        expect(body.processes).toEqual({ total: own.total, rows: own.rows.map(processItem) })
      } else expect(body.processes).toBeNull()

      const measures = await Measures.for(member.access).list({ tab: 'dsg', view: 'pending', sort: 'dueDate', dir: 'asc' }, today, page)
      expect(body.measures.total).toBe(measures.total)
      expect(body.measures.rows.map((m) => [m.id, m.ownerName, m.overdue])).toEqual(measures.rows.map((m) => [m.id, m.ownerName, m.dueDate < today]))

      const documents = await Documents.for(member.access).list({ category: 'dsg', sort: 'name', dir: 'asc' }, page)
      expect(body.documents).toEqual({
        total: documents.total,
        rows: documents.rows.map((d) => ({ id: d.id, name: d.name, link: d.link, linkText: d.linkText, present: d.present })),
      })
    })
  }
})

import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { system } from '../../../tests/system-db.ts'
import { documents, measures } from '#models/schema/index.ts'
import { createCustomer, memberFactory, request, right, run } from '../../../tests/factories.ts'

type Role = Parameters<typeof right>[0]
type Rights = NonNullable<NonNullable<Parameters<typeof memberFactory>[0]['attributes']>['rights']>

/**
 * What the tests of an inventory tool share: its members, its catalogue's ids by number, the
 * post of a block of its detail page, and two customers on a seeded catalogue.
 */
export function toolTestKit(
  tool: 'risk' | 'iks',
  catalog: PgTable & { id: PgColumn; idkey: PgColumn },
  detailAction: (args: never) => unknown,
  /** The roles its members have besides their role on the tool. */
  also: Partial<Record<'risk' | 'iks', Role>> = {},
) {
  const rights = (role: Role): Rights => ({
    ...Object.fromEntries(Object.entries(also).map(([k, r]) => [k, right(r)])),
    [tool]: right(role),
  })
  const opts = { rights, catalog, base: `/app/${tool}`, detailAction }
  return {
    tool,
    base: opts.base,
    /** A member with `role` on the tool; `language` is the customer's, named for the reader. */
    member: (customer: string, _language: 'de' | 'fr' | 'en', role: Role = 'write') => memberFactory({ customer, attributes: { rights: opts.rights(role) } }),
    catalogIds: async (...idkeys: string[]) => {
      const rows = (await system().select({ id: opts.catalog.id, idkey: opts.catalog.idkey }).from(opts.catalog)) as { id: string; idkey: string }[]
      return idkeys.map((k) => rows.find((r) => r.idkey === k)!.id)
    },
    detail: (id: string, cookie: string, form: Record<string, string>) => run(opts.detailAction, request(`${opts.base}/${id}`, { cookie, form }), { id }),
  }
}

/** Seeds the catalogue and makes the customers `alpha` (German) and `beta` (French) before the tests. */
export function twoCustomers(seed: () => Promise<unknown>, names: { alpha: string; beta: string }) {
  const ids = { alpha: '', beta: '' }
  beforeAll(async () => {
    await seed()
    ids.alpha = (await createCustomer({ name: names.alpha, language: 'de' })).id
    ids.beta = (await createCustomer({ name: names.beta, language: 'fr' })).id
  })
  return ids
}

/**
 * What a record's detail page attaches, the same in every tool: a measure added at the attach `step` belongs to
 * the record and shows there; an owner from outside the fund is a message at the measure form's owner field;
 * a document added is filed under the tool and on hand.
 */
export function attachmentTests(
  kit: ReturnType<typeof toolTestKit>,
  o: {
    name: string
    customer: () => string
    /** The record: the catalogue entry `entry` adopted through `service`. */
    service: { for: (access: CustomerAccess) => { addFromCatalog: (ids: string[]) => Promise<{ id: string }[]> } }
    entry: string
    step: string
    detailLoader: (args: never) => unknown
  },
) {
  const { tool, base, member, catalogIds, detail } = kit
  const column = tool === 'risk' ? 'riskId' : 'iksId'
  it(o.name, async () => {
    const a = await member(o.customer(), 'de')
    const [record] = await o.service.for(a.access).addFromCatalog(await catalogIds(o.entry))
    const res = await detail(record.id, a.cookie, {
      intent: 'addMeasure',
      title: 'Kontrolle dokumentieren',
      owner: `user:${a.user.id}`,
      dueDate: '2026-12-01',
      recurrence: '91',
    })
    expect(res.status).toBe(302)
    expect(res.location).toBe(`${base}/${record.id}?step=${o.step}`)
    const [m] = await system().select().from(measures).where(eq(measures[column], record.id))
    expect(m).toMatchObject({ source: tool, title: 'Kontrolle dokumentieren', recurrence: 91, customerId: o.customer() })
    const view = await run(o.detailLoader, request(`${base}/${record.id}?step=${o.step}`, { cookie: a.cookie }), { id: record.id })
    expect(JSON.stringify(view.body)).toContain('Kontrolle dokumentieren')
    // An owner from outside the fund is a message at the measure form's owner field.
    const foreign = await detail(record.id, a.cookie, {
      intent: 'addMeasure',
      title: 'x',
      owner: 'user:00000000-0000-4000-8000-000000000000',
      dueDate: '2026-12-01',
      recurrence: '0',
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body).toMatchObject({ measureResult: { error: { owner: ['measures.ownerInvalid'] } } })
    // A document added to the record is filed under the tool and on hand.
    expect((await detail(record.id, a.cookie, { intent: 'addDocument', name: 'Kontrollprotokoll', link: 'https://intranet.example/kp.pdf' })).status).toBe(302)
    const [doc] = await system().select().from(documents).where(eq(documents[column], record.id))
    expect(doc).toMatchObject({ category: tool, present: true })
  })
}

import { asSystem } from '../../models/core/scope.server.ts'
import { documents } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { applyTraits, tag } from './traits.ts'

export type Document = typeof documents.$inferSelect
type NewDocument = Partial<typeof documents.$inferInsert>

const TRAITS = {
  fund: { category: 'fund' },
  risk: { category: 'risk' },
  ics: { category: 'iks' },
  dsg: { category: 'dsg' },
  /** Filed without its URL: the list shows the linking error. */
  'no-link': { link: null, linkText: '' },
  present: { present: true },
} satisfies Record<string, NewDocument>
export type DocumentTrait = keyof typeof TRAITS

/**
 * A document of a customer, with a link unless `no-link`: `documentFactory({ customer, traits: ['dsg'] })`.
 * `risk` or `process` attach it and set its category.
 */
export async function documentFactory(opts: {
  customer: CustomerRef
  risk?: { id: string } | null
  process?: { id: string } | null
  traits?: DocumentTrait[]
  attributes?: NewDocument
}): Promise<Document> {
  const name = `Dokument ${tag()}`
  const [row] = await asSystem('test factory: document', (tx) =>
    tx
      .insert(documents)
      .values({
        customerId: customerId(opts.customer),
        category: opts.risk ? 'risk' : opts.process ? 'iks' : 'fund',
        name,
        link: `https://intranet.example/${name.replace(' ', '-').toLowerCase()}.pdf`,
        linkText: 'PDF',
        riskId: opts.risk?.id ?? null,
        iksId: opts.process?.id ?? null,
        ...applyTraits(TRAITS, opts.traits),
        ...opts.attributes,
      })
      .returning(),
  )
  return row
}

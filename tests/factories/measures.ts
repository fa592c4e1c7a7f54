import { addDays, todayInZurich } from '../../models/core/dates.ts'
import { nextNumber } from '../../models/core/counters.server.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { measures, responsibleBodies } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { applyTraits, tag } from './traits.ts'

export type Measure = typeof measures.$inferSelect
type NewMeasure = Partial<typeof measures.$inferInsert>

const TRAITS = {
  fund: { source: 'fund' },
  risk: { source: 'risk' },
  ics: { source: 'iks' },
  dsg: { dsgMeasure: true },
  /** Repeats monthly: confirming it opens the next iteration. */
  recurring: { recurrence: 30 },
  /** Due a week ago. */
  overdue: {},
  /** Due within the reminders' 14 days. */
  'due-soon': {},
  confirmed: { state: 'confirmed', confirmationText: 'Erledigt' },
  'in-edit': { inEdit: true },
} satisfies Record<string, NewMeasure>
export type MeasureTrait = keyof typeof TRAITS

/**
 * A measure with the customer's next number, owned by `owner` (a user) or `body` (a
 * responsible body): `measureFactory({ customer, owner: member.user, traits: ['risk', 'overdue'] })`.
 * `risk` or `process` attach it and set its source.
 */
export async function measureFactory(opts: {
  customer: CustomerRef
  owner?: { id: string } | null
  body?: { id: string } | null
  risk?: { id: string } | null
  process?: { id: string } | null
  traits?: MeasureTrait[]
  attributes?: NewMeasure
}): Promise<Measure> {
  const customer = customerId(opts.customer)
  const traits = opts.traits ?? []
  const today = todayInZurich()
  const dueDate = traits.includes('overdue') ? addDays(today, -7) : traits.includes('due-soon') ? addDays(today, 7) : addDays(today, 90)
  return asSystem('test factory: measure', async (tx) => {
    const [row] = await tx
      .insert(measures)
      .values({
        customerId: customer,
        idkey: await nextNumber(tx, customer, 'measure'),
        source: opts.risk ? 'risk' : opts.process ? 'iks' : 'fund',
        title: `Massnahme ${tag()}`,
        dueDate,
        ownerUserId: opts.owner?.id ?? null,
        ownerBodyId: opts.body?.id ?? null,
        riskId: opts.risk?.id ?? null,
        iksId: opts.process?.id ?? null,
        createdByUserId: opts.owner?.id ?? null,
        ...(traits.includes('confirmed') ? { confirmedAt: new Date(), confirmedByUserId: opts.owner?.id ?? null } : {}),
        ...applyTraits(TRAITS, traits),
        ...opts.attributes,
      })
      .returning()
    return row
  })
}

/** A responsible body (a named party that owns measures) of a customer. */
export async function bodyFactory(opts: { customer: CustomerRef; attributes?: Partial<typeof responsibleBodies.$inferInsert> }) {
  const [row] = await asSystem('test factory: responsible body', (tx) =>
    tx
      .insert(responsibleBodies)
      .values({ customerId: customerId(opts.customer), name: `Stelle ${tag()}`, ...opts.attributes })
      .returning(),
  )
  return row
}

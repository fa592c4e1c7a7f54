import { nextNumber } from '../../models/core/counters.server.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { councilDecisions, findings, providers } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { tag } from './traits.ts'

export type Provider = typeof providers.$inferSelect
export type Finding = typeof findings.$inferSelect
export type CouncilDecision = typeof councilDecisions.$inferSelect

/** A provider of the fund (IT and cloud, medium, data in Switzerland, unless told), with its running number. */
export async function providerFactory(opts: { customer: CustomerRef; attributes?: Partial<typeof providers.$inferInsert> }): Promise<Provider> {
  const customer = customerId(opts.customer)
  return asSystem('test factory: provider', async (tx) => {
    const [row] = await tx
      .insert(providers)
      .values({
        customerId: customer,
        number: await nextNumber(tx, customer, 'provider'),
        name: `Dienstleister ${tag(4)}`,
        service: 'itCloud',
        criticality: 'medium',
        ...opts.attributes,
      })
      .returning()
    return row
  })
}

/** A finding of the auditor (medium, open, issued 2026-03-31 without deadline, unless told). */
export async function findingFactory(opts: { customer: CustomerRef; attributes?: Partial<typeof findings.$inferInsert> }): Promise<Finding> {
  const customer = customerId(opts.customer)
  return asSystem('test factory: finding', async (tx) => {
    const [row] = await tx
      .insert(findings)
      .values({
        customerId: customer,
        number: await nextNumber(tx, customer, 'finding'),
        source: 'auditor',
        issuedOn: '2026-03-31',
        title: `Feststellung ${tag(4)}`,
        severity: 'medium',
        ...opts.attributes,
      })
      .returning()
    return row
  })
}

/** A decision of the council (subject other, decided 2026-05-20, unless told). */
export async function decisionFactory(opts: { customer: CustomerRef; attributes?: Partial<typeof councilDecisions.$inferInsert> }): Promise<CouncilDecision> {
  const customer = customerId(opts.customer)
  return asSystem('test factory: council decision', async (tx) => {
    const [row] = await tx
      .insert(councilDecisions)
      .values({
        customerId: customer,
        number: await nextNumber(tx, customer, 'councilDecision'),
        subject: 'other',
        decidedOn: '2026-05-20',
        reference: `SR-Protokoll 2026/2, Traktandum ${tag(2)}`,
        title: `Beschluss ${tag(4)}`,
        ...opts.attributes,
      })
      .returning()
    return row
  })
}

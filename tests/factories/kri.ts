import { asSystem } from '../../models/core/scope.server.ts'
import { kriCatalog, kris, kriThresholds, kriValues } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { tag } from './traits.ts'

export type KriCatalogEntry = typeof kriCatalog.$inferSelect
export type Kri = typeof kris.$inferSelect
type NewCatalogEntry = Partial<typeof kriCatalog.$inferInsert>

/** A catalogue entry of the operator's with a key of its own (higher is better, in percent, unless told). */
export async function kriCatalogFactory(attributes: NewCatalogEntry = {}): Promise<KriCatalogEntry> {
  const key = `test${tag(4)}`
  const [row] = await asSystem('test factory: KRI catalogue', (tx) =>
    tx
      .insert(kriCatalog)
      .values({
        key,
        nameDe: `Kennzahl ${key}`,
        nameFr: `Indicateur ${key}`,
        nameEn: `Indicator ${key}`,
        unit: 'percent',
        direction: 'higher',
        sort: 900,
        ...attributes,
      })
      .returning(),
  )
  return row
}

/**
 * A fund's KRI from a catalogue entry (a new one unless given), with its thresholds rows and values
 * as given: `thresholds: [{ validFrom, amber, red }]`, `values: [{ periodEnd, value }]`.
 */
export async function kriFactory(opts: {
  customer: CustomerRef
  catalog?: KriCatalogEntry
  attributes?: Partial<typeof kris.$inferInsert>
  thresholds?: { validFrom: string; amber: string; red: string }[]
  values?: { periodEnd: string; value: string; source?: 'manual' | 'import' | 'computed'; comment?: string }[]
}): Promise<Kri & { catalog: KriCatalogEntry }> {
  const catalog = opts.catalog ?? (await kriCatalogFactory())
  const customer = customerId(opts.customer)
  return asSystem('test factory: KRI', async (tx) => {
    const [kri] = await tx
      .insert(kris)
      .values({ customerId: customer, catalogId: catalog.id, frequency: 'quarterly', ...opts.attributes })
      .returning()
    for (const t of opts.thresholds ?? []) await tx.insert(kriThresholds).values({ customerId: customer, kriId: kri.id, ...t })
    for (const v of opts.values ?? []) await tx.insert(kriValues).values({ customerId: customer, kriId: kri.id, source: 'manual', ...v })
    return { ...kri, catalog }
  })
}

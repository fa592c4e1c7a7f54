import { eq, sql } from 'drizzle-orm'
import type { KriComputed, KriDirection, KriFrequency, KriUnit } from '../../models/core/constants.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { kriCatalog, kriRisks, kris, kriThresholds, kriValues } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { tag } from './traits.ts'

export type CatalogEntry = typeof kriCatalog.$inferSelect

/**
 * A catalogue entry by key, made once (the catalogue is the operator's, shared by every fund and test):
 * `catalogEntry('coverageRatio', { unit: 'percent', direction: 'higher' })`; without a key a new one.
 */
export async function catalogEntry(
  key: string = `kri${tag(4)}`,
  attrs: { unit?: KriUnit; direction?: KriDirection; computed?: KriComputed | null } = {},
): Promise<CatalogEntry> {
  return asSystem('test factory: kri catalogue', async (tx) => {
    await tx
      .insert(kriCatalog)
      .values({
        key,
        nameDe: `KRI ${key}`,
        nameFr: `KRI ${key} (fr)`,
        nameEn: `KRI ${key} (en)`,
        unit: attrs.unit ?? 'percent',
        direction: attrs.direction ?? 'higher',
        computed: attrs.computed ?? null,
      })
      .onConflictDoNothing()
    const [row] = await tx.select().from(kriCatalog).where(eq(kriCatalog.key, key))
    return row
  })
}

/** A fund's KRI of a catalogue entry, with its owner and thresholds from a day (`{ from, amber, red }`). */
export async function kriFactory(opts: {
  customer: CustomerRef
  catalog: CatalogEntry
  owner?: { id: string } | null
  frequency?: KriFrequency
  thresholds?: { from: string; amber: string; red: string }[]
  risks?: { id: string }[]
  active?: boolean
}) {
  const customer = customerId(opts.customer)
  return asSystem('test factory: kri', async (tx) => {
    const [kri] = await tx
      .insert(kris)
      .values({
        customerId: customer,
        catalogId: opts.catalog.id,
        ownerUserId: opts.owner?.id ?? null,
        frequency: opts.frequency ?? 'quarterly',
        active: opts.active ?? true,
      })
      .returning()
    for (const t of opts.thresholds ?? [])
      await tx.insert(kriThresholds).values({ customerId: customer, kriId: kri.id, validFrom: t.from, amber: t.amber, red: t.red })
    for (const r of opts.risks ?? []) await tx.insert(kriRisks).values({ customerId: customer, kriId: kri.id, riskId: r.id })
    return kri
  })
}

/** A value of a KRI written straight into the table (the services judge it afterwards). */
export async function kriValueRow(
  kri: { id: string; customerId: string },
  periodEnd: string,
  value: string,
  source: 'manual' | 'import' | 'computed' = 'manual',
) {
  const [row] = await asSystem('test factory: kri value', (tx) =>
    tx
      .insert(kriValues)
      .values({ customerId: kri.customerId, kriId: kri.id, periodEnd, value, source })
      .onConflictDoUpdate({ target: [kriValues.kriId, kriValues.periodEnd], set: { value, version: sql`${kriValues.version} + 1` } })
      .returning(),
  )
  return row
}

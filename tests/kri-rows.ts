import { randomUUID } from 'node:crypto'
import type { KriDirection, KriFrequency, KriUnit } from '../models/core/constants.ts'
import { asSystem } from '../models/core/scope.server.ts'
import { kriCatalog, kris, kriThresholds, kriValues } from '../models/schema/index.ts'

/*
 * KRI rows for tests that need a fund's KRI without the KRI pages: a catalogue entry of its own (a key
 * no other test uses), the fund's KRI, its thresholds by date and its values, written as the system.
 */

export type TestKri = { id: string; catalogId: string; key: string; nameDe: string; nameFr: string; nameEn: string }

export async function kriRows(opts: {
  customerId: string
  unit?: KriUnit
  direction?: KriDirection
  frequency?: KriFrequency
  names?: { de: string; fr: string; en: string }
  thresholds?: { validFrom: string; amber: string; red: string }[]
  values?: { periodEnd: string; value: string; comment?: string }[]
  active?: boolean
}): Promise<TestKri> {
  const key = `t${randomUUID().replaceAll('-', '').slice(0, 20)}`
  const names = opts.names ?? { de: `Kennzahl ${key}`, fr: `Indicateur ${key}`, en: `Indicator ${key}` }
  return asSystem('test: a KRI', async (tx) => {
    const [c] = await tx
      .insert(kriCatalog)
      .values({ key, nameDe: names.de, nameFr: names.fr, nameEn: names.en, unit: opts.unit ?? 'percent', direction: opts.direction ?? 'higher' })
      .returning({ id: kriCatalog.id })
    const [k] = await tx
      .insert(kris)
      .values({ customerId: opts.customerId, catalogId: c.id, frequency: opts.frequency ?? 'quarterly', active: opts.active ?? true })
      .returning({ id: kris.id })
    for (const t of opts.thresholds ?? []) await tx.insert(kriThresholds).values({ customerId: opts.customerId, kriId: k.id, ...t })
    if (opts.values?.length)
      await tx
        .insert(kriValues)
        .values(opts.values.map((v) => ({ customerId: opts.customerId, kriId: k.id, periodEnd: v.periodEnd, value: v.value, comment: v.comment ?? '' })))
    return { id: k.id, catalogId: c.id, key, nameDe: names.de, nameFr: names.fr, nameEn: names.en }
  })
}

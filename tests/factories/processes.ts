import { asc, eq } from 'drizzle-orm'
import { nextNumber } from '../../models/core/counters.server.ts'
import type { Tx } from '../../models/core/db.server.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { icsMainThemes, icsProcesses } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { applyTraits, tag } from './traits.ts'

export type Process = typeof icsProcesses.$inferSelect
type NewProcess = Partial<typeof icsProcesses.$inferInsert>

const TRAITS = {
  dsg: { dsgRelevant: true, hasPersonalData: true, hasProtectableData: true },
  'dsg-measure': { dsgRelevant: true, dsgMeasureNeeded: true },
  bewertung: { state: 'bewertung' },
  ueberwachung: { state: 'ueberwachung' },
  /** A control that meets every criterion. */
  effective: { effectiveness: 'fulfilled', traceability: 'fulfilled', efficiency: 'fulfilled' },
  /** A control that falls short: it needs a measure. */
  deficient: { effectiveness: 'notFulfilled', traceability: 'partly', efficiency: 'partly', measureNeeded: true },
  controlled: { controlTarget: 'Keine Zahlung ohne zweite Visierung', controlActivity: 'Vier-Augen-Prinzip prüfen' },
} satisfies Record<string, NewProcess>
export type ProcessTrait = keyof typeof TRAITS

/** An ICS main process to file processes under: the first one there is, or one the factory adds. */
export async function anyIcsMainTheme(tx: Tx) {
  const [main] = await tx.select().from(icsMainThemes).orderBy(asc(icsMainThemes.leadingNumber)).limit(1)
  if (main) return main
  await tx
    .insert(icsMainThemes)
    .values({ leadingNumber: 'Z9', nameDe: 'Testprozess', nameFr: 'Processus de test', nameEn: 'Test process' })
    .onConflictDoNothing()
  const [made] = await tx.select().from(icsMainThemes).where(eq(icsMainThemes.leadingNumber, 'Z9'))
  return made
}

/**
 * An individual ICS process (number `<main>.<nn>_P`, as the app numbers them) in a customer's
 * inventory: `processFactory({ customer, owner: member.user, traits: ['deficient'] })`.
 */
export async function processFactory(opts: {
  customer: CustomerRef
  owner?: { id: string } | null
  traits?: ProcessTrait[]
  attributes?: NewProcess
}): Promise<Process> {
  const customer = customerId(opts.customer)
  return asSystem('test factory: ICS process', async (tx) => {
    const main = opts.attributes?.mainThemeId
      ? (await tx.select().from(icsMainThemes).where(eq(icsMainThemes.id, opts.attributes.mainThemeId)))[0]
      : await anyIcsMainTheme(tx)
    const n = await nextNumber(tx, customer, `ics_p_${main.leadingNumber}`)
    const [row] = await tx
      .insert(icsProcesses)
      .values({
        customerId: customer,
        idkey: `${main.leadingNumber}.${String(n).padStart(2, '0')}_P`,
        mainThemeId: main.id,
        title: `Prozess ${tag()}`,
        ownerUserId: opts.owner?.id ?? null,
        ...applyTraits(TRAITS, opts.traits),
        ...opts.attributes,
      })
      .returning()
    return row
  })
}

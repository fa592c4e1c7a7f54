import { and, asc, eq } from 'drizzle-orm'
import { nextNumber } from '../../models/core/counters.server.ts'
import type { Tx } from '../../models/core/db.server.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { probabilityLevels, risks, riskThemes, severityLevels } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { applyTraits, tag } from './traits.ts'

export type Risk = typeof risks.$inferSelect
type NewRisk = Partial<typeof risks.$inferInsert>

const TRAITS = {
  strategic: { strategic: true },
  /** Relevant for data protection, with personal and protectable data. */
  dsg: { dsgRelevant: true, hasPersonalData: true, hasProtectableData: true },
  'dsg-measure': { dsgRelevant: true, dsgMeasureNeeded: true },
  bewertung: { state: 'bewertung' },
  steuerung: { state: 'steuerung', answer: 'reduce', reaction: 'Massnahmen festlegen' },
  ueberwachung: { state: 'ueberwachung', answer: 'reduce', controlling: 'Jährlich prüfen' },
  /** Assessed in the middle of the map (probability 3, severity 3). */
  assessed: {},
  /** Assessed in the top corner (5, 5): it needs a measure. */
  critical: { measureNeeded: true, relevance: 'high' },
} satisfies Record<string, NewRisk>
export type RiskTrait = keyof typeof TRAITS

/** A risk theme to file risks under: the first one there is, or one the factory adds. */
export async function anyRiskTheme(tx: Tx) {
  const [theme] = await tx.select().from(riskThemes).orderBy(asc(riskThemes.leadingNumber)).limit(1)
  if (theme) return theme
  // Seeded themes are numbered 01, 02, …; the catalogue tests draw letter pairs: a digit after a letter meets neither.
  await tx.insert(riskThemes).values({ leadingNumber: 'Z9', nameDe: 'Testthema', nameFr: 'Thème de test', nameEn: 'Test theme' }).onConflictDoNothing()
  const [made] = await tx.select().from(riskThemes).where(eq(riskThemes.leadingNumber, 'Z9'))
  return made
}

type LevelTable = typeof probabilityLevels | typeof severityLevels
type LevelRow<T extends LevelTable> = T extends typeof probabilityLevels ? typeof probabilityLevels.$inferSelect : typeof severityLevels.$inferSelect

async function levelIn<T extends LevelTable>(tx: Tx, customer: string, table: T, ref: number): Promise<LevelRow<T> | undefined> {
  // Both tables have the columns the filter reads; the cast only spares drizzle a union it cannot select from.
  const t = table as typeof probabilityLevels
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.customerId, customer), eq(t.ref, ref)))
  return row as LevelRow<T> | undefined
}

async function levelIds(tx: Tx, customer: string, ref: number) {
  const p = await levelIn(tx, customer, probabilityLevels, ref)
  const s = await levelIn(tx, customer, severityLevels, ref)
  return { probabilityLevelId: p?.id ?? null, severityLevelId: s?.id ?? null }
}

/** A customer's probability or severity level `ref` (1 = lowest): its row, read across customers. Throws if there is none. */
export async function levelOf<T extends LevelTable>(customer: CustomerRef, table: T, ref: number): Promise<LevelRow<T>> {
  const id = customerId(customer)
  const row = await asSystem('test: a level', (tx) => levelIn(tx, id, table, ref))
  if (!row) throw new Error(`no level ${ref} for customer ${id}`)
  return row
}

/**
 * An individual risk (number `<theme>.<nn>_P`, as the app numbers them) in a customer's
 * inventory, owned by `owner` if given: `riskFactory({ customer, owner: member.user, traits: ['dsg'] })`.
 */
export async function riskFactory(opts: { customer: CustomerRef; owner?: { id: string } | null; traits?: RiskTrait[]; attributes?: NewRisk }): Promise<Risk> {
  const customer = customerId(opts.customer)
  return asSystem('test factory: risk', async (tx) => {
    const theme = opts.attributes?.themeId ? { id: opts.attributes.themeId, leadingNumber: '' } : await anyRiskTheme(tx)
    const leading = theme.leadingNumber || (await tx.select().from(riskThemes).where(eq(riskThemes.id, theme.id)))[0].leadingNumber
    const n = await nextNumber(tx, customer, `risk_p_${leading}`)
    const traits = opts.traits ?? []
    const levels = traits.includes('critical') ? await levelIds(tx, customer, 5) : traits.includes('assessed') ? await levelIds(tx, customer, 3) : {}
    const [row] = await tx
      .insert(risks)
      .values({
        customerId: customer,
        idkey: `${leading}.${String(n).padStart(2, '0')}_P`,
        themeId: theme.id,
        title: `Risiko ${tag()}`,
        ownerUserId: opts.owner?.id ?? null,
        ...levels,
        ...applyTraits(TRAITS, traits),
        ...opts.attributes,
      })
      .returning()
    return row
  })
}

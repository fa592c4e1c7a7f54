import { eq, sql } from 'drizzle-orm'
import type { Language } from '../core/constants.ts'
import type { Executor } from '../core/db.server.ts'
import { icsCatalog, icsProcesses } from '../schema/index.ts'

/** A demo process inventory: every other catalogue entry, copied in the customer's language. */
export async function seedIcsInventory(db: Executor, customerId: string, language: Language, ownerIds: string[], take: number) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(icsProcesses).where(eq(icsProcesses.customerId, customerId))
  if (n > 0) return 0
  const entries = (await db.select().from(icsCatalog).orderBy(icsCatalog.idkey)).filter((_, i) => i % 2 === 0).slice(0, take)
  const pick = <K extends 'title' | 'description' | 'defaultControlTarget' | 'defaultControlActivity'>(e: typeof icsCatalog.$inferSelect, k: K) =>
    language === 'fr' ? e[`${k}Fr`] : language === 'en' ? e[`${k}En`] : e[`${k}De`]
  const states = ['analyse', 'bewertung', 'ueberwachung'] as const
  const ratings = ['fulfilled', 'partly', 'notFulfilled'] as const
  let i = 0
  for (const e of entries) {
    const state = states[i % 3]
    await db.insert(icsProcesses).values({
      customerId,
      idkey: e.idkey,
      mainThemeId: e.mainThemeId,
      subThemeId: e.subThemeId,
      catalogId: e.id,
      title: pick(e, 'title'),
      description: pick(e, 'description'),
      controlTarget: pick(e, 'defaultControlTarget'),
      controlActivity: pick(e, 'defaultControlActivity'),
      ownerUserId: ownerIds[i % ownerIds.length],
      state,
      effectiveness: state === 'analyse' ? null : ratings[i % 3],
      traceability: state === 'analyse' ? null : ratings[(i + 1) % 3],
      efficiency: state === 'analyse' ? null : ratings[(i + 2) % 3],
      // A control that is not or only partly effective needs a measure.
      measureNeeded: state !== 'analyse' && ratings[i % 3] !== 'fulfilled',
      dsgRelevant: e.dsgRelevant,
      hasPersonalData: e.dsgRelevant,
      tags: e.tags,
    })
    i++
  }
  return i
}

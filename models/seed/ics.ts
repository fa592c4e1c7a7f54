import { eq, sql } from 'drizzle-orm'
import type { Language } from '../core/constants.ts'
import type { DB } from '../core/db.server.ts'
import { icsCatalog, icsMainThemes, icsProcesses, icsSubThemes, qualityLevelTexts } from '../schema/index.ts'
import { icsCatalog as catalogSeed, icsMainThemes as mainSeed, icsSubThemes as subSeed, qualityLevelTexts as qualitySeed } from './ics-catalog/index.ts'

/** Main and sub-processes, catalogue and level texts, added when missing. */
export async function seedIcsCatalog(db: DB) {
  const mainIds = new Map<string, string>()
  for (const t of mainSeed) {
    await db.insert(icsMainThemes).values({ leadingNumber: t.leadingNumber, nameDe: t.name.de, nameFr: t.name.fr, nameEn: t.name.en }).onConflictDoNothing()
    mainIds.set(t.leadingNumber, (await db.query.icsMainThemes.findFirst({ where: eq(icsMainThemes.leadingNumber, t.leadingNumber) }))!.id)
  }
  const subIds = new Map<string, string>()
  for (const s of subSeed) {
    await db
      .insert(icsSubThemes)
      .values({ key: s.key, mainThemeId: mainIds.get(s.mainTheme)!, nameDe: s.name.de, nameFr: s.name.fr, nameEn: s.name.en })
      .onConflictDoNothing()
    subIds.set(s.key, (await db.query.icsSubThemes.findFirst({ where: eq(icsSubThemes.key, s.key) }))!.id)
  }
  for (const e of catalogSeed) {
    await db
      .insert(icsCatalog)
      .values({
        idkey: e.idkey,
        mainThemeId: mainIds.get(e.mainTheme)!,
        subThemeId: subIds.get(e.subTheme)!,
        titleDe: e.title.de,
        titleFr: e.title.fr,
        titleEn: e.title.en,
        descriptionDe: e.description.de,
        descriptionFr: e.description.fr,
        descriptionEn: e.description.en,
        defaultControlTargetDe: e.defaultControlTarget.de,
        defaultControlTargetFr: e.defaultControlTarget.fr,
        defaultControlTargetEn: e.defaultControlTarget.en,
        defaultControlActivityDe: e.defaultControlActivity.de,
        defaultControlActivityFr: e.defaultControlActivity.fr,
        defaultControlActivityEn: e.defaultControlActivity.en,
        dsgRelevant: e.dsgRelevant,
        tags: e.tags,
      })
      .onConflictDoNothing()
  }
  for (const q of qualitySeed) {
    await db
      .insert(qualityLevelTexts)
      .values({ level: q.level, titleDe: q.title.de, titleFr: q.title.fr, titleEn: q.title.en, textDe: q.text.de, textFr: q.text.fr, textEn: q.text.en })
      .onConflictDoNothing()
  }
}

/** A demo process inventory: every other catalogue entry, copied in the customer's language. */
export async function seedIcsInventory(db: DB, customerId: string, language: Language, ownerIds: string[], take: number) {
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

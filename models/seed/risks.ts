import { eq, sql } from 'drizzle-orm'
import { nextNumber } from '../core/counters.server.ts'
import type { Language, RiskAnswer, RiskRelevance, RiskState } from '../core/constants.ts'
import type { Executor } from '../core/db.server.ts'
import { provisionCustomer } from '../reference/provision.server.ts'
import { isHighScore } from '../core/risk-score.ts'
import { probabilityLevels, riskCatalog, risks, riskThemes, severityLevels } from '../schema/index.ts'

const STATES: RiskState[] = ['analyse', 'bewertung', 'steuerung', 'ueberwachung']
const RELEVANCES: RiskRelevance[] = ['low', 'medium', 'high']
const ANSWERS: RiskAnswer[] = ['reduce', 'transfer', 'accept', 'avoid']

const INDIVIDUAL: Record<Language, { theme: string; title: string; description: string }[]> = {
  de: [
    {
      theme: '04',
      title: 'Abhängigkeit von der Sammelstiftung für die Rückdeckung',
      description: 'Der Rückversicherungsvertrag läuft Ende Jahr aus; die Neuverhandlung könnte zu deutlich höheren Prämien führen.',
    },
    {
      theme: '05',
      title: 'Veraltete Software für die Versichertenverwaltung',
      description: 'Der Hersteller stellt den Support für die eingesetzte Version in 18 Monaten ein; Sicherheitsupdates fallen dann weg.',
    },
    {
      theme: '06',
      title: 'Versand von Vorsorgeausweisen per unverschlüsselter E-Mail',
      description: 'Einzelne Arbeitgeber verlangen die Zustellung per E-Mail; dabei können Gesundheits- und Lohndaten offengelegt werden.',
    },
    {
      theme: '09',
      title: 'Pensionierung des langjährigen Geschäftsführers',
      description: 'Der Geschäftsführer tritt in zwei Jahren in den Ruhestand; viel Wissen ist nicht dokumentiert.',
    },
  ],
  fr: [
    {
      theme: '05',
      title: 'Logiciel de gestion des assurés obsolète',
      description: 'Le fournisseur cessera le support de la version utilisée dans 18 mois ; les mises à jour de sécurité ne seront plus livrées.',
    },
    {
      theme: '09',
      title: 'Départ à la retraite du gérant',
      description: 'Le gérant partira à la retraite dans deux ans ; une grande partie du savoir-faire n’est pas documentée.',
    },
  ],
  en: [],
}

/**
 * A demo inventory: most catalogue entries, copied in the customer's language,
 * spread over the states and the map, plus a few individual risks.
 */
export async function seedInventory(db: Executor, customerId: string, language: Language, ownerIds: string[], take: number) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(risks).where(eq(risks.customerId, customerId))
  if (n > 0) return 0
  await provisionCustomer(db, customerId, language)
  const pLevels = await db.select().from(probabilityLevels).where(eq(probabilityLevels.customerId, customerId))
  const sLevels = await db.select().from(severityLevels).where(eq(severityLevels.customerId, customerId))
  const clamp = (v: number) => Math.min(5, Math.max(1, v))
  const level = <T extends { ref: number; id: string }>(rows: T[], ref: number) => rows.find((r) => r.ref === clamp(ref))?.id ?? null
  const entries = (await db.select().from(riskCatalog).orderBy(riskCatalog.idkey)).filter((_, i) => i % 2 === 0 || i % 7 === 3).slice(0, take)
  const pick = (e: typeof riskCatalog.$inferSelect, k: 'title' | 'description' | 'reaction' | 'controlling') =>
    language === 'fr' ? e[`${k}Fr`] : language === 'en' ? e[`${k}En`] : e[`${k}De`]
  let i = 0
  for (const e of entries) {
    const state = STATES[i % STATES.length]
    const evaluated = state !== 'analyse' || i % 3 === 0
    // Vary the catalogue's defaults a little, so the map is not a diagonal.
    const p = (e.probability ?? 3) + ((i % 3) - 1)
    const s = (e.severity ?? 3) + (((i + 1) % 3) - 1)
    await db.insert(risks).values({
      customerId,
      idkey: e.idkey,
      themeId: e.themeId,
      catalogId: e.id,
      title: pick(e, 'title'),
      description: pick(e, 'description'),
      reaction: state === 'steuerung' || state === 'ueberwachung' ? pick(e, 'reaction') : '',
      controlling: state === 'ueberwachung' ? pick(e, 'controlling') : '',
      answer: state === 'steuerung' || state === 'ueberwachung' ? ANSWERS[i % ANSWERS.length] : null,
      // High and critical risks need a measure once they are assessed.
      measureNeeded: evaluated && state !== 'analyse' && isHighScore(clamp(p), clamp(s)),
      ownerUserId: ownerIds[i % ownerIds.length],
      probabilityLevelId: evaluated ? level(pLevels, p) : null,
      severityLevelId: evaluated ? level(sLevels, s) : null,
      state,
      relevance: RELEVANCES[(i * 7) % 3],
      strategic: e.strategic,
      tags: e.tags,
      dsgRelevant: e.dsgRelevant,
      dsgMeasureNeeded: e.dsgRelevant && i % 2 === 1,
      hasPersonalData: e.hasPersonalData,
      hasProtectableData: e.hasProtectableData,
    })
    i++
  }
  for (const ind of INDIVIDUAL[language]) {
    const theme = await db.query.riskThemes.findFirst({ where: eq(riskThemes.leadingNumber, ind.theme) })
    if (!theme) continue
    const num = await nextNumber(db, customerId, `risk_p_${theme.leadingNumber}`)
    await db.insert(risks).values({
      customerId,
      idkey: `${theme.leadingNumber}.${String(num).padStart(2, '0')}_P`,
      themeId: theme.id,
      title: ind.title,
      description: ind.description,
      ownerUserId: ownerIds[i % ownerIds.length],
      state: 'bewertung',
      probabilityLevelId: level(pLevels, 3 + (i % 2)),
      severityLevelId: level(sLevels, 2 + (i % 3)),
      relevance: 'medium',
      dsgRelevant: ind.theme === '06',
      hasPersonalData: ind.theme === '06',
      hasProtectableData: ind.theme === '06',
    })
    i++
  }
  return i
}

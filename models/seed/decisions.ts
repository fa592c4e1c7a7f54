import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DecisionSubject } from '../core/constants.ts'
import { nextNumber } from '../core/counters.server.ts'
import { todayInZurich } from '../core/dates.ts'
import type { Executor } from '../core/db.server.ts'
import { councilDecisionDocuments, councilDecisions, documents, icsSettings, loyaltyCampaigns } from '../schema/index.ts'

/*
 * The foundation council's decisions of the demo funds (issue 28): the register the areas' approvals link
 * to. The appetite's approvals and the accepted risks get theirs where they are seeded (models/seed/kri.ts,
 * their rows are kept as recorded); here the loyalty review is linked, the ICS minimum gets its decision,
 * and the year's other decisions are added: the risk policy (with its document), last year's annual report.
 */

export type SeedDecision = {
  subject: DecisionSubject
  decidedOn: string
  reference: string
  title: string
  text?: string
  decidedBy?: string
  recordedByUserId?: string | null
}

/** One decision of the fund, numbered as the register numbers them; its id. */
export async function seedDecision(db: Executor, customerId: string, d: SeedDecision): Promise<string> {
  const [row] = await db
    .insert(councilDecisions)
    .values({
      customerId,
      number: await nextNumber(db, customerId, 'councilDecision'),
      subject: d.subject,
      decidedOn: d.decidedOn,
      reference: d.reference,
      title: d.title,
      text: d.text ?? '',
      decidedBy: d.decidedBy ?? '',
      recordedByUserId: d.recordedByUserId ?? null,
      createdAt: new Date(`${d.decidedOn}T17:00:00Z`),
      updatedAt: new Date(`${d.decidedOn}T17:00:00Z`),
    })
    .returning({ id: councilDecisions.id })
  return row!.id
}

const TEXTS = {
  de: {
    council: 'Stiftungsrat: Regula Baumann (Präsidentin), Peter Brunner, Ursula Lehmann, Thomas Moser, Claudia Zürcher',
    policy: [
      'Genehmigung der Risikopolitik',
      'Der Stiftungsrat genehmigt die überarbeitete Risikopolitik mit Risikotoleranz, Zuständigkeiten und Berichterstattung. Sie tritt sofort in Kraft und wird jährlich überprüft.',
    ],
    minimum: [
      'Festlegung des IKS-Mindestniveaus',
      'Der Stiftungsrat legt das Mindestniveau des internen Kontrollsystems für alle Hauptprozesse auf Stufe 3 (standardisiert) fest. Hauptprozesse darunter erhalten bis Jahresende einen Massnahmenplan.',
    ],
    report: [
      'Genehmigung des Jahresberichts RM/IKS per 31.12.',
      'Der Stiftungsrat genehmigt den Jahresbericht zu Risikomanagement und internem Kontrollsystem und nimmt die offenen Massnahmen zur Kenntnis.',
    ],
    review: [
      'Prüfung der Loyalitätserklärungen',
      'Der Stiftungsrat hat die Loyalitätserklärungen des Vorjahres geprüft (Art. 51b BVG, Art. 48l BVV 2). Eine Feststellung wird bis zur nächsten Sitzung geklärt.',
    ],
    minutes: (y: number, n: number, item: number) => `SR-Protokoll ${y}/${String(n).padStart(2, '0')}, Traktandum ${item}`,
  },
  fr: {
    council: 'Conseil de fondation : Sophie Rochat (présidente), Marc Dubois, Nathalie Favre',
    policy: [
      'Approbation de la politique de risque',
      'Le conseil de fondation approuve la politique de risque révisée, avec la tolérance au risque, les compétences et le rapport annuel.',
    ],
    minimum: [
      'Fixation du niveau minimal du SCI',
      'Le conseil de fondation fixe le niveau minimal du système de contrôle interne au niveau 3 (standardisé) pour tous les processus principaux.',
    ],
    report: [
      'Approbation du rapport annuel GR/SCI au 31.12.',
      'Le conseil de fondation approuve le rapport annuel sur la gestion des risques et le système de contrôle interne.',
    ],
    review: ['Examen des déclarations de loyauté', 'Le conseil de fondation a examiné les déclarations de loyauté de l’année (art. 51b LPP).'],
    minutes: (y: number, n: number, item: number) => `PV CF ${y}/${String(n).padStart(2, '0')}, point ${item}`,
  },
  en: {
    council: 'Foundation council: Anna Keller (chair), David Meier, Laura Steiner',
    policy: ['Approval of the risk policy', 'The foundation council approves the revised risk policy with its risk tolerance, responsibilities and reporting.'],
    minimum: [
      'Setting of the ICS minimum level',
      'The foundation council sets the minimum level of the internal control system at level 3 (standardised) for every main process.',
    ],
    report: [
      'Approval of the annual RM/ICS report as of 31.12.',
      'The foundation council approves the annual report on risk management and the internal control system.',
    ],
    review: ['Review of the loyalty declarations', 'The foundation council reviewed the year’s loyalty declarations (Art. 51b BVG).'],
    minutes: (y: number, n: number, item: number) => `Council minutes ${y}/${String(n).padStart(2, '0')}, item ${item}`,
  },
} as const

/**
 * The year's decisions of a fund: the risk policy (linked to the fund's document of that name, if any),
 * the ICS minimum level (linked from the fund's ICS settings), last year's annual report, and the link of
 * each reviewed loyalty campaign to a decision of its review. Once per fund.
 */
export async function seedDecisions(db: Executor, customerId: string, language: 'de' | 'fr' | 'en', opts: { today?: string; adminId?: string | null } = {}) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(councilDecisions)
    .where(and(eq(councilDecisions.customerId, customerId), eq(councilDecisions.subject, 'riskPolicy')))
  if (n > 0) return false
  const today = opts.today ?? todayInZurich()
  const year = Number(today.slice(0, 4))
  const t = TEXTS[language]
  const by = { decidedBy: t.council, recordedByUserId: opts.adminId ?? null }
  // Early in the year the spring meeting is still ahead: then last year's.
  const spring = `${year}-03-24` <= today ? year : year - 1
  const policy = await seedDecision(db, customerId, {
    subject: 'riskPolicy',
    decidedOn: `${spring}-03-24`,
    reference: t.minutes(spring, 1, 3),
    title: t.policy[0],
    text: t.policy[1],
    ...by,
  })
  const name = { de: 'Risikopolitik', fr: 'Politique de risque', en: 'Risk policy' }[language]
  const [doc] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.customerId, customerId), eq(documents.name, name)))
    .limit(1)
  if (doc) await db.insert(councilDecisionDocuments).values({ customerId, decisionId: policy, documentId: doc.id }).onConflictDoNothing()
  await seedDecision(db, customerId, {
    subject: 'annualReport',
    decidedOn: `${spring}-03-24`,
    reference: t.minutes(spring, 1, 5),
    title: `${t.report[0]}${spring - 1}`,
    text: t.report[1],
    ...by,
  })
  if (language !== 'en') {
    const minimum = await seedDecision(db, customerId, {
      subject: 'icsMinimum',
      decidedOn: `${spring - 1}-11-24`,
      reference: t.minutes(spring - 1, 4, 6),
      title: t.minimum[0],
      text: t.minimum[1],
      ...by,
    })
    const [settings] = await db.select().from(icsSettings).where(eq(icsSettings.customerId, customerId))
    if (settings) await db.update(icsSettings).set({ minimumDecisionId: minimum }).where(eq(icsSettings.customerId, customerId))
    else await db.insert(icsSettings).values({ customerId, councilMinimum: 3, minimumDecisionId: minimum })
  }
  // The reviewed campaigns: their review's decision, as the review recorded it.
  const reviewed = await db
    .select()
    .from(loyaltyCampaigns)
    .where(and(eq(loyaltyCampaigns.customerId, customerId), isNull(loyaltyCampaigns.reviewDecisionId), sql`${loyaltyCampaigns.reviewedOn} is not null`))
  for (const c of reviewed) {
    const id = await seedDecision(db, customerId, {
      subject: 'loyaltyReview',
      decidedOn: c.reviewedOn!,
      reference: c.reviewReference || t.minutes(Number(c.reviewedOn!.slice(0, 4)), 2, 4),
      title: `${t.review[0]} ${c.year}`,
      text: t.review[1],
      decidedBy: c.reviewNames,
      recordedByUserId: opts.adminId ?? null,
    })
    await db.update(loyaltyCampaigns).set({ reviewDecisionId: id }).where(eq(loyaltyCampaigns.id, c.id))
  }
  return true
}

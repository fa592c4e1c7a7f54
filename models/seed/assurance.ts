import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm'
import type { Language } from '../core/constants.ts'
import { nextNumber } from '../core/counters.server.ts'
import type { Tx } from '../core/db.server.ts'
import { controlExecutions, icsCatalog, icsProcesses, providers } from '../schema/index.ts'
import { demoPdf, storeDemoFile } from './executions.ts'

/*
 * The providers' yearly assurance for a demo fund (issue 28): the review of each provider's ISAE 3402 / SOC
 * report is an execution of the key control of the fund's process "selection and monitoring of outsourced
 * service providers" (catalogue 07.3.01), found or made from the catalogue. Alpha shows every case: one
 * approved and effective with the report as evidence, one submitted waiting for the second signature,
 * one planned and overdue, one due later in the year; the other funds one review each. Nothing when the
 * fund has no provider that requires a report, or has assurance reviews already.
 */

/** The catalogue entry of the oversight of outsourced service providers. */
const OVERSIGHT_ENTRY = '07.3.01'
const DAY = 86_400_000

const iso = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY))
const endOfMonth = (year: number, month: number) => iso(new Date(Date.UTC(year, month, 0)))

const WORDS = {
  de: {
    title: 'ISAE 3402 Typ II – Bericht des unabhängigen Prüfers',
    lines: (name: string, year: number) => [
      `Dienstleister: ${name}`,
      `Berichtsperiode: 1. Oktober ${year - 1} bis 30. September ${year}`,
      'Prüfungsurteil: ohne Einschränkung',
      'Ausnahmen: keine wesentlichen',
      '',
      'Ergänzende Kontrollen beim Kunden (CUEC): Berechtigungen und Mutationsvisum der Pensionskasse',
    ],
    file: 'ISAE-3402-Typ-II',
    steps:
      'Bericht beim Dienstleister angefordert; Prüfungsurteil, Kontrollziele, Ausnahmen und Abdeckung der Berichtsperiode beurteilt; ergänzende Kontrollen der Pensionskasse (CUEC) mit den eigenen Kontrollen abgeglichen.',
    effective: 'Prüfungsurteil ohne Einschränkung, keine wesentlichen Ausnahmen; die CUEC sind im IKS der Kasse abgedeckt.',
    submitted: 'Bericht ohne Einschränkung; eine Ausnahme bei der Passwortrotation ist vom Dienstleister behoben (Nachweis beigelegt).',
    approved: 'Beurteilung nachvollzogen, einverstanden.',
  },
  fr: {
    title: 'ISAE 3402 type II – Rapport de l’auditeur indépendant',
    lines: (name: string, year: number) => [
      `Prestataire\u202f: ${name}`,
      `Période sous revue\u202f: du 1er octobre ${year - 1} au 30 septembre ${year}`,
      'Opinion\u202f: sans réserve',
      'Exceptions\u202f: aucune significative',
      '',
      'Contrôles complémentaires chez le client (CUEC)\u202f: droits d’accès et visa des mutations par la caisse',
    ],
    file: 'ISAE-3402-type-II',
    steps:
      'Rapport demandé au prestataire\u202f; opinion, objectifs de contrôle, exceptions et couverture de la période examinés\u202f; contrôles complémentaires de la caisse (CUEC) rapprochés de nos propres contrôles.',
    effective: 'Opinion sans réserve, aucune exception significative\u202f; les CUEC sont couverts par le SCI de la caisse.',
    submitted: 'Rapport sans réserve\u202f; une exception sur la rotation des mots de passe a été corrigée par le prestataire (preuve jointe).',
    approved: 'Appréciation vérifiée, d’accord.',
  },
  en: {
    title: 'ISAE 3402 type II – Independent service auditor’s report',
    lines: (name: string, year: number) => [
      `Service provider: ${name}`,
      `Period covered: 1 October ${year - 1} to 30 September ${year}`,
      'Opinion: unqualified',
      'Exceptions: none material',
      '',
      'Complementary user entity controls (CUEC): access rights and approval of changes by the pension fund',
    ],
    file: 'ISAE-3402-type-II',
    steps:
      'Report requested from the provider; opinion, control objectives, exceptions and coverage of the period assessed; the fund’s complementary user entity controls (CUEC) matched with its own controls.',
    effective: 'Unqualified opinion, no material exceptions; the CUEC are covered by the fund’s ICS.',
    submitted: 'Unqualified report; one exception on password rotation was remedied by the provider (evidence attached).',
    approved: 'Assessment followed through, agreed.',
  },
} as const

type Kind = 'approved' | 'submitted' | 'overdue' | 'later'

/** The fund's provider oversight process: the one made from the catalogue entry, else made from it now. */
async function oversightProcess(db: Tx, customerId: string, language: Language, performer: string | null, reviewer: string | null) {
  const [entry] = await db.select().from(icsCatalog).where(eq(icsCatalog.idkey, OVERSIGHT_ENTRY))
  if (!entry) return null
  const [found] = await db
    .select()
    .from(icsProcesses)
    .where(and(eq(icsProcesses.customerId, customerId), or(eq(icsProcesses.catalogId, entry.id), eq(icsProcesses.idkey, entry.idkey))))
    .orderBy(asc(icsProcesses.idkey))
    .limit(1)
  const pick = <K extends 'title' | 'description' | 'defaultControlTarget' | 'defaultControlActivity' | 'defaultProcedure'>(k: K) =>
    language === 'fr' ? entry[`${k}Fr`] : language === 'en' ? entry[`${k}En`] : entry[`${k}De`]
  if (found) {
    // The reviewer signs the reviews: one who is not the performer.
    if (!found.reviewerUserId && reviewer && reviewer !== (found.performerUserId ?? found.ownerUserId)) {
      await db.update(icsProcesses).set({ reviewerUserId: reviewer }).where(eq(icsProcesses.id, found.id))
      return { ...found, reviewerUserId: reviewer }
    }
    return found
  }
  const [made] = await db
    .insert(icsProcesses)
    .values({
      customerId,
      idkey: entry.idkey,
      mainThemeId: entry.mainThemeId,
      subThemeId: entry.subThemeId,
      catalogId: entry.id,
      title: pick('title'),
      description: pick('description'),
      controlTarget: pick('defaultControlTarget'),
      controlActivity: pick('defaultControlActivity'),
      ownerUserId: performer,
      performerUserId: performer,
      reviewerUserId: reviewer,
      testProcedure: pick('defaultProcedure'),
      state: 'ueberwachung',
      dsgRelevant: entry.dsgRelevant,
      hasPersonalData: entry.dsgRelevant,
      tags: entry.tags,
    })
    .returning()
  return made
}

/**
 * Seeds the fund's assurance reviews, in the cases `kinds` names for its first providers that require a
 * report (by number). `people` are members with ICS write: the first performs where the provider has no
 * owner, the second signs. Returns how many reviews were written.
 */
export async function seedAssurance(db: Tx, customerId: string, language: Language, people: (string | null)[], kinds: Kind[], opts: { today?: string } = {}) {
  const today = opts.today ?? iso(new Date())
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const asked = await db
    .select()
    .from(providers)
    .where(
      and(
        eq(providers.customerId, customerId),
        eq(providers.assuranceRequired, true),
        sql`(${providers.endedOn} is null or ${providers.endedOn} > ${today}::date)`,
      ),
    )
    .orderBy(asc(providers.number))
  if (!asked.length) return 0
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(controlExecutions)
    .where(and(eq(controlExecutions.customerId, customerId), isNotNull(controlExecutions.providerId)))
  if (n > 0) return 0
  const [performer = null, reviewer = null] = people
  // The oversight process from the catalogue, only when a provider has none of its own.
  const preset = asked.find((p) => p.assuranceProcessId)?.assuranceProcessId ?? null
  const [own] = preset ? await db.select().from(icsProcesses).where(eq(icsProcesses.id, preset)) : []
  const fallback = asked.some((p) => !p.assuranceProcessId) || !own ? await oversightProcess(db, customerId, language, performer, reviewer) : own
  if (!fallback) return 0
  await db
    .update(providers)
    .set({ assuranceProcessId: fallback.id })
    .where(and(eq(providers.customerId, customerId), eq(providers.assuranceRequired, true), sql`${providers.assuranceProcessId} is null`))
  // A provider's own process where it has one (with a reviewer who signs), else the oversight process.
  const processes = new Map<string, typeof fallback>()
  const processOf = async (of: string | null) => {
    const id = of ?? fallback.id
    let p = processes.get(id)
    if (!p) {
      const [found] = await db.select().from(icsProcesses).where(eq(icsProcesses.id, id))
      p = found ?? fallback
      if (!p.reviewerUserId && reviewer && reviewer !== (p.performerUserId ?? p.ownerUserId)) {
        await db.update(icsProcesses).set({ reviewerUserId: reviewer }).where(eq(icsProcesses.id, p.id))
        p = { ...p, reviewerUserId: reviewer }
      }
      processes.set(id, p)
    }
    return p
  }
  const words = WORDS[language]
  let written = 0
  for (const [i, kind] of kinds.entries()) {
    const provider = asked[i]
    if (!provider) break
    // The due month the case needs: passed for the overdue one, still ahead for the others.
    let dueMonth = provider.assuranceDueMonth
    if (kind === 'overdue' && dueMonth >= month) dueMonth = Math.max(1, month - 2)
    if (kind !== 'overdue' && kind !== 'approved' && endOfMonth(year, dueMonth) < today) dueMonth = 12
    if (dueMonth !== provider.assuranceDueMonth) await db.update(providers).set({ assuranceDueMonth: dueMonth }).where(eq(providers.id, provider.id))
    const due = endOfMonth(year, dueMonth)
    const process = await processOf(provider.assuranceProcessId)
    const who = provider.ownerUserId ?? process.performerUserId ?? process.ownerUserId ?? performer
    const signer = process.reviewerUserId && process.reviewerUserId !== who ? process.reviewerUserId : (people.find((p) => p && p !== who) ?? null)
    const base = {
      customerId,
      number: await nextNumber(db, customerId, 'control_execution'),
      processId: process.id,
      providerId: provider.id,
      period: null,
      periodStart: `${year}-01-01`,
      periodEnd: due,
      dueDate: due,
      performerUserId: who,
      reviewerUserId: signer,
    }
    written++
    if (kind === 'overdue' || kind === 'later') {
      await db.insert(controlExecutions).values(base)
      continue
    }
    const performedOn = [addDays(due, -12), addDays(today, -3)].sort()[0]
    const submittedAt = new Date(Date.parse(`${performedOn}T15:00:00Z`))
    const [row] = await db
      .insert(controlExecutions)
      .values({
        ...base,
        state: 'submitted',
        performedOn,
        result: 'effective',
        steps: words.steps,
        observation: kind === 'approved' ? words.effective : words.submitted,
        recordedByUserId: who,
        submittedAt,
      })
      .returning({ id: controlExecutions.id })
    // The report itself is the evidence, before the second signature (an approved execution takes no file).
    const pdf = await demoPdf(words.title, words.lines(provider.name, year), performedOn)
    await storeDemoFile(db, customerId, {
      owner: 'execution',
      ownerId: row.id,
      name: `${words.file}-${year - 1}-${year}.pdf`,
      content: pdf,
      uploadedByUserId: who,
    })
    if (kind === 'approved') {
      await db
        .update(controlExecutions)
        .set({ state: 'approved', reviewedByUserId: signer, reviewedAt: new Date(submittedAt.getTime() + 2 * DAY), reviewComment: words.approved })
        .where(eq(controlExecutions.id, row.id))
    }
  }
  return written
}

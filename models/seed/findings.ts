import { asc, eq, ilike, or, sql } from 'drizzle-orm'
import type { FindingSeverity, FindingSource, FindingState } from '../core/constants.ts'
import { nextNumber } from '../core/counters.server.ts'
import { addDays, todayInZurich } from '../core/dates.ts'
import type { Executor } from '../core/db.server.ts'
import { councilDecisions, findingLinks, findingSettings, findings, icsProcesses, measures, risks } from '../schema/index.ts'

/*
 * Findings of the demo funds (issue 28). Pensionskasse Alpha: five, one of each source and state: the
 * auditor's management letter (a payment released with a single signature, open), the pension expert's
 * report under Art. 52e BVG (the technical interest rate, in progress), the supervisor's order (the asset
 * managers' loyalty declarations missing: its deadline passed while open, escalated), the internal review
 * (done, with its response) and one the council accepted as it stands, by a decision recorded in the
 * register. Linked to the fund's risks, processes and measures. Beta (French) and Gamma (English): two each.
 * Each fund names the council's contact its escalations go to.
 */

type Plan = {
  source: FindingSource
  reference: string
  issuedDays: number
  title: string
  text: string
  severity: FindingSeverity
  deadlineDays: number | null
  state: FindingState
  response?: string
  doneDays?: number
  owner?: string | null
  escalated?: boolean
  /** Words to find the risk, process and measure it concerns. */
  risk?: string[]
  process?: string[]
  measure?: string[]
  accepted?: { decidedDays: number; reference: string; title: string; text: string; decidedBy: string }
}

async function firstMatching(db: Executor, table: typeof risks | typeof icsProcesses | typeof measures, customerId: string, words: string[] | undefined) {
  if (!words?.length) return null
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(sql`${table.customerId} = ${customerId} and (${or(...words.map((w) => ilike(table.title, `%${w}%`)))})`)
    .orderBy(asc(table.id))
    .limit(1)
  return row?.id ?? null
}

async function seedPlans(db: Executor, customerId: string, plans: Plan[], contact: { name: string; email: string }) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(findings).where(eq(findings.customerId, customerId))
  if (n > 0) return false
  const today = todayInZurich()
  for (const p of plans) {
    const issuedOn = addDays(today, p.issuedDays)
    const deadline = p.deadlineDays === null ? null : addDays(today, p.deadlineDays)
    let acceptanceDecisionId: string | null = null
    if (p.accepted) {
      const [d] = await db
        .insert(councilDecisions)
        .values({
          customerId,
          number: await nextNumber(db, customerId, 'councilDecision'),
          subject: 'findingAcceptance',
          decidedOn: addDays(today, p.accepted.decidedDays),
          reference: p.accepted.reference,
          title: p.accepted.title,
          text: p.accepted.text,
          decidedBy: p.accepted.decidedBy,
        })
        .returning()
      acceptanceDecisionId = d.id
    }
    const values = {
      customerId,
      number: await nextNumber(db, customerId, 'finding'),
      source: p.source,
      reference: p.reference,
      issuedOn,
      title: p.title,
      text: p.text,
      severity: p.severity,
      deadline,
      ownerUserId: p.owner ?? null,
      state: p.state,
      response: p.response ?? '',
      doneOn: p.doneDays === undefined ? null : addDays(today, p.doneDays),
      acceptanceDecisionId,
      // The escalation went out the morning after the deadline (as the job does).
      escalatedAt: p.escalated && deadline ? new Date(`${addDays(deadline, 1)}T06:10:00Z`) : null,
      escalatedFor: p.escalated ? deadline : null,
    }
    const [row] = await db.insert(findings).values(values).returning()
    const targets = [
      { riskId: await firstMatching(db, risks, customerId, p.risk) },
      { processId: await firstMatching(db, icsProcesses, customerId, p.process) },
      { measureId: await firstMatching(db, measures, customerId, p.measure) },
    ]
    for (const t of targets) {
      if (Object.values(t)[0]) await db.insert(findingLinks).values({ customerId, findingId: row.id, ...t })
    }
  }
  await db.insert(findingSettings).values({ customerId, councilContactName: contact.name, councilContactEmail: contact.email }).onConflictDoNothing()
  return true
}

/** Pensionskasse Alpha's five findings, in German. */
export function seedFindings(db: Executor, customerId: string, owners: { writer: string | null; admin: string | null }) {
  return seedPlans(
    db,
    customerId,
    [
      {
        source: 'auditor',
        reference: 'Management Letter zur Jahresrechnung, Ziff. 3',
        issuedDays: -75,
        title: 'Zahlungen ohne zweite Unterschrift freigegeben',
        text: 'Bei der Prüfung des Zahlungsverkehrs stellte die Revisionsstelle fest, dass drei Zahlungen über CHF 50’000 im E-Banking mit Einzelunterschrift freigegeben wurden. Das Organisationsreglement verlangt für alle Zahlungen die Kollektivunterschrift zu zweien.',
        severity: 'high',
        deadlineDays: 45,
        state: 'open',
        owner: owners.admin,
        risk: ['Zahlung', 'Betrug', 'Veruntreuung'],
        process: ['Zahlung', 'Zahlungsverkehr', 'Kreditoren'],
      },
      {
        source: 'expert',
        reference: 'Versicherungstechnisches Gutachten per 31.12., Kap. 6',
        issuedDays: -120,
        title: 'Technischer Zinssatz über der Obergrenze der Fachrichtlinie',
        text: 'Der Experte für berufliche Vorsorge empfiehlt nach Art. 52e BVG, den technischen Zinssatz von 2,25 % auf höchstens 1,75 % zu senken (FRP 4) und die dafür nötige Rückstellung über drei Jahre zu bilden.',
        severity: 'high',
        deadlineDays: 60,
        state: 'inProgress',
        response: 'Die Anlagekommission hat die Auswirkung auf den Deckungsgrad berechnet; der Antrag an den Stiftungsrat folgt an der nächsten Sitzung.',
        owner: owners.writer,
        risk: ['Zins', 'Langlebigkeit', 'Deckungsgrad'],
        measure: ['Zins', 'Deckungsgrad', 'Rückstellung'],
      },
      {
        source: 'supervisor',
        reference: 'Verfügung der Aufsichtsbehörde vom Prüfbericht, Ziff. 2',
        issuedDays: -100,
        title: 'Loyalitätserklärungen der Vermögensverwalter fehlen',
        text: 'Die Aufsichtsbehörde verlangt, dass für alle externen Vermögensverwalter die jährlichen Erklärungen nach Art. 48l BVV 2 (Loyalität, Vermögensvorteile) vorliegen. Für zwei Mandate fehlen sie für das Berichtsjahr.',
        severity: 'medium',
        deadlineDays: -14,
        state: 'open',
        escalated: true,
        owner: owners.admin,
        risk: ['Loyalit', 'Vermögensverwalt', 'Interessenkonflikt'],
        process: ['Vermögensverwalt', 'Loyalit', 'Anlage'],
      },
      {
        source: 'internal',
        reference: 'Interne Prüfung IKS, Bericht Nr. 2',
        issuedDays: -200,
        title: 'Mutationen der Versichertendaten ohne Vier-Augen-Kontrolle',
        text: 'Lohn- und Adressmutationen im Verwaltungssystem wurden ohne Kontrolle durch eine zweite Person verbucht.',
        severity: 'medium',
        deadlineDays: -90,
        state: 'done',
        response:
          'Im Verwaltungssystem ist seit dem Update die Freigabe jeder Mutation durch eine zweite Person eingerichtet; Stichprobe von 25 Mutationen ohne Befund.',
        doneDays: -95,
        owner: owners.writer,
        process: ['Mutation', 'Versicherte', 'Stammdaten'],
        measure: ['Mutation', 'Vier-Augen', 'Kontrolle'],
      },
      {
        source: 'auditor',
        reference: 'Management Letter zur Jahresrechnung, Ziff. 5',
        issuedDays: -160,
        title: 'Kein eigenes Notfallrechenzentrum für die Verwaltungssoftware',
        text: 'Die Revisionsstelle empfiehlt ein zweites Rechenzentrum für die Verwaltungssoftware, damit der Betrieb bei einem Ausfall weiterläuft.',
        severity: 'low',
        deadlineDays: 20,
        state: 'accepted',
        response:
          'Der Stiftungsrat akzeptiert die Feststellung: der Dienstleister garantiert die Wiederherstellung innerhalb von 48 Stunden; ein eigenes Rechenzentrum wäre unverhältnismässig.',
        owner: owners.admin,
        risk: ['Informatik', 'IT', 'Ausfall'],
        accepted: {
          decidedDays: -40,
          reference: 'SR-Protokoll, Traktandum 7',
          title: 'Akzeptanz der Feststellung zum Notfallrechenzentrum',
          text: 'Der Stiftungsrat verzichtet auf ein eigenes Notfallrechenzentrum und stützt sich auf die vertraglich zugesicherte Wiederherstellung durch den Dienstleister.',
          decidedBy: 'Stiftungsrat',
        },
      },
    ],
    { name: 'Peter Keller, Präsident des Stiftungsrats', email: 'stiftungsrat@pk-alpha.example.ch' },
  )
}

/** Caisse de pension Beta's two findings, in French. */
export function seedFindingsBeta(db: Executor, customerId: string, owner: string | null) {
  return seedPlans(
    db,
    customerId,
    [
      {
        source: 'auditor',
        reference: 'Management letter sur les comptes annuels, ch. 2',
        issuedDays: -50,
        title: 'Inventaire des contrats de prestataires incomplet',
        text: 'L’organe de révision constate que trois contrats de prestataires ne figurent pas dans l’inventaire des contrats.',
        severity: 'medium',
        deadlineDays: 40,
        state: 'inProgress',
        response: 'Inventaire en cours de mise à jour.',
        owner,
        risk: ['prestataire', 'contrat', 'externalis'],
      },
      {
        source: 'supervisor',
        reference: 'Décision de l’autorité de surveillance, ch. 1',
        issuedDays: -90,
        title: 'Règlement de placement à adapter à l’OPP 2',
        text: 'L’autorité de surveillance demande d’adapter le règlement de placement aux limites actuelles de l’art. 55 OPP 2.',
        severity: 'high',
        deadlineDays: -10,
        state: 'open',
        escalated: true,
        owner,
        risk: ['placement', 'fortune'],
      },
    ],
    { name: 'Sophie Rochat, présidente du conseil de fondation', email: 'conseil@cp-beta.example.ch' },
  )
}

/** Gamma Pension Fund's two findings, in English. */
export function seedFindingsGamma(db: Executor, customerId: string) {
  return seedPlans(
    db,
    customerId,
    [
      {
        source: 'expert',
        reference: 'Actuarial report, section 4',
        issuedDays: -60,
        title: 'Conversion rate above the actuarially neutral rate',
        text: 'The pension fund expert recommends lowering the conversion rate in steps to reduce the pensions’ financing gap.',
        severity: 'high',
        deadlineDays: 180,
        state: 'open',
      },
      {
        source: 'internal',
        reference: 'Internal review of the ICS, report 1',
        issuedDays: -150,
        title: 'Access rights of former staff not removed',
        text: 'Two former employees still had access to the administration system.',
        severity: 'medium',
        deadlineDays: -100,
        state: 'done',
        response: 'Access removed; leavers are now part of the exit checklist.',
        doneDays: -110,
      },
    ],
    { name: 'Board of Trustees', email: 'board@gamma-pension.example.ch' },
  )
}

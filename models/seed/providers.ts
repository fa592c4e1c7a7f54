import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import { nextNumber } from '../core/counters.server.ts'
import { addDays, todayInZurich } from '../core/dates.ts'
import type { Executor } from '../core/db.server.ts'
import { dsgActivities, dsgBreaches, icsProcesses, providerIncidents, providerLinks, providers, risks } from '../schema/index.ts'

/*
 * The demo funds' providers (issue 28): Pensionskasse Alpha's eight (administration, asset management,
 * custody, the pension actuary, IT hosting with data in Ireland, the member portal, print and mail, and
 * one ended), their links to Alpha's risks, ICS processes and processing activities, and two incidents,
 * one of them the print shop's mix-up recorded in the breach register. Beta and Gamma a few each, in
 * their language. All company names are made up. The yearly assurance reviews are seeded with the
 * control executions of the assurance (not here).
 */

type Seed = Omit<typeof providers.$inferInsert, 'customerId' | 'number'> & {
  /** Words the linked risks, processes and activities are found by (title or name, case-insensitive). */
  risks?: string[]
  processes?: string[]
  activities?: string[]
}

/** The first record of `table` whose `column` matches one of the words, else none. */
async function findIds(db: Executor, customerId: string, kind: 'risk' | 'process' | 'activity', words: string[] = []) {
  const ids: string[] = []
  for (const w of words) {
    const like = `%${w}%`
    const [row] =
      kind === 'risk'
        ? await db
            .select({ id: risks.id })
            .from(risks)
            .where(and(eq(risks.customerId, customerId), ilike(risks.title, like)))
            .orderBy(asc(risks.idkey))
            .limit(1)
        : kind === 'process'
          ? await db
              .select({ id: icsProcesses.id })
              .from(icsProcesses)
              .where(and(eq(icsProcesses.customerId, customerId), or(ilike(icsProcesses.title, like), ilike(icsProcesses.idkey, like))))
              .orderBy(asc(icsProcesses.idkey))
              .limit(1)
          : await db
              .select({ id: dsgActivities.id })
              .from(dsgActivities)
              .where(and(eq(dsgActivities.customerId, customerId), ilike(dsgActivities.name, like)))
              .orderBy(asc(dsgActivities.idkey))
              .limit(1)
    if (row && !ids.includes(row.id)) ids.push(row.id)
  }
  // Words that found nothing (another language's inventory): the first record, so the link is shown anyway.
  if (words.length && ids.length === 0) {
    const [first] =
      kind === 'risk'
        ? await db.select({ id: risks.id }).from(risks).where(eq(risks.customerId, customerId)).orderBy(asc(risks.idkey)).limit(1)
        : kind === 'process'
          ? await db.select({ id: icsProcesses.id }).from(icsProcesses).where(eq(icsProcesses.customerId, customerId)).orderBy(asc(icsProcesses.idkey)).limit(1)
          : await db
              .select({ id: dsgActivities.id })
              .from(dsgActivities)
              .where(eq(dsgActivities.customerId, customerId))
              .orderBy(asc(dsgActivities.idkey))
              .limit(1)
    if (first) ids.push(first.id)
  }
  return ids
}

async function insertAll(db: Executor, customerId: string, seeds: Seed[]) {
  const made: { id: string; name: string }[] = []
  for (const { risks: r, processes: p, activities: a, ...values } of seeds) {
    const [row] = await db
      .insert(providers)
      .values({ ...values, customerId, number: await nextNumber(db, customerId, 'provider') })
      .returning({ id: providers.id, name: providers.name })
    made.push(row)
    const links = [
      ...(await findIds(db, customerId, 'risk', r)).map((id) => ({ riskId: id })),
      ...(await findIds(db, customerId, 'process', p)).map((id) => ({ processId: id })),
      ...(await findIds(db, customerId, 'activity', a)).map((id) => ({ activityId: id })),
    ]
    if (links.length)
      await db
        .insert(providerLinks)
        .values(links.map((l) => ({ ...l, customerId, providerId: row.id })))
        .onConflictDoNothing()
  }
  return made
}

/** The first ICS process of the fund whose title holds one of the words (the assurance review's process). */
async function processFor(db: Executor, customerId: string, words: string[]) {
  return (await findIds(db, customerId, 'process', words))[0] ?? null
}

/** Alpha's eight providers, links and incidents; false when Alpha has providers already. */
export async function seedProviders(db: Executor, customerIds: Map<string, string>, accounts: Map<string, string>, opts: { today?: string } = {}) {
  const alpha = customerIds.get('alpha')
  if (!alpha) return false
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(providers).where(eq(providers.customerId, alpha))
  if (n > 0) return false
  const today = opts.today ?? todayInZurich()
  const year = Number(today.slice(0, 4))
  const writer = accounts.get('writer@example.com') ?? null
  const admin = accounts.get('admin@example.com') ?? null
  const dsg = accounts.get('dsg@example.com') ?? null
  const outsourcing = await processFor(db, alpha, ['Auslager', 'Dienstleist', 'Informatik', 'IT'])

  const made = await insertAll(db, alpha, [
    {
      name: 'Vorsorgeverwaltung Aare AG',
      service: 'administration',
      criticality: 'high',
      description:
        'Technische Verwaltung der Versicherten: Beiträge, Freizügigkeit, Leistungsfälle, Vorsorgeausweise, Meldungen an die Zentralstelle 2. Säule.',
      ownerUserId: admin,
      contactName: 'Beat Zürcher',
      contactEmail: 'kundendienst@vorsorgeverwaltung-aare.example',
      contactPhone: '+41 31 555 10 20',
      contractStart: '2019-01-01',
      contractEnd: null,
      noticeMonths: 12,
      dpaSignedOn: '2023-08-31',
      dsgRole: 'processor',
      dataCountries: ['CH'],
      exitPlan:
        'Datenübergabe im Standardformat der Branche, Parallelbetrieb von sechs Monaten mit dem neuen Verwalter, Offerten von zwei Verwaltern alle fünf Jahre.',
      assuranceRequired: true,
      assuranceDueMonth: 6,
      assuranceProcessId: outsourcing,
      risks: ['Verwaltung', 'Auslagerung', 'Dienstleist'],
      processes: ['Beitr', 'Leistung'],
      activities: ['Verwaltung der Versicherten', 'Invalidenleistungen', 'Wohneigentum'],
    },
    {
      name: 'Limmatblick Vermögensverwaltung AG',
      service: 'assetManagement',
      criticality: 'high',
      description:
        'Vermögensverwaltungsmandat Obligationen CHF und Aktien Schweiz nach dem Anlagereglement, Reporting monatlich, Loyalitätserklärung jährlich.',
      ownerUserId: admin,
      contactName: 'Claudia Brunner',
      contactEmail: 'mandate@limmatblick-vv.example',
      contractStart: '2021-04-01',
      contractEnd: null,
      noticeMonths: 3,
      dsgRole: 'none',
      dataCountries: ['CH'],
      exitPlan: 'Übertrag der Titel in natura auf einen neuen Verwalter über die Depotbank; Kündigungsfrist drei Monate.',
      risks: ['Anlage', 'Vermögen'],
      processes: ['Anlage', 'Vermögen'],
    },
    {
      name: 'Seeblick Depotbank AG',
      service: 'custody',
      criticality: 'high',
      description: 'Global Custody aller Wertschriften, Wertschriftenbuchhaltung, Investment Controlling und Stimmrechtsausübung nach Vorgabe der Kasse.',
      ownerUserId: writer,
      contactName: 'Marc Aebischer',
      contactEmail: 'custody@seeblick-depotbank.example',
      contractStart: '2018-07-01',
      contractEnd: null,
      noticeMonths: 6,
      dsgRole: 'none',
      dataCountries: ['CH'],
      exitPlan: 'Wechsel der Depotbank mit Übertrag aller Positionen; Ausschreibung mit Vorlauf von zwölf Monaten.',
      assuranceRequired: true,
      assuranceDueMonth: 4,
      assuranceProcessId: outsourcing,
      risks: ['Gegenpartei', 'Anlage'],
    },
    {
      name: 'Aktuariat Jura GmbH',
      service: 'actuarialExpert',
      criticality: 'medium',
      description:
        'Expertin für berufliche Vorsorge nach Art. 52a BVG: versicherungstechnisches Gutachten, Bestätigungen nach Art. 52e BVG. Sie bearbeitet die Daten der Versicherten als eigene Verantwortliche (gesetzlicher Auftrag).',
      ownerUserId: admin,
      contactName: 'Dr. Sandra Gerber',
      contactEmail: 'sandra.gerber@aktuariat-jura.example',
      contractStart: `${year - 2}-01-01`,
      contractEnd: `${year}-12-31`,
      noticeMonths: 3,
      dsgRole: 'controller',
      dataCountries: ['CH'],
      exitPlan: 'Wahl einer neuen Expertin durch den Stiftungsrat, Übergabe der Grundlagen und der letzten Gutachten.',
      risks: ['Deckungsgrad', 'technisch', 'Zins'],
    },
    {
      name: 'Wolkenstein Cloud Services AG',
      service: 'itCloud',
      criticality: 'high',
      description: 'Hosting der Verwaltungssoftware und des Dokumentenarchivs in zwei Rechenzentren; Sicherungskopien im Rechenzentrum in Dublin.',
      ownerUserId: writer,
      contactName: 'Service Desk',
      contactEmail: 'servicedesk@wolkenstein-cloud.example',
      contactPhone: '+41 44 555 77 00',
      contractStart: `${year - 3}-07-01`,
      contractEnd: addDays(today, 75),
      noticeMonths: 1,
      dpaSignedOn: `${year - 3}-06-20`,
      dsgRole: 'processor',
      dataCountries: ['CH', 'IE'],
      abroadSafeguard: 'adequacy',
      abroadSafeguardNote:
        'Irland steht auf der Liste der Staaten mit angemessenem Datenschutz (Anhang 1 DSV); Bekanntgabe nach Art. 16 Abs. 1 DSG zulässig. Verschlüsselung der Sicherungen mit Schlüsseln in der Schweiz.',
      exitPlan: 'Rückführung der Daten und Sicherungen innert 90 Tagen nach Vertragsende, Löschbestätigung verlangt.',
      assuranceRequired: true,
      assuranceDueMonth: 3,
      assuranceProcessId: outsourcing,
      risks: ['Informatik', 'Cyber', 'IT'],
      processes: ['Informatik', 'IT'],
      activities: ['Verwaltung der Versicherten', 'Hosting'],
    },
    {
      name: 'PortalPlus Vorsorge AG',
      service: 'memberPortal',
      criticality: 'medium',
      description: 'Versichertenportal und App: Vorsorgeausweis, Einkaufs- und Vorbezugsrechner, sichere Nachrichten an die Kasse.',
      ownerUserId: dsg,
      contactName: 'Nina Frei',
      contactEmail: 'support@portalplus.example',
      contractStart: `${year - 1}-01-01`,
      contractEnd: `${year + 2}-12-31`,
      noticeMonths: 6,
      dpaSignedOn: `${year - 2}-11-15`,
      dsgRole: 'processor',
      dataCountries: ['CH'],
      exitPlan: 'Abschaltung mit Vorankündigung an die Versicherten, Export der Nachrichten ins Archiv der Kasse.',
      assuranceRequired: true,
      assuranceDueMonth: 9,
      assuranceProcessId: outsourcing,
      risks: ['Cyber', 'Datenschutz'],
      activities: ['Hosting des Versichertenportals'],
    },
    {
      name: 'Druckzentrum Mittelland AG',
      service: 'printMail',
      criticality: 'low',
      description: 'Druck und Versand der Vorsorgeausweise, Rentenbescheinigungen und Mitteilungen.',
      ownerUserId: writer,
      contactName: 'Peter Lüthi',
      contactEmail: 'auftraege@druckzentrum-mittelland.example',
      contractStart: '2020-01-01',
      contractEnd: null,
      noticeMonths: 3,
      dpaSignedOn: '2023-09-30',
      dsgRole: 'processor',
      dataCountries: ['CH'],
      exitPlan: 'Vergleichsofferten liegen vor; Wechsel innert drei Monaten möglich.',
      risks: ['Datenschutz'],
      activities: ['Verwaltung der Versicherten'],
    },
    {
      name: 'Archivdienst Emme GmbH',
      service: 'other',
      criticality: 'low',
      description: 'Scannen und physische Archivierung der Versichertendossiers bis zur Digitalisierung des Archivs.',
      contactName: 'Ruth Steiner',
      contractStart: '2015-01-01',
      contractEnd: `${year - 1}-12-31`,
      noticeMonths: 6,
      dsgRole: 'processor',
      dataCountries: ['CH'],
      exitPlan: 'Dossiers zurückgenommen und digitalisiert; Vernichtungsprotokoll liegt vor.',
      endedOn: `${year - 1}-12-31`,
    },
  ])
  const byName = new Map(made.map((m) => [m.name, m.id]))

  // The print shop's mix-up is the breach of the register; an outage of the hosting touched no personal data.
  const [breach] = await db
    .select({ id: dsgBreaches.id, discoveredAt: dsgBreaches.discoveredAt })
    .from(dsgBreaches)
    .where(and(eq(dsgBreaches.customerId, alpha), ilike(dsgBreaches.title, '%Vorsorgeausweise%')))
    .limit(1)
  const breachDay = breach ? breach.discoveredAt.toISOString().slice(0, 10) : addDays(today, -124)
  await db.insert(providerIncidents).values([
    {
      customerId: alpha,
      number: await nextNumber(db, alpha, 'providerIncident'),
      providerId: byName.get('Druckzentrum Mittelland AG')!,
      occurredOn: breachDay,
      title: 'Vorsorgeausweise falsch kuvertiert',
      description: 'Eine fehlerhafte Sortierung der Adressdatei führte dazu, dass 38 Vorsorgeausweise an falsche Empfänger gingen.',
      personalData: true,
      breachId: breach?.id ?? null,
      closedOn: addDays(breachDay, 21),
      recordedByUserId: dsg,
    },
    {
      customerId: alpha,
      number: await nextNumber(db, alpha, 'providerIncident'),
      providerId: byName.get('Wolkenstein Cloud Services AG')!,
      occurredOn: addDays(today, -18),
      title: 'Ausfall der Verwaltungssoftware während vier Stunden',
      description: 'Störung eines Speichersystems im Rechenzentrum; keine Daten verloren, Zahlungsläufe am Folgetag nachgeholt.',
      personalData: false,
      recordedByUserId: writer,
    },
  ])

  for (const [key, language] of [
    ['beta', 'fr'],
    ['gamma', 'en'],
  ] as const) {
    const id = customerIds.get(key)
    if (!id) continue
    const owner = key === 'beta' ? (accounts.get('beta@example.com') ?? null) : null
    const few = await insertAll(db, id, language === 'fr' ? betaSeeds(owner, year) : gammaSeeds(year))
    // An incident without personal data at the administration, in the fund's language.
    await db.insert(providerIncidents).values({
      customerId: id,
      number: await nextNumber(db, id, 'providerIncident'),
      providerId: few[0].id,
      occurredOn: addDays(today, -40),
      title: language === 'fr' ? 'Retard du décompte des cotisations' : 'Contribution statement delayed',
      description:
        language === 'fr'
          ? 'Le décompte trimestriel des cotisations a été envoyé avec cinq jours de retard à la suite d’une mise à jour du logiciel.'
          : 'The quarterly contribution statement went out five days late after a software update.',
      personalData: false,
      closedOn: addDays(today, -33),
      recordedByUserId: owner,
    })
  }
  return true
}

function betaSeeds(owner: string | null, year: number): Seed[] {
  return [
    {
      name: 'Gestion Prévoyance Léman SA',
      service: 'administration',
      criticality: 'high',
      description: 'Gestion technique des assurés : cotisations, libre passage, prestations et certificats de prévoyance.'.replace(' :', '\u202f:'),
      ownerUserId: owner,
      contactName: 'Sophie Rochat',
      contactEmail: 'service@gestion-leman.example',
      contractStart: '2020-01-01',
      noticeMonths: 12,
      dpaSignedOn: '2023-09-01',
      dsgRole: 'processor',
      dataCountries: ['CH'],
      exitPlan: 'Remise des données au format de la branche et exploitation parallèle de six mois.',
      assuranceRequired: true,
      assuranceDueMonth: 6,
      risks: ['gestion', 'prestataire'],
      processes: ['cotisation', 'prestation'],
    },
    {
      name: 'Nuage Romand Hébergement SA',
      service: 'itCloud',
      criticality: 'medium',
      description: 'Hébergement du logiciel de gestion, copies de sauvegarde dans un centre de calcul en France.',
      ownerUserId: owner,
      contactName: 'Support',
      contactEmail: 'support@nuage-romand.example',
      contractStart: `${year - 2}-01-01`,
      contractEnd: `${year + 1}-12-31`,
      noticeMonths: 6,
      dsgRole: 'processor',
      dataCountries: ['CH', 'FR'],
      abroadSafeguard: 'adequacy',
      abroadSafeguardNote: 'La France figure sur la liste des États assurant un niveau de protection adéquat (annexe 1 OPDo, art. 16 al. 1 LPD).',
      exitPlan: 'Restitution des données et attestation d’effacement dans les 90 jours.',
    },
    {
      name: 'Actuaires Associés Sàrl',
      service: 'actuarialExpert',
      criticality: 'medium',
      description: 'Experte en prévoyance professionnelle (art. 52a LPP), responsable de traitement en propre.',
      contractStart: `${year - 1}-01-01`,
      contractEnd: `${year + 1}-12-31`,
      noticeMonths: 3,
      dsgRole: 'controller',
      dataCountries: ['CH'],
    },
  ]
}

function gammaSeeds(year: number): Seed[] {
  return [
    {
      name: 'Lakeside Pension Services Ltd',
      service: 'administration',
      criticality: 'high',
      description: 'Administration of the insured: contributions, vested benefits, benefit cases and pension certificates.',
      contactName: 'James Whitfield',
      contactEmail: 'service@lakeside-pension.example',
      contractStart: '2021-01-01',
      noticeMonths: 12,
      dsgRole: 'processor',
      dataCountries: ['CH'],
      assuranceRequired: true,
      assuranceDueMonth: 6,
    },
    {
      name: 'Alpine Print & Mail Ltd',
      service: 'printMail',
      criticality: 'low',
      description: 'Printing and mailing of pension certificates and notices.',
      contractStart: `${year - 1}-01-01`,
      contractEnd: `${year + 1}-06-30`,
      noticeMonths: 3,
      dsgRole: 'processor',
      dataCountries: ['CH'],
    },
  ]
}

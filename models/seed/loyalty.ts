import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { DeclarationChannel, Language, LoyaltyFunction } from '../core/constants.ts'
import { nextNumber } from '../core/counters.server.ts'
import type { Tx } from '../core/db.server.ts'
import {
  type DeclaredAdvantage,
  type DeclaredInterest,
  declarationTokens,
  loyaltyCampaigns,
  loyaltyDeclarations,
  loyaltyPersons,
  personChanges,
  relatedTransactions,
} from '../schema/index.ts'
import { demoPdf, storeDemoFile } from './executions.ts'

/*
 * Loyalty and integrity of a demo fund (issue 26): the persons subject to the loyalty rules (council,
 * management, external asset managers, the pension expert), this year's campaign (due 31 March) with
 * most declared in the app or through the personal link, one overdue and one on paper with its scan;
 * last year's campaign reviewed by the council with one finding, resolved; two related-party
 * transactions (one significant, tendered and disclosed to the auditor); changes of the council, one
 * reported to the supervisor and one not yet. The year is the one whose due date has passed: from
 * April on this year, before that last year.
 */

type DemoPerson = {
  key: string
  firstName: string
  lastName: string
  function: LoyaltyFunction
  organisation: string
  /** The demo account it is linked to (an e-mail of the seed's users). */
  account?: string
  language?: Language
  fromYearsAgo: number
  /** Left the fund (the council change of last year). */
  left?: boolean
}

const ALPHA_PERSONS: DemoPerson[] = [
  { key: 'baumann', firstName: 'Regula', lastName: 'Baumann', function: 'council', organisation: '', account: 'reader@example.com', fromYearsAgo: 6 },
  { key: 'brunner', firstName: 'Peter', lastName: 'Brunner', function: 'council', organisation: 'Brunner Treuhand AG', fromYearsAgo: 9 },
  { key: 'lehmann', firstName: 'Ursula', lastName: 'Lehmann', function: 'council', organisation: '', fromYearsAgo: 5 },
  { key: 'moser', firstName: 'Thomas', lastName: 'Moser', function: 'council', organisation: 'Gewerkschaft Bau Bern', fromYearsAgo: 3 },
  { key: 'zuercher', firstName: 'Claudia', lastName: 'Zürcher', function: 'council', organisation: '', fromYearsAgo: 1 },
  { key: 'gerber', firstName: 'Hans', lastName: 'Gerber', function: 'council', organisation: '', fromYearsAgo: 12, left: true },
  { key: 'keller', firstName: 'Andrea', lastName: 'Keller', function: 'management', organisation: '', account: 'admin@example.com', fromYearsAgo: 8 },
  { key: 'frei', firstName: 'Walter', lastName: 'Frei', function: 'administration', organisation: '', account: 'writer@example.com', fromYearsAgo: 7 },
  { key: 'wyss', firstName: 'Martin', lastName: 'Wyss', function: 'assetManagement', organisation: '', fromYearsAgo: 4 },
  { key: 'steiner', firstName: 'Sandra', lastName: 'Steiner', function: 'management', organisation: '', fromYearsAgo: 2 },
  { key: 'aare', firstName: 'Lukas', lastName: 'Hofer', function: 'externalAssetManager', organisation: 'Aaretal Vermögensverwaltung AG', fromYearsAgo: 5 },
  { key: 'limmat', firstName: 'Corinne', lastName: 'Favre', function: 'externalAssetManager', organisation: 'Limmat Asset Management AG', fromYearsAgo: 3 },
  { key: 'expert', firstName: 'Beat', lastName: 'Schaller', function: 'pensionExpert', organisation: 'Schaller Pensionskassenexperten AG', fromYearsAgo: 10 },
]

const INTERESTS: Record<string, DeclaredInterest[]> = {
  baumann: [{ kind: 'boardSeat', organisation: 'Spital Emmental AG', description: 'Mitglied des Verwaltungsrats' }],
  brunner: [
    { kind: 'boardSeat', organisation: 'Aare Immobilien AG', description: 'Mitglied des Verwaltungsrats' },
    { kind: 'holding', organisation: 'Brunner Treuhand AG', description: 'Inhaber, 100 % der Aktien' },
  ],
  lehmann: [],
  moser: [{ kind: 'mandate', organisation: 'Gewerkschaft Bau Bern', description: 'Sekretär, Vertreter der Arbeitnehmenden' }],
  zuercher: [{ kind: 'closePerson', organisation: 'Berner Kantonalbank AG', description: 'Ehemann ist Kundenberater der Depotbank' }],
  keller: [{ kind: 'mandate', organisation: 'Verband Bernischer Pensionskassen', description: 'Vorstandsmitglied' }],
  frei: [],
  wyss: [{ kind: 'holding', organisation: 'Swiss Prime Site AG', description: 'Privatbesitz von 200 Aktien' }],
  steiner: [],
  aare: [
    { kind: 'businessRelation', organisation: 'Aaretal Vermögensverwaltung AG', description: 'Verwaltet das Mandat Obligationen CHF' },
    { kind: 'mandate', organisation: 'Anlagestiftung Mittelland', description: 'Mitglied der Anlagekommission' },
  ],
  limmat: [{ kind: 'businessRelation', organisation: 'Limmat Asset Management AG', description: 'Verwaltet das Mandat Aktien Schweiz' }],
  expert: [{ kind: 'mandate', organisation: 'Pensionskasse der Stadt Thun', description: 'Experte für berufliche Vorsorge' }],
}

const ADVANTAGES: Record<string, DeclaredAdvantage[]> = {
  aare: [{ description: 'Retrozessionen auf Anlagefonds 2025', amount: '12480.00', handedOverTo: 'Pensionskasse Alpha, Konto Vermögensertrag' }],
  limmat: [
    { description: 'Einladung Anlegertagung mit Übernachtung', amount: '650.00', handedOverTo: 'Pensionskasse Alpha, verrechnet mit der Verwaltungsgebühr' },
  ],
  wyss: [{ description: 'Geschenkkorb eines Brokers', amount: '180.00', handedOverTo: 'Pensionskasse Alpha, Personalanlass' }],
}

/** How each declaration of this year ends: signed in the app, through the link, on paper, or still asked for (overdue). */
const THIS_YEAR: Record<string, { channel: DeclarationChannel | null; day: string }> = {
  baumann: { channel: 'app', day: '02-14' },
  brunner: { channel: 'link', day: '03-03' },
  lehmann: { channel: 'paper', day: '03-28' },
  moser: { channel: null, day: '' },
  zuercher: { channel: 'link', day: '02-20' },
  keller: { channel: 'app', day: '02-02' },
  frei: { channel: 'app', day: '02-05' },
  wyss: { channel: 'link', day: '03-10' },
  steiner: { channel: 'link', day: '02-25' },
  aare: { channel: 'link', day: '03-15' },
  limmat: { channel: 'link', day: '03-24' },
  expert: { channel: 'link', day: '03-30' },
}

/** A person without an account: an address at their organisation, or at the fund. */
const demoAddress = (p: DemoPerson) =>
  `${p.firstName}.${p.lastName}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .concat(p.organisation ? '@partner.example.ch' : '@pk-alpha.example')
const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex')
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`

/** The year of the demo's running campaign: its due date (31 March) has passed. */
export function demoLoyaltyYear(today: string) {
  const year = Number(today.slice(0, 4))
  return today.slice(5) >= '04-01' ? year : year - 1
}

/**
 * Pensionskasse Alpha's loyalty records; nothing when the fund has persons already. `accounts` maps
 * the demo accounts' e-mails to their ids; `adminId` records the paper declaration and the review.
 */
export async function seedLoyalty(db: Tx, customerId: string, accounts: Map<string, string>, adminId: string | null, opts: { today?: string } = {}) {
  if (await hasPersons(db, customerId)) return false
  const today = opts.today ?? new Date().toISOString().slice(0, 10)
  const year = demoLoyaltyYear(today)
  const last = year - 1

  const persons = new Map<string, typeof loyaltyPersons.$inferSelect>()
  for (const p of ALPHA_PERSONS) {
    const [row] = await db
      .insert(loyaltyPersons)
      .values({
        customerId,
        firstName: p.firstName,
        lastName: p.lastName,
        function: p.function,
        organisation: p.organisation,
        email: p.account ?? demoAddress(p),
        language: p.language ?? 'de',
        userId: p.account ? (accounts.get(p.account) ?? null) : null,
        fromDate: p.key === 'zuercher' ? `${last}-07-01` : `${year - p.fromYearsAgo}-01-01`,
        untilDate: p.left ? `${last}-06-30` : null,
      })
      .returning()
    persons.set(p.key, row)
  }

  // Last year's campaign, reviewed by the council: everyone then in office declared (Claudia Zürcher
  // joined in July, Hans Gerber still sat on the council).
  const [lastCampaign] = await db
    .insert(loyaltyCampaigns)
    .values({
      customerId,
      year: last,
      dueDate: `${last}-03-31`,
      openedByUserId: adminId,
      openedAt: new Date(`${last}-01-15T09:00:00Z`),
      closedAt: new Date(`${last}-05-20T16:00:00Z`),
      reviewedOn: `${last}-05-20`,
      reviewReference: `SR-Protokoll ${last}/03`,
      reviewNames: 'Regula Baumann (Präsidentin), Peter Brunner, Ursula Lehmann, Thomas Moser, Hans Gerber',
      reviewRecordedByUserId: adminId,
    })
    .returning()
  for (const p of ALPHA_PERSONS.filter((x) => x.key !== 'zuercher')) {
    const person = persons.get(p.key)!
    const finding = p.key === 'aare'
    await db.insert(loyaltyDeclarations).values({
      customerId,
      number: await nextNumber(db, customerId, 'loyaltyDeclaration'),
      campaignId: lastCampaign.id,
      personId: person.id,
      state: 'reviewed',
      personName: fullName(p),
      personFunction: p.function,
      interests: INTERESTS[p.key] ?? [],
      noInterests: (INTERESTS[p.key] ?? []).length === 0,
      advantagesConfirmed: true,
      advantages: finding ? [] : (ADVANTAGES[p.key] ?? []),
      ownAccountConfirmed: true,
      signedName: fullName(p),
      signedAt: new Date(`${last}-03-${p.account ? '05' : '18'}T10:30:00Z`),
      channel: p.account ? 'app' : 'link',
      recordedByUserId: p.account ? (accounts.get(p.account) ?? null) : null,
      reviewRemark: finding
        ? 'Retrozessionen des Vorjahres nicht deklariert; Nachweis der Ablieferung an die Kasse einverlangt.'
        : p.key === 'brunner'
          ? 'Verwaltungsratsmandat bei der Aare Immobilien AG zur Kenntnis genommen; Ausstand bei Vergaben sichergestellt.'
          : '',
      reviewFinding: finding,
      reviewedAt: new Date(`${last}-05-20T16:00:00Z`),
      findingResolvedOn: finding ? `${last}-08-15` : null,
    })
  }

  // This year's campaign, open: most declared, one overdue, one on paper.
  const [campaign] = await db
    .insert(loyaltyCampaigns)
    .values({ customerId, year, dueDate: `${year}-03-31`, openedByUserId: adminId, openedAt: new Date(`${year}-01-20T08:00:00Z`) })
    .returning()
  for (const p of ALPHA_PERSONS.filter((x) => !x.left)) {
    const person = persons.get(p.key)!
    const plan = THIS_YEAR[p.key]
    const interests = INTERESTS[p.key] ?? []
    const [row] = await db
      .insert(loyaltyDeclarations)
      .values({
        customerId,
        number: await nextNumber(db, customerId, 'loyaltyDeclaration'),
        campaignId: campaign.id,
        personId: person.id,
        state: 'requested',
        personName: fullName(p),
        personFunction: p.function,
        remindedAt: plan.channel ? null : new Date(`${year}-04-14T07:00:00Z`),
        reminders: plan.channel ? 0 : 3,
      })
      .returning()
    if (!plan.channel) {
      // The overdue one has its personal link, sent with the last reminder (its secret went out in the mail).
      await db.insert(declarationTokens).values({
        customerId,
        declarationId: row.id,
        tokenHash: sha(`demo link ${row.id}`),
        expiresAt: new Date(Date.parse(`${year}-04-14T07:00:00Z`) + 60 * 86_400_000),
        createdByUserId: adminId,
        createdAt: new Date(`${year}-04-14T07:00:00Z`),
      })
      continue
    }
    const signedAt = new Date(`${year}-${plan.day}T${plan.channel === 'paper' ? '14:00' : '09:15'}:00Z`)
    if (plan.channel === 'paper') {
      // The signed scan first: the declaration's files are frozen once it is signed.
      const content = await demoPdf(
        `Loyalitätserklärung ${year}`,
        [
          'Pensionskasse Alpha, Bahnhofplatz 1, 3011 Bern',
          '',
          `Name: ${fullName(p)}`,
          'Funktion: Mitglied des Stiftungsrats',
          'Interessenbindungen: keine',
          'Vermögensvorteile: keine erhalten (Art. 48k BVV 2)',
          'Eigengeschäfte: Regeln eingehalten (Art. 48j BVV 2)',
          '',
          `Bern, ${plan.day.slice(3)}.${plan.day.slice(0, 2)}.${year}`,
          `Unterschrift: ${fullName(p)}`,
        ],
        `${year}-${plan.day}`,
      )
      await storeDemoFile(db, customerId, {
        owner: 'declaration',
        ownerId: row.id,
        name: `Loyalitaetserklaerung-${year}-${p.lastName}.pdf`,
        content,
        uploadedByUserId: adminId,
      })
    }
    await db
      .update(loyaltyDeclarations)
      .set({
        state: 'declared',
        interests,
        noInterests: interests.length === 0,
        advantagesConfirmed: true,
        advantages: ADVANTAGES[p.key] ?? [],
        ownAccountConfirmed: true,
        remarks: p.key === 'aare' ? 'Retrozessionen werden neu quartalsweise abgeliefert.' : '',
        signedName: fullName(p),
        signedAt,
        channel: plan.channel,
        recordedByUserId: plan.channel === 'paper' ? adminId : plan.channel === 'app' ? (accounts.get(p.account ?? '') ?? null) : null,
        updatedAt: signedAt,
      })
      .where(eq(loyaltyDeclarations.id, row.id))
  }

  // Related-party transactions: the significant one tendered, its offers kept and disclosed to the auditor.
  const [significant] = await db
    .insert(relatedTransactions)
    .values({
      customerId,
      number: await nextNumber(db, customerId, 'relatedTransaction'),
      counterparty: 'Aare Immobilien AG',
      personId: persons.get('brunner')!.id,
      relation: 'Stiftungsrat Peter Brunner ist Mitglied des Verwaltungsrats der Gegenpartei',
      subject: `Verwaltung der Liegenschaften der Kasse ${year} bis ${year + 2}`,
      amount: '184000.00',
      transactionDate: `${year}-02-15`,
      significant: true,
      offersComparison:
        'Drei Offerten eingeholt: Aare Immobilien AG CHF 184 000, Bernimmo AG CHF 196 500, Wincasa AG CHF 201 000. Vergabe an die günstigste bei gleichem Leistungsumfang.',
      approver: 'Stiftungsrat (Peter Brunner im Ausstand)',
      approvedOn: `${year}-02-10`,
      disclosedToAuditorOn: `${year}-03-05`,
    })
    .returning()
  await storeDemoFile(db, customerId, {
    owner: 'transaction',
    ownerId: significant.id,
    name: `Offertvergleich-Liegenschaftsverwaltung-${year}.pdf`,
    content: await demoPdf(
      'Offertvergleich Liegenschaftsverwaltung',
      [
        `Ausschreibung vom ${year}-01-10, drei Offerten`,
        '',
        'Aare Immobilien AG: CHF 184 000 (3 Jahre)',
        'Bernimmo AG: CHF 196 500 (3 Jahre)',
        'Wincasa AG: CHF 201 000 (3 Jahre)',
        '',
        'Antrag an den Stiftungsrat: Vergabe an die Aare Immobilien AG',
      ],
      `${year}-02-01`,
    ),
    uploadedByUserId: adminId,
  })
  await db.insert(relatedTransactions).values({
    customerId,
    number: await nextNumber(db, customerId, 'relatedTransaction'),
    counterparty: 'Brunner Treuhand AG',
    personId: persons.get('brunner')!.id,
    relation: 'Gehört Stiftungsrat Peter Brunner',
    subject: 'Steuerberatung zur Liegenschaft Worblaufen',
    amount: '8400.00',
    transactionDate: `${year}-05-12`,
    significant: false,
    approver: 'Geschäftsführung',
    approvedOn: `${year}-05-08`,
  })

  // The council's change of last year, reported at once; this year's change in management, not yet.
  await db.insert(personChanges).values([
    {
      customerId,
      number: await nextNumber(db, customerId, 'personChange'),
      personId: persons.get('gerber')!.id,
      kind: 'left',
      description: 'Hans Gerber tritt als Mitglied des Stiftungsrats zurück (Arbeitgebervertreter).',
      effectiveOn: `${last}-06-30`,
      reportedOn: `${last}-07-04`,
    },
    {
      customerId,
      number: await nextNumber(db, customerId, 'personChange'),
      personId: persons.get('zuercher')!.id,
      kind: 'joined',
      description: 'Claudia Zürcher wird als Nachfolgerin von Hans Gerber in den Stiftungsrat gewählt.',
      effectiveOn: `${last}-07-01`,
      reportedOn: `${last}-07-04`,
    },
    {
      customerId,
      number: await nextNumber(db, customerId, 'personChange'),
      personId: persons.get('steiner')!.id,
      kind: 'functionChanged',
      description: 'Sandra Steiner übernimmt zusätzlich die Leitung Vermögensanlagen.',
      effectiveOn: `${year}-${today.slice(5) >= '10-01' ? '10-01' : '04-01'}`,
      reportedOn: null,
    },
  ])
  return true
}

/** A fund in another language: a person, a campaign with its open declaration and link, a transaction, a change. */
export async function seedLoyaltyMinimal(db: Tx, customerId: string, language: Language, opts: { today?: string } = {}) {
  if (await hasPersons(db, customerId)) return false
  const today = opts.today ?? new Date().toISOString().slice(0, 10)
  const year = demoLoyaltyYear(today)
  const words = {
    de: {
      org: 'Vermögensverwaltung Muster AG',
      subject: 'Beratung zur Anlagestrategie',
      relation: 'Arbeitgeber des Stiftungsrats',
      change: 'Eintritt in den Stiftungsrat',
    },
    fr: {
      org: 'Léman Gestion de fortune SA',
      subject: 'Conseil sur la stratégie de placement',
      relation: 'Employeur du membre du conseil',
      change: 'Entrée au conseil de fondation',
    },
    en: {
      org: 'Thames Asset Management Ltd',
      subject: 'Advice on the investment strategy',
      relation: 'Employer of the council member',
      change: 'Joined the foundation board',
    },
  }[language]
  const [person] = await db
    .insert(loyaltyPersons)
    .values({
      customerId,
      firstName: 'Jean',
      lastName: 'Favre',
      function: 'council',
      organisation: words.org,
      email: 'jean.favre@partner.example.ch',
      language,
      fromDate: `${year - 1}-01-01`,
    })
    .returning()
  const [campaign] = await db
    .insert(loyaltyCampaigns)
    .values({ customerId, year, dueDate: `${year}-03-31` })
    .returning()
  const [declaration] = await db
    .insert(loyaltyDeclarations)
    .values({
      customerId,
      number: await nextNumber(db, customerId, 'loyaltyDeclaration'),
      campaignId: campaign.id,
      personId: person.id,
      personName: 'Jean Favre',
      personFunction: 'council',
    })
    .returning()
  await db.insert(declarationTokens).values({
    customerId,
    declarationId: declaration.id,
    tokenHash: sha(`demo link ${declaration.id}`),
    expiresAt: new Date(Date.parse(`${year}-01-20T08:00:00Z`) + 60 * 86_400_000),
  })
  await db.insert(relatedTransactions).values({
    customerId,
    number: await nextNumber(db, customerId, 'relatedTransaction'),
    counterparty: words.org,
    personId: person.id,
    relation: words.relation,
    subject: words.subject,
    amount: '12000.00',
    transactionDate: `${year}-02-01`,
  })
  await db.insert(personChanges).values({
    customerId,
    number: await nextNumber(db, customerId, 'personChange'),
    personId: person.id,
    kind: 'joined',
    description: words.change,
    effectiveOn: `${year - 1}-01-01`,
    reportedOn: `${year - 1}-01-10`,
  })
  return true
}

async function hasPersons(db: Tx, customerId: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(loyaltyPersons).where(eq(loyaltyPersons.customerId, customerId))
  return n > 0
}

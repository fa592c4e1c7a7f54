import { seedDecision } from './decisions.ts'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { UNDERFUNDING_DUTIES, UNDERFUNDING_DUTY_DAYS, type UnderfundingDuty } from '../core/constants.ts'
import { nextNumber } from '../core/counters.server.ts'
import { addDays, todayInZurich } from '../core/dates.ts'
import type { Executor } from '../core/db.server.ts'
import {
  kriCatalog,
  kriRisks,
  kris,
  kriThresholds,
  kriValues,
  measures,
  riskAcceptances,
  riskAppetiteApprovals,
  risks,
  underfundingCases,
  underfundingDuties,
} from '../schema/index.ts'

/*
 * KRIs and the risk appetite of a demo fund (issue 27): ten KRIs from the catalogue with their owners,
 * thresholds (a few changed once, when the council approved the appetite again last year) and five years
 * of quarterly values up to the last quarter's end: the coverage ratio mostly between 105 % and 115 %,
 * below 100 % in one quarter (the markets of 2022) with its underfunding duties done and the case closed;
 * the fluctuation reserve below its target (red last spring, amber since); the alternative investments
 * near their legal limit. The KRIs watch a few of the fund's risks; the red reserve proposed a measure on
 * each. Every rated risk gets a gross rating at or above its net one; the council accepted one risk this
 * year, and an acceptance of another lapsed last year.
 */

/** The quarter's end on or before `day`: 31 March, 30 June, 30 September or 31 December. */
export function quarterEndOnOrBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  const ends = ['03-31', '06-30', '09-30', '12-31'].map((e) => `${y}-${e}`)
  const before = ends.filter((e) => e <= `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)
  return before.length ? before[before.length - 1] : `${y - 1}-12-31`
}

/** The `n` quarter ends up to and including `last`, oldest first. */
export function quarterEnds(last: string, n: number): string[] {
  const out = [last]
  while (out.length < n) out.unshift(quarterEndOnOrBefore(addDays(out[0], -1)))
  return out
}

/** Twenty quarters of the coverage ratio, oldest first: the fourth (Q3 2022 in a window from Q4 2021) below 100 %. */
const COVERAGE = [116.8, 112.4, 103.1, 98.7, 101.6, 104.2, 105.9, 104.8, 107.3, 109.1, 110.4, 111.2, 112.0, 109.8, 110.9, 112.6, 113.4, 111.5, 108.9, 110.6]
const DIP = 3
/** The target of the fluctuation reserve, in points of coverage: 20 % of the pension capital. */
const RESERVE_TARGET = 20

type KriPlan = {
  key: string
  owner: string
  /** The first bounds, from the start; `later` from the council's approval last year. */
  bounds: { amber: string; red: string }
  later?: { amber: string; red: string }
  values: (i: number) => number
  source?: 'manual' | 'import' | 'computed'
  note?: string
  comments?: Record<number, string>
  risks?: string[]
}

/** A figure that moves a little from quarter to quarter, without randomness: the same every run. */
const wave = (base: number, amplitude: number, i: number, phase = 0) => base + amplitude * Math.sin((i + phase) * 1.3)
const round = (v: number, digits = 1) => Number(v.toFixed(digits))

const PLANS: KriPlan[] = [
  {
    key: 'coverageRatio',
    owner: 'admin@example.com',
    bounds: { amber: '110', red: '100' },
    later: { amber: '108', red: '100' },
    values: (i) => COVERAGE[i],
    comments: {
      [DIP]: 'Aktien und Obligationen gleichzeitig im Minus (Zinswende 2022); Unterdeckung gemeldet.',
      [DIP + 1]: 'Wieder über 100 %, Wertschwankungsreserve noch nicht geäufnet.',
    },
    risks: ['underfunding', 'investment'],
  },
  {
    key: 'fluctuationReserve',
    owner: 'admin@example.com',
    bounds: { amber: '100', red: '50' },
    values: (i) => round(Math.max(0, ((COVERAGE[i] - 100) / RESERVE_TARGET) * 100)),
    note: 'Zielwert 20 % des Vorsorgekapitals gemäss Reglement Rückstellungen und Reserven.',
    comments: { 18: 'Rückschlag an den Aktienmärkten im zweiten Quartal; Reserve unter der Hälfte des Zielwerts.' },
    risks: ['underfunding', 'investment'],
  },
  {
    key: 'technicalInterestRate',
    owner: 'admin@example.com',
    bounds: { amber: '2', red: '2.5' },
    values: (i) => (i < 8 ? 2 : 1.75),
    comments: { 8: 'Senkung auf Empfehlung des Experten für berufliche Vorsorge (FRP 4).' },
    risks: ['interest'],
  },
  {
    key: 'expectedReturn',
    owner: 'writer@example.com',
    bounds: { amber: '2.5', red: '2' },
    values: (i) => (i < 5 ? 2.6 : i < 13 ? 3.2 : 3.0),
    comments: { 5: 'Neue ALM-Studie: höhere erwartete Rendite nach dem Zinsanstieg.', 13: 'ALM-Studie aktualisiert.' },
    risks: ['interest'],
  },
  {
    key: 'shareEquities',
    owner: 'writer@example.com',
    bounds: { amber: '45', red: '50' },
    later: { amber: '42', red: '50' },
    values: (i) => round(i === DIP ? 29.4 : wave(33.5, 2.2, i)),
    source: 'import',
    risks: ['investment'],
  },
  {
    key: 'shareRealEstate',
    owner: 'writer@example.com',
    bounds: { amber: '27', red: '30' },
    values: (i) => round(i === DIP ? 27.4 : wave(24.8, 1.1, i, 1)),
    source: 'import',
    comments: { [DIP]: 'Anteil gestiegen, weil die übrigen Anlagen an Wert verloren.' },
  },
  {
    key: 'shareAlternatives',
    owner: 'writer@example.com',
    bounds: { amber: '13.5', red: '15' },
    values: (i) => round(Math.min(14.2, 11.2 + i * 0.16)),
    source: 'import',
    comments: { 19: 'Nahe an der Begrenzung nach Art. 55 lit. d BVV 2: keine neuen Zusagen für Private Equity.' },
    risks: ['investment'],
  },
  {
    key: 'shareForeignCurrencyUnhedged',
    owner: 'writer@example.com',
    bounds: { amber: '20', red: '30' },
    values: (i) => round(wave(14.5, 1.8, i, 2)),
    source: 'import',
  },
  {
    key: 'liquidity',
    owner: 'writer@example.com',
    bounds: { amber: '2', red: '1' },
    values: (i) => round(wave(3.4, 1.1, i, 3)),
    source: 'import',
  },
  {
    key: 'overdueMeasures',
    owner: 'reader@example.com',
    bounds: { amber: '0', red: '3' },
    later: { amber: '1', red: '3' },
    values: (i) => [0, 1, 2, 3, 2, 1, 0, 0, 1, 2, 1, 0, 0, 1, 0, 2, 1, 0, 1, 0][i] ?? 0,
    source: 'computed',
  },
]

const EVIDENCE: Record<UnderfundingDuty, string> = {
  informSupervisor: 'Meldung an die BBSA mit Jahresrechnung und Bericht des Experten; Eingangsbestätigung der Aufsicht erhalten.',
  informEmployer: 'Schreiben an die angeschlossenen Arbeitgeber mit Deckungsgrad, Ursachen und geplanten Massnahmen.',
  informInsured: 'Information der aktiven Versicherten mit dem Versicherungsausweis und im Newsletter.',
  informPensioners: 'Brief an die Rentnerinnen und Rentner: keine Kürzung der laufenden Renten, Verzicht auf Teuerungsausgleich.',
  decideMeasures:
    'Stiftungsratsbeschluss: Minderverzinsung der Altersguthaben, Anlagestrategie beibehalten, Sanierungskonzept mit dem Experten; Protokoll abgelegt.',
  reportEffect: 'Bericht an die Aufsicht: Deckungsgrad wieder über 100 %, Massnahmen wirksam, Sanierung abgeschlossen.',
}
const DONE_AFTER: Record<UnderfundingDuty, number> = {
  informSupervisor: 35,
  informEmployer: 42,
  informInsured: 49,
  informPensioners: 49,
  decideMeasures: 70,
  reportEffect: 300,
}

const COUNCIL = 'Regula Baumann (Präsidentin), Peter Brunner, Ursula Lehmann, Thomas Moser, Claudia Zürcher'

/**
 * Alpha's KRIs, appetite, values, underfunding case, gross ratings and acceptances; nothing when the fund
 * follows KRIs already. `accounts` maps the demo accounts' e-mails to their ids.
 */
export async function seedKri(db: Executor, customerId: string, accounts: Map<string, string>, opts: { today?: string } = {}) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(kris).where(eq(kris.customerId, customerId))
  if (n > 0) return false
  const today = opts.today ?? todayInZurich()
  const last = quarterEndOnOrBefore(addDays(today, -1))
  const periods = quarterEnds(last, COVERAGE.length)
  const year = Number(today.slice(0, 4))
  const start = `${periods[0].slice(0, 4)}-01-01`
  // The council approved the appetite again last spring, with a few bounds moved.
  const approvedOn = `${year - 1}-03-25`
  const adminId = accounts.get('admin@example.com') ?? null
  const writerId = accounts.get('writer@example.com') ?? null

  const catalog = await db
    .select({ id: kriCatalog.id, key: kriCatalog.key })
    .from(kriCatalog)
    .where(
      inArray(
        kriCatalog.key,
        PLANS.map((p) => p.key),
      ),
    )
  const catalogIds = new Map(catalog.map((c) => [c.key, c.id]))
  const riskIds = await watchedRisks(db, customerId)

  // Each approval rests on its council decision (the register of decisions, models/seed/decisions.ts).
  const firstDecision = await seedDecision(db, customerId, {
    subject: 'riskAppetite',
    decidedOn: `${periods[0].slice(0, 4)}-02-17`,
    reference: `Stiftungsratsbeschluss ${periods[0].slice(0, 4)}/01`,
    title: 'Erste Festlegung des Risikoappetits',
    text: 'Der Stiftungsrat legt den Risikoappetit mit den Kennzahlen des Reglements Anlagen und Rückstellungen fest; Risiken bis Nettobewertung 9 liegen im Appetit.',
    decidedBy: 'Regula Baumann (Präsidentin), Peter Brunner, Ursula Lehmann, Thomas Moser, Hans Gerber',
    recordedByUserId: adminId,
  })
  const laterDecision = await seedDecision(db, customerId, {
    subject: 'riskAppetite',
    decidedOn: approvedOn,
    reference: `Stiftungsratsbeschluss ${year - 1}/04`,
    title: 'Anpassung des Risikoappetits',
    text: 'Der Stiftungsrat passt die Warnschwellen für Deckungsgrad, Aktien und überfällige Massnahmen an; Risiken bis Nettobewertung 8 liegen im Appetit.',
    decidedBy: COUNCIL,
    recordedByUserId: adminId,
  })
  await db.insert(riskAppetiteApprovals).values([
    {
      customerId,
      decisionId: firstDecision,
      approvedOn: `${periods[0].slice(0, 4)}-02-17`,
      decisionReference: `Stiftungsratsbeschluss ${periods[0].slice(0, 4)}/01`,
      approvedBy: 'Regula Baumann (Präsidentin), Peter Brunner, Ursula Lehmann, Thomas Moser, Hans Gerber',
      scoreLimit: 9,
      remark: 'Erste Festlegung des Risikoappetits mit den Kennzahlen des Reglements Anlagen und Rückstellungen.',
      recordedByUserId: adminId,
      createdAt: new Date(`${periods[0].slice(0, 4)}-02-18T10:00:00Z`),
    },
    {
      customerId,
      decisionId: laterDecision,
      approvedOn,
      decisionReference: `Stiftungsratsbeschluss ${year - 1}/04`,
      approvedBy: COUNCIL,
      scoreLimit: 8,
      remark: 'Warnschwellen für Deckungsgrad, Aktien und überfällige Massnahmen angepasst; Risiken bis Nettobewertung 8 im Appetit.',
      recordedByUserId: adminId,
      createdAt: new Date(`${approvedOn}T16:00:00Z`),
    },
  ])

  let fluctuation: { kriId: string; valueId: string; periodEnd: string; risks: string[] } | null = null
  for (const plan of PLANS) {
    const catalogId = catalogIds.get(plan.key)
    if (!catalogId) continue
    const [kri] = await db
      .insert(kris)
      .values({
        customerId,
        catalogId,
        ownerUserId: accounts.get(plan.owner) ?? adminId,
        frequency: 'quarterly',
        note: plan.note ?? '',
        createdAt: new Date(`${start}T09:00:00Z`),
        updatedAt: new Date(`${start}T09:00:00Z`),
      })
      .returning()
    await db
      .insert(kriThresholds)
      .values([
        { customerId, kriId: kri.id, validFrom: start, ...plan.bounds, setByUserId: adminId, createdAt: new Date(`${start}T09:00:00Z`) },
        ...(plan.later
          ? [{ customerId, kriId: kri.id, validFrom: approvedOn, ...plan.later, setByUserId: adminId, createdAt: new Date(`${approvedOn}T16:00:00Z`) }]
          : []),
      ])
    const rows = await db
      .insert(kriValues)
      .values(
        periods.map((periodEnd, i) => {
          const entered = new Date(`${addDays(periodEnd, 20)}T08:00:00Z`)
          return {
            customerId,
            kriId: kri.id,
            periodEnd,
            value: String(plan.values(i)),
            source: plan.source ?? 'manual',
            comment: plan.comments?.[i] ?? '',
            enteredByUserId: plan.source === 'computed' ? null : writerId,
            createdAt: entered,
            updatedAt: entered,
          }
        }),
      )
      .returning({ id: kriValues.id, periodEnd: kriValues.periodEnd })
    const linked = (plan.risks ?? []).flatMap((r) => riskIds[r] ?? [])
    const unique = [...new Set(linked)]
    if (unique.length) await db.insert(kriRisks).values(unique.map((riskId) => ({ customerId, kriId: kri.id, riskId })))
    if (plan.key === 'fluctuationReserve') {
      const red = rows.find((r) => r.periodEnd === periods[18])
      if (red) fluctuation = { kriId: kri.id, valueId: red.id, periodEnd: red.periodEnd, risks: unique }
    }
  }
  // The owners were told of every value outside the appetite when it was entered (the mail is not sent again).
  await db.execute(sql`
    update kri_values v set alerted_at = v.created_at + interval '1 hour'
    from kris k join kri_catalog c on c.id = k.catalog_id
    where v.kri_id = k.id and k.customer_id = ${customerId}
      and (select case when c.direction = 'higher' then v.value < t.amber else v.value > t.amber end
           from kri_thresholds t where t.kri_id = k.id and t.valid_from <= v.period_end order by t.valid_from desc limit 1)`)

  // The red fluctuation reserve proposed a measure on each risk it watches; the proposals wait for the owner.
  if (fluctuation) {
    for (const riskId of fluctuation.risks.slice(0, 2)) {
      const proposed = new Date(`${addDays(fluctuation.periodEnd, 21)}T08:00:00Z`)
      await db.insert(measures).values({
        customerId,
        idkey: await nextNumber(db, customerId, 'measure'),
        source: 'risk',
        title: 'Wertschwankungsreserve unter der Hälfte des Zielwerts: Risikofähigkeit überprüfen',
        body: 'Die Wertschwankungsreserve lag am Stichtag unter der roten Grenze. Anlagestrategie und Risikobudget mit dem Investment Controller überprüfen und dem Stiftungsrat Massnahmen vorschlagen.',
        ownerUserId: adminId,
        dueDate: addDays(fluctuation.periodEnd, 120),
        riskId,
        kriId: fluctuation.kriId,
        inEdit: true,
        createdAt: proposed,
        updatedAt: proposed,
      })
    }
  }

  // The quarter below 100 %: the case with its six duties, all done, closed once the ratio was back.
  const dip = periods[DIP]
  const [underfunding] = await db
    .insert(underfundingCases)
    .values({
      customerId,
      periodEnd: dip,
      coverageRatio: String(COVERAGE[DIP]),
      closedOn: addDays(dip, 320),
      createdAt: new Date(`${addDays(dip, 20)}T08:00:00Z`),
      updatedAt: new Date(`${addDays(dip, 320)}T15:00:00Z`),
    })
    .returning()
  await db.insert(underfundingDuties).values(
    UNDERFUNDING_DUTIES.map((duty) => ({
      customerId,
      caseId: underfunding.id,
      duty,
      dueOn: addDays(dip, UNDERFUNDING_DUTY_DAYS[duty]),
      doneOn: addDays(dip, DONE_AFTER[duty]),
      evidence: EVIDENCE[duty],
      doneByUserId: adminId,
      version: 2,
      createdAt: new Date(`${addDays(dip, 20)}T08:00:00Z`),
      updatedAt: new Date(`${addDays(dip, DONE_AFTER[duty])}T15:00:00Z`),
    })),
  )

  await grossRatings(db, customerId)
  await acceptances(db, customerId, adminId, today, Object.values(riskIds).flat())
  return true
}

/**
 * The risks the KRIs watch: the fund's underfunding risk, an investment risk and the technical interest
 * rate's, found by their catalogue number, else the first financial risks of the inventory.
 */
async function watchedRisks(db: Executor, customerId: string): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ id: risks.id, idkey: risks.idkey })
    .from(risks)
    .where(and(eq(risks.customerId, customerId), sql`(${risks.idkey} like '02.%' or ${risks.idkey} like '03.%')`))
    .orderBy(risks.idkey)
  const by = (prefix: string) => rows.filter((r) => r.idkey.startsWith(prefix)).map((r) => r.id)
  const financial = by('03.')
  const investment = by('02.')
  return {
    underfunding: (financial.length ? financial : investment).slice(0, 1),
    investment: (investment.length ? investment : financial).slice(0, 1),
    interest: financial.slice(1, 2),
  }
}

/** Every rated risk before its controls: probability one level up, severity the same or one up (never below the net rating). */
async function grossRatings(db: Executor, customerId: string) {
  await db.execute(sql`
    update risks r set gross_probability_level_id = gp.id, gross_severity_level_id = gs.id
    from probability_levels p, severity_levels s, probability_levels gp, severity_levels gs
    where r.customer_id = ${customerId} and r.gross_probability_level_id is null and r.gross_severity_level_id is null
      and p.id = r.probability_level_id and s.id = r.severity_level_id
      and gp.customer_id = r.customer_id and gp.ref = least(5, p.ref + 1)
      and gs.customer_id = r.customer_id and gs.ref = least(5, s.ref + abs(hashtext(r.idkey)) % 2)`)
}

/**
 * Two risks inside the appetite (net score up to 8) not watched by a KRI: one accepted by the council this
 * year for a year, one whose acceptance lapsed last year.
 */
async function acceptances(db: Executor, customerId: string, adminId: string | null, today: string, watched: string[]) {
  const year = Number(today.slice(0, 4))
  const candidates = (
    await db.execute(sql`
    select r.id, (p.ref * s.ref)::int as score
    from risks r join probability_levels p on p.id = r.probability_level_id join severity_levels s on s.id = r.severity_level_id
    where r.customer_id = ${customerId} and p.ref * s.ref <= 8
    order by r.idkey`)
  ).rows as { id: string; score: number }[]
  const [current, lapsed] = candidates.filter((c) => !watched.includes(c.id))
  if (current) {
    // At the council's spring meeting; early in the year, at last autumn's.
    const acceptedOn = `${year}-03-24` <= today ? `${year}-03-24` : `${year - 1}-11-24`
    const until = `${Number(acceptedOn.slice(0, 4)) + 1}${acceptedOn.slice(4)}`
    await db.insert(riskAcceptances).values({
      customerId,
      riskId: current.id,
      decisionId: await seedDecision(db, customerId, {
        subject: 'riskAcceptance',
        decidedOn: acceptedOn,
        reference: `Stiftungsratsbeschluss ${acceptedOn.slice(0, 4)}/02`,
        title: 'Akzeptanz eines Restrisikos',
        text: 'Der Stiftungsrat akzeptiert das Nettorisiko nach den bestehenden Kontrollen für ein Jahr; weitere Massnahmen stünden in keinem Verhältnis zum Nutzen.',
        decidedBy: COUNCIL,
        recordedByUserId: adminId,
      }),
      acceptedOn,
      acceptedBy: `Stiftungsrat: ${COUNCIL}`,
      decisionReference: `Stiftungsratsbeschluss ${acceptedOn.slice(0, 4)}/02`,
      justification:
        'Nettorisiko nach den bestehenden Kontrollen tief; weitere Massnahmen stünden in keinem Verhältnis zum Nutzen. Überprüfung mit der nächsten Risikobeurteilung.',
      validUntil: until,
      netScore: current.score,
      recordedByUserId: adminId,
      createdAt: new Date(`${acceptedOn}T16:00:00Z`),
      updatedAt: new Date(`${acceptedOn}T16:00:00Z`),
    })
  }
  if (lapsed) {
    const acceptedOn = `${year - 2}-05-18`
    await db.insert(riskAcceptances).values({
      customerId,
      riskId: lapsed.id,
      decisionId: await seedDecision(db, customerId, {
        subject: 'riskAcceptance',
        decidedOn: acceptedOn,
        reference: `Stiftungsratsbeschluss ${year - 2}/03`,
        title: 'Akzeptanz eines Risikos bis zur Neubeurteilung',
        text: 'Das Risiko ist durch Versicherungsdeckung und Stellvertretungsregelung begrenzt; es wird bis zur Neubeurteilung akzeptiert.',
        decidedBy: 'Regula Baumann (Präsidentin), Peter Brunner, Ursula Lehmann, Thomas Moser, Hans Gerber',
        recordedByUserId: adminId,
      }),
      acceptedOn,
      acceptedBy: 'Stiftungsrat: Regula Baumann (Präsidentin), Peter Brunner, Ursula Lehmann, Thomas Moser, Hans Gerber',
      decisionReference: `Stiftungsratsbeschluss ${year - 2}/03`,
      justification: 'Risiko durch Versicherungsdeckung und Stellvertretungsregelung begrenzt; bis zur Neubeurteilung akzeptiert.',
      validUntil: `${year - 1}-05-18`,
      netScore: lapsed.score,
      recordedByUserId: adminId,
      remindedAt: new Date(`${year - 1}-04-18T06:00:00Z`),
      createdAt: new Date(`${acceptedOn}T16:00:00Z`),
      updatedAt: new Date(`${acceptedOn}T16:00:00Z`),
    })
  }
}

/**
 * Caisse de pension Beta, in French: the coverage ratio and the fluctuation reserve with the catalogue's
 * defaults, two years of quarterly values (the reserve below its target, amber) and the council's approval.
 */
export async function seedKriMinimal(db: Executor, customerId: string, ownerId: string | null, opts: { today?: string } = {}) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(kris).where(eq(kris.customerId, customerId))
  if (n > 0) return false
  const today = opts.today ?? todayInZurich()
  const periods = quarterEnds(quarterEndOnOrBefore(addDays(today, -1)), 8)
  const year = Number(today.slice(0, 4))
  const start = `${periods[0].slice(0, 4)}-01-01`
  const coverage = [106.2, 107.5, 108.1, 109.4, 108.8, 110.2, 111.0, 110.6]
  const series: Record<string, number[]> = {
    coverageRatio: coverage,
    fluctuationReserve: coverage.map((c) => round(((c - 100) / 15) * 100)),
  }
  const catalog = await db
    .select()
    .from(kriCatalog)
    .where(inArray(kriCatalog.key, Object.keys(series)))
  await db.insert(riskAppetiteApprovals).values({
    customerId,
    decisionId: await seedDecision(db, customerId, {
      subject: 'riskAppetite',
      decidedOn: `${year - 1}-05-22`,
      reference: `Décision du conseil de fondation ${year - 1}/03`,
      title: 'Fixation de l’appétence au risque',
      text: 'Appétence au risque fixée avec les seuils proposés par le catalogue.',
      decidedBy: 'Conseil de fondation : Sophie Rochat (présidente), Marc Dubois, Nathalie Favre',
      recordedByUserId: ownerId,
    }),
    approvedOn: `${year - 1}-05-22`,
    decisionReference: `Décision du conseil de fondation ${year - 1}/03`,
    approvedBy: 'Conseil de fondation : Sophie Rochat (présidente), Marc Dubois, Nathalie Favre',
    scoreLimit: 9,
    remark: 'Appétence au risque fixée avec les seuils proposés par le catalogue.',
    recordedByUserId: ownerId,
    createdAt: new Date(`${year - 1}-05-22T16:00:00Z`),
  })
  for (const entry of catalog) {
    const [kri] = await db
      .insert(kris)
      .values({ customerId, catalogId: entry.id, ownerUserId: ownerId, createdAt: new Date(`${start}T09:00:00Z`), updatedAt: new Date(`${start}T09:00:00Z`) })
      .returning()
    if (entry.defaultAmber !== null && entry.defaultRed !== null)
      await db
        .insert(kriThresholds)
        .values({ customerId, kriId: kri.id, validFrom: start, amber: entry.defaultAmber, red: entry.defaultRed, setByUserId: ownerId })
    await db.insert(kriValues).values(
      periods.map((periodEnd, i) => {
        const entered = new Date(`${addDays(periodEnd, 25)}T08:00:00Z`)
        // Below the target all along: the owner was told of each value.
        const outside = entry.key === 'fluctuationReserve' || series[entry.key][i] < Number(entry.defaultAmber)
        return {
          customerId,
          kriId: kri.id,
          periodEnd,
          value: String(series[entry.key][i]),
          comment: i === periods.length - 1 ? 'Chiffres provisoires, avant la révision des comptes.' : '',
          enteredByUserId: ownerId,
          alertedAt: outside ? new Date(entered.getTime() + 3_600_000) : null,
          createdAt: entered,
          updatedAt: entered,
        }
      }),
    )
  }
  return true
}

import { and, eq, sql } from 'drizzle-orm'
import { replaceLogo } from '../core/customer-logo.server.ts'
import { demoLogoPng } from './demo-logo.ts'
import type { DB, Executor, Tx } from '../core/db.server.ts'
import { asSystem } from '../core/scope.server.ts'
import { nextNumber } from '../core/counters.server.ts'
import { addDays, todayInZurich } from '../core/dates.ts'
import {
  customers,
  deputies,
  documents,
  icsMainThemes,
  icsProcesses,
  icsQuality,
  icsSubThemes,
  workProcesses,
  mailTemplates,
  measures,
  memberships,
  news,
  responsibleBodies,
  risks,
  type Role,
  users,
} from '../schema/index.ts'
import { demoBodies, demoDocuments, demoMeasures } from './demo-measures.ts'
import { seedDemoActivities } from './dsg-activities.ts'
import { seedInventory } from './risks.ts'
import { seedIcsInventory } from './ics.ts'
import { seedDsgDpias } from './dsg-dpias.ts'
import { seedDsgBreaches } from './dsg-breaches.ts'
import { seedLoyalty, seedLoyaltyMinimal } from './loyalty.ts'
import { seedKri, seedKriMinimal } from './kri.ts'
import { seedFindings, seedFindingsBeta, seedFindingsGamma } from './findings.ts'
import { seedProviders } from './providers.ts'
import { seedDecisions } from './decisions.ts'
import { seedDsgRequests } from './dsg-requests.ts'
import { seedDsgTemplates, seedIcsCatalog, seedKriCatalog, seedRiskCatalog } from '../reference/catalogs.server.ts'
import { demoPdf, seedExecutions, storeDemoFile } from './executions.ts'
import { seedAssurance } from './assurance.ts'
import { provisionCustomer } from '../reference/provision.server.ts'
import { hashPassword } from '../core/passwords.server.ts'
import { mailTemplateSeeds } from '../reference/mail-templates.ts'
import { writeRights } from '../core/rights.server.ts'

export const DEMO_PASSWORD = 'Vorsorge-2026'

type R = { enabled: boolean; role: Role }
const on = (role: Role): R => ({ enabled: true, role })
const off: R = { enabled: false, role: 'none' }

const demoCustomers = [
  { key: 'alpha', name: 'Pensionskasse Alpha', language: 'de', address: 'Bahnhofplatz 1\n3011 Bern' },
  { key: 'beta', name: 'Caisse de pension Beta', language: 'fr', address: 'Rue du Rhône 12\n1204 Genève' },
  { key: 'gamma', name: 'Gamma Pension Fund', language: 'en', address: 'Seestrasse 200\n8002 Zürich' },
] as const

type DemoUser = {
  email: string
  firstName: string
  lastName: string
  language: 'de' | 'fr' | 'en'
  position?: (typeof users.$inferInsert)['position']
  functional?: string
  isSuperAdmin?: boolean
  memberships: { customer: (typeof demoCustomers)[number]['key']; risk: R; iks: R }[]
}

const demoUsers: DemoUser[] = [
  { email: 'sadmin@example.com', firstName: 'Stefan', lastName: 'Meier', language: 'de', isSuperAdmin: true, memberships: [] },
  {
    email: 'admin@example.com',
    firstName: 'Andrea',
    lastName: 'Keller',
    language: 'de',
    position: 'management',
    functional: 'Geschäftsführerin',
    memberships: [
      { customer: 'alpha', risk: on('admin'), iks: on('admin') },
      { customer: 'beta', risk: on('admin'), iks: on('admin') },
    ],
  },
  {
    email: 'writer@example.com',
    firstName: 'Walter',
    lastName: 'Frei',
    language: 'de',
    position: 'technicalAdministation',
    functional: 'Leiter Verwaltung',
    memberships: [{ customer: 'alpha', risk: on('write'), iks: on('write') }],
  },
  {
    email: 'reader@example.com',
    firstName: 'Regula',
    lastName: 'Baumann',
    language: 'de',
    position: 'foundationCouncilMember',
    functional: 'Stiftungsrätin',
    memberships: [{ customer: 'alpha', risk: on('read'), iks: on('read') }],
  },
  {
    email: 'dsg@example.com',
    firstName: 'Daniel',
    lastName: 'Sutter',
    language: 'de',
    position: 'extern',
    functional: 'Datenschutzberater',
    memberships: [{ customer: 'alpha', risk: on('dsg'), iks: on('dsg') }],
  },
  {
    email: 'norights@example.com',
    firstName: 'Nina',
    lastName: 'Roth',
    language: 'de',
    position: 'salesAndDistribution',
    memberships: [{ customer: 'alpha', risk: off, iks: off }],
  },
  {
    email: 'beta@example.com',
    firstName: 'Béatrice',
    lastName: 'Dubois',
    language: 'fr',
    position: 'management',
    functional: 'Gérante',
    memberships: [{ customer: 'beta', risk: on('write'), iks: on('write') }],
  },
]

/**
 * Demo customers, accounts and mail templates. Idempotent: running it again adds only what is missing.
 * Runs as one system transaction: the demo funds' rows are visible only inside a scope.
 */
export async function seed(opts: { log?: (m: string) => void } = {}) {
  return asSystem('seed', (tx) => seedDemoData(tx, opts.log ?? (() => {})))
}

async function seedDemoData(db: Tx, log: (m: string) => void) {
  const customerIds = new Map<string, string>()
  for (const c of demoCustomers) {
    let row = await db.query.customers.findFirst({ where: eq(customers.name, c.name) })
    if (!row) {
      ;[row] = await db.insert(customers).values({ name: c.name, language: c.language, address: c.address }).returning()
      if (c.key === 'alpha') {
        const logoVersion = await replaceLogo(db, row.id, demoLogoPng())
        ;[row] = await db.update(customers).set({ logoVersion }).where(eq(customers.id, row.id)).returning()
      }
      log(`customer ${c.name}`)
    }
    customerIds.set(c.key, row.id)
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const userIds = new Map<string, string>()
  for (const u of demoUsers) {
    let row = await db.query.users.findFirst({ where: sql`lower(${users.email}) = ${u.email}` })
    if (!row) {
      ;[row] = await db
        .insert(users)
        .values({
          email: u.email,
          passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          language: u.language,
          position: u.position ?? null,
          functional: u.functional ?? '',
          isSuperAdmin: u.isSuperAdmin ?? false,
        })
        .returning()
      log(`user ${u.email}`)
    }
    userIds.set(u.email, row.id)
    for (const m of u.memberships) {
      const [membership] = await db
        .insert(memberships)
        .values({ userId: row.id, customerId: customerIds.get(m.customer)! })
        .onConflictDoNothing()
        .returning()
      if (membership) await writeRights(db, membership, { risk: m.risk, iks: m.iks })
    }
  }

  // reader@example.com is the active deputy of writer@example.com in Pensionskasse Alpha.
  await db
    .insert(deputies)
    .values({
      customerId: customerIds.get('alpha')!,
      userId: userIds.get('writer@example.com')!,
      deputyUserId: userIds.get('reader@example.com')!,
      active: true,
    })
    .onConflictDoNothing()

  // The admin is the contact of the customers it manages.
  for (const key of ['alpha', 'beta'] as const) {
    await db
      .update(customers)
      .set({ contactId: userIds.get('admin@example.com')! })
      .where(and(eq(customers.id, customerIds.get(key)!), sql`${customers.contactId} is null`))
  }

  for (const t of mailTemplateSeeds) {
    await db.insert(mailTemplates).values(t).onConflictDoNothing()
  }
  await seedRiskCatalog(db)
  for (const c of demoCustomers) await provisionCustomer(db, customerIds.get(c.key)!, c.language)
  const alphaOwners = ['writer@example.com', 'admin@example.com', 'reader@example.com', 'dsg@example.com'].map((e) => userIds.get(e)!)
  if (await seedInventory(db, customerIds.get('alpha')!, 'de', alphaOwners, 26)) log('risk inventory for alpha')
  if (await seedInventory(db, customerIds.get('beta')!, 'fr', [userIds.get('beta@example.com')!, userIds.get('admin@example.com')!], 8))
    log('risk inventory for beta')
  await seedIcsCatalog(db)
  await seedDsgTemplates(db)
  await seedKriCatalog(db)
  if (await seedIcsInventory(db, customerIds.get('alpha')!, 'de', alphaOwners, 18)) log('process inventory for alpha')
  if (await seedIcsInventory(db, customerIds.get('beta')!, 'fr', [userIds.get('beta@example.com')!], 6)) log('process inventory for beta')
  await seedQualityIndex(db, customerIds.get('alpha')!)
  await seedWorkProcesses(db, customerIds.get('alpha')!, userIds.get('writer@example.com')!)
  await seedMeasuresAndDocuments(db, customerIds, userIds, log)
  // After the measures: a deficient execution opens one more.
  const alphaWriters = ['writer@example.com', 'admin@example.com'].map((e) => userIds.get(e)!)
  if (await seedExecutions(db, customerIds.get('alpha')!, 'de', alphaWriters)) log('control executions for alpha')
  const betaWriters = ['beta@example.com', 'admin@example.com'].map((e) => userIds.get(e)!)
  if (await seedExecutions(db, customerIds.get('beta')!, 'fr', betaWriters, { files: 1 })) log('control executions for beta')
  if (await seedDemoActivities(db, customerIds.get('alpha')!, userIds.get('dsg@example.com') ?? null)) log('record of processing activities for alpha')
  // After the record of processing activities (and the measures): the disability benefits' impact assessment.
  if (await seedDsgDpias(db, customerIds.get('alpha')!, userIds.get('dsg@example.com')!)) log('impact assessment for alpha')
  if (await seedDsgBreaches(db, customerIds.get('alpha')!, userIds.get('dsg@example.com')!)) log('data security breach for alpha')
  if (await seedDsgRequests(db, customerIds.get('alpha')!, userIds.get('dsg@example.com')!)) log('requests of data subjects for alpha')
  // Loyalty and integrity: Alpha's persons, campaigns, transactions and changes; Beta's few in French.
  if (await seedLoyalty(db, customerIds.get('alpha')!, userIds, userIds.get('admin@example.com') ?? null)) log('loyalty records for alpha')
  if (await seedLoyaltyMinimal(db, customerIds.get('beta')!, 'fr')) log('loyalty records for beta')
  // KRIs and the risk appetite (after the risks and the measures): five years of quarterly values, the underfunding of one quarter, acceptances.
  if (await seedKri(db, customerIds.get('alpha')!, userIds)) log('KRIs and risk appetite for alpha')
  if (await seedKriMinimal(db, customerIds.get('beta')!, userIds.get('beta@example.com') ?? null)) log('KRIs for beta')
  // Findings of the auditor, the expert, the supervisor and the internal review (after the risks, processes and measures they link to).
  if (await seedFindings(db, customerIds.get('alpha')!, { writer: userIds.get('writer@example.com') ?? null, admin: userIds.get('admin@example.com') ?? null }))
    log('findings for alpha')
  if (await seedFindingsBeta(db, customerIds.get('beta')!, userIds.get('beta@example.com') ?? null)) log('findings for beta')
  if (await seedFindingsGamma(db, customerIds.get('gamma')!)) log('findings for gamma')
  // Providers (after the risks, processes, activities and the breach they link): Alpha's eight, Beta's and Gamma's few.
  if (await seedProviders(db, customerIds, userIds)) log('providers for alpha, beta and gamma')
  // The providers' yearly assurance reviews (after the providers): executions of the provider oversight control.
  const user = (email: string) => userIds.get(email) ?? null
  if (
    await seedAssurance(
      db,
      customerIds.get('alpha')!,
      'de',
      [user('writer@example.com'), user('admin@example.com')],
      ['approved', 'submitted', 'overdue', 'later'],
    )
  )
    log('assurance reviews for alpha')
  if (await seedAssurance(db, customerIds.get('beta')!, 'fr', [user('beta@example.com'), user('admin@example.com')], ['approved']))
    log('assurance reviews for beta')
  if (await seedAssurance(db, customerIds.get('gamma')!, 'en', [], ['later'])) log('assurance reviews for gamma')
  // The council's decisions (after the KRIs and the loyalty records, whose approvals link to them).
  for (const c of demoCustomers)
    if (await seedDecisions(db, customerIds.get(c.key)!, c.language as 'de' | 'fr' | 'en', { adminId: userIds.get('admin@example.com') ?? null }))
      log(`council decisions for ${c.key}`)
  await backdateDemoRecords(db)
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(news)
  if (n === 0) {
    const today = todayInZurich()
    await db.insert(news).values([
      {
        title: 'Jahresabschluss: Risikoinventar und IKS vor der Revision aktualisieren',
        lead: 'Die Revisionsstelle prüft im Frühjahr das interne Kontrollsystem. Ein aktuelles Risikoinventar und bestätigte Massnahmen erleichtern die Prüfung.',
        body: 'Prüfen Sie bis Ende Januar die Bewertung Ihrer Risiken auf der Risikokarte, bestätigen Sie erledigte Massnahmen und legen Sie die Berichte in den Dokumenten ab. Die Übersicht «Meine Massnahmen» zeigt, was noch offen ist.',
        titleFr: 'Clôture annuelle : mettre à jour l’inventaire des risques et le SCI avant la révision',
        leadFr:
          'L’organe de révision contrôle le système de contrôle interne au printemps. Un inventaire des risques à jour et des mesures confirmées facilitent ce contrôle.',
        bodyFr:
          'Vérifiez d’ici fin janvier l’évaluation de vos risques sur la carte des risques, confirmez les mesures réalisées et déposez les rapports dans les documents. L’aperçu « Mes mesures » indique ce qui reste en suspens.',
        titleEn: 'Year-end closing: update the risk inventory and the ICS before the audit',
        leadEn:
          'The statutory auditor reviews the internal control system in spring. An up-to-date risk inventory and confirmed measures make the review easier.',
        bodyEn:
          'By the end of January, check the assessment of your risks on the risk map, confirm completed measures and file the reports under documents. The “My measures” overview shows what is still open.',
        date: today,
        validFrom: addDays(today, -7),
        validUntil: addDays(today, 60),
        visibleFor: 'all' as const,
      },
      {
        title: '',
        titleFr: 'Protection des données : registre des activités de traitement',
        leadFr: 'Depuis la révision de la LPD, le registre des activités de traitement est obligatoire pour les institutions de prévoyance.',
        bodyFr:
          'Vérifiez que chaque traitement de données des assurés y figure, avec sa finalité, les catégories de données et les destinataires. La vue DSG regroupe les risques et les mesures concernés.',
        date: today,
        visibleFor: 'customer' as const,
        customerId: customerIds.get('beta')!,
      },
    ])
    log('news')
  }
  return { customerIds, userIds }
}

/**
 * The demo records were all written in this transaction, i.e. "today"; a fund that moves to the product
 * brings an inventory that existed before. They get creation times that fit their own dates, so that a
 * snapshot of last year's reporting date (which counts only what existed then) shows a real inventory:
 * risks, ICS processes, documents and work processes from two years ago, measures some months before their
 * due date or confirmation, an impact assessment from its screening, a breach from its discovery and a
 * request from its receipt. Only rows of this seed's transaction (`created_at = now()`) move.
 */
async function backdateDemoRecords(db: Executor) {
  for (const table of ['risks', 'ics_processes', 'documents', 'work_processes']) {
    await db.execute(
      sql.raw(`update ${table} set created_at = created_at - interval '700 days', updated_at = updated_at - interval '700 days' where created_at = now()`),
    )
  }
  await db.execute(sql`
    update measures set created_at = least(created_at - interval '400 days',
      coalesce(confirmed_at, created_at) - interval '30 days', due_date::timestamp - interval '120 days')
    where created_at = now()`)
  await db.execute(sql`update dsg_dpias set created_at = coalesce(screened_on::timestamp, created_at - interval '30 days') where created_at = now()`)
  await db.execute(
    sql`update dsg_breaches set created_at = discovered_at + interval '2 hours' where created_at = now() and discovered_at + interval '2 hours' < now()`,
  )
  await db.execute(
    sql`update dsg_requests set created_at = (received_on::timestamp at time zone 'Europe/Zurich') + interval '9 hours' where created_at = now()`,
  )
  // Last changed when written: a record changed after a snapshot's date with no entry in the audit trail
  // would be listed in the snapshot as one whose state at the date is unknown (report/as-of.server.ts).
  for (const table of ['measures', 'dsg_activities', 'dsg_dpias', 'dsg_breaches', 'dsg_requests']) {
    await db.execute(sql.raw(`update ${table} set updated_at = created_at where updated_at = now() and created_at < now()`))
  }
}

/** Responsible bodies, measures and documents of the demo customers; only for a customer that has none yet. */
async function seedMeasuresAndDocuments(db: Tx, customerIds: Map<string, string>, userIds: Map<string, string>, log: (m: string) => void) {
  const today = todayInZurich()
  for (const key of ['alpha', 'beta'] as const) {
    const customerId = customerIds.get(key)!
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(measures).where(eq(measures.customerId, customerId))
    if (n > 0) continue
    const bodyIds = new Map<string, string>()
    for (const b of demoBodies.filter((b) => b.customer === key)) {
      const [row] = await db.insert(responsibleBodies).values({ customerId, name: b.name }).onConflictDoNothing().returning()
      if (row) bodyIds.set(b.name, row.id)
    }
    // RM measures belong to a risk of the inventory, so the steering block shows them.
    const riskIds = (await db.select({ id: risks.id }).from(risks).where(eq(risks.customerId, customerId)).orderBy(risks.idkey)).map((r) => r.id)
    const processIds = (
      await db.select({ id: icsProcesses.id }).from(icsProcesses).where(eq(icsProcesses.customerId, customerId)).orderBy(icsProcesses.idkey)
    ).map((r) => r.id)
    let k = 0
    for (const m of demoMeasures.filter((m) => m.customer === key)) {
      k++
      const riskId = m.source === 'risk' && riskIds.length ? riskIds[(k * 5) % riskIds.length] : null
      const iksId = m.source === 'iks' && processIds.length ? processIds[(k * 3) % processIds.length] : null
      const owner = 'email' in m.owner ? { ownerUserId: userIds.get(m.owner.email) ?? null } : { ownerBodyId: bodyIds.get(m.owner.body) ?? null }
      const common = {
        customerId,
        idkey: await nextNumber(db, customerId, 'measure'),
        source: m.source,
        title: m.title,
        body: m.body,
        ...owner,
        recurrence: m.recurrence,
        dsgMeasure: m.dsgMeasure,
        riskId,
        iksId,
      }
      if (!m.confirmed) {
        await db.insert(measures).values({ ...common, dueDate: addDays(today, m.dueInDays), inEdit: m.inEdit ?? false })
        continue
      }
      // A confirmed recurring measure has its next iteration, as confirming it in the app creates:
      // the confirmed one was due a recurrence before the open one.
      const recurring = m.recurrence > 0
      const [confirmed] = await db
        .insert(measures)
        .values({
          ...common,
          dueDate: addDays(today, recurring ? m.dueInDays - m.recurrence : m.dueInDays),
          state: 'confirmed' as const,
          confirmedAt: new Date(Date.now() - m.confirmed.daysAgo * 86_400_000),
          confirmedByUserId: userIds.get(m.confirmed.byEmail) ?? null,
          confirmationText: m.confirmed.text,
        })
        .returning()
      if (m.confirmed.file) {
        const f = m.confirmed.file
        const content = await demoPdf(f.title, f.lines, addDays(today, -m.confirmed.daysAgo))
        await storeDemoFile(db, customerId, { owner: 'measure', ownerId: confirmed.id, name: f.name, content, uploadedByUserId: confirmed.confirmedByUserId })
      }
      if (recurring) {
        await db
          .insert(measures)
          .values({ ...common, iteration: confirmed.iteration + 1, previousId: confirmed.id, dueDate: addDays(today, m.dueInDays), inEdit: m.inEdit ?? false })
      }
    }
    for (const d of demoDocuments.filter((d) => d.customer === key)) {
      const [doc] = await db
        .insert(documents)
        .values({
          customerId,
          category: d.category,
          name: d.name,
          link: d.link,
          linkText: d.linkText,
          comment: d.comment,
          dueDate: d.dueInDays === null ? null : addDays(today, d.dueInDays),
          present: d.present,
        })
        .returning({ id: documents.id })
      // A document that is a file, stored as an upload is (decision 0063).
      if (d.file) {
        const content = await demoPdf(d.file.title, d.file.lines, addDays(today, d.dueInDays ?? 0))
        await storeDemoFile(db, customerId, { owner: 'document', ownerId: doc.id, name: d.file.name, content, uploadedByUserId: null })
      }
    }
    log(`measures and documents for ${key}`)
  }
}

/** Documented work processes of Pensionskasse Alpha, filed under ICS sub-processes. */
async function seedWorkProcesses(db: Executor, customerId: string, ownerUserId: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(workProcesses).where(eq(workProcesses.customerId, customerId))
  if (n > 0) return
  const subs = await db.select().from(icsSubThemes)
  const sub = (key: string) => subs.find((s) => s.key === key)
  const today = todayInZurich()
  const items = [
    { title: 'Auszahlung von Altersrenten', sub: '04.1', ref: 'AP-04-01', category: 'Leistungen', state: 'inForce' as const, days: -400 },
    { title: 'Ein- und Austritte von Versicherten', sub: '03.1', ref: 'AP-03-01', category: 'Versicherte', state: 'inForce' as const, days: -700 },
    { title: 'Zahlungsfreigabe im Vier-Augen-Prinzip', sub: '05.1', ref: 'AP-05-02', category: 'Finanzen', state: 'inForce' as const, days: -200 },
    { title: 'Umgang mit Auskunftsbegehren nach DSG', sub: '06.3', ref: 'AP-06-03', category: 'Datenschutz', state: 'draft' as const, days: 30 },
    { title: 'Überwachung der Anlagelimiten BVV 2', sub: '02.2', ref: 'AP-02-01', category: 'Vermögensanlage', state: 'inForce' as const, days: -90 },
  ]
  await db.insert(workProcesses).values(
    items.map((i) => ({
      customerId,
      title: i.title,
      state: i.state,
      link: i.state === 'draft' ? null : `https://intranet.pk-alpha.example/prozesse/${i.ref.toLowerCase()}.pdf`,
      enforcementDate: addDays(today, i.days),
      businessCase: i.category,
      processRef: i.ref,
      ownerUserId,
      mainThemeId: sub(i.sub)?.mainThemeId ?? null,
      subThemeId: sub(i.sub)?.id ?? null,
    })),
  )
}

/** A few assessed main processes, so the quality index has something to show. */
async function seedQualityIndex(db: Executor, customerId: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(icsQuality).where(eq(icsQuality.customerId, customerId))
  if (n > 0) return
  const themes = await db.select().from(icsMainThemes).orderBy(icsMainThemes.leadingNumber)
  const levels = [4, 3, 3, 4, 2, 3]
  await db.insert(icsQuality).values(themes.slice(0, levels.length).map((t, i) => ({ customerId, mainThemeId: t.id, level: levels[i] })))
}

export async function isDatabaseEmpty(db: DB) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return row.n === 0
}

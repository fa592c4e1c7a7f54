import crypto from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { system } from '../system-db.ts'
import {
  controlExecutions,
  customers,
  declarationTokens,
  documents,
  icsCatalog,
  icsProcesses,
  loyaltyCampaigns,
  loyaltyDeclarations,
  loyaltyPersons,
  measures,
  personChanges,
  relatedTransactions,
  storedFileChunks,
  storedFiles,
  users,
} from '../../models/schema/index.ts'
import { seed } from '../../models/seed/index.ts'
import { seedExecutions } from '../../models/seed/executions.ts'
import { demoLoyaltyYear } from '../../models/seed/loyalty.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { customerFactory, memberFactory, processFactory } from '../factories/index.ts'

describe('the demo data', () => {
  beforeAll(async () => {
    await seed()
  }, 120_000)

  it('gives every confirmed recurring measure its next iteration, as confirming it in the app does', async () => {
    const confirmed = await system()
      .select()
      .from(measures)
      .where(and(eq(measures.state, 'confirmed'), gt(measures.recurrence, 0)))
    expect(confirmed.length).toBeGreaterThan(0)
    for (const m of confirmed) {
      const [next] = await system().select().from(measures).where(eq(measures.previousId, m.id))
      expect(next, `${m.idkey} ${m.title}`).toBeDefined()
      expect(next).toMatchObject({ idkey: m.idkey, iteration: m.iteration + 1, recurrence: m.recurrence, customerId: m.customerId })
      // due one recurrence after the confirmed one
      const days = (Date.parse(next.dueDate) - Date.parse(m.dueDate)) / 86_400_000
      expect(Math.round(days)).toBe(m.recurrence)
    }
  })

  it('leaves no open measure without its number history', async () => {
    const orphans = await system()
      .select({ id: measures.id })
      .from(measures)
      .where(and(gt(measures.iteration, 1), isNull(measures.previousId)))
    expect(orphans).toHaveLength(0)
  })

  it('gives the 45 key controls of the catalogue a frequency and a test procedure in three languages', async () => {
    const entries = await system().select().from(icsCatalog)
    expect(entries.length).toBeGreaterThanOrEqual(45)
    const planned = entries.filter((e) => e.defaultFrequency !== 'none' && e.defaultProcedureDe && e.defaultProcedureFr && e.defaultProcedureEn)
    expect(planned).toHaveLength(45)
  })

  it('plans Alpha’s key controls and records a year of executions in every state, with the deficient one’s measure', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const processes = await system().select().from(icsProcesses).where(eq(icsProcesses.customerId, alpha.id))
    expect(processes.length).toBeGreaterThan(0)
    for (const p of processes) {
      expect(p.frequency, p.idkey).not.toBe('none')
      expect(p.performerUserId, p.idkey).not.toBeNull()
      expect(p.reviewerUserId, p.idkey).not.toBeNull()
      expect(p.reviewerUserId, p.idkey).not.toBe(p.performerUserId)
    }
    const executions = await system().select().from(controlExecutions).where(eq(controlExecutions.customerId, alpha.id)).orderBy(asc(controlExecutions.number))
    const today = new Date().toISOString().slice(0, 10)
    expect(new Set(executions.map((e) => e.state))).toEqual(new Set(['planned', 'submitted', 'returned', 'approved']))
    expect(executions.some((e) => e.state === 'planned' && e.dueDate < today)).toBe(true)
    expect(executions.filter((e) => e.state === 'approved' && e.result === 'effective').length).toBeGreaterThan(executions.length / 3)
    const deficient = executions.filter((e) => e.result === 'deficient')
    expect(deficient).toHaveLength(1)
    const [measure] = await system().select().from(measures).where(eq(measures.id, deficient[0].measureId!))
    expect(measure).toMatchObject({ source: 'iks', iksId: deficient[0].processId, customerId: alpha.id })
    for (const e of executions.filter((x) => x.state === 'approved')) {
      expect(e.reviewedByUserId).not.toBeNull()
      expect(e.reviewedByUserId).not.toBe(e.performerUserId)
    }
    expect(new Set(executions.map((e) => e.number)).size).toBe(executions.length)
  })

  it('keeps real PDF and PNG evidence whose SHA-256 and size match their chunks, in two funds', async () => {
    const files = await system().select().from(storedFiles).where(eq(storedFiles.owner, 'execution'))
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    expect(files.some((f) => f.customerId === alpha.id && f.contentType === 'application/pdf')).toBe(true)
    expect(files.some((f) => f.customerId === alpha.id && f.contentType === 'image/png')).toBe(true)
    expect(files.some((f) => f.customerId !== alpha.id)).toBe(true)
    for (const f of files) {
      const chunks = await system().select().from(storedFileChunks).where(eq(storedFileChunks.fileId, f.id)).orderBy(asc(storedFileChunks.seq))
      const content = Buffer.concat(chunks.map((c) => c.data))
      expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i))
      expect(content.length, f.name).toBe(f.size)
      expect(crypto.createHash('sha256').update(content).digest('hex'), f.name).toBe(f.sha256)
      const magic = f.contentType === 'application/pdf' ? '%PDF-' : '\x89PNG'
      expect(content.subarray(0, magic.length).toString('latin1'), f.name).toBe(magic)
    }
    // Evidence belongs to executions that carry a result.
    const owners = await system()
      .select()
      .from(controlExecutions)
      .where(
        inArray(
          controlExecutions.id,
          files.map((f) => f.executionId!),
        ),
      )
    expect(owners.every((e) => e.state === 'approved' && e.result !== null)).toBe(true)
  })
  it('keeps a document that is a file and a measure confirmed with its minutes, as PDFs of Alpha', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const files = await system().select().from(storedFiles).where(eq(storedFiles.customerId, alpha.id))
    const [document] = files.filter((f) => f.owner === 'document')
    expect(document).toMatchObject({ name: 'Auftragsbearbeitungsvertrag Lohnbuchhaltung.pdf', contentType: 'application/pdf' })
    const [owner] = await system().select().from(documents).where(eq(documents.id, document.documentId!))
    // A document that is a file needs no link.
    expect(owner.link).toBeNull()
    const [confirmation] = files.filter((f) => f.owner === 'measure')
    expect(confirmation).toMatchObject({ name: 'Protokollauszug Stiftungsrat Anlagestrategie.pdf', contentType: 'application/pdf' })
    const [measure] = await system().select().from(measures).where(eq(measures.id, confirmation.measureId!))
    expect(measure.state).toBe('confirmed')
  })

  it('in a year’s first quarter, brings last year’s executions, done, beside this year’s', async () => {
    const customer = await customerFactory()
    const writers = [await memberFactory({ customer, traits: ['ics-write'] }), await memberFactory({ customer, traits: ['ics-write'] })]
    for (const w of writers) await processFactory({ customer, owner: w.user, attributes: { frequency: 'quarterly' } })
    await asSystem('test: demo executions', (tx) =>
      seedExecutions(
        tx,
        customer.id,
        'de',
        writers.map((w) => w.user.id),
        { today: '2027-02-15', files: 0 },
      ),
    )
    const rows = await system().select().from(controlExecutions).where(eq(controlExecutions.customerId, customer.id))
    expect(rows.filter((r) => r.period?.startsWith('2026') && r.state === 'approved').length).toBeGreaterThan(0)
    expect(rows.filter((r) => r.period?.startsWith('2027')).every((r) => r.state === 'planned')).toBe(true)
    expect(rows).toHaveLength(2 * 8)
  })

  it('gives Alpha the loyalty area: persons, this year’s campaign in every state, last year’s reviewed with its finding resolved', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const persons = await system().select().from(loyaltyPersons).where(eq(loyaltyPersons.customerId, alpha.id))
    const active = persons.filter((p) => p.untilDate === null)
    expect(
      active.filter((p) => p.function === 'council' || p.function === 'management' || p.function === 'administration' || p.function === 'assetManagement'),
    ).toHaveLength(9)
    expect(active.filter((p) => p.function === 'externalAssetManager').map((p) => p.organisation)).toHaveLength(2)
    // Some are members with an account (linked to the demo accounts of Alpha), most are not.
    const linked = persons.filter((p) => p.userId !== null)
    expect(linked.length).toBeGreaterThan(0)
    expect(linked.length).toBeLessThan(persons.length / 2)
    const accounts = await system()
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          linked.map((p) => p.userId!),
        ),
      )
    expect(accounts.map((a) => a.email).sort()).toEqual(linked.map((p) => p.email).sort())

    const year = demoLoyaltyYear(new Date().toISOString().slice(0, 10))
    const campaigns = await system().select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.customerId, alpha.id))
    const current = campaigns.find((c) => c.year === year)!
    const last = campaigns.find((c) => c.year === year - 1)!
    expect(current).toMatchObject({ dueDate: `${year}-03-31`, reviewedOn: null, closedAt: null })
    expect(last).toMatchObject({ reviewReference: `SR-Protokoll ${year - 1}/03` })
    expect(last.reviewedOn).not.toBeNull()

    const declarations = await system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.customerId, alpha.id))
    const now = declarations.filter((d) => d.campaignId === current.id)
    expect(now).toHaveLength(active.length)
    const requested = now.filter((d) => d.state === 'requested')
    expect(requested).toHaveLength(1)
    expect(now.filter((d) => d.state === 'declared').length).toBe(active.length - 1)
    expect(new Set(now.map((d) => d.channel))).toEqual(new Set(['app', 'link', 'paper', null]))
    // The overdue one has its personal link.
    const tokens = await system().select().from(declarationTokens).where(eq(declarationTokens.declarationId, requested[0].id))
    expect(tokens).toHaveLength(1)
    // Interests, and advantages handed over with their amounts.
    expect(now.some((d) => d.interests.some((i) => i.kind === 'boardSeat'))).toBe(true)
    expect(now.some((d) => d.advantages.some((a) => Number(a.amount) > 0 && a.handedOverTo))).toBe(true)
    // The paper declaration has its signed scan, a real PDF.
    const paper = now.find((d) => d.channel === 'paper')!
    const [scan] = await system().select().from(storedFiles).where(eq(storedFiles.declarationId, paper.id))
    expect(scan).toMatchObject({ owner: 'declaration', contentType: 'application/pdf' })

    const before = declarations.filter((d) => d.campaignId === last.id)
    expect(before.length).toBeGreaterThan(0)
    expect(before.every((d) => d.state === 'reviewed' && d.reviewedAt !== null)).toBe(true)
    const findings = before.filter((d) => d.reviewFinding)
    expect(findings).toHaveLength(1)
    expect(findings[0].findingResolvedOn).not.toBeNull()
    expect(findings[0].reviewRemark).not.toBe('')
    expect(new Set(declarations.map((d) => d.number)).size).toBe(declarations.length)
  })

  it('gives Alpha two related-party transactions, the significant one tendered and disclosed, and changes reported and not yet', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const transactions = await system().select().from(relatedTransactions).where(eq(relatedTransactions.customerId, alpha.id))
    expect(transactions).toHaveLength(2)
    const [significant] = transactions.filter((t) => t.significant)
    expect(significant.offersComparison).not.toBe('')
    expect(significant.disclosedToAuditorOn).not.toBeNull()
    const offers = await system().select().from(storedFiles).where(eq(storedFiles.transactionId, significant.id))
    expect(offers.map((f) => f.contentType)).toEqual(['application/pdf'])
    const changes = await system().select().from(personChanges).where(eq(personChanges.customerId, alpha.id))
    expect(
      changes
        .filter((c) => c.reportedOn !== null)
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['joined', 'left'])
    expect(changes.filter((c) => c.reportedOn === null)).toHaveLength(1)
  })
})

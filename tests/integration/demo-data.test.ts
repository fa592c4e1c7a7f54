import crypto from 'node:crypto'
import { and, asc, count, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { system } from '../system-db.ts'
import {
  controlExecutions,
  councilDecisionDocuments,
  councilDecisions,
  icsSettings,
  customers,
  declarationTokens,
  documents,
  icsCatalog,
  icsProcesses,
  kriCatalog,
  kriRisks,
  kris,
  kriThresholds,
  kriValues,
  loyaltyCampaigns,
  loyaltyDeclarations,
  loyaltyPersons,
  measures,
  personChanges,
  relatedTransactions,
  riskAcceptances,
  riskAppetiteApprovals,
  risks,
  probabilityLevels,
  providers,
  severityLevels,
  underfundingCases,
  underfundingDuties,
  storedFileChunks,
  storedFiles,
  users,
  findingLinks,
  findings,
  findingSettings,
  providerIncidents,
  providerLinks,
} from '../../models/schema/index.ts'
import { seed } from '../../models/seed/index.ts'
import { seedExecutions } from '../../models/seed/executions.ts'
import { demoLoyaltyYear } from '../../models/seed/loyalty.ts'
import { quarterEndOnOrBefore } from '../../models/seed/kri.ts'
import { judge } from '../../app/features/kri/status.ts'
import { addDays, todayInZurich } from '../../models/core/dates.ts'
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
    // A provider's assurance review waiting for its second signature carries the report already.
    expect(owners.every((e) => e.result !== null && (e.state === 'approved' || (e.state === 'submitted' && e.providerId !== null)))).toBe(true)
  })
  it('shows every state of the providers’ yearly assurance in Alpha, once there are providers that require a report', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const reviews = await system()
      .select()
      .from(controlExecutions)
      .where(and(eq(controlExecutions.customerId, alpha.id), isNotNull(controlExecutions.providerId)))
    const [asked] = await system()
      .select({ n: count() })
      .from(providers)
      .where(and(eq(providers.customerId, alpha.id), eq(providers.assuranceRequired, true)))
    if (asked.n === 0) {
      expect(reviews).toEqual([])
      return
    }
    const today = todayInZurich()
    expect(reviews.every((r) => r.period === null && r.periodStart === `${today.slice(0, 4)}-01-01` && r.dueDate === r.periodEnd)).toBe(true)
    expect(reviews.some((r) => r.state === 'approved' && r.result === 'effective')).toBe(true)
    expect(reviews.some((r) => r.state === 'submitted')).toBe(true)
    // Overdue from February on (January's due day is its last).
    if (today.slice(5, 7) > '01') expect(reviews.some((r) => r.state === 'planned' && r.dueDate < today)).toBe(true)
    expect(reviews.some((r) => r.state === 'planned' && r.dueDate >= today)).toBe(true)
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

  it('gives Alpha ten KRIs with five years of quarterly values, the underfunding quarter with its duties done, the appetite approved, gross ratings and acceptances', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const today = todayInZurich()
    const last = quarterEndOnOrBefore(addDays(today, -1))
    const chosen = await system()
      .select({ id: kris.id, key: kriCatalog.key, direction: kriCatalog.direction, owner: kris.ownerUserId })
      .from(kris)
      .innerJoin(kriCatalog, eq(kriCatalog.id, kris.catalogId))
      .where(eq(kris.customerId, alpha.id))
    expect(chosen).toHaveLength(10)
    expect(chosen.every((k) => k.owner !== null)).toBe(true)
    const of = (key: string) => chosen.find((k) => k.key === key)!
    const thresholds = await system().select().from(kriThresholds).where(eq(kriThresholds.customerId, alpha.id))
    const values = await system().select().from(kriValues).where(eq(kriValues.customerId, alpha.id)).orderBy(asc(kriValues.periodEnd))
    // Judged by the thresholds in force on each value's date.
    const status = (kriId: string, v: { value: string; periodEnd: string }) => {
      const inForce = thresholds.filter((t) => t.kriId === kriId && t.validFrom <= v.periodEnd).sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1))[0]
      return judge(v.value, chosen.find((k) => k.id === kriId)!.direction, inForce)
    }
    for (const k of chosen) {
      const own = values.filter((v) => v.kriId === k.id)
      expect(own, k.key).toHaveLength(20)
      expect(own.at(-1)!.periodEnd, k.key).toBe(last)
      expect(
        own.every((v) => ['03-31', '06-30', '09-30', '12-31'].includes(v.periodEnd.slice(5))),
        k.key,
      ).toBe(true)
      // The owner was told of each value outside the appetite, and of no other.
      for (const v of own) expect(v.alertedAt !== null, `${k.key} ${v.periodEnd}`).toBe(status(k.id, v) !== 'green')
    }
    // Some bounds changed once, so the history shows.
    expect(new Set(thresholds.filter((t) => thresholds.filter((u) => u.kriId === t.kriId).length > 1).map((t) => t.kriId)).size).toBeGreaterThanOrEqual(2)

    const coverage = values.filter((v) => v.kriId === of('coverageRatio').id)
    const below = coverage.filter((v) => Number(v.value) < 100)
    expect(below).toHaveLength(1)
    expect(coverage.filter((v) => Number(v.value) >= 105 && Number(v.value) <= 115).length).toBeGreaterThan(coverage.length / 2)
    const [underfunding] = await system().select().from(underfundingCases).where(eq(underfundingCases.customerId, alpha.id))
    expect(underfunding).toMatchObject({ periodEnd: below[0].periodEnd, coverageRatio: `${below[0].value}` })
    expect(underfunding.closedOn).not.toBeNull()
    const duties = await system().select().from(underfundingDuties).where(eq(underfundingDuties.caseId, underfunding.id))
    expect(duties).toHaveLength(6)
    for (const d of duties) {
      expect(d.doneOn, d.duty).not.toBeNull()
      expect(d.doneOn! <= d.dueOn, d.duty).toBe(true)
      expect(d.evidence.length, d.duty).toBeGreaterThan(20)
    }

    const reserve = values.filter((v) => v.kriId === of('fluctuationReserve').id)
    const recent = reserve.slice(-4).map((v) => status(of('fluctuationReserve').id, v))
    expect(recent).toContain('red')
    expect(recent).not.toContain('green')
    const alternatives = values.filter((v) => v.kriId === of('shareAlternatives').id).at(-1)!
    expect(Number(alternatives.value)).toBe(14.2)
    expect(status(of('shareAlternatives').id, alternatives)).toBe('amber')

    const approvals = await system().select().from(riskAppetiteApprovals).where(eq(riskAppetiteApprovals.customerId, alpha.id))
    const latest = approvals.sort((a, b) => (a.approvedOn < b.approvedOn ? 1 : -1))[0]
    expect(latest.decisionReference).toBe(`Stiftungsratsbeschluss ${Number(today.slice(0, 4)) - 1}/04`)
    expect(latest.approvedBy).toContain('Regula Baumann')

    const links = await system().select().from(kriRisks).where(eq(kriRisks.customerId, alpha.id))
    expect(new Set(links.map((l) => l.riskId)).size).toBeGreaterThanOrEqual(2)
    const proposed = await system()
      .select()
      .from(measures)
      .where(and(eq(measures.customerId, alpha.id), eq(measures.kriId, of('fluctuationReserve').id)))
    expect(proposed.length).toBeGreaterThanOrEqual(1)
    expect(proposed.every((m) => m.inEdit && m.state === 'pending' && m.source === 'risk' && m.riskId !== null)).toBe(true)

    // Gross at or above net on every rated risk.
    const rated = await system()
      .select({ risk: risks, p: probabilityLevels.ref, s: severityLevels.ref })
      .from(risks)
      .innerJoin(probabilityLevels, eq(probabilityLevels.id, risks.probabilityLevelId))
      .innerJoin(severityLevels, eq(severityLevels.id, risks.severityLevelId))
      .where(eq(risks.customerId, alpha.id))
    expect(rated.length).toBeGreaterThan(0)
    const levels = await system().select().from(probabilityLevels).where(eq(probabilityLevels.customerId, alpha.id))
    const sLevels = await system().select().from(severityLevels).where(eq(severityLevels.customerId, alpha.id))
    for (const r of rated) {
      const gp = levels.find((l) => l.id === r.risk.grossProbabilityLevelId)
      const gs = sLevels.find((l) => l.id === r.risk.grossSeverityLevelId)
      expect(gp && gs, r.risk.idkey).toBeTruthy()
      expect(gp!.ref >= r.p && gs!.ref >= r.s, r.risk.idkey).toBe(true)
    }

    const accepted = await system().select().from(riskAcceptances).where(eq(riskAcceptances.customerId, alpha.id))
    const inForce = accepted.filter((a) => a.acceptedOn <= today && a.validUntil >= today && !a.revokedOn)
    const lapsed = accepted.filter((a) => a.validUntil < today && a.validUntil.startsWith(String(Number(today.slice(0, 4)) - 1)))
    expect(inForce).toHaveLength(1)
    expect(lapsed).toHaveLength(1)
    expect(inForce[0].netScore).toBeLessThanOrEqual(latest.scoreLimit)

    // Beta, in French: the coverage ratio and the reserve, two years of quarters.
    const [beta] = await system().select().from(customers).where(eq(customers.name, 'Caisse de pension Beta'))
    const betaKris = await system().select().from(kris).where(eq(kris.customerId, beta.id))
    expect(betaKris).toHaveLength(2)
    const betaValues = await system().select().from(kriValues).where(eq(kriValues.customerId, beta.id))
    expect(betaValues).toHaveLength(16)
    expect(betaValues.some((v) => v.periodEnd === last)).toBe(true)
    const [betaApproval] = await system().select().from(riskAppetiteApprovals).where(eq(riskAppetiteApprovals.customerId, beta.id))
    expect(betaApproval.decisionReference).toMatch(/^Décision du conseil de fondation/)
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
  it('gives Alpha five findings of every source and state, one escalated and one accepted by a decision; Beta and Gamma two each', async () => {
    const today = todayInZurich()
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const rows = await system().select().from(findings).where(eq(findings.customerId, alpha.id))
    expect(rows).toHaveLength(5)
    expect(new Set(rows.map((f) => f.source))).toEqual(new Set(['auditor', 'expert', 'supervisor', 'internal']))
    expect(new Set(rows.map((f) => f.state))).toEqual(new Set(['open', 'inProgress', 'done', 'accepted']))
    const escalated = rows.filter((f) => (f.state === 'open' || f.state === 'inProgress') && f.deadline !== null && f.deadline < today)
    expect(escalated.map((f) => f.source)).toEqual(['supervisor'])
    expect(escalated[0].escalatedFor).toBe(escalated[0].deadline)
    const [accepted] = rows.filter((f) => f.state === 'accepted')
    const [decision] = await system().select().from(councilDecisions).where(eq(councilDecisions.id, accepted.acceptanceDecisionId!))
    expect(decision.subject).toBe('findingAcceptance')
    const links = await system().select().from(findingLinks).where(eq(findingLinks.customerId, alpha.id))
    expect(links.some((l) => l.riskId) && links.some((l) => l.processId) && links.some((l) => l.measureId)).toBe(true)
    for (const name of ['Caisse de pension Beta', 'Gamma Pension Fund']) {
      const [fund] = await system().select().from(customers).where(eq(customers.name, name))
      expect(await system().select().from(findings).where(eq(findings.customerId, fund.id))).toHaveLength(2)
      expect(await system().select().from(findingSettings).where(eq(findingSettings.customerId, fund.id))).toHaveLength(1)
    }
  })
  it('gives Alpha eight providers, one abroad with its safeguard, one ended, links and an incident recorded as its breach; Beta and Gamma a few', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const rows = await system().select().from(providers).where(eq(providers.customerId, alpha.id))
    expect(rows).toHaveLength(8)
    const abroad = rows.filter((p) => p.dataCountries.some((c) => c !== 'CH'))
    expect(abroad.map((p) => [p.dataCountries, p.abroadSafeguard])).toEqual([[['CH', 'IE'], 'adequacy']])
    expect(rows.filter((p) => p.endedOn !== null)).toHaveLength(1)
    expect(rows.filter((p) => p.assuranceRequired).length).toBeGreaterThanOrEqual(4)
    expect(new Set(rows.map((p) => p.service)).size).toBe(8)
    const links = await system().select().from(providerLinks).where(eq(providerLinks.customerId, alpha.id))
    expect(links.some((l) => l.riskId)).toBe(true)
    expect(links.some((l) => l.processId)).toBe(true)
    expect(links.some((l) => l.activityId)).toBe(true)
    const incidents = await system().select().from(providerIncidents).where(eq(providerIncidents.customerId, alpha.id))
    expect(incidents).toHaveLength(2)
    expect(incidents.filter((i) => i.breachId !== null && i.personalData)).toHaveLength(1)
    // Beta's links: the row-level security suite needs rows of two funds in each table.
    const [beta] = await system().select().from(customers).where(eq(customers.name, 'Caisse de pension Beta'))
    expect((await system().select().from(providerLinks).where(eq(providerLinks.customerId, beta.id))).length).toBeGreaterThan(0)
    for (const name of ['Caisse de pension Beta', 'Gamma Pension Fund']) {
      const [fund] = await system().select().from(customers).where(eq(customers.name, name))
      expect((await system().select().from(providers).where(eq(providers.customerId, fund.id))).length).toBeGreaterThanOrEqual(2)
      expect((await system().select().from(providerIncidents).where(eq(providerIncidents.customerId, fund.id))).length).toBe(1)
    }
  })

  it('gives the funds the council’s decisions of the year, and links Alpha’s approvals to them', async () => {
    const funds = await system().select().from(customers)
    const alpha = funds.find((f) => f.name === 'Pensionskasse Alpha')!
    const decisions = await system().select().from(councilDecisions)
    const ofAlpha = decisions.filter((d) => d.customerId === alpha.id)
    // The findings' seed adds the acceptance of a finding.
    expect(new Set(ofAlpha.map((d) => d.subject))).toEqual(
      new Set(['riskPolicy', 'riskAppetite', 'icsMinimum', 'annualReport', 'loyaltyReview', 'riskAcceptance', 'findingAcceptance']),
    )
    expect(new Set(ofAlpha.map((d) => d.number)).size).toBe(ofAlpha.length)
    const today = todayInZurich()
    expect(ofAlpha.every((d) => d.decidedOn <= today && d.reference !== '' && d.title !== '')).toBe(true)
    // The risk policy carries its document.
    const policy = ofAlpha.find((d) => d.subject === 'riskPolicy')!
    expect(await system().select().from(councilDecisionDocuments).where(eq(councilDecisionDocuments.decisionId, policy.id))).toHaveLength(1)
    // Every approval of Alpha rests on a decision of its subject.
    const bySubject = (id: string | null) => ofAlpha.find((d) => d.id === id)?.subject
    const approvals = await system().select().from(riskAppetiteApprovals).where(eq(riskAppetiteApprovals.customerId, alpha.id))
    expect(approvals.length).toBeGreaterThan(0)
    for (const a of approvals) expect(bySubject(a.decisionId)).toBe('riskAppetite')
    const accepted = await system().select().from(riskAcceptances).where(eq(riskAcceptances.customerId, alpha.id))
    for (const a of accepted) expect(bySubject(a.decisionId)).toBe('riskAcceptance')
    const reviewed = (await system().select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.customerId, alpha.id))).filter((c) => c.reviewedOn)
    expect(reviewed.length).toBeGreaterThan(0)
    for (const c of reviewed) expect(bySubject(c.reviewDecisionId)).toBe('loyaltyReview')
    const [settings] = await system().select().from(icsSettings).where(eq(icsSettings.customerId, alpha.id))
    expect(bySubject(settings.minimumDecisionId)).toBe('icsMinimum')
    // Beta in French and Gamma in English have a few of their own.
    for (const name of ['Caisse de pension Beta', 'Gamma Pension Fund']) {
      const fund = funds.find((f) => f.name === name)!
      expect(decisions.filter((d) => d.customerId === fund.id).length).toBeGreaterThanOrEqual(2)
    }
  })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { auditEntries, controlExecutions, councilDecisions, findings, providers, reportApprovals, reportSnapshots } from '#models/schema/index.ts'
import { csvRecords } from '../../../tests/csv-records.ts'
import {
  customerFactory,
  decisionFactory,
  findingFactory,
  type Member,
  memberFactory,
  processFactory,
  type Provider,
  providerFactory,
  request,
  run,
} from '../../../tests/factories.ts'
import * as detailRoute from './detail.tsx'
import { pdfText } from '../../../tests/pdf-text.ts'
import { unzip } from '../../../tests/zip.ts'
import type { SnapshotContent } from './content.ts'
import { auditorPackResponse, snapshotTables } from './pack.server.ts'
import { type ReportSnapshot, reportPdf } from './pdf.server.ts'
import { Reports } from './reports.server.ts'

// The providers, findings and council decisions of the year-end snapshot and the annual report (issue 28,
// format 6): providers engaged at the date by criticality with their assurance judged at the date, the
// findings open at the date (overdue marked), the decisions of the period; frozen, they do not follow later
// edits; snapshots of format 5 still read. The approval of the report rests on a decision of the register.

const DATE = '2025-12-31'
let admin: Member
let reader: Member
let fundName = ''
let fundId = ''
let abroad: Provider
let overdue: Provider
let current: Provider
let deficient: Provider
let signedLate: Provider
let dueLater: Provider
let notRequired: Provider
let ended: Provider
let later: Provider
const titles: Record<string, string> = {}
let yearDecisionId = ''

/** The year's assurance review of a provider (an execution on occasion of its process), signed at `reviewedAt` with `result`. */
async function review(p: Provider, processId: string, result: 'effective' | 'deficient', reviewedAt: string) {
  await asSystem('test: assurance review', async (tx) =>
    tx.insert(controlExecutions).values({
      customerId: p.customerId,
      number: await nextNumber(tx, p.customerId, 'control_execution'),
      processId,
      providerId: p.id,
      periodStart: '2025-01-01',
      periodEnd: '2025-06-30',
      dueDate: '2025-06-30',
      state: 'approved',
      performedOn: '2025-06-20',
      result,
      submittedAt: new Date('2025-06-20T10:00:00Z'),
      reviewedAt: new Date(reviewedAt),
    }),
  )
}

describe('providers, findings and decisions in the year-end report', () => {
  beforeAll(async () => {
    const fund = await customerFactory()
    fundName = fund.name
    fundId = fund.id
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    reader = await memberFactory({ customer: fund, traits: ['read'] })
    const process = await processFactory({ customer: fund })
    const required = { assuranceRequired: true, assuranceDueMonth: 6 }
    abroad = await providerFactory({
      customer: fund,
      attributes: {
        name: 'Cloud Abroad AG',
        criticality: 'high',
        dataCountries: ['CH', 'US'],
        abroadSafeguard: 'standardClauses',
        contractEnd: '2027-06-30',
      },
    })
    overdue = await providerFactory({
      customer: fund,
      attributes: { name: 'Verwaltung Overdue AG', service: 'administration', criticality: 'high', ...required },
    })
    current = await providerFactory({ customer: fund, attributes: { name: 'Depot Current AG', service: 'custody', criticality: 'medium', ...required } })
    deficient = await providerFactory({ customer: fund, attributes: { name: 'Portal Deficient AG', service: 'memberPortal', criticality: 'low', ...required } })
    signedLate = await providerFactory({ customer: fund, attributes: { name: 'Druck Late AG', service: 'printMail', criticality: 'low', ...required } })
    dueLater = await providerFactory({
      customer: fund,
      attributes: { name: 'Experte Due AG', service: 'actuarialExpert', criticality: 'medium', ...required, assuranceDueMonth: 12 },
    })
    notRequired = await providerFactory({ customer: fund, attributes: { name: 'Kein Bericht AG', criticality: 'low', dsgRole: 'none' } })
    ended = await providerFactory({ customer: fund, attributes: { name: 'Ended AG', endedOn: '2025-06-30' } })
    later = await providerFactory({ customer: fund, attributes: { name: 'Later AG', contractStart: '2026-02-01' } })
    await review(current, process.id, 'effective', '2025-08-15T09:00:00Z')
    await review(deficient, process.id, 'deficient', '2025-09-01T09:00:00Z')
    // Signed after the reporting date: at the date the review was still outstanding.
    await review(signedLate, process.id, 'effective', '2026-01-10T09:00:00Z')

    const acceptance = await decisionFactory({
      customer: fund,
      attributes: { subject: 'findingAcceptance', decidedOn: '2025-10-01', title: 'Feststellung akzeptiert' },
    })
    const year = await decisionFactory({
      customer: fund,
      attributes: { subject: 'riskPolicy', decidedOn: '2025-03-15', reference: 'SR-Protokoll 2025/1, Traktandum 4', title: 'Risikopolitik 2025 genehmigt' },
    })
    yearDecisionId = year.id
    await decisionFactory({ customer: fund, attributes: { decidedOn: '2024-12-31', title: 'Vorjahr' } })
    await decisionFactory({ customer: fund, attributes: { decidedOn: '2026-01-05', title: 'Nach dem Stichtag' } })

    const f = async (key: string, attributes: Parameters<typeof findingFactory>[0]['attributes']) => {
      const row = await findingFactory({ customer: fund, attributes: { title: `Feststellung ${key}`, ...attributes } })
      titles[key] = row.title
      return row
    }
    await f('escalated', { source: 'supervisor', severity: 'high', issuedOn: '2025-04-01', deadline: '2025-09-30', ownerUserId: admin.user.id })
    await f('inProgress', { source: 'expert', state: 'inProgress', issuedOn: '2025-05-01', deadline: '2026-03-31' })
    await f('doneBefore', { state: 'done', issuedOn: '2025-02-01', doneOn: '2025-11-01' })
    await f('doneAfter', { state: 'done', issuedOn: '2025-02-01', deadline: '2025-12-31', doneOn: '2026-01-15' })
    await f('issuedLater', { issuedOn: '2026-01-10' })
    await f('accepted', { state: 'accepted', issuedOn: '2025-03-01', acceptanceDecisionId: acceptance.id })
  })

  it('freezes the providers engaged at the date by criticality with their assurance of the year judged at the date', async () => {
    const { id } = await Reports.for(admin.access).freeze(DATE)
    const { snapshot } = await Reports.for(reader.access).report(id)
    const c = snapshot.content
    expect(c.format).toBe(6)
    const g = c.governance!
    const names = g.providers.map((p) => p.name)
    expect(names).not.toContain(ended.name)
    expect(names).not.toContain(later.name)
    // High first, then medium, then low; within, by number.
    expect(names).toEqual([abroad.name, overdue.name, current.name, dueLater.name, deficient.name, signedLate.name, notRequired.name])
    const by = Object.fromEntries(g.providers.map((p) => [p.name, p]))
    expect(by[abroad.name]).toMatchObject({
      number: `DL-${abroad.number}`,
      criticality: 'high',
      service: 'itCloud',
      dsgRole: 'processor',
      countries: ['CH', 'US'],
      abroad: true,
      safeguard: 'standardClauses',
      contractEnd: '2027-06-30',
      assurance: 'notRequired',
    })
    expect(by[overdue.name]).toMatchObject({ assurance: 'overdue', assuranceDueOn: '2025-06-30', assuranceApprovedOn: null, abroad: false })
    expect(by[current.name]).toMatchObject({ assurance: 'current', assuranceApprovedOn: '2025-08-15' })
    expect(by[deficient.name]).toMatchObject({ assurance: 'deficient', assuranceApprovedOn: '2025-09-01' })
    expect(by[signedLate.name]).toMatchObject({ assurance: 'overdue', assuranceApprovedOn: null })
    expect(by[dueLater.name]).toMatchObject({ assurance: 'due', assuranceDueOn: '2025-12-31' })
    expect(by[notRequired.name]).toMatchObject({ assurance: 'notRequired', assuranceDueOn: null, contractEnd: null })
  })

  it('freezes the findings open at the date, the overdue ones marked, and the decisions of the period', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const g = (await Reports.for(admin.access).get(row.id)).content.governance!
    expect(g.findings.map((f) => f.title)).toEqual([titles.escalated, titles.doneAfter, titles.inProgress])
    const by = Object.fromEntries(g.findings.map((f) => [f.title, f]))
    expect(by[titles.escalated]).toMatchObject({
      source: 'supervisor',
      severity: 'high',
      deadline: '2025-09-30',
      state: 'open',
      overdue: true,
      owner: `${admin.user.firstName} ${admin.user.lastName}`,
    })
    // Done after the date: open at it; its deadline is the reporting date itself, not passed.
    expect(by[titles.doneAfter]).toMatchObject({ state: 'open', overdue: false })
    expect(by[titles.inProgress]).toMatchObject({ source: 'expert', state: 'inProgress', overdue: false })
    expect(g.decisions.map((d) => [d.decidedOn, d.subject, d.title])).toEqual([
      ['2025-03-15', 'riskPolicy', 'Risikopolitik 2025 genehmigt'],
      ['2025-10-01', 'findingAcceptance', 'Feststellung akzeptiert'],
    ])
    expect(g.decisions[0]).toMatchObject({ reference: 'SR-Protokoll 2025/1, Traktandum 4' })
    expect(g.decisions[0].number).toMatch(/^SB-\d+$/)
  })

  it('keeps what it froze: later edits of a provider, a finding or a decision do not change the snapshot', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const before = (await Reports.for(admin.access).get(row.id)).content.governance
    await asSystem('test: later edits', async (tx) => {
      await tx.update(providers).set({ name: 'Renamed AG', criticality: 'low' }).where(eq(providers.id, abroad.id))
      await tx.update(councilDecisions).set({ title: 'Changed later' }).where(eq(councilDecisions.id, yearDecisionId))
      await tx.update(findings).set({ state: 'done', doneOn: '2026-02-01' }).where(eq(findings.title, titles.escalated))
    })
    const after = (await Reports.for(admin.access).get(row.id)).content.governance
    expect(after).toEqual(before)
    expect(after?.providers[0].name).toBe('Cloud Abroad AG')
    expect(after?.decisions[0].title).toBe('Risikopolitik 2025 genehmigt')
  })

  it('draws the three sections in the PDF in each language', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    for (const lang of ['de', 'fr', 'en'] as const) {
      const t = getFixedT(lang)
      const s: ReportSnapshot = { fund: fundName, reportingDate: DATE, frozenAt: snapshot.frozenAt, content: snapshot.content }
      const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false })).replace(/\s+/g, ' ')
      expect(text, lang).toContain(t('report:governance.title'))
      expect(text, lang).toContain(t('report:governance.providers.title'))
      expect(text, lang).toContain('Cloud Abroad AG')
      expect(text, lang).toContain(t('providers:safeguard.standardClauses'))
      expect(text, lang).toContain(t('providers:assurance.overdue'))
      expect(text, lang).toContain(t('providers:assurance.deficient'))
      expect(text, lang).toContain(t('report:governance.findings.title'))
      expect(text, lang).toContain(titles.escalated)
      expect(text, lang).toContain(t('findings:state.escalated'))
      expect(text, lang).toContain(formatDate('2025-09-30'))
      expect(text, lang).not.toContain(titles.doneBefore)
      expect(text, lang).toContain(t('report:governance.decisions.title'))
      expect(text, lang).toContain('Risikopolitik 2025 genehmigt')
      expect(text, lang).toContain(t('decisions:subject.riskPolicy'))
      expect(text, lang).not.toContain('Nach dem Stichtag')
    }
  })

  it('puts the three registers in the auditor’s pack as CSV and XLSX', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    const t = getFixedT('de')
    const s: ReportSnapshot = { fund: fundName, reportingDate: DATE, frozenAt: snapshot.frozenAt, content: snapshot.content }
    const res = auditorPackResponse({ t, lang: 'de', snapshot: s, previous: null, approval: null, logo: null, audit: null })
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    for (const key of ['providersFile', 'findingsFile', 'decisionsFile']) {
      expect(files.has(`${t(`report:governance.pack.${key}`)}-${DATE}.xlsx`), key).toBe(true)
      expect(files.has(`${t(`report:governance.pack.${key}`)}-${DATE}.csv`), key).toBe(true)
    }
    const providersCsv = csvRecords(files.get(`${t('report:governance.pack.providersFile')}-${DATE}.csv`)!.toString('utf8'))
    expect(providersCsv).toHaveLength(8)
    const cloud = providersCsv.find((r) => r[1] === 'Cloud Abroad AG')!
    expect(cloud.slice(5, 8)).toEqual(['CH, US', t('common.yes'), t('providers:safeguard.standardClauses')])
    const findingsCsv = csvRecords(files.get(`${t('report:governance.pack.findingsFile')}-${DATE}.csv`)!.toString('utf8'))
    expect(findingsCsv.slice(1).map((r) => r[1])).toEqual([titles.escalated, titles.doneAfter, titles.inProgress])
    const decisionsCsv = csvRecords(files.get(`${t('report:governance.pack.decisionsFile')}-${DATE}.csv`)!.toString('utf8'))
    expect(decisionsCsv).toHaveLength(3)
  })

  it('still reads a snapshot of format 5: no governance section, nothing breaks', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    const { governance: _g, ...rest } = snapshot.content
    const old: SnapshotContent = { ...rest, format: 5, reportingDate: '2023-12-31' }
    const [inserted] = await asSystem('test: a format-5 snapshot', (tx) =>
      tx
        .insert(reportSnapshots)
        .values({ customerId: fundId, reportingDate: '2023-12-31', frozenByUserId: admin.user.id, formatVersion: 5, content: old })
        .returning({ id: reportSnapshots.id }),
    )
    const read = await Reports.for(reader.access).report(inserted.id)
    expect(read.snapshot.content.format).toBe(5)
    expect(read.snapshot.content.governance).toBeUndefined()
    const t = getFixedT('fr')
    const s: ReportSnapshot = { fund: fundName, reportingDate: '2023-12-31', frozenAt: read.snapshot.frozenAt, content: read.snapshot.content }
    const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false }))
    expect(text).toContain(t('report:pdf.title'))
    expect(text).not.toContain(t('report:governance.title'))
    expect(snapshotTables(t, read.snapshot.content, 'fr').map((x) => x.file)).not.toContain(t('report:governance.pack.providersFile'))
  })

  it('records the approval on a decision of the register: chosen, or recorded with it, with its audit entries', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const today = todayInZurich()
    // Recorded with it: a new decision of the subject annual report, the approval's date and names from it.
    const first = await Reports.for(admin.access).recordApproval(row.id, {
      subject: 'annualReport',
      decidedOn: today,
      reference: 'SR-Protokoll 2026/2, Traktandum 2',
      title: 'Jahresbericht genehmigt',
      decidedBy: 'Anna Muster, Beat Beispiel',
    })
    const [decision] = await asSystem('test: read', (tx) => tx.select().from(councilDecisions).where(eq(councilDecisions.id, first.decision.id)))
    expect(decision).toMatchObject({
      subject: 'annualReport',
      decidedOn: today,
      reference: 'SR-Protokoll 2026/2, Traktandum 2',
      decidedBy: 'Anna Muster, Beat Beispiel',
    })
    let got = await Reports.for(reader.access).get(row.id)
    expect(got.approval).toMatchObject({ approvedOn: today, names: 'Anna Muster, Beat Beispiel', decisionId: decision.id })
    expect(got.approval?.decision).toEqual({ number: decision.number, reference: 'SR-Protokoll 2026/2, Traktandum 2', title: 'Jahresbericht genehmigt' })
    const audit = await asSystem('test: read', (tx) => tx.select().from(auditEntries).where(eq(auditEntries.entityId, decision.id)))
    expect(audit.map((a) => [a.component, a.action])).toEqual([['councilDecision', 'Created']])
    // Chosen: an existing decision; the select offers it.
    const chosen = await decisionFactory({ customer: fundId, attributes: { subject: 'annualReport', decidedOn: today, decidedBy: 'Stiftungsrat' } })
    expect((await Reports.for(admin.access).approvalDecisions()).map((d) => d.id)).toContain(chosen.id)
    await Reports.for(admin.access).recordApproval(row.id, { decisionId: chosen.id })
    got = await Reports.for(reader.access).get(row.id)
    expect(got.approval).toMatchObject({ approvedOn: today, names: 'Stiftungsrat', decisionId: chosen.id })
    expect(got.approvals).toHaveLength(2)
    const [approval] = await asSystem('test: read', (tx) => tx.select().from(reportApprovals).where(eq(reportApprovals.decisionId, chosen.id)))
    expect(approval.snapshotId).toBe(row.id)
    // Another subject, another fund's decision, a decision before the reporting date: refused, nothing recorded.
    const other = await decisionFactory({ customer: fundId, attributes: { subject: 'riskAppetite', decidedOn: today } })
    await expect(Reports.for(admin.access).recordApproval(row.id, { decisionId: other.id })).rejects.toMatchObject({
      code: 'invalid',
      messageKey: 'decisions:errors.otherSubject',
    })
    const foreign = await decisionFactory({ customer: await customerFactory(), attributes: { subject: 'annualReport', decidedOn: today } })
    await expect(Reports.for(admin.access).recordApproval(row.id, { decisionId: foreign.id })).rejects.toMatchObject({ code: 'not-found' })
    await expect(Reports.for(admin.access).recordApproval(row.id, { decisionId: yearDecisionId })).rejects.toMatchObject({ code: 'invalid' })
    await expect(
      Reports.for(admin.access).recordApproval(row.id, { subject: 'annualReport', decidedOn: today, reference: ' ', title: 'X', decidedBy: 'Rat' }),
    ).rejects.toMatchObject({ code: 'invalid', field: 'decisionReference' })
    await expect(
      Reports.for(admin.access).recordApproval(row.id, { subject: 'annualReport', decidedOn: '2025-11-30', reference: 'R', title: 'X', decidedBy: 'Rat' }),
    ).rejects.toMatchObject({ code: 'invalid', field: 'decidedOn', messageKey: 'report:errors.beforeReportingDate' })
    expect((await Reports.for(reader.access).get(row.id)).approvals).toHaveLength(2)
    // A refused new decision is not kept either: the approval and its decision are written together or not at all.
    const kept = await asSystem('test: read', (tx) => tx.select().from(councilDecisions).where(eq(councilDecisions.decidedOn, '2025-11-30')))
    expect(kept).toEqual([])
    await expect(Reports.for(reader.access).recordApproval(row.id, { decisionId: chosen.id })).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('takes the approval from the page’s forms without JavaScript: a decision chosen, one recorded; a foreign or missing one is the form’s message', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const today = todayInZurich()
    const post = (form: Record<string, string>) => run(detailRoute.action, request(`/app/report/${row.id}`, { cookie: admin.cookie, form }), { id: row.id })
    const page = await run(detailRoute.loader, request(`/app/report/${row.id}`, { cookie: admin.cookie }), { id: row.id })
    const offered = (page.body as { decisions: { id: string; subject: string }[] }).decisions
    expect(offered.length).toBeGreaterThan(0)
    expect(offered.every((d) => d.subject === 'annualReport' || d.subject === 'other')).toBe(true)
    // The reader's page offers none (it has no form).
    const readerPage = await run(detailRoute.loader, request(`/app/report/${row.id}`, { cookie: reader.cookie }), { id: row.id })
    expect((readerPage.body as { decisions: unknown[] }).decisions).toEqual([])
    expect((await post({ intent: 'choose', decisionId: '' })).body).toMatchObject({ field: 'decisionId', error: 'report:approvalDecision.errors.choose' })
    const foreign = await decisionFactory({ customer: await customerFactory(), attributes: { subject: 'annualReport', decidedOn: today } })
    const refused = await post({ intent: 'choose', decisionId: foreign.id })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ field: 'decisionId', error: 'report:approvalDecision.errors.choose' })
    expect((await post({ intent: 'choose', decisionId: 'nope' })).status).toBe(400)
    const missing = await post({ intent: 'record', decidedOn: today, reference: '', title: 'Genehmigung', decidedBy: 'Rat' })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ field: 'reference', error: 'validation.required', values: { title: 'Genehmigung' } })
    expect((await post({ intent: 'record', decidedOn: 'kein Datum', reference: 'R', title: 'T', decidedBy: 'Rat' })).body).toMatchObject({
      field: 'decidedOn',
      error: 'report:errors.date',
    })
    const mine = await decisionFactory({ customer: fundId, attributes: { subject: 'other', decidedOn: today, decidedBy: 'Stiftungsrat Alpha' } })
    expect((await post({ intent: 'choose', decisionId: mine.id })).status).toBe(302)
    expect((await Reports.for(reader.access).get(row.id)).approval).toMatchObject({ decisionId: mine.id, names: 'Stiftungsrat Alpha' })
    expect((await post({ intent: 'record', decidedOn: today, reference: 'SR 2026/3', title: 'Genehmigt', decidedBy: 'Rat' })).status).toBe(302)
    expect((await Reports.for(reader.access).get(row.id)).approval?.decision).toMatchObject({ reference: 'SR 2026/3', title: 'Genehmigt' })
    // The annual report's approval block names the decision.
    const { reportInput } = await import('./report-input.server.ts')
    const input = await reportInput(admin.access, row.id, new Request('http://localhost/'))
    expect(input.approval?.decisionLine).toMatch(/^SB-\d+ · SR 2026\/3 · Genehmigt$/)
    const t = getFixedT('de')
    const text = pdfText(await reportPdf({ t, ...input, compress: false })).replace(/\s+/g, ' ')
    expect(text).toContain(t('report:pdf.approval.approved', { date: formatDate(today) }))
    expect(text).toContain('SR 2026/3 · Genehmigt')
  })

  it('compares the counts at the date with today’s side by side; a snapshot before format 6 has none to compare', async () => {
    const rows = await Reports.for(reader.access).list()
    const row = rows.find((r) => r.reportingDate === DATE)!
    const { governance } = await Reports.for(reader.access).compare(row.id)
    expect(governance.then).toEqual({ providers: 7, providersAttention: 3, findingsOpen: 3, findingsOverdue: 1, decisions: 2 })
    // Today the provider engaged from February 2026 counts too.
    expect(governance.now.providers).toBe(8)
    const old = rows.find((r) => r.reportingDate === '2023-12-31')!
    expect((await Reports.for(reader.access).compare(old.id)).governance.then).toBeNull()
  })
})

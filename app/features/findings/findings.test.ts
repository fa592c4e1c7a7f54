import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, councilDecisions, findingLinks, findingSettings, findings } from '#models/schema/index.ts'
import {
  type Customer,
  customerFactory,
  decisionFactory,
  findingFactory,
  type Member,
  measureFactory,
  memberFactory,
  processFactory,
  request,
  riskFactory,
  run,
} from '../../../tests/factories.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { system } from '../../../tests/system-db.ts'
import * as detailRoute from './detail.tsx'
import * as editRoute from './edit.tsx'
import { runFindingEscalations, sendFindingEscalations } from './escalation.server.ts'
import * as exportRoute from './export.ts'
import { type FindingInput, Findings } from './findings.server.ts'
import * as listRoute from './index.tsx'

// The register of findings (issue 28): rights per role (auditors read; admins accept), another fund's
// records, stale versions, bad input, the state rules, the council's acceptance through the decisions
// register, and the escalation once per deadline to the council's contact and the admins.

const peer = useSmtpPeer()
const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))

const today = todayInZurich()

let fund: Customer
let other: Customer
let admin: Member
let writer: Member
let reader: Member
let auditor: Member
let auditorAccess: CustomerAccess
let otherAdmin: Member

const input = (extra: Partial<FindingInput> = {}): FindingInput => ({
  source: 'auditor',
  reference: 'Management Letter 2025, Ziff. 3',
  issuedOn: addDays(today, -60),
  title: 'Zahlungen ohne Kollektivunterschrift',
  text: 'Einzelne Zahlungen wurden mit Einzelunterschrift freigegeben.',
  severity: 'high',
  deadline: addDays(today, 30),
  ownerUserId: null,
  ...extra,
})

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.field ? `@${e.field}` : ''}${e.messageKey ? `:${e.messageKey}` : ''}`
    throw e
  }
  return 'no refusal'
}

const auditOf = (id: string) => system().select().from(auditEntries).where(eq(auditEntries.entityId, id)).orderBy(auditEntries.createdAt)
const rowOf = async (id: string) => (await system().select().from(findings).where(eq(findings.id, id)))[0]

describe('findings', () => {
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Feststellung' } })
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    writer = await memberFactory({ customer: fund, traits: ['ics-write'] })
    reader = await memberFactory({ customer: fund, traits: ['risk-read'] })
    auditor = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } } })
    auditorAccess = { ...auditor.access, kind: 'auditor' as const } as CustomerAccess
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
  })

  it('a writer records a finding with its number and a Created entry; readers and auditors read, never write; accept is for admins', async () => {
    const f = await Findings.for(writer.access).create(input({ ownerUserId: writer.user.id }))
    expect(f.number).toBeGreaterThan(0)
    expect(f.state).toBe('open')
    const [created] = await auditOf(f.id)
    expect(created).toMatchObject({ component: 'finding', action: 'Created', customerId: fund.id })
    expect(created.changedFields.deadline).toEqual({ from: null, to: input().deadline })
    expect((await Findings.for(reader.access).get(f.id))?.finding.id).toBe(f.id)
    expect((await Findings.for(auditorAccess).get(f.id))?.finding.id).toBe(f.id)
    expect(await refusal(Findings.for(reader.access).create(input()))).toBe('forbidden')
    expect(await refusal(Findings.for(auditorAccess).update(f.id, input(), f.version))).toBe('forbidden')
    expect(await refusal(Findings.for(auditorAccess).start(f.id, f.version))).toBe('forbidden')
    expect(Findings.for(auditorAccess).rights).toEqual({ read: true, write: false, accept: false })
    expect(Findings.for(writer.access).rights).toEqual({ read: true, write: true, accept: false })
    expect(Findings.for(admin.access).rights).toEqual({ read: true, write: true, accept: true })
    const d = await decisionFactory({ customer: fund, attributes: { subject: 'findingAcceptance' } })
    expect(await refusal(Findings.for(writer.access).accept(f.id, { decision: { decisionId: d.id }, response: 'tragbar' }, f.version))).toBe('forbidden')
    expect(await refusal(Findings.for(auditorAccess).accept(f.id, { decision: { decisionId: d.id }, response: 'tragbar' }, f.version))).toBe('forbidden')
  })

  it('the pages: the auditor reads list, detail and export, never the form; another fund finds nothing (404)', async () => {
    const f = await findingFactory({ customer: fund, attributes: { title: 'Seitenprüfung Treuepflicht' } })
    const list = await run(listRoute.loader, request('/app/findings?q=Seitenpr', { cookie: auditor.cookie }))
    expect(list.status).toBe(200)
    expect((list.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([f.id])
    const byNumber = await run(listRoute.loader, request(`/app/findings?q=FS-${f.number}`, { cookie: auditor.cookie }))
    expect((byNumber.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([f.id])
    expect((await run(detailRoute.loader, request(`/app/findings/${f.id}`, { cookie: auditor.cookie }), { id: f.id })).status).toBe(200)
    const csv = await run(exportRoute.loader, request('/app/findings/export.csv?q=Seitenpr', { cookie: auditor.cookie }))
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('Seitenprüfung Treuepflicht')
    expect((await run(editRoute.loader, request(`/app/findings/${f.id}/edit`, { cookie: auditor.cookie }), { id: f.id })).status).toBe(403)
    const start = request(`/app/findings/${f.id}`, { method: 'POST', cookie: auditor.cookie, form: { intent: 'start', version: '1' } })
    expect((await run(detailRoute.action, start, { id: f.id })).status).toBe(403)
    // Another fund's admin: 404 on every page and form, and in the service.
    expect((await run(detailRoute.loader, request(`/app/findings/${f.id}`, { cookie: otherAdmin.cookie }), { id: f.id })).status).toBe(404)
    expect((await run(editRoute.loader, request(`/app/findings/${f.id}/edit`, { cookie: otherAdmin.cookie }), { id: f.id })).status).toBe(404)
    const foreignStart = request(`/app/findings/${f.id}`, { method: 'POST', cookie: otherAdmin.cookie, form: { intent: 'start', version: '1' } })
    expect((await run(detailRoute.action, foreignStart, { id: f.id })).status).toBe(404)
    expect(await Findings.for(otherAdmin.access).get(f.id)).toBeNull()
    expect(await refusal(Findings.for(otherAdmin.access).update(f.id, input(), 1))).toBe('not-found')
    expect(await refusal(Findings.for(otherAdmin.access).delete(f.id, 1))).toBe('not-found')
    const foreignList = await run(listRoute.loader, request('/app/findings?q=Seitenpr', { cookie: otherAdmin.cookie }))
    expect((foreignList.body as { rows: unknown[] }).rows).toEqual([])
  })

  it('a stale version is 409 on the service and the form; bad input is 400 at its field and stores nothing', async () => {
    const f = await Findings.for(writer.access).create(input())
    const changed = await Findings.for(writer.access).update(f.id, input({ title: 'Neu' }), f.version)
    expect(changed.version).toBe(f.version + 1)
    expect(await refusal(Findings.for(writer.access).update(f.id, input({ title: 'Zu spät' }), f.version))).toBe('stale')
    const form = { source: 'auditor', issuedOn: addDays(today, -10), title: 'Titel', severity: 'low', version: String(f.version) }
    expect((await run(editRoute.action, request(`/app/findings/${f.id}/edit`, { cookie: writer.cookie, form }), { id: f.id })).status).toBe(409)
    const cases: [Record<string, string>, string][] = [
      [{ title: '' }, 'title'],
      [{ source: 'nachbar' }, 'source'],
      [{ issuedOn: '31.02.2026' }, 'issuedOn'],
      [{ deadline: addDays(today, -20), issuedOn: addDays(today, -10) }, 'deadline'],
      [{ issuedOn: addDays(today, 3) }, 'issuedOn'],
      [{ ownerUserId: otherAdmin.user.id }, 'ownerUserId'],
      [{ ownerUserId: auditor.user.id }, 'ownerUserId'],
    ]
    for (const [extra, field] of cases) {
      const res = await run(editRoute.action, request('/app/findings/new', { cookie: writer.cookie, form: { ...form, version: '', ...extra } }))
      expect(res.status, JSON.stringify(extra)).toBe(400)
      expect(JSON.stringify(res.body), JSON.stringify(extra)).toContain(field)
    }
    expect(await refusal(Findings.for(writer.access).create(input({ deadline: addDays(today, -61) })))).toBe(
      'invalid@deadline:findings:validation.deadlineBeforeIssued',
    )
    const created = await run(editRoute.action, request('/app/findings/new', { cookie: writer.cookie, form: { ...form, version: '', title: 'Über Formular' } }))
    expect(created.status).toBe(302)
  })

  it('states: open → inProgress → done (day and response), reopened from done; the edit of an accepted finding is refused', async () => {
    const service = Findings.for(writer.access)
    let f = await service.create(input())
    expect(await refusal(service.reopen(f.id, f.version))).toBe('conflict:findings:validation.wrongState')
    f = await service.start(f.id, f.version)
    expect(f.state).toBe('inProgress')
    expect(await refusal(service.start(f.id, f.version))).toBe('conflict:findings:validation.wrongState')
    expect(await refusal(service.done(f.id, { doneOn: today, response: ' ' }, f.version))).toBe('invalid@response:findings:validation.responseRequired')
    expect(await refusal(service.done(f.id, { doneOn: addDays(today, 1), response: 'x' }, f.version))).toBe('invalid@doneOn:findings:validation.doneInFuture')
    expect(await refusal(service.done(f.id, { doneOn: addDays(today, -90), response: 'x' }, f.version))).toBe(
      'invalid@doneOn:findings:validation.doneBeforeIssued',
    )
    // The form without JavaScript: a missing response is 400 at its field.
    const bad = request(`/app/findings/${f.id}`, { cookie: writer.cookie, form: { intent: 'done', doneOn: today, response: '', version: String(f.version) } })
    const badRes = await run(detailRoute.action, bad, { id: f.id })
    expect(badRes.status).toBe(400)
    expect(JSON.stringify(badRes.body)).toContain('response')
    const ok = request(`/app/findings/${f.id}`, {
      cookie: writer.cookie,
      form: { intent: 'done', doneOn: today, response: 'Kollektivunterschrift im E-Banking eingerichtet.', version: String(f.version) },
    })
    expect((await run(detailRoute.action, ok, { id: f.id })).status).toBe(302)
    f = await rowOf(f.id)
    expect(f).toMatchObject({ state: 'done', doneOn: today, response: 'Kollektivunterschrift im E-Banking eingerichtet.' })
    expect(await refusal(service.delete(f.id, f.version))).toBe('conflict:findings:validation.noDelete')
    f = await service.reopen(f.id, f.version)
    expect(f).toMatchObject({ state: 'open', doneOn: null })
    const states = (await auditOf(f.id)).filter((a) => a.changedFields.state).map((a) => a.changedFields.state.to)
    expect(states).toEqual(['inProgress', 'done', 'open'])
    await service.delete(f.id, f.version)
    expect(await rowOf(f.id)).toBeUndefined()
    expect((await auditOf(f.id)).at(-1)?.action).toBe('Deleted')
  })

  it('the council’s acceptance: admins only, naming a decision of the fund or recording a new one (findingAcceptance)', async () => {
    const service = Findings.for(admin.access)
    const f = await service.create(input({ title: 'Technischer Zinssatz' }))
    // Another fund's decision is not found; one of another subject is refused.
    const foreign = await decisionFactory({ customer: other, attributes: { subject: 'findingAcceptance' } })
    expect(await refusal(service.accept(f.id, { decision: { decisionId: foreign.id }, response: 'x' }, f.version))).toBe('not-found@decisionId')
    const appetite = await decisionFactory({ customer: fund, attributes: { subject: 'riskAppetite' } })
    expect(await refusal(service.accept(f.id, { decision: { decisionId: appetite.id }, response: 'x' }, f.version))).toBe(
      'invalid@decisionId:decisions:errors.otherSubject',
    )
    expect(await refusal(service.accept(f.id, { decision: { decisionId: appetite.id }, response: '' }, f.version))).toBe(
      'invalid@response:findings:validation.responseRequired',
    )
    // The council cannot have accepted a finding before it was issued.
    const older = await decisionFactory({ customer: fund, attributes: { subject: 'findingAcceptance', decidedOn: '2000-01-03' } })
    expect(await refusal(service.accept(f.id, { decision: { decisionId: older.id }, response: 'x' }, f.version))).toBe(
      'invalid@decisionId:findings:errors.decisionBeforeIssued',
    )
    // A new decision, recorded with the acceptance (through the form, without JavaScript).
    const form = {
      intent: 'accept',
      decisionId: '',
      decidedOn: addDays(today, -1),
      reference: 'SR-Protokoll 2026/3, Traktandum 5',
      title: 'Akzeptanz der Feststellung zum technischen Zinssatz',
      response: 'Der Stiftungsrat trägt das Risiko bewusst.',
      version: String(f.version),
    }
    const missing = await run(detailRoute.action, request(`/app/findings/${f.id}`, { cookie: admin.cookie, form: { ...form, reference: '' } }), { id: f.id })
    expect(missing.status).toBe(400)
    const writerTry = await run(detailRoute.action, request(`/app/findings/${f.id}`, { cookie: writer.cookie, form }), { id: f.id })
    expect(writerTry.status).toBe(403)
    const res = await run(detailRoute.action, request(`/app/findings/${f.id}`, { cookie: admin.cookie, form }), { id: f.id })
    expect(res.status).toBe(302)
    const accepted = await rowOf(f.id)
    expect(accepted.state).toBe('accepted')
    const [decision] = await system().select().from(councilDecisions).where(eq(councilDecisions.id, accepted.acceptanceDecisionId!))
    expect(decision).toMatchObject({ customerId: fund.id, subject: 'findingAcceptance', reference: form.reference, recordedByUserId: admin.user.id })
    expect((await auditOf(decision.id)).map((a) => a.component)).toEqual(['councilDecision'])
    // Accepted stays as accepted: no edit, no state change.
    expect(await refusal(Findings.for(writer.access).update(f.id, input(), accepted.version))).toBe('conflict:findings:validation.acceptedKept')
    expect(await refusal(Findings.for(writer.access).done(f.id, { doneOn: today, response: 'x' }, accepted.version))).toBe(
      'conflict:findings:validation.wrongState',
    )
    // A second finding reuses the same decision.
    const g = await service.create(input({ title: 'Zweite' }))
    const before = (await system().select().from(councilDecisions).where(eq(councilDecisions.customerId, fund.id))).length
    const { finding } = await service.accept(g.id, { decision: { decisionId: decision.id }, response: 'Ebenso.' }, g.version)
    expect(finding.acceptanceDecisionId).toBe(decision.id)
    expect((await system().select().from(councilDecisions).where(eq(councilDecisions.customerId, fund.id))).length).toBe(before)
    // The history names the decision by its number.
    const withHistory = await run(detailRoute.loader, request(`/app/findings/${f.id}?history=1`, { cookie: auditor.cookie }), { id: f.id })
    expect(JSON.stringify((withHistory.body as { history: unknown }).history)).toContain(`SB-${decision.number}`)
    const detail = await run(detailRoute.loader, request(`/app/findings/${g.id}`, { cookie: auditor.cookie }), { id: g.id })
    expect((detail.body as { found: { decision: { id: string } } }).found.decision.id).toBe(decision.id)
  })

  it('links to the fund’s risks, processes and measures: added and removed with their trail; another fund’s are refused', async () => {
    const f = await Findings.for(writer.access).create(input())
    const risk = await riskFactory({ customer: fund })
    const process = await processFactory({ customer: fund })
    const measure = await measureFactory({ customer: fund })
    const foreignRisk = await riskFactory({ customer: other })
    const service = Findings.for(writer.access)
    await service.link(f.id, 'risk', risk.id)
    await service.link(f.id, 'process', process.id)
    await service.link(f.id, 'measure', measure.id)
    expect(await refusal(service.link(f.id, 'risk', risk.id))).toBe('conflict@targetId:findings:validation.linkExists')
    expect(await refusal(service.link(f.id, 'risk', foreignRisk.id))).toBe('invalid@targetId:findings:validation.linkTarget')
    expect(await refusal(service.link(f.id, 'risk', 'keine-id'))).toBe('invalid@targetId:findings:validation.linkTarget')
    expect(await refusal(Findings.for(reader.access).link(f.id, 'risk', risk.id))).toBe('forbidden')
    expect(await refusal(Findings.for(otherAdmin.access).link(f.id, 'risk', foreignRisk.id))).toBe('not-found')
    const got = await Findings.for(reader.access).get(f.id)
    expect(got?.links.map((l) => l.kind).sort()).toEqual(['measure', 'process', 'risk'])
    // The reader of RM only sees the process by its number.
    expect(got?.links.find((l) => l.kind === 'process')?.title).toBeNull()
    expect(got?.links.find((l) => l.kind === 'risk')?.title).toBe(risk.title)
    const riskLink = got!.links.find((l) => l.kind === 'risk')!
    const form = { intent: 'unlink', linkId: riskLink.id }
    expect((await run(detailRoute.action, request(`/app/findings/${f.id}`, { cookie: otherAdmin.cookie, form }), { id: f.id })).status).toBe(404)
    expect((await run(detailRoute.action, request(`/app/findings/${f.id}`, { cookie: writer.cookie, form }), { id: f.id })).status).toBe(302)
    const linkForm = { intent: 'link', kind: 'risk', targetId: foreignRisk.id }
    expect((await run(detailRoute.action, request(`/app/findings/${f.id}`, { cookie: writer.cookie, form: linkForm }), { id: f.id })).status).toBe(400)
    expect(await system().select().from(findingLinks).where(eq(findingLinks.findingId, f.id))).toHaveLength(2)
    const changes = (await auditOf(f.id)).filter((a) => a.changedFields.riskId).map((a) => a.changedFields.riskId)
    expect(changes).toEqual([
      { from: null, to: risk.id },
      { from: risk.id, to: null },
    ])
  })

  it('filters: source, severity, state incl. escalated, owner, year', async () => {
    const f1 = await findingFactory({
      customer: fund,
      attributes: { source: 'supervisor', severity: 'low', issuedOn: '2024-05-01', deadline: '2024-06-30', ownerUserId: writer.user.id, title: 'Filter A' },
    })
    const f2 = await findingFactory({ customer: fund, attributes: { source: 'expert', issuedOn: '2024-05-02', title: 'Filter B' } })
    const ids = async (f: Record<string, unknown>) =>
      (await Findings.for(reader.access).page({ sort: 'number', dir: 'asc', year: 2024, ...f }, { limit: 50, offset: 0 })).rows.map((r) => r.id)
    expect(await ids({})).toEqual([f1.id, f2.id])
    expect(await ids({ source: 'supervisor' })).toEqual([f1.id])
    expect(await ids({ severity: 'low' })).toEqual([f1.id])
    expect(await ids({ state: 'escalated' })).toEqual([f1.id])
    expect(await ids({ owner: writer.user.id })).toEqual([f1.id])
    // Sorted by severity (high first) and by deadline (none last).
    const bySeverity = await Findings.for(reader.access).page({ sort: 'severity', dir: 'asc', year: 2024 }, { limit: 50, offset: 0 })
    expect(bySeverity.rows.map((r) => r.id)).toEqual([f2.id, f1.id])
    const byDeadline = await Findings.for(reader.access).page({ sort: 'deadline', dir: 'asc', year: 2024 }, { limit: 50, offset: 0 })
    expect(byDeadline.rows.map((r) => r.id)).toEqual([f1.id, f2.id])
    const xlsx = await run(exportRoute.loader, request('/app/findings/export.xlsx?year=2024&sort=severity', { cookie: reader.cookie }))
    expect(xlsx.status).toBe(200)
    const list = await run(listRoute.loader, request('/app/findings?year=2024&state=escalated', { cookie: reader.cookie }))
    expect((list.body as { rows: { id: string; escalated: boolean }[] }).rows).toEqual([expect.objectContaining({ id: f1.id, escalated: true })])
  })

  it('only admins set the council’s contact; a stale version is 409', async () => {
    expect(await refusal(Findings.for(writer.access).saveSettings({ councilContactName: 'x', councilContactEmail: 'x@example.ch' }, 0))).toBe('forbidden')
    expect(await refusal(Findings.for(admin.access).saveSettings({ councilContactName: 'x', councilContactEmail: 'kein-mail' }, 0))).toBe(
      'invalid@councilContactEmail:validation.email',
    )
    const res = await run(
      listRoute.action,
      request('/app/findings', {
        cookie: admin.cookie,
        form: { councilContactName: 'Präsidentin', councilContactEmail: 'praesidium@kasse-feststellung.ch', version: '0' },
      }),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(302)
    expect(await refusal(Findings.for(admin.access).saveSettings({ councilContactName: 'x', councilContactEmail: '' }, 0))).toBe('stale')
    const [row] = await system().select().from(findingSettings).where(eq(findingSettings.customerId, fund.id))
    expect(row).toMatchObject({ councilContactEmail: 'praesidium@kasse-feststellung.ch', version: 1 })
  })
})

describe('the escalation of findings past their deadline', () => {
  let efund: Customer
  let efAdmin: Member
  let efIcsAdmin: Member
  let efWriter: Member
  let frFund: Customer
  let frAdmin: Member
  beforeAll(async () => {
    efund = await customerFactory({ attributes: { name: 'Kasse Eskalation' } })
    efAdmin = await memberFactory({ customer: efund, traits: ['risk-admin'] })
    efIcsAdmin = await memberFactory({ customer: efund, traits: ['ics-admin', 'french'] })
    efWriter = await memberFactory({ customer: efund, traits: ['write'] })
    await system()
      .insert(findingSettings)
      .values({ customerId: efund.id, councilContactEmail: 'stiftungsrat@kasse-eskalation.ch', councilContactName: 'Anna Präsidentin' })
    frFund = await customerFactory({ traits: ['french'], attributes: { name: 'Caisse Escalade' } })
    frAdmin = await memberFactory({ customer: frFund, traits: ['admin', 'french'] })
  })

  it('mails the council’s contact and every admin once per deadline, in their language; not the writer; not done or accepted findings', async () => {
    const late = await findingFactory({
      customer: efund,
      attributes: { title: 'Loyalitätserklärungen fehlen', source: 'supervisor', issuedOn: addDays(today, -90), deadline: addDays(today, -1) },
    })
    const running = await findingFactory({ customer: efund, attributes: { title: 'Noch Zeit', issuedOn: addDays(today, -90), deadline: today } })
    const done = await findingFactory({
      customer: efund,
      attributes: { title: 'Schon erledigt', issuedOn: addDays(today, -90), deadline: addDays(today, -5), state: 'done', doneOn: addDays(today, -6) },
    })
    const decision = await decisionFactory({ customer: efund, attributes: { subject: 'findingAcceptance' } })
    const accepted = await findingFactory({
      customer: efund,
      attributes: { title: 'Akzeptiert', issuedOn: addDays(today, -90), deadline: addDays(today, -5), state: 'accepted', acceptanceDecisionId: decision.id },
    })
    const now = new Date()
    expect(await sendFindingEscalations(now)).toBeGreaterThanOrEqual(3)
    const council = await peer().waitFor('stiftungsrat@kasse-eskalation.ch')
    expect(council.subject).toContain('Kasse Eskalation')
    expect(council.subject).toContain(`FS-${late.number}`)
    expect(council.text).toContain('Guten Tag Anna Präsidentin')
    expect(council.text).toContain('Aufsichtsbehörde')
    expect(council.text).toContain(`/app/findings/${late.id}`)
    const rm = await peer().waitFor(efAdmin.user.email)
    expect(rm.text).toContain('Loyalitätserklärungen fehlen')
    const ics = await peer().waitFor(efIcsAdmin.user.email)
    expect(ics.text).toContain('Bonjour')
    expect(mailsTo(efWriter.user.email)).toEqual([])
    for (const title of [running.title, done.title, accepted.title]) expect(peer().mails.some((m) => m.text.includes(title))).toBe(false)
    const row = await rowOf(late.id)
    expect(row.escalatedFor).toBe(late.deadline)
    expect(row.escalatedAt?.toISOString()).toBe(now.toISOString())
    expect((await rowOf(running.id)).escalatedFor).toBeNull()
    // Again: nothing new.
    await sendFindingEscalations(new Date())
    expect(mailsTo('stiftungsrat@kasse-eskalation.ch')).toHaveLength(1)
    // Shown as escalated; the escalated finding may no longer be deleted.
    const got = await Findings.for(efWriter.access).get(late.id)
    expect(got?.escalated).toBe(true)
    expect(await refusal(Findings.for(efWriter.access).delete(late.id, row.version))).toBe('conflict:findings:validation.noDelete')

    // A new deadline clears escalated_for: once it passes too, the escalation goes out again.
    const moved = await Findings.for(efWriter.access).update(
      late.id,
      {
        source: row.source,
        reference: row.reference,
        issuedOn: row.issuedOn,
        title: row.title,
        text: row.text,
        severity: row.severity,
        deadline: addDays(today, 10),
        ownerUserId: null,
      },
      row.version,
    )
    expect(moved.escalatedFor).toBeNull()
    expect((await Findings.for(efWriter.access).get(late.id))?.escalated).toBe(false)
    await sendFindingEscalations(new Date())
    expect(mailsTo('stiftungsrat@kasse-eskalation.ch')).toHaveLength(1)
    const later = new Date(now.getTime() + 12 * 86_400_000)
    await sendFindingEscalations(later)
    const aboutLate = () => mailsTo('stiftungsrat@kasse-eskalation.ch').filter((m) => m.subject.includes(`FS-${late.number} `))
    await expect.poll(() => aboutLate().length).toBe(2)
    expect((await rowOf(late.id)).escalatedFor).toBe(addDays(today, 10))
  })

  it('a fund without a council contact tells its admins, in French for a French fund; not before the reminder hour', async () => {
    const f = await findingFactory({
      customer: frFund,
      attributes: { title: 'Déclarations de loyauté manquantes', issuedOn: addDays(today, -40), deadline: addDays(today, -2) },
    })
    // 03:00 in Zurich: before the reminder hour, nothing goes out.
    const night = new Date(`${today}T01:00:00Z`)
    expect(await runFindingEscalations(night, 6)).toBe(0)
    expect((await rowOf(f.id)).escalatedFor).toBeNull()
    expect(await runFindingEscalations(new Date(), 0)).toBeGreaterThanOrEqual(1)
    const mail = await peer().waitFor(frAdmin.user.email)
    expect(mail.subject).toContain('Caisse Escalade')
    expect(mail.subject).toContain('délai')
    expect(mail.text).toContain('Organe de révision')
    expect(mail.text).toContain('Déclarations de loyauté manquantes')
  })
})

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { decisionNumber } from '#models/core/record-number.ts'
import { auditEntries, councilDecisions, icsSettings, loyaltyCampaigns, riskAcceptances, riskAppetiteApprovals } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, riskFactory, run } from '../../../tests/factories.ts'
import { documentFactory } from '../../../tests/factories/documents.ts'
import { decisionFactory } from '../../../tests/factories/governance.ts'
import { loyaltyCampaignFactory } from '../../../tests/factories/loyalty-declarations.ts'
import { system } from '../../../tests/system-db.ts'
import { saveQualityIndex } from '../inventory/ics/quality.server.ts'
import { Acceptances } from '../kri/acceptance/acceptance.server.ts'
import { Kris } from '../kri/kris.server.ts'
import { Campaigns } from '../loyalty/campaign/campaign.server.ts'
import { Decisions, type DecisionRecordInput } from './decisions.server.ts'
import * as detailRoute from './detail.tsx'
import * as editRoute from './edit.tsx'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'

const today = todayInZurich()
const input = (over: Partial<DecisionRecordInput> = {}): DecisionRecordInput => ({
  subject: 'riskPolicy',
  decidedOn: today,
  reference: 'SR-Protokoll 2026/02, Traktandum 4',
  title: 'Genehmigung der Risikopolitik',
  text: 'Der Stiftungsrat genehmigt die Risikopolitik.',
  decidedBy: 'Stiftungsrat',
  ...over,
})

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}${error.messageKey ? ` ${error.messageKey}` : ''}`
    throw error
  }
  return 'done'
}

describe('the register of the council’s decisions', () => {
  let fund: Customer
  let other: Customer
  let admin: Member
  let writer: Member
  let reader: Member
  let auditor: Member
  let noTools: Member
  let otherAdmin: Member
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Beschlüsse' } })
    other = await customerFactory({ attributes: { name: 'Andere Kasse' } })
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    writer = await memberFactory({ customer: fund, traits: ['write'] })
    reader = await memberFactory({ customer: fund, traits: ['ics-read'] })
    auditor = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } } })
    noTools = await memberFactory({ customer: fund, traits: ['norights'] })
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
  })

  it('is recorded by admins, read by members and auditors, refused to a member without tools; another fund finds nothing', async () => {
    const made = await Decisions.for(admin.access).create(input())
    expect(made).toMatchObject({ subject: 'riskPolicy', decidedOn: today, recordedByUserId: admin.user.id, version: 1 })
    const [audit] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, made.id), eq(auditEntries.component, 'councilDecision')))
    expect(audit).toMatchObject({ action: 'Created' })
    expect(await refusal(Decisions.for(writer.access).create(input()))).toBe('forbidden')
    expect(await refusal(Decisions.for(auditor.access).create(input()))).toBe('forbidden')
    expect(await refusal(Decisions.for(auditor.access).update(made.id, input(), 1))).toBe('forbidden')
    expect((await Decisions.for(reader.access).get(made.id))?.decision.id).toBe(made.id)
    expect((await Decisions.for(auditor.access).get(made.id))?.decision.id).toBe(made.id)
    expect(await refusal(Decisions.for(noTools.access).list({ sort: 'decidedOn', dir: 'desc' }, { limit: 10, offset: 0 }))).toBe('forbidden')
    expect(await Decisions.for(otherAdmin.access).get(made.id)).toBeNull()
    expect(await refusal(Decisions.for(otherAdmin.access).update(made.id, input(), 1))).toBe('not-found')
    expect(await refusal(Decisions.for(otherAdmin.access).remove(made.id, 1))).toBe('not-found')
    // The pages: the list for a reader, 403 without tools, 404 for another fund, the form for admins only.
    expect((await run(listRoute.loader, request('/app/decisions', { cookie: reader.cookie }))).status).toBe(200)
    expect((await run(listRoute.loader, request('/app/decisions', { cookie: noTools.cookie }))).status).toBe(403)
    expect((await run(detailRoute.loader, request(`/app/decisions/${made.id}`, { cookie: otherAdmin.cookie }), { id: made.id })).status).toBe(404)
    expect((await run(detailRoute.loader, request('/app/decisions/not-an-id', { cookie: admin.cookie }), { id: 'not-an-id' })).status).toBe(404)
    expect((await run(editRoute.loader, request('/app/decisions/new', { cookie: writer.cookie }))).status).toBe(403)
    expect((await run(editRoute.loader, request('/app/decisions/new', { cookie: auditor.cookie }))).status).toBe(403)
  })

  it('checks its input, refuses a stale version and finds a decision by its number, title or reference', async () => {
    const service = Decisions.for(admin.access)
    expect(await refusal(service.create(input({ decidedOn: addDays(today, 1) })))).toBe('invalid decisions:errors.future')
    expect(await refusal(service.create(input({ reference: ' ' })))).toBe('invalid validation.required')
    expect(await refusal(service.create(input({ title: '' })))).toBe('invalid validation.required')
    expect(await refusal(service.create(input({ decidedOn: '2026-02-30' })))).toBe('invalid validation.date')
    const made = await service.create(input({ subject: 'other', title: 'Wahl der Revisionsstelle Zyklus' }))
    await service.update(made.id, input({ subject: 'other', title: 'Wahl der Revisionsstelle' }), 1)
    expect(await refusal(service.update(made.id, input(), 1))).toBe('stale')
    const found = async (q: string) => (await service.list({ q, sort: 'decidedOn', dir: 'desc' }, { limit: 50, offset: 0 })).rows.map((r) => r.id)
    expect(await found(decisionNumber(made.number))).toEqual([made.id])
    expect(await found('Revisionsstelle')).toContain(made.id)
    expect(await found('Traktandum 4')).toContain(made.id)
    const [year] = today.split('-')
    expect(
      (await service.list({ subject: 'other', year: Number(year), sort: 'number', dir: 'asc' }, { limit: 50, offset: 0 })).rows.map((r) => r.id),
    ).toContain(made.id)
    expect((await service.list({ subject: 'riskAppetite', sort: 'number', dir: 'asc' }, { limit: 50, offset: 0 })).rows.map((r) => r.id)).not.toContain(made.id)
    // The form: 400 with its message, a redirect when saved; the export names it.
    const bad = await run(editRoute.action, request('/app/decisions/new', { cookie: admin.cookie, form: { ...input(), decidedOn: addDays(today, 2) } }))
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('decisions:errors.future')
    const ok = await run(editRoute.action, request('/app/decisions/new', { cookie: admin.cookie, form: { ...input(), title: 'Beschluss aus dem Formular' } }))
    expect(ok.status).toBe(302)
    const csv = await run(exportRoute.loader, request('/app/decisions/export.csv?q=Formular', { cookie: reader.cookie }))
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('Beschluss aus dem Formular')
  })

  it('links documents of the fund only, and deletes a decision only while nothing rests on it', async () => {
    const service = Decisions.for(admin.access)
    const made = await service.create(input({ subject: 'riskAppetite', title: 'Risikoappetit' }))
    const doc = await documentFactory({ customer: fund, traits: ['fund'] })
    const riskDoc = await documentFactory({ customer: fund, traits: ['risk'] })
    const foreign = await documentFactory({ customer: other, traits: ['risk'] })
    expect((await service.documentOptions(made.id)).map((d) => d.id)).toContain(doc.id)
    expect((await service.documentOptions(made.id)).map((d) => d.id)).not.toContain(foreign.id)
    expect(await refusal(service.linkDocument(made.id, foreign.id))).toBe('not-found')
    await service.linkDocument(made.id, doc.id)
    expect(await refusal(service.linkDocument(made.id, doc.id))).toBe('conflict decisions:errors.documentLinked')
    expect((await Decisions.for(reader.access).get(made.id))?.documents.map((d) => d.id)).toEqual([doc.id])
    expect(await refusal(Decisions.for(writer.access).linkDocument(made.id, doc.id))).toBe('forbidden')
    // An RM document is not for a reader of the ICS only: the decision says one more is there.
    await service.linkDocument(made.id, riskDoc.id)
    expect(await Decisions.for(reader.access).get(made.id)).toMatchObject({ documents: [{ id: doc.id }], hiddenDocuments: 1 })
    await service.unlinkDocument(made.id, riskDoc.id)
    await service.unlinkDocument(made.id, doc.id)
    expect((await service.get(made.id))?.documents).toEqual([])
    await service.linkDocument(made.id, doc.id)
    // The appetite's approval rests on it: no deletion (409), the page says so.
    await Kris.for(admin.access).approve({ decision: { decisionId: made.id }, scoreLimit: 10, remark: '' })
    expect((await service.get(made.id))?.uses.map((u) => u.kind)).toEqual(['appetite'])
    expect(await refusal(service.remove(made.id, 1))).toBe('conflict decisions:errors.linked')
    // Its day stays as the approval recorded it; its title may be corrected.
    const [row] = await system().select().from(councilDecisions).where(eq(councilDecisions.id, made.id))
    const kept = { ...input({ subject: 'riskAppetite' }), decidedOn: row.decidedOn, reference: row.reference, title: 'Risikoappetit (korrigiert)' }
    expect(await refusal(service.update(made.id, { ...kept, decidedOn: addDays(today, -1) }, 1))).toBe('conflict decisions:errors.linkedFacts')
    await service.update(made.id, kept, 1)
    const page = await run(detailRoute.action, request(`/app/decisions/${made.id}`, { cookie: admin.cookie, form: { intent: 'delete', version: '2' } }), {
      id: made.id,
    })
    expect(page.status).toBe(409)
    // One nothing rests on goes, its document links with it.
    const spare = await service.create(input({ title: 'Entwurf' }))
    await service.linkDocument(spare.id, doc.id)
    expect(await refusal(service.remove(spare.id, 2))).toBe('stale')
    await service.remove(spare.id, 1)
    expect(await service.get(spare.id)).toBeNull()
  })

  it('the areas’ approvals record a decision or reuse one; another fund’s decision is 404, one of another subject 400', async () => {
    const fresh = await customerFactory({ attributes: { name: 'Kasse Genehmigungen' } })
    const boss = await memberFactory({ customer: fresh, traits: ['admin'] })
    const count = async () => (await system().select().from(councilDecisions).where(eq(councilDecisions.customerId, fresh.id))).length
    const foreign = await decisionFactory({ customer: other, attributes: { subject: 'riskAppetite' } })
    const policy = await decisionFactory({ customer: fresh, attributes: { subject: 'riskPolicy' } })
    const recorded = { subject: 'riskAppetite' as const, decidedOn: today, reference: 'SR 1/26', title: 'Risikoappetit 2026', decidedBy: 'Stiftungsrat' }

    // The risk appetite.
    const kris = Kris.for(boss.access)
    expect(await refusal(kris.approve({ decision: { decisionId: foreign.id }, scoreLimit: 9, remark: '' }))).toBe('not-found')
    expect(await refusal(kris.approve({ decision: { decisionId: policy.id }, scoreLimit: 9, remark: '' }))).toBe('invalid decisions:errors.otherSubject')
    const before = await count()
    const first = await kris.approve({ decision: recorded, scoreLimit: 9, remark: '' })
    expect(await count()).toBe(before + 1)
    const second = await kris.approve({ decision: { decisionId: first.decisionId! }, scoreLimit: 8, remark: '' })
    expect(await count()).toBe(before + 1)
    expect(second).toMatchObject({ decisionId: first.decisionId, approvedOn: today, decisionReference: 'SR 1/26', approvedBy: 'Stiftungsrat' })
    expect(await system().select().from(riskAppetiteApprovals).where(eq(riskAppetiteApprovals.decisionId, first.decisionId!))).toHaveLength(2)

    // The acceptance of a risk (net 3 × 3 = 9 > 8: a narrower appetite; accepted inside a limit of 9 first).
    const risk = await riskFactory({ customer: fresh, traits: ['assessed'] })
    await kris.approve({ decision: { decisionId: first.decisionId! }, scoreLimit: 9, remark: '' })
    const acceptances = Acceptances.for(boss.access)
    const accept = { subject: 'riskAcceptance' as const, decidedOn: today, reference: 'SR 2/26', title: 'Restrisiko akzeptiert', decidedBy: 'Stiftungsrat' }
    expect(await refusal(acceptances.accept(risk.id, { decision: { decisionId: foreign.id }, justification: 'tragbar' }))).toBe('not-found')
    expect(await refusal(acceptances.accept(risk.id, { decision: { decisionId: first.decisionId! }, justification: 'tragbar' }))).toBe(
      'invalid decisions:errors.otherSubject',
    )
    const accepted = await acceptances.accept(risk.id, { decision: accept, justification: 'tragbar' })
    const [acceptance] = await system().select().from(riskAcceptances).where(eq(riskAcceptances.id, accepted.id))
    expect(acceptance).toMatchObject({ acceptedOn: today, decisionReference: 'SR 2/26', acceptedBy: 'Stiftungsrat' })
    expect(acceptance.decisionId).toBeTruthy()

    // The loyalty review: nothing declared is a conflict, but a foreign or other-subject decision is refused first.
    const campaign = await loyaltyCampaignFactory({ customer: fresh, year: 2025 })
    const campaigns = Campaigns.for(boss.access)
    expect(await refusal(campaigns.recordReview(2025, { decision: { decisionId: foreign.id }, names: 'A', remarks: {} }))).toBe('not-found')
    expect(await refusal(campaigns.recordReview(2025, { decision: { decisionId: policy.id }, names: 'A', remarks: {} }))).toBe(
      'invalid decisions:errors.otherSubject',
    )
    const [untouched] = await system().select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.id, campaign.id))
    expect(untouched.reviewDecisionId).toBeNull()

    // The ICS minimum level: a new one needs a decision; recorded with it, it is linked.
    expect(await refusal(saveQualityIndex(boss.access, [], 4))).toBe('invalid decisions:errors.minimumNeedsDecision')
    expect(await refusal(saveQualityIndex(boss.access, [], 4, { decisionId: foreign.id }))).toBe('not-found')
    expect(await refusal(saveQualityIndex(boss.access, [], 4, { decisionId: policy.id }))).toBe('invalid decisions:errors.otherSubject')
    await saveQualityIndex(boss.access, [], 4, { subject: 'icsMinimum', decidedOn: today, reference: 'SR 3/26', title: 'IKS-Mindestniveau 4' })
    const [settings] = await system().select().from(icsSettings).where(eq(icsSettings.customerId, fresh.id))
    expect(settings.councilMinimum).toBe(4)
    const [minimum] = await system().select().from(councilDecisions).where(eq(councilDecisions.id, settings.minimumDecisionId!))
    expect(minimum).toMatchObject({ subject: 'icsMinimum', reference: 'SR 3/26' })
    // The register shows what rests on each.
    const uses = (await Decisions.for(boss.access).get(minimum.id))?.uses
    expect(uses).toEqual([expect.objectContaining({ kind: 'icsMinimum', href: '/app/iks/qsindex', label: '4' })])
    expect((await Decisions.for(boss.access).get(first.decisionId!))?.uses.filter((u) => u.kind === 'appetite')).toHaveLength(3)
  })
})

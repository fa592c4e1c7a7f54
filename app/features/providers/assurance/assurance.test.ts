import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { nextNumber } from '#models/core/counters.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, controlExecutions, providers, storedFiles } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, processFactory, request, run } from '../../../../tests/factories.ts'
import { providerFactory } from '../../../../tests/factories/governance.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { system } from '../../../../tests/system-db.ts'
import * as detailRoute from '../../executions/detail.tsx'
import { Executions, type RecordInput } from '../../executions/executions.server.ts'
import * as listRoute from '../../executions/index.tsx'
import { Assurance } from './assurance.server.ts'
import * as planRoute from './plan.tsx'
import { assuranceDueOn } from '#models/core/assurance-state.server.ts'
import { assuranceStates } from './state.server.ts'
import { runAssuranceTick } from './tick.server.ts'
import { mailTemplateSeeds } from '#models/reference/mail-templates.ts'
import { unknownPlaceholders } from '../../operator/mail-templates.server.ts'
import { seedAssurance } from '#models/seed/assurance.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { db } from '#models/core/db.server.ts'

// A provider's yearly assurance (issue 28): the review of its ISAE 3402 / SOC report is an execution of the
// key control of the fund's provider oversight process, planned once per provider and year, recorded with
// the report as evidence and signed by a second person through the executions feature.

const TODAY = '2026-06-15'
const JAN1 = '2026-01-01'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

const record = (extra: Partial<RecordInput> = {}): RecordInput => ({
  performedOn: '2026-06-10',
  result: 'effective',
  resultReason: '',
  steps: 'ISAE-3402-Typ-II-Bericht 2025 erhalten, Ausnahmen und CUEC geprüft',
  observation: '',
  populationSize: null,
  sampleSize: null,
  sampleItems: [],
  ...extra,
})

/** The code a refusal carries (a DomainError's). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.messageKey ? `:${e.messageKey}` : ''}`
    throw e
  }
  return 'no refusal'
}

const reviewsOf = (providerId: string) => system().select().from(controlExecutions).where(eq(controlExecutions.providerId, providerId))

/** An execution of a provider's review, written directly (the states read whatever the row says). */
async function review(customer: Customer, processId: string, providerId: string, extra: Partial<typeof controlExecutions.$inferInsert> = {}) {
  const [row] = await system()
    .insert(controlExecutions)
    .values({
      customerId: customer.id,
      number: await asSystem('test: assurance review', (tx) => nextNumber(tx, customer.id, 'control_execution')),
      processId,
      providerId,
      periodStart: JAN1,
      periodEnd: '2026-09-30',
      dueDate: '2026-09-30',
      ...extra,
    })
    .returning()
  return row!
}

/** A mail's subject without the spaces its folding adds. */
const flat = (s: string) => s.replace(/\s+/g, '')

const approvedAt = new Date('2026-06-12T08:00:00Z')
const signed = { state: 'approved' as const, performedOn: '2026-06-10', submittedAt: approvedAt, reviewedAt: approvedAt }

describe('the yearly assurance of a provider', () => {
  const peer = useSmtpPeer()
  const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))
  let fund: Customer
  let other: Customer
  let owner: Member
  let reviewer: Member
  let processOwner: Member
  let riskWriter: Member
  let reader: Member
  let admin: Member
  let process: { id: string; version: number }
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Assurance' } })
    other = await customerFactory()
    owner = await memberFactory({ customer: fund, traits: ['ics-write', 'french'] })
    reviewer = await memberFactory({ customer: fund, traits: ['ics-write'] })
    processOwner = await memberFactory({ customer: fund, traits: ['ics-write'] })
    riskWriter = await memberFactory({ customer: fund, traits: ['risk-write'] })
    reader = await memberFactory({ customer: fund, traits: ['ics-read'] })
    admin = await memberFactory({ customer: fund, traits: ['ics-admin'] })
    process = await processFactory({ customer: fund, owner: processOwner.user, attributes: { reviewerUserId: reviewer.user.id } })
  })

  const provider = (attributes: Partial<typeof providers.$inferInsert> = {}) =>
    providerFactory({
      customer: fund,
      attributes: { assuranceRequired: true, assuranceDueMonth: 9, assuranceProcessId: process.id, ownerUserId: owner.user.id, ...attributes },
    })

  const statesOf = (ids: string[] | 'all', today = TODAY) => withCustomer(owner.access, (tx) => assuranceStates(tx, ids, today))

  describe('its state', () => {
    it('reads each case from this year’s review, in one call for several providers', async () => {
      const none = await provider({ assuranceRequired: false })
      const ended = await provider({ endedOn: '2026-03-31' })
      const notYet = await provider({ assuranceDueMonth: 12 })
      const late = await provider({ assuranceDueMonth: 3 })
      const planned = await provider()
      const plannedLate = await provider({ assuranceDueMonth: 4 })
      const current = await provider()
      const deficient = await provider()
      const submittedLate = await provider({ assuranceDueMonth: 5 })
      const lastYear = await provider()
      await review(fund, process.id, planned.id)
      await review(fund, process.id, plannedLate.id, { periodEnd: '2026-04-30', dueDate: '2026-04-30' })
      const approved = await review(fund, process.id, current.id, { ...signed, result: 'effective' })
      await review(fund, process.id, deficient.id, { state: 'submitted', performedOn: '2026-06-10', submittedAt: approvedAt, result: 'deficient' })
      await review(fund, process.id, submittedLate.id, {
        state: 'submitted',
        performedOn: '2026-05-10',
        submittedAt: approvedAt,
        result: 'effective',
        periodEnd: '2026-05-31',
        dueDate: '2026-05-31',
      })
      // Last year's approved review: this year is still due, the day it was signed is told.
      await review(fund, process.id, lastYear.id, {
        ...signed,
        result: 'effective',
        periodStart: '2025-01-01',
        periodEnd: '2025-09-30',
        dueDate: '2025-09-30',
        reviewedAt: new Date('2025-08-31T22:30:00Z'),
      })
      const all = [none, ended, notYet, late, planned, plannedLate, current, deficient, submittedLate, lastYear]
      const states = await statesOf(all.map((p) => p.id))
      expect(all.map((p) => states.get(p.id)?.state)).toEqual([
        'notRequired',
        'notRequired',
        'due',
        'overdue',
        'due',
        'overdue',
        'current',
        'deficient',
        'overdue',
        'due',
      ])
      expect(states.get(none.id)).toMatchObject({ year: 2026, dueOn: null, executionId: null })
      expect(states.get(notYet.id)).toMatchObject({ dueOn: '2026-12-31', executionId: null })
      expect(states.get(late.id)?.dueOn).toBe('2026-03-31')
      expect(states.get(current.id)).toMatchObject({ executionId: approved.id, executionNumber: approved.number, approvedOn: '2026-06-12' })
      // Signed late in the evening of August 31 in Zurich (UTC 22:30 is September 1, 00:30 local).
      expect(states.get(lastYear.id)?.approvedOn).toBe('2025-09-01')
      // The due day passes: planned turns overdue the day after.
      expect((await statesOf([planned.id], '2026-09-30')).get(planned.id)?.state).toBe('due')
      expect((await statesOf([planned.id], '2026-10-01')).get(planned.id)?.state).toBe('overdue')
    })

    it('answers all of the fund’s providers, never another fund’s', async () => {
      const mine = await provider()
      const foreign = await providerFactory({ customer: other, attributes: { assuranceRequired: true } })
      const all = await statesOf('all')
      expect(all.get(mine.id)?.state).toBe('due')
      expect(all.has(foreign.id)).toBe(false)
      expect((await statesOf([foreign.id])).size).toBe(0)
      expect((await statesOf([])).size).toBe(0)
      expect((await statesOf(['not-a-uuid'])).size).toBe(0)
    })

    it('knows the last day of each month', () => {
      expect(assuranceDueOn(2026, 2)).toBe('2026-02-28')
      expect(assuranceDueOn(2028, 2)).toBe('2028-02-29')
      expect(assuranceDueOn(2026, 6)).toBe('2026-06-30')
      expect(assuranceDueOn(2026, 12)).toBe('2026-12-31')
    })
  })

  describe('planning this year’s review', () => {
    it('plans one execution of the process’s key control per provider and year, performed by the provider’s owner', async () => {
      const p = await provider({ assuranceDueMonth: 2 })
      const first = await Assurance.for(owner.access).plan(p.id, TODAY)
      expect(first).toMatchObject({
        providerId: p.id,
        processId: process.id,
        period: null,
        periodStart: JAN1,
        periodEnd: '2026-02-28',
        dueDate: '2026-02-28',
        state: 'planned',
        performerUserId: owner.user.id,
        reviewerUserId: reviewer.user.id,
      })
      // Idempotent: a second plan answers the same execution, and only one audit entry was written.
      const again = await Assurance.for(admin.access).plan(p.id, TODAY)
      expect(again.id).toBe(first.id)
      expect(await reviewsOf(p.id)).toHaveLength(1)
      const created = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.component, 'controlExecution'), eq(auditEntries.entityId, first.id), eq(auditEntries.action, 'Created')))
      expect(created).toHaveLength(1)
      expect(created[0]!.userId).toBe(owner.user.id)
      // Planned after its due day: overdue at once.
      expect((await statesOf([p.id])).get(p.id)).toMatchObject({ state: 'overdue', executionId: first.id })
    })

    it('gives the review to the process’s performer or owner when the provider’s owner may not record', async () => {
      const p = await provider({ ownerUserId: riskWriter.user.id })
      const made = await Assurance.for(owner.access).plan(p.id, TODAY)
      expect(made.performerUserId).toBe(processOwner.user.id)
    })

    it('refuses without the rights, without a process, when not required, and another fund’s provider', async () => {
      const p = await provider()
      expect(await refusal(Assurance.for(riskWriter.access).plan(p.id, TODAY))).toBe('forbidden')
      expect(await refusal(Assurance.for(reader.access).plan(p.id, TODAY))).toBe('forbidden')
      const bare = await provider({ assuranceProcessId: null })
      expect(await refusal(Assurance.for(owner.access).plan(bare.id, TODAY))).toBe('invalid:providers:assuranceReview.errors.noProcess')
      const notAsked = await provider({ assuranceRequired: false })
      expect(await refusal(Assurance.for(owner.access).plan(notAsked.id, TODAY))).toBe('invalid:providers:assuranceReview.errors.notRequired')
      const ended = await provider({ endedOn: '2026-01-31' })
      expect(await refusal(Assurance.for(owner.access).plan(ended.id, TODAY))).toBe('invalid:providers:assuranceReview.errors.notRequired')
      const foreign = await providerFactory({ customer: other, attributes: { assuranceRequired: true } })
      expect(await refusal(Assurance.for(owner.access).plan(foreign.id, TODAY))).toBe('not-found')
      expect(await refusal(Assurance.for(owner.access).plan('nope', TODAY))).toBe('not-found')
      for (const id of [p.id, bare.id, notAsked.id, ended.id, foreign.id]) expect(await reviewsOf(id)).toHaveLength(0)
    })

    it('posts without JavaScript: redirects to the execution, a refusal is a 400 with its reason, a GET goes to the provider', async () => {
      const p = await provider()
      const path = `/app/providers/${p.id}/assurance`
      const ok = await run(planRoute.action, request(path, { cookie: owner.cookie, form: {} }), { id: p.id })
      const [made] = await reviewsOf(p.id)
      expect(ok.status).toBe(302)
      expect(ok.location).toBe(`/app/iks/executions/${made!.id}`)
      const bare = await provider({ assuranceProcessId: null })
      const refused = await run(planRoute.action, request(`/app/providers/${bare.id}/assurance`, { cookie: owner.cookie, form: {} }), { id: bare.id })
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ message: 'providers:assuranceReview.errors.noProcess' })
      const reading = await run(planRoute.action, request(path, { cookie: reader.cookie, form: {} }), { id: p.id })
      expect(reading.status).toBe(403)
      const foreign = await providerFactory({ customer: other, attributes: { assuranceRequired: true } })
      const elsewhere = await run(planRoute.action, request(`/app/providers/${foreign.id}/assurance`, { cookie: owner.cookie, form: {} }), { id: foreign.id })
      expect(elsewhere.status).toBe(404)
      const get = await run(planRoute.loader, request(path, { cookie: owner.cookie }), { id: p.id })
      expect(get.location).toBe(`/app/providers/${p.id}`)
    })
  })

  describe('as a control execution', () => {
    it('is recorded with the report as evidence by the performer and signed by a second person, then reads current', async () => {
      const p = await provider()
      const e = await Assurance.for(owner.access).plan(p.id, TODAY)
      const kept = await Executions.for(owner.access).attach(e.id, async (keep) => {
        await keep({
          field: 'files',
          name: 'ISAE-3402-Typ-II-2025.pdf',
          content: (async function* () {
            yield new Uint8Array(PDF)
          })(),
        })
      })
      expect(kept).toBe(1)
      const submitted = await Executions.for(owner.access).record(e.id, record(), e.version, true, TODAY)
      expect(submitted.state).toBe('submitted')
      expect((await statesOf([p.id])).get(p.id)?.state).toBe('due')
      // The performer never signs; the reviewer does.
      expect(await refusal(Executions.for(owner.access).review(e.id, 'approve', '', submitted.version))).toBe('forbidden')
      expect(await refusal(Executions.for(processOwner.access).review(e.id, 'approve', '', submitted.version))).toBe('forbidden')
      const approved = await Executions.for(reviewer.access).review(e.id, 'approve', 'Bericht ohne Ausnahmen', submitted.version)
      expect(approved.state).toBe('approved')
      const info = (await statesOf([p.id])).get(p.id)!
      expect(info.state).toBe('current')
      expect(info.approvedOn).not.toBeNull()
      const files = await system().select().from(storedFiles).where(eq(storedFiles.executionId, e.id))
      expect(files.map((f) => f.contentType)).toEqual(['application/pdf'])
      // Approved, it never changes.
      expect(await refusal(Executions.for(owner.access).record(e.id, record(), approved.version, false, TODAY))).toBe('conflict:executions:approvedReadOnly')
    })

    it('a deficient report reads deficient once submitted', async () => {
      const p = await provider()
      const e = await Assurance.for(owner.access).plan(p.id, TODAY)
      await Executions.for(owner.access).record(
        e.id,
        record({ result: 'deficient', observation: 'Qualifizierte Meinung zur Zugriffsverwaltung' }),
        e.version,
        true,
        TODAY,
      )
      expect((await statesOf([p.id])).get(p.id)?.state).toBe('deficient')
    })

    it('shows the provider on the execution page and in the list, with a filter of the reviews', async () => {
      const p = await provider({ name: 'Complementa AG' })
      const e = await Assurance.for(owner.access).plan(p.id, TODAY)
      const page = await run(detailRoute.loader, request(`/app/iks/executions/${e.id}`, { cookie: reader.cookie }), { id: e.id })
      expect(page.body).toMatchObject({ found: { providerName: 'Complementa AG', providerNumber: p.number } })
      const list = await run(listRoute.loader, request(`/app/iks/executions?assurance=yes&process=${process.id}`, { cookie: reader.cookie }))
      const rows = (list.body as { rows: { id: string; providerId: string | null; providerName: string | null }[] }).rows
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((r) => r.providerId !== null)).toBe(true)
      expect(rows.find((r) => r.id === e.id)?.providerName).toBe('Complementa AG')
    })

    it('re-planning the process leaves the assurance reviews alone', async () => {
      const own = await processFactory({ customer: fund, owner: processOwner.user })
      const p = await provider({ assuranceProcessId: own.id })
      const e = await Assurance.for(owner.access).plan(p.id, TODAY)
      const plan = { frequency: 'quarterly' as const, performerUserId: null, reviewerUserId: reviewer.user.id, testProcedure: '', expectedResult: '' }
      const after = await Executions.for(processOwner.access).setPlan(own.id, plan, own.version, TODAY)
      await Executions.for(processOwner.access).setPlan(own.id, { ...plan, frequency: 'annual', reviewerUserId: admin.user.id }, after.version, TODAY)
      const [still] = await reviewsOf(p.id)
      expect(still).toMatchObject({ id: e.id, version: e.version, performerUserId: owner.user.id, reviewerUserId: null, period: null })
      // The periodic plan is there beside it.
      const periodic = await system().select().from(controlExecutions).where(eq(controlExecutions.processId, own.id))
      expect(periodic.filter((x) => x.providerId === null).map((x) => x.period)).toEqual(['2026'])
    })
  })

  describe('the tick', () => {
    it('plans once per provider and year, and reminds once before the due day and once overdue', async () => {
      const june = new Date('2026-06-10T08:00:00Z')
      const soon = await provider({ assuranceDueMonth: 6 })
      const late = await provider({ assuranceDueMonth: 3 })
      const later = await provider({ assuranceDueMonth: 12 })
      const bare = await provider({ assuranceProcessId: null, assuranceDueMonth: 6 })
      const nobody = await providerFactory({ customer: fund, attributes: { assuranceRequired: true, assuranceDueMonth: 6 } })
      const ended = await provider({ endedOn: '2026-05-31', assuranceDueMonth: 6 })
      const first = await runAssuranceTick(june)
      expect(first.planned).toBeGreaterThanOrEqual(3)
      for (const p of [soon, late, later]) expect(await reviewsOf(p.id)).toHaveLength(1)
      for (const p of [bare, ended]) expect(await reviewsOf(p.id)).toHaveLength(0)
      const [planned] = await reviewsOf(soon.id)
      const [audit] = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entityId, planned!.id), eq(auditEntries.action, 'Created')))
      expect(audit!.userId).toBeNull()
      // The performer (the owner, in French) is told of the one due soon and the overdue one.
      await expect.poll(() => mailsTo(owner.user.email).length).toBeGreaterThanOrEqual(2)
      const mine = mailsTo(owner.user.email)
      const about = (p: { number: number }) => mine.filter((m) => m.text.includes(`DL-${p.number} `))
      expect(about(soon)).toHaveLength(1)
      expect(flat(about(soon)[0]!.subject)).toContain('bientôtéchu')
      expect(about(soon)[0]!.text).toContain(`/app/iks/executions/${planned!.id}`)
      expect(about(late)).toHaveLength(1)
      expect(flat(about(late)[0]!.subject)).toContain('enretard')
      expect(about(later)).toHaveLength(0)
      expect(about(bare)).toHaveLength(1)
      expect(about(ended)).toHaveLength(0)
      // No performer: the fund's ICS admins are told.
      await expect.poll(() => mailsTo(admin.user.email).filter((m) => m.text.includes(`DL-${nobody.number} `)).length).toBe(1)
      const [row] = await system().select().from(providers).where(eq(providers.id, soon.id))
      expect(row!.assuranceRemindedFor).toBe('2026-06-30')
      // A second run plans and sends nothing more for these.
      await runAssuranceTick(june)
      for (const p of [soon, late, later]) expect(await reviewsOf(p.id)).toHaveLength(1)
      expect(mailsTo(owner.user.email)).toHaveLength(mine.length)
      // Once the due day passed, the overdue reminder follows, once.
      const july = new Date('2026-07-02T08:00:00Z')
      await runAssuranceTick(july)
      await runAssuranceTick(july)
      await expect.poll(() => mailsTo(owner.user.email).filter((m) => m.text.includes(`DL-${soon.number} `)).length).toBe(2)
      const overdue = mailsTo(owner.user.email).filter((m) => m.text.includes(`DL-${soon.number} `))
      expect(overdue.map((m) => flat(m.subject).includes('enretard'))).toEqual([false, true])
      // Recorded (submitted), nobody is reminded again.
      const [lateReview] = await reviewsOf(late.id)
      await Executions.for(owner.access).record(lateReview!.id, record({ performedOn: '2026-07-01' }), lateReview!.version, true, '2026-07-02')
      await system().update(providers).set({ assuranceRemindedFor: null }).where(eq(providers.id, late.id))
      await runAssuranceTick(july)
      expect(mailsTo(owner.user.email).filter((m) => m.text.includes(`DL-${late.number} `))).toHaveLength(1)
    })
  })
  it('has its mail in three languages with known placeholders only', () => {
    const seeds = mailTemplateSeeds.filter((t) => t.key === 'providerAssuranceDue')
    expect(seeds.map((t) => t.language).sort()).toEqual(['de', 'en', 'fr'])
    for (const t of seeds) expect(unknownPlaceholders(t.key, t.subject, t.body)).toEqual([])
  })
  it('seeds every case for a demo fund, once, and nothing without a provider that requires a report', async () => {
    await seedIcsCatalog(db())
    const demo = await customerFactory()
    const writer = await memberFactory({ customer: demo, traits: ['ics-write'] })
    const signer = await memberFactory({ customer: demo, traits: ['ics-admin'] })
    const seed = (today: string) =>
      asSystem('test: assurance seed', (tx) =>
        seedAssurance(tx, demo.id, 'de', [writer.user.id, signer.user.id], ['approved', 'submitted', 'overdue', 'later'], { today }),
      )
    expect(await seed(TODAY)).toBe(0)
    const made = []
    for (let i = 0; i < 4; i++) made.push(await providerFactory({ customer: demo, attributes: { assuranceRequired: true, assuranceDueMonth: 9 } }))
    expect(await seed(TODAY)).toBe(4)
    expect(await seed(TODAY)).toBe(0)
    const states = await withCustomer(writer.access, (tx) => assuranceStates(tx, 'all', TODAY))
    expect(made.map((p) => states.get(p.id)?.state)).toEqual(['current', 'due', 'overdue', 'due'])
    const [approved] = await reviewsOf(made[0]!.id)
    const files = await system().select().from(storedFiles).where(eq(storedFiles.executionId, approved!.id))
    expect(files.map((f) => f.contentType)).toEqual(['application/pdf'])
    const [submitted] = await reviewsOf(made[1]!.id)
    expect(submitted).toMatchObject({ state: 'submitted', performerUserId: writer.user.id, reviewerUserId: signer.user.id })
  })
})

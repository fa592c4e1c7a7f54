import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, controlExecutions, icsProcesses, icsSettings, measures } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { type Customer, customerFactory, deputyFactory, type Member, memberFactory, processFactory, request, run } from '../../../tests/factories.ts'
import * as detailRoute from './detail.tsx'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { Executions, type PlanInput, planExecutions, planYears, type RecordInput } from './executions.server.ts'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'
import * as blockRoute from './process-block.tsx'

const TODAY = '2026-06-15'

const plan = (extra: Partial<PlanInput> = {}): PlanInput => ({
  frequency: 'quarterly',
  performerUserId: null,
  reviewerUserId: null,
  testProcedure: 'Zahlungen des Quartals mit den Belegen abgleichen',
  expectedResult: 'Jede Zahlung ist zweifach visiert',
  ...extra,
})

const record = (extra: Partial<RecordInput> = {}): RecordInput => ({
  performedOn: '2026-04-10',
  result: 'effective',
  resultReason: '',
  steps: 'Stichprobe gezogen und Belege geprüft',
  observation: '',
  populationSize: 120,
  sampleSize: 10,
  sampleItems: ['Zahlung 4711', 'Zahlung 4712'],
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

/** The SQLSTATE of a database refusal, inside the query builder's wrapping. */
async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p
  } catch (e) {
    for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (x.code) return x.code
    throw e
  }
  return undefined
}

const rowsOf = (processId: string) =>
  system().select().from(controlExecutions).where(eq(controlExecutions.processId, processId)).orderBy(controlExecutions.periodStart)

async function versionOf(processId: string) {
  const [p] = await system().select({ version: icsProcesses.version }).from(icsProcesses).where(eq(icsProcesses.id, processId))
  return p!.version
}

async function execution(id: string) {
  const [row] = await system().select().from(controlExecutions).where(eq(controlExecutions.id, id))
  return row!
}

describe('control executions', () => {
  let fund: Customer
  let other: Customer
  let owner: Member
  let reviewer: Member
  let stranger: Member
  let admin: Member
  let reader: Member
  let auditor: Member
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    owner = await memberFactory({ customer: fund, traits: ['ics-write'] })
    reviewer = await memberFactory({ customer: fund, traits: ['ics-write'] })
    stranger = await memberFactory({ customer: fund, traits: ['ics-write'] })
    admin = await memberFactory({ customer: fund, traits: ['ics-admin'] })
    reader = await memberFactory({ customer: fund, traits: ['ics-read'] })
    auditor = await memberFactory({
      customer: fund,
      traits: ['ics-read'],
      attributes: { membership: { kind: 'auditor', endsOn: addDays(todayInZurich(), 60) } },
    })
  })

  /** A process owned by `owner`, planned quarterly with `reviewer` on TODAY. */
  async function planned(extra: Partial<PlanInput> = {}) {
    const process = await processFactory({ customer: fund, owner: owner.user })
    await Executions.for(owner.access).setPlan(process.id, plan({ reviewerUserId: reviewer.user.id, ...extra }), process.version, TODAY)
    return { process, rows: await rowsOf(process.id) }
  }

  /** A submitted Q1 execution of a fresh process. */
  async function submitted(extra: Partial<RecordInput> = {}) {
    const { process, rows } = await planned()
    const q1 = rows[0]!
    const done = await Executions.for(owner.access).record(q1.id, record(extra), q1.version, true, TODAY)
    return { process, execution: done }
  }

  describe('the plan', () => {
    it('plans the current year at once when a frequency is set, due at the end plus the fund’s grace, performed by the owner', async () => {
      const { process, rows } = await planned()
      expect(rows.map((r) => [r.period, r.periodStart, r.periodEnd, r.dueDate, r.state])).toEqual([
        ['2026-Q1', '2026-01-01', '2026-03-31', '2026-04-30', 'planned'],
        ['2026-Q2', '2026-04-01', '2026-06-30', '2026-07-30', 'planned'],
        ['2026-Q3', '2026-07-01', '2026-09-30', '2026-10-30', 'planned'],
        ['2026-Q4', '2026-10-01', '2026-12-31', '2027-01-30', 'planned'],
      ])
      expect(new Set(rows.map((r) => r.performerUserId))).toEqual(new Set([owner.user.id]))
      expect(new Set(rows.map((r) => r.reviewerUserId))).toEqual(new Set([reviewer.user.id]))
      // Numbered per fund, each with its audit entry, and the plan's change in the process's trail.
      expect(new Set(rows.map((r) => r.number)).size).toBe(4)
      const created = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.component, 'controlExecution'), eq(auditEntries.action, 'Created'), eq(auditEntries.entityId, rows[0]!.id)))
      expect(created).toHaveLength(1)
      expect(created[0]!.userId).toBe(owner.user.id)
      const [change] = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.component, 'icsProcess'), eq(auditEntries.entityId, process.id)))
      expect(change!.changedFields).toMatchObject({ frequency: { from: 'none', to: 'quarterly' }, reviewerUserId: { from: null, to: reviewer.user.id } })
    })

    it('from December 1 plans the next year too, with the fund’s own grace days', async () => {
      await system().update(icsSettings).set({ executionGraceDays: 10 }).where(eq(icsSettings.customerId, fund.id))
      try {
        const process = await processFactory({ customer: fund, owner: owner.user })
        await Executions.for(owner.access).setPlan(process.id, plan({ frequency: 'semiannual' }), process.version, '2026-12-01')
        expect((await rowsOf(process.id)).map((r) => [r.period, r.dueDate])).toEqual([
          ['2026-H1', '2026-07-10'],
          ['2026-H2', '2027-01-10'],
          ['2027-H1', '2027-07-10'],
          ['2027-H2', '2028-01-10'],
        ])
      } finally {
        await system().update(icsSettings).set({ executionGraceDays: 30 }).where(eq(icsSettings.customerId, fund.id))
      }
    })

    it('re-plans on a new frequency only what nothing was recorded on, and never touches submitted ones', async () => {
      const { process, rows } = await planned()
      const [q1, q2] = rows
      const service = Executions.for(owner.access)
      await service.record(q1!.id, record({ result: null, performedOn: null }), q1!.version, false, TODAY)
      await service.record(q2!.id, record(), q2!.version, true, TODAY)
      await service.setPlan(process.id, plan({ frequency: 'monthly', reviewerUserId: reviewer.user.id }), await versionOf(process.id), TODAY)
      const after = await rowsOf(process.id)
      expect(after.filter((r) => r.period?.includes('Q')).map((r) => [r.period, r.state])).toEqual([
        ['2026-Q1', 'planned'],
        ['2026-Q2', 'submitted'],
      ])
      expect(after.filter((r) => /^2026-\d\d$/.test(r.period ?? ''))).toHaveLength(12)
      // Back to none: the untouched months go, the draft and the submitted one stay.
      await service.setPlan(process.id, plan({ frequency: 'none', reviewerUserId: reviewer.user.id }), await versionOf(process.id), TODAY)
      expect((await rowsOf(process.id)).map((r) => r.period)).toEqual(['2026-Q1', '2026-Q2'])
      const deleted = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.component, 'controlExecution'), eq(auditEntries.action, 'Deleted')))
      expect(deleted.length).toBeGreaterThanOrEqual(14)
    })

    it('gives the planned executions a new performer and reviewer, not the submitted ones', async () => {
      const { process, rows } = await planned()
      const service = Executions.for(owner.access)
      await service.record(rows[0]!.id, record(), rows[0]!.version, true, TODAY)
      await service.setPlan(process.id, plan({ performerUserId: stranger.user.id, reviewerUserId: admin.user.id }), await versionOf(process.id), TODAY)
      const after = await rowsOf(process.id)
      expect(after.map((r) => [r.period, r.performerUserId, r.reviewerUserId])).toEqual([
        ['2026-Q1', owner.user.id, reviewer.user.id],
        ['2026-Q2', stranger.user.id, admin.user.id],
        ['2026-Q3', stranger.user.id, admin.user.id],
        ['2026-Q4', stranger.user.id, admin.user.id],
      ])
    })

    it('refuses a reviewer who is the performer or has no write on ICS, and a reader planning at all', async () => {
      const process = await processFactory({ customer: fund, owner: owner.user })
      const service = Executions.for(owner.access)
      expect(await refusal(service.setPlan(process.id, plan({ reviewerUserId: owner.user.id }), process.version, TODAY))).toBe(
        'invalid:executions:validation.reviewerIsPerformer',
      )
      expect(
        await refusal(service.setPlan(process.id, plan({ performerUserId: reviewer.user.id, reviewerUserId: reviewer.user.id }), process.version, TODAY)),
      ).toBe('invalid:executions:validation.reviewerIsPerformer')
      expect(await refusal(service.setPlan(process.id, plan({ reviewerUserId: reader.user.id }), process.version, TODAY))).toBe(
        'invalid:executions:validation.noIcsWrite',
      )
      expect(await refusal(Executions.for(reader.access).setPlan(process.id, plan(), process.version, TODAY))).toBe('forbidden')
      expect(await refusal(service.setPlan(process.id, plan(), process.version + 3, TODAY))).toBe('stale')
      expect(await rowsOf(process.id)).toEqual([])
    })

    it('adds an execution on occasion for the day given, whatever the frequency', async () => {
      const process = await processFactory({ customer: fund, owner: owner.user })
      const row = await Executions.for(owner.access).addOccasion(process.id, '2026-05-04')
      expect(row).toMatchObject({ period: null, periodStart: '2026-05-04', periodEnd: '2026-05-04', dueDate: '2026-05-04', performerUserId: owner.user.id })
      expect(await refusal(Executions.for(reader.access).addOccasion(process.id, '2026-05-04'))).toBe('forbidden')
      // Through the step's form: a bad day is a 400 at its field, a good one opens the new execution.
      const path = `/app/iks/${process.id}?index&step=execution`
      const bad = await run(blockRoute.action, request(path, { cookie: owner.cookie, form: { intent: 'occasion', day: '31.02.2026' } }), { id: process.id })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.body)).toContain('validation.date')
      const ok = await run(blockRoute.action, request(path, { cookie: owner.cookie, form: { intent: 'occasion', day: '04.05.2026' } }), { id: process.id })
      expect(ok.status).toBe(302)
      const made = (await rowsOf(process.id)).filter((r) => r.id !== row.id)
      expect(made.map((r) => [r.period, r.periodStart])).toEqual([[null, '2026-05-04']])
      expect(ok.location).toBe(`/app/iks/executions/${made[0]!.id}`)
    })

    it('the plan form on the process’s step answers bad input with a 400 in the user’s words, and plans on success', async () => {
      const process = await processFactory({ customer: fund, owner: owner.user })
      const path = `/app/iks/${process.id}?index&step=execution`
      const form = { intent: 'plan', frequency: 'annual', reviewerUserId: owner.user.id, version: String(process.version) }
      const bad = await run(blockRoute.action, request(path, { cookie: owner.cookie, form }), { id: process.id })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.body)).toContain('executions:validation.reviewerIsPerformer')
      const junk = await run(blockRoute.action, request(path, { cookie: owner.cookie, form: { ...form, frequency: 'hourly' } }), { id: process.id })
      expect(junk.status).toBe(400)
      const ok = await run(blockRoute.action, request(path, { cookie: owner.cookie, form: { ...form, reviewerUserId: reviewer.user.id } }), { id: process.id })
      expect(ok.status).toBe(302)
      // Annual: one execution for each year the plan covers today (the next one too from December 1).
      const years = planYears(todayInZurich()).length
      expect(await rowsOf(process.id)).toHaveLength(years)
      const refused = await run(blockRoute.action, request(path, { cookie: reader.cookie, form }), { id: process.id })
      expect(refused.status).toBe(403)
      const shown = await run(blockRoute.loader, request(`/app/iks/${process.id}?step=execution`, { cookie: reader.cookie }), { id: process.id })
      expect(shown.status).toBe(200)
      expect((shown.body as { executions: unknown[]; mayPlan: boolean }).executions).toHaveLength(years)
      expect((shown.body as { mayPlan: boolean }).mayPlan).toBe(false)
      // On another step the block reads nothing.
      const elsewhere = await run(blockRoute.loader, request(`/app/iks/${process.id}?step=intro`, { cookie: reader.cookie }), { id: process.id })
      expect(elsewhere.body).toBeNull()
    })
  })

  describe('the daily job', () => {
    it('plans the current year for processes with a frequency and none planned, from December 1 the next, once', async () => {
      const process = await processFactory({ customer: fund, owner: owner.user, attributes: { frequency: 'annual', reviewerUserId: reviewer.user.id } })
      await planExecutions(new Date('2026-06-15T10:00:00Z'))
      expect((await rowsOf(process.id)).map((r) => [r.period, r.performerUserId, r.reviewerUserId])).toEqual([['2026', owner.user.id, reviewer.user.id]])
      await planExecutions(new Date('2026-06-16T10:00:00Z'))
      expect(await rowsOf(process.id)).toHaveLength(1)
      await planExecutions(new Date('2026-12-01T10:00:00Z'))
      await planExecutions(new Date('2026-12-02T10:00:00Z'))
      expect((await rowsOf(process.id)).map((r) => r.period)).toEqual(['2026', '2027'])
      const [entry] = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.component, 'controlExecution'), eq(auditEntries.entityId, (await rowsOf(process.id))[1]!.id)))
      expect(entry).toMatchObject({ action: 'Created', userId: null, customerId: fund.id })
    })
  })

  describe('recording', () => {
    it('records a draft, then submits it for review, each with its audit entry', async () => {
      const { rows } = await planned()
      const q1 = rows[0]!
      const service = Executions.for(owner.access)
      const draft = await service.record(q1.id, record({ result: null }), q1.version, false, TODAY)
      expect(draft).toMatchObject({ state: 'planned', recordedByUserId: owner.user.id, sampleItems: ['Zahlung 4711', 'Zahlung 4712'], result: null })
      const sent = await service.record(q1.id, record(), draft.version, true, TODAY)
      expect(sent).toMatchObject({ state: 'submitted', result: 'effective', populationSize: 120, sampleSize: 10 })
      expect(sent.submittedAt).toBeInstanceOf(Date)
      const entries = await system().select().from(auditEntries).where(eq(auditEntries.entityId, q1.id))
      expect(entries.map((e) => e.action).sort()).toEqual(['Created', 'Updated', 'Updated'])
      expect(await refusal(service.record(q1.id, record(), sent.version, true, TODAY))).toBe('conflict:executions:alreadySubmitted')
    })

    it('a deputy acting for the performer records in the performer’s name', async () => {
      const { rows } = await planned()
      const deputy = await memberFactory({ customer: fund, traits: ['acting'], deputyOf: owner })
      const done = await Executions.for(deputy.access).record(rows[0]!.id, record(), rows[0]!.version, true, TODAY)
      expect(done).toMatchObject({ state: 'submitted', performerUserId: owner.user.id, recordedByUserId: deputy.user.id })
      const [entry] = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entityId, rows[0]!.id), eq(auditEntries.action, 'Updated')))
      expect(entry).toMatchObject({ userId: deputy.user.id, actingForUserId: owner.user.id })
    })

    it('refuses anyone but the performer and bad input, stale versions and the executions of another fund', async () => {
      const { rows } = await planned()
      const q1 = rows[0]!
      expect(await refusal(Executions.for(stranger.access).record(q1.id, record(), q1.version, false, TODAY))).toBe('forbidden')
      expect(await refusal(Executions.for(reviewer.access).record(q1.id, record(), q1.version, false, TODAY))).toBe('forbidden')
      expect(await refusal(Executions.for(reader.access).record(q1.id, record(), q1.version, false, TODAY))).toBe('forbidden')
      const service = Executions.for(owner.access)
      expect(await refusal(service.record(q1.id, record({ sampleSize: 200 }), q1.version, false, TODAY))).toBe('invalid:executions:validation.sampleTooLarge')
      expect(await refusal(service.record(q1.id, record({ result: 'notApplicable', resultReason: ' ' }), q1.version, false, TODAY))).toBe(
        'invalid:executions:validation.reasonRequired',
      )
      expect(await refusal(service.record(q1.id, record({ result: null }), q1.version, true, TODAY))).toBe('invalid:validation.required')
      expect(await refusal(service.record(q1.id, record({ performedOn: '2026-06-16' }), q1.version, true, TODAY))).toBe(
        'invalid:executions:validation.performedInFuture',
      )
      expect(await refusal(service.record(q1.id, record(), q1.version + 1, false, TODAY))).toBe('stale')
      const foreign = await memberFactory({ customer: other, traits: ['ics-admin'] })
      expect(await refusal(Executions.for(foreign.access).record(q1.id, record(), q1.version, false, TODAY))).toBe('not-found')
      expect(await Executions.for(foreign.access).get(q1.id)).toBeNull()
      expect(await execution(q1.id)).toMatchObject({ version: q1.version, state: 'planned', recordedByUserId: null })
    })

    it('records through the page: a 400 with the field’s message, 409 for a stale version, 404 for another fund’s, then the submission', async () => {
      const { rows } = await planned()
      const q1 = rows[0]!
      const path = `/app/iks/executions/${q1.id}`
      const form = {
        intent: 'submit',
        performedOn: '10.04.2026',
        result: 'effective',
        steps: 'Belege geprüft',
        populationSize: "1'200",
        sampleSize: '25',
        sampleItems: 'Zahlung 1\n\nZahlung 2\n',
        version: String(q1.version),
      }
      const bad = await run(detailRoute.action, request(path, { cookie: owner.cookie, form: { ...form, sampleSize: '5000' } }), { id: q1.id })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.body)).toContain('executions:validation.sampleTooLarge')
      const stale = await run(detailRoute.action, request(path, { cookie: owner.cookie, form: { ...form, version: '99' } }), { id: q1.id })
      expect(stale.status).toBe(409)
      const foreign = await memberFactory({ customer: other, traits: ['ics-admin'] })
      expect((await run(detailRoute.action, request(path, { cookie: foreign.cookie, form }), { id: q1.id })).status).toBe(404)
      expect((await run(detailRoute.loader, request(path, { cookie: foreign.cookie }), { id: q1.id })).status).toBe(404)
      const ok = await run(detailRoute.action, request(path, { cookie: owner.cookie, form }), { id: q1.id })
      expect(ok.status).toBe(302)
      expect(await execution(q1.id)).toMatchObject({ state: 'submitted', populationSize: 1200, sampleSize: 25, sampleItems: ['Zahlung 1', 'Zahlung 2'] })
      const page = await run(detailRoute.loader, request(path, { cookie: reviewer.cookie }), { id: q1.id })
      expect(page.status).toBe(200)
      expect((page.body as { may: { record: boolean; sign: boolean } }).may).toEqual({ record: false, sign: true })
    })
  })

  describe('the second signature', () => {
    it('refuses the performer, the performer’s deputy, a stranger with write on ICS, a reader and an auditor', async () => {
      const { execution: e } = await submitted()
      const deputy = await memberFactory({ customer: fund, traits: ['acting'], deputyOf: owner })
      for (const [who, access] of [
        ['performer', owner.access],
        ['deputy of the performer', deputy.access],
        ['stranger', stranger.access],
        ['reader', reader.access],
        ['auditor', auditor.access],
      ] as [string, CustomerAccess][]) {
        expect(await refusal(Executions.for(access).review(e.id, 'approve', '', e.version)), who).toBe('forbidden')
      }
      // Through the page too: 403, not only a hidden form.
      const path = `/app/iks/executions/${e.id}`
      const form = { intent: 'approve', version: String(e.version) }
      expect((await run(detailRoute.action, request(path, { cookie: owner.cookie, form }), { id: e.id })).status).toBe(403)
      expect((await run(detailRoute.action, request(path, { cookie: stranger.cookie, form }), { id: e.id })).status).toBe(403)
      expect((await run(detailRoute.action, request(path, { cookie: reader.cookie, form }), { id: e.id })).status).toBe(403)
      expect(await execution(e.id)).toMatchObject({ state: 'submitted', reviewedAt: null })
    })

    it('the reviewer who recorded it as the performer’s deputy may not sign it', async () => {
      const { rows } = await planned()
      await deputyFactory({ customer: fund, principal: owner.user, deputy: reviewer.user })
      const actingForOwner: CustomerAccess = { ...owner.access, user: reviewer.access.user, actingFor: owner.access.user }
      const done = await Executions.for(actingForOwner).record(rows[0]!.id, record(), rows[0]!.version, true, TODAY)
      expect(done).toMatchObject({ performerUserId: owner.user.id, recordedByUserId: reviewer.user.id, reviewerUserId: reviewer.user.id })
      expect(await refusal(Executions.for(reviewer.access).review(done.id, 'approve', '', done.version))).toBe('forbidden')
      expect(Executions.for(reviewer.access).may(done)).toEqual({ record: false, sign: false })
      // Another ICS admin signs it.
      expect(await Executions.for(admin.access).review(done.id, 'approve', '', done.version)).toMatchObject({ state: 'approved' })
    })

    it('an ICS admin who performed it may not sign it either', async () => {
      const process = await processFactory({ customer: fund, owner: admin.user })
      await Executions.for(admin.access).setPlan(process.id, plan({ frequency: 'annual', reviewerUserId: reviewer.user.id }), process.version, TODAY)
      const [row] = await rowsOf(process.id)
      const done = await Executions.for(admin.access).record(row!.id, record(), row!.version, true, TODAY)
      expect(await refusal(Executions.for(admin.access).review(done.id, 'approve', '', done.version))).toBe('forbidden')
    })

    it('the reviewer approves; an ICS admin who did not perform it approves too', async () => {
      const first = await submitted()
      const approved = await Executions.for(reviewer.access).review(first.execution.id, 'approve', 'Geprüft', first.execution.version)
      expect(approved).toMatchObject({ state: 'approved', reviewedByUserId: reviewer.user.id, reviewComment: 'Geprüft' })
      const second = await submitted()
      const byAdmin = await Executions.for(admin.access).review(second.execution.id, 'approve', '', second.execution.version)
      expect(byAdmin).toMatchObject({ state: 'approved', reviewedByUserId: admin.user.id })
    })

    it('returned with a comment, the performer edits and submits again, and the reviewer approves', async () => {
      const { execution: e } = await submitted()
      const reviewing = Executions.for(reviewer.access)
      expect(await refusal(reviewing.review(e.id, 'return', '  ', e.version))).toBe('invalid:executions:validation.commentRequired')
      const returned = await reviewing.review(e.id, 'return', 'Stichprobe zu klein', e.version)
      expect(returned).toMatchObject({ state: 'returned', reviewComment: 'Stichprobe zu klein' })
      expect(await refusal(reviewing.review(e.id, 'approve', '', returned.version))).toBe('conflict:executions:notSubmitted')
      const again = await Executions.for(owner.access).record(e.id, record({ sampleSize: 30 }), returned.version, true, TODAY)
      expect(again).toMatchObject({ state: 'submitted', sampleSize: 30 })
      expect(await reviewing.review(e.id, 'approve', 'Jetzt vollständig', again.version)).toMatchObject({ state: 'approved' })
    })

    it('an approved execution never changes: the service answers 409, the database refuses the application’s update and delete', async () => {
      const { execution: e } = await submitted()
      const approved = await Executions.for(reviewer.access).review(e.id, 'approve', '', e.version)
      expect(await refusal(Executions.for(owner.access).record(e.id, record(), approved.version, false, TODAY))).toBe('conflict:executions:approvedReadOnly')
      expect(await refusal(Executions.for(admin.access).review(e.id, 'return', 'zurück', approved.version))).toBe('conflict:executions:approvedReadOnly')
      const path = `/app/iks/executions/${e.id}`
      const form = { intent: 'save', performedOn: '2026-04-10', result: 'deficient', version: String(approved.version) }
      expect((await run(detailRoute.action, request(path, { cookie: owner.cookie, form }), { id: e.id })).status).toBe(409)
      // The application's own role (the test pool connects as the app does), across customers.
      expect(await sqlState(system().update(controlExecutions).set({ observation: 'nachträglich' }).where(eq(controlExecutions.id, e.id)))).toBe('23001')
      expect(await sqlState(system().update(controlExecutions).set({ state: 'returned' }).where(eq(controlExecutions.id, e.id)))).toBe('23001')
      expect(await sqlState(system().delete(controlExecutions).where(eq(controlExecutions.id, e.id)))).toBe('23001')
      expect(await execution(e.id)).toMatchObject({ state: 'approved', observation: '', version: approved.version })
    })
  })

  describe('a deficient result', () => {
    it('opens an ICS measure on submit, linked to the process and owned by its owner, once', async () => {
      const { process, execution: e } = await submitted({ result: 'deficient', observation: 'Zwei Zahlungen ohne zweites Visum' })
      expect(e.measureId).toBeTruthy()
      const [m] = await system().select().from(measures).where(eq(measures.id, e.measureId!))
      expect(m).toMatchObject({ source: 'iks', iksId: process.id, ownerUserId: owner.user.id, state: 'pending' })
      expect(m!.title).toContain(process.idkey)
      expect(m!.body).toContain('Zwei Zahlungen ohne zweites Visum')
      expect(m!.dueDate > TODAY).toBe(true)
      // Returned and submitted again: the same measure, no second one.
      const returned = await Executions.for(reviewer.access).review(e.id, 'return', 'Bitte ergänzen', e.version)
      const again = await Executions.for(owner.access).record(e.id, record({ result: 'deficient' }), returned.version, true, TODAY)
      expect(again.measureId).toBe(e.measureId)
      expect(await system().select().from(measures).where(eq(measures.iksId, process.id))).toHaveLength(1)
      // Beside the process's effectiveness rating: the year's results.
      expect(await Executions.for(reader.access).resultsOf(process.id, 2026)).toEqual({
        year: 2026,
        planned: 4,
        effective: 0,
        deficient: 1,
        notApplicable: 0,
        approved: 0,
      })
      const page = await run(detailRoute.loader, request(`/app/iks/executions/${e.id}`, { cookie: reader.cookie }), { id: e.id })
      expect((page.body as { found: { measureIdkey: number } }).found.measureIdkey).toBe(m!.idkey)
    })
  })

  describe('the list and its exports', () => {
    it('lists the fund’s executions filtered on the server, refuses those without ICS read, and exports CSV and XLSX', async () => {
      const { process } = await submitted({ result: 'deficient' })
      const list = await run(listRoute.loader, request(`/app/iks/executions?process=${process.id}&result=deficient`, { cookie: reader.cookie }))
      expect(list.status).toBe(200)
      const body = list.body as { rows: { processId: string; view: string; result: string }[]; total: number }
      expect(body.total).toBe(1)
      expect(body.rows[0]).toMatchObject({ processId: process.id, view: 'submitted', result: 'deficient' })
      const year = await run(listRoute.loader, request(`/app/iks/executions?process=${process.id}&period=2026`, { cookie: auditor.cookie }))
      expect((year.body as { total: number }).total).toBe(4)
      const waiting = await run(listRoute.loader, request(`/app/iks/executions?process=${process.id}&state=submitted&period=2026`, { cookie: auditor.cookie }))
      expect((waiting.body as { total: number }).total).toBe(1)
      const q2 = await run(
        listRoute.loader,
        request(`/app/iks/executions?process=${process.id}&period=2026-Q2&sort=number&dir=desc`, { cookie: reader.cookie }),
      )
      expect((q2.body as { rows: { period: string }[] }).rows.map((r) => r.period)).toEqual(['2026-Q2'])
      const foreign = await memberFactory({ customer: other, traits: ['ics-admin'] })
      const none = await run(listRoute.loader, request(`/app/iks/executions?process=${process.id}`, { cookie: foreign.cookie }))
      expect((none.body as { total: number }).total).toBe(0)
      const dsg = await memberFactory({ customer: fund, traits: ['ics-dsg'] })
      expect(await refusal(Executions.for(dsg.access).page({ sort: 'dueDate', dir: 'asc' }, TODAY, 'de', { limit: 10, offset: 0 }))).toBe('forbidden')
      const csv = await run(exportRoute.loader, request(`/app/iks/executions/export.csv?process=${process.id}`, { cookie: reader.cookie }))
      expect(csv.status).toBe(200)
      expect(String(csv.body)).toContain('2026-Q1')
      expect(String(csv.body)).toContain('Mangelhaft')
      const xlsx = await run(exportRoute.loader, request(`/app/iks/executions/export.xlsx?process=${process.id}`, { cookie: reader.cookie }))
      expect(xlsx.status).toBe(200)
      expect(xlsx.headers.get('Content-Type')).toContain('spreadsheetml')
    })

    it('shows one execution with its history', async () => {
      const { execution: e } = await submitted()
      const page = await run(detailRoute.loader, request(`/app/iks/executions/${e.id}?history=1`, { cookie: reader.cookie }), { id: e.id })
      expect(page.status).toBe(200)
      const body = page.body as { may: { record: boolean; sign: boolean }; history: { entries: { action: string }[] } | null }
      expect(body.may).toEqual({ record: false, sign: false })
      expect(body.history?.entries.length).toBeGreaterThanOrEqual(2)
    })
  })
})

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { COVERAGE_RATIO_KEY } from '#models/core/constants.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, underfundingCases, underfundingDuties } from '#models/schema/index.ts'
import { catalogEntry, kriFactory, kriValueRow } from '../../../../tests/factories/kri-values.ts'
import { type Customer, customerFactory, documentFactory, type Member, memberFactory, request, run } from '../../../../tests/factories.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { system } from '../../../../tests/system-db.ts'
import { afterKriValues } from '../alerts.server.ts'
import * as page from './index.tsx'
import { Underfunding } from './underfunding.server.ts'

useSmtpPeer()

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.field ? `:${e.field}` : ''}`
    throw e
  }
  return 'no refusal'
}

/** A fund whose coverage ratio fell below 100 % at the end of last quarter but one: an open case with six duties. */
async function underfundedFund() {
  const customer = await customerFactory()
  const writer = await memberFactory({ customer, traits: ['risk-write'] })
  const kri = await kriFactory({ customer, catalog: await catalogEntry(COVERAGE_RATIO_KEY, { unit: 'percent', direction: 'higher' }) })
  const periodEnd = '2026-03-31'
  const value = await kriValueRow(kri, periodEnd, '97.5')
  await withCustomer(writer.access, (tx) => afterKriValues(tx, writer.access, [value.id]))
  return { customer, writer, kri }
}

const dutiesOf = (customer: Customer) => system().select().from(underfundingDuties).where(eq(underfundingDuties.customerId, customer.id))

describe('the underfunding duties', () => {
  let fund: Awaited<ReturnType<typeof underfundedFund>>
  let reader: Member
  let admin: Member
  beforeAll(async () => {
    fund = await underfundedFund()
    reader = await memberFactory({ customer: fund.customer, traits: ['risk-read'] })
    admin = await memberFactory({ customer: fund.customer, traits: ['risk-admin'] })
  })

  it('shows the open case with its six duties in order to readers, overdue ones flagged', async () => {
    const [open] = await Underfunding.for(reader.access).cases('2026-07-15')
    expect(open).toMatchObject({ periodEnd: '2026-03-31', coverageRatio: '97.5000', closedOn: null })
    expect(open.duties.map((d) => d.duty)).toEqual([
      'informSupervisor',
      'informEmployer',
      'informInsured',
      'informPensioners',
      'decideMeasures',
      'reportEffect',
    ])
    expect(open.duties.filter((d) => d.overdue).map((d) => d.duty)).toEqual(['informSupervisor', 'informEmployer', 'informInsured', 'informPensioners'])
    const outsider = await memberFactory({ customer: fund.customer, traits: ['ics-read'] })
    expect(await refusal(Underfunding.for(outsider.access).cases())).toBe('not-found')
  })

  it('records a duty done with its date, evidence and a document of the fund, with an audit entry', async () => {
    const [duty] = (await dutiesOf(fund.customer)).filter((d) => d.duty === 'informSupervisor')
    const doc = await documentFactory({ customer: fund.customer, traits: ['risk'] })
    const done = await Underfunding.for(fund.writer.access).recordDone(
      duty.id,
      { doneOn: '2026-04-20', evidence: '  Brief an die Aufsicht  ', documentId: doc.id },
      duty.version,
    )
    expect(done).toMatchObject({ doneOn: '2026-04-20', evidence: 'Brief an die Aufsicht', documentId: doc.id, doneByUserId: fund.writer.user.id, version: 2 })
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, 'underfundingDuty'), eq(auditEntries.entityId, duty.id), eq(auditEntries.action, 'Updated')))
    expect(audit).toHaveLength(1)
    expect(audit[0].changedFields).toMatchObject({ doneOn: { from: null, to: '2026-04-20' } })
    const [open] = await Underfunding.for(reader.access).cases()
    expect(open.duties[0]).toMatchObject({ doneOn: '2026-04-20', documentName: doc.name, doneBy: `${fund.writer.user.firstName} ${fund.writer.user.lastName}` })
  })

  it('refuses a duty done without evidence, in the future, before the case, with another fund’s document, a stale version, or by a reader', async () => {
    const [duty] = (await dutiesOf(fund.customer)).filter((d) => d.duty === 'informEmployer')
    const service = Underfunding.for(fund.writer.access)
    expect(await refusal(service.recordDone(duty.id, { doneOn: '2026-04-20', evidence: '   ', documentId: null }, duty.version))).toBe('invalid:evidence')
    expect(await refusal(service.recordDone(duty.id, { doneOn: addDays(todayInZurich(), 1), evidence: 'x', documentId: null }, duty.version))).toBe(
      'invalid:doneOn',
    )
    expect(await refusal(service.recordDone(duty.id, { doneOn: '2026-01-15', evidence: 'x', documentId: null }, duty.version))).toBe('invalid:doneOn')
    const other = await customerFactory()
    const foreign = await documentFactory({ customer: other, traits: ['risk'] })
    expect(await refusal(service.recordDone(duty.id, { doneOn: '2026-04-20', evidence: 'x', documentId: foreign.id }, duty.version))).toBe('invalid:documentId')
    expect(await refusal(service.recordDone(duty.id, { doneOn: '2026-04-20', evidence: 'x', documentId: null }, duty.version + 1))).toBe('stale')
    expect(await refusal(Underfunding.for(reader.access).recordDone(duty.id, { doneOn: '2026-04-20', evidence: 'x', documentId: null }, duty.version))).toBe(
      'forbidden',
    )
    const [unchanged] = (await dutiesOf(fund.customer)).filter((d) => d.duty === 'informEmployer')
    expect(unchanged.doneOn).toBeNull()
  })

  it('answers 404 for another fund’s duty', async () => {
    const other = await underfundedFund()
    const [duty] = await dutiesOf(other.customer)
    expect(
      await refusal(Underfunding.for(fund.writer.access).recordDone(duty.id, { doneOn: '2026-04-20', evidence: 'x', documentId: null }, duty.version)),
    ).toBe('not-found')
    expect(await refusal(Underfunding.for(admin.access).moveDue(duty.id, '2026-12-31', duty.version))).toBe('not-found')
  })

  it('lets the appetite’s admin move a due date, not a writer', async () => {
    const [duty] = (await dutiesOf(fund.customer)).filter((d) => d.duty === 'reportEffect')
    expect(await refusal(Underfunding.for(fund.writer.access).moveDue(duty.id, '2027-06-30', duty.version))).toBe('forbidden')
    const moved = await Underfunding.for(admin.access).moveDue(duty.id, '2027-06-30', duty.version)
    expect(moved.dueOn).toBe('2027-06-30')
  })

  it('closes the case when the last duty is recorded done after the coverage ratio is back at 100 %', async () => {
    const f = await underfundedFund()
    await kriValueRow(f.kri, '2026-06-30', '100.2')
    const duties = await dutiesOf(f.customer)
    const service = Underfunding.for(f.writer.access)
    for (const d of duties) await service.recordDone(d.id, { doneOn: '2026-05-10', evidence: 'erledigt', documentId: null }, d.version)
    const [kase] = await system().select().from(underfundingCases).where(eq(underfundingCases.customerId, f.customer.id))
    expect(kase.closedOn).toBe('2026-06-30')
    const [again] = await dutiesOf(f.customer)
    expect(await refusal(service.recordDone(again.id, { doneOn: '2026-05-11', evidence: 'x', documentId: null }, again.version))).toBe('conflict')
  })

  it('records a duty done through the page’s form without JavaScript, and answers 400 with the field’s message for a missing evidence', async () => {
    const [duty] = (await dutiesOf(fund.customer)).filter((d) => d.duty === 'informInsured')
    const form = (fields: Record<string, string>) =>
      request('/app/risk/kri/underfunding', {
        method: 'POST',
        cookie: fund.writer.cookie,
        form: { intent: 'done', dutyId: duty.id, version: String(duty.version), ...fields },
      })
    const bad = await run(page.action, form({ doneOn: '2026-04-21', evidence: '' }))
    expect(bad.status).toBe(400)
    const ok = await run(page.action, form({ doneOn: '21.04.2026', evidence: 'Versichertenbrief' }))
    expect(ok.status).toBe(302)
    const [after] = (await dutiesOf(fund.customer)).filter((d) => d.duty === 'informInsured')
    expect(after).toMatchObject({ doneOn: '2026-04-21', evidence: 'Versichertenbrief' })
    const denied = await run(
      page.action,
      request('/app/risk/kri/underfunding', {
        method: 'POST',
        cookie: reader.cookie,
        form: { intent: 'done', dutyId: duty.id, version: '1', doneOn: '2026-04-21', evidence: 'x' },
      }),
    )
    expect(denied.status).toBe(403)
  })
})

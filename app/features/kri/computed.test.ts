import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#models/core/dates.ts'
import { auditEntries, controlExecutions, kriValues, measures } from '#models/schema/index.ts'
import { catalogEntry, kriFactory, kriValueRow } from '../../../tests/factories/kri-values.ts'
import { type Customer, customerFactory, measureFactory, memberFactory, processFactory, riskFactory } from '../../../tests/factories.ts'
import { dsgBreachRecord } from '../../../tests/factories/dsg-records.ts'
import { system } from '../../../tests/system-db.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { computeFund, currentPeriodEnd } from './computed.server.ts'
import { computeAllFunds, runKriTick } from './tick.server.ts'

useSmtpPeer()

// A day in the middle of a quarter: the current quarter ends on 2026-06-30, the month on 2026-05-31.
const NOW = new Date('2026-05-20T08:00:00Z')
const TODAY = '2026-05-20'

const fundOf = (c: Customer) => ({ id: c.id, name: c.name, language: c.language })

const valuesOf = (kriId: string) => system().select().from(kriValues).where(eq(kriValues.kriId, kriId)).orderBy(kriValues.periodEnd)

let executionNumber = 9000
async function execution(
  customer: Customer,
  result: 'effective' | 'deficient',
  measureId: string | null,
  state: 'submitted' | 'approved' | 'planned' = 'submitted',
) {
  const process = await processFactory({ customer })
  const recorded = state !== 'planned'
  await system()
    .insert(controlExecutions)
    .values({
      customerId: customer.id,
      number: executionNumber++,
      processId: process.id,
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      dueDate: '2026-04-30',
      state,
      ...(recorded ? { result, performedOn: '2026-04-10', submittedAt: new Date(), measureId } : {}),
      ...(state === 'approved' ? { reviewedAt: new Date() } : {}),
    })
}

describe('computed KRIs', () => {
  let customer: Customer
  beforeAll(async () => {
    customer = await customerFactory()
  })

  it('finds the period end on or after a day', () => {
    expect(currentPeriodEnd('2026-05-20', 'quarterly')).toBe('2026-06-30')
    expect(currentPeriodEnd('2026-05-20', 'monthly')).toBe('2026-05-31')
    expect(currentPeriodEnd('2026-12-31', 'quarterly')).toBe('2026-12-31')
    expect(currentPeriodEnd('2024-02-03', 'monthly')).toBe('2024-02-29')
  })

  it('counts open deficient controls: deficient results whose measure is missing or pending, not confirmed, not effective, not planned', async () => {
    const kri = await kriFactory({ customer, catalog: await catalogEntry(undefined, { unit: 'count', direction: 'lower', computed: 'deficientControls' }) })
    const pending = await measureFactory({ customer })
    const confirmed = await measureFactory({ customer, traits: ['confirmed'], attributes: { state: 'confirmed', confirmationText: 'ok' } })
    await execution(customer, 'deficient', pending.id)
    await execution(customer, 'deficient', null, 'approved')
    await execution(customer, 'deficient', confirmed.id)
    await execution(customer, 'effective', null)
    await execution(customer, 'deficient', null, 'planned')
    await computeFund(fundOf(customer), NOW)
    const [value] = await valuesOf(kri.id)
    expect(value).toMatchObject({ periodEnd: '2026-06-30', source: 'computed' })
    expect(Number(value.value)).toBe(2)
  })

  it('counts each control once, by its latest recorded execution: a control effective since counts no more', async () => {
    const fund = await customerFactory()
    const kri = await kriFactory({
      customer: fund,
      catalog: await catalogEntry(undefined, { unit: 'count', direction: 'lower', computed: 'deficientControls' }),
    })
    const recorded = async (processId: string, quarter: 1 | 2, result: 'effective' | 'deficient', state: 'submitted' | 'approved' | 'planned' = 'approved') => {
      const [start, end, due] = quarter === 1 ? ['2026-01-01', '2026-03-31', '2026-04-30'] : ['2026-04-01', '2026-06-30', '2026-07-31']
      await system()
        .insert(controlExecutions)
        .values({
          customerId: fund.id,
          number: executionNumber++,
          processId,
          periodStart: start,
          periodEnd: end,
          dueDate: due,
          state,
          ...(state !== 'planned' ? { result, performedOn: '2026-05-10', submittedAt: new Date() } : {}),
          ...(state === 'approved' ? { reviewedAt: new Date() } : {}),
        })
    }
    const mended = await processFactory({ customer: fund }) // deficient, then effective: not counted
    await recorded(mended.id, 1, 'deficient')
    await recorded(mended.id, 2, 'effective', 'submitted')
    const worsened = await processFactory({ customer: fund }) // effective, then deficient: counted
    await recorded(worsened.id, 1, 'effective')
    await recorded(worsened.id, 2, 'deficient', 'submitted')
    const twice = await processFactory({ customer: fund }) // deficient twice: counted once
    await recorded(twice.id, 1, 'deficient')
    await recorded(twice.id, 2, 'deficient')
    const planned = await processFactory({ customer: fund }) // deficient, the next one only planned: counted
    await recorded(planned.id, 1, 'deficient')
    await recorded(planned.id, 2, 'effective', 'planned')
    await computeFund(fundOf(fund), NOW)
    const [value] = await valuesOf(kri.id)
    expect(Number(value.value)).toBe(3)
  })

  it('counts overdue measures: pending and due before today, whatever their tool', async () => {
    const other = await customerFactory()
    const kri = await kriFactory({
      customer: other,
      catalog: await catalogEntry(undefined, { unit: 'count', direction: 'lower', computed: 'overdueMeasures' }),
      frequency: 'monthly',
    })
    await measureFactory({ customer: other, attributes: { dueDate: addDays(TODAY, -1) } })
    await measureFactory({ customer: other, risk: await riskFactory({ customer: other }), attributes: { dueDate: '2025-01-01' } })
    await measureFactory({ customer: other, attributes: { dueDate: TODAY } })
    await measureFactory({ customer: other, attributes: { dueDate: '2025-01-01', state: 'confirmed', confirmedAt: new Date(), confirmationText: 'ok' } })
    // Another fund's overdue measure is not counted.
    await measureFactory({ customer, attributes: { dueDate: '2025-01-01' } })
    await computeFund(fundOf(other), NOW)
    const [value] = await valuesOf(kri.id)
    expect(value.periodEnd).toBe('2026-05-31')
    expect(Number(value.value)).toBe(2)
  })

  it('counts the breaches discovered in the calendar year of the reporting date (Zurich)', async () => {
    const other = await customerFactory()
    const kri = await kriFactory({ customer: other, catalog: await catalogEntry(undefined, { unit: 'count', direction: 'lower', computed: 'breaches' }) })
    await dsgBreachRecord(other, { discoveredAt: new Date('2026-01-01T00:30:00+01:00') })
    await dsgBreachRecord(other, { discoveredAt: new Date('2026-05-02T10:00:00Z') })
    await dsgBreachRecord(other, { discoveredAt: new Date('2025-12-31T23:30:00+01:00') })
    await computeFund(fundOf(other), NOW)
    expect(Number((await valuesOf(kri.id))[0].value)).toBe(2)
  })

  it('keeps the current period’s value up to date, leaves an ended one as it was, fills a missing one, writes audit entries only for changes, and judges what it wrote', async () => {
    const other = await customerFactory()
    const kriOwner = await memberFactory({ customer: other, traits: ['risk-write'] })
    const risk = await riskFactory({ customer: other, owner: kriOwner.user })
    const kri = await kriFactory({
      customer: other,
      catalog: await catalogEntry(undefined, { unit: 'count', direction: 'lower', computed: 'overdueMeasures' }),
      owner: kriOwner.user,
      thresholds: [{ from: '2020-01-01', amber: '0', red: '1' }],
      risks: [risk],
    })
    // A value of the quarter before the one just ended: the KRI was followed before.
    await kriValueRow(kri, '2025-12-31', '0', 'computed')
    await measureFactory({ customer: other, attributes: { dueDate: '2025-01-01' } })
    await computeFund(fundOf(other), NOW)
    let values = await valuesOf(kri.id)
    expect(values.map((v) => [v.periodEnd, Number(v.value)])).toEqual([
      ['2025-12-31', 0],
      ['2026-03-31', 1],
      ['2026-06-30', 1],
    ])
    // Amber (above 0, not above 1): a measure proposed on the watched risk, once.
    const proposed = await system().select().from(measures).where(eq(measures.kriId, kri.id))
    expect(proposed).toHaveLength(1)
    expect(proposed[0].createdByUserId).toBeNull()

    // Nothing changed: nothing written, no audit entry.
    const audits = () =>
      system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.component, 'kriValue'), eq(auditEntries.customerId, other.id)))
    const before = (await audits()).length
    expect(await computeFund(fundOf(other), NOW)).toBe(0)
    expect(await audits()).toHaveLength(before)

    // Another overdue measure: the current quarter's value follows, the ended quarter's stays.
    await measureFactory({ customer: other, attributes: { dueDate: '2025-02-01' } })
    expect(await computeFund(fundOf(other), NOW)).toBe(1)
    values = await valuesOf(kri.id)
    expect(values.map((v) => [v.periodEnd, Number(v.value)])).toEqual([
      ['2025-12-31', 0],
      ['2026-03-31', 1],
      ['2026-06-30', 2],
    ])
    const updated = (await audits()).filter((a) => a.action === 'Updated')
    expect(updated).toHaveLength(1)
    expect(updated[0].userId).toBeNull()
    expect(await system().select().from(measures).where(eq(measures.kriId, kri.id))).toHaveLength(1)
  })

  it('leaves entered KRIs alone, and runs for every fund from the job’s tick once the reminder hour has come', async () => {
    const other = await customerFactory()
    const entered = await kriFactory({ customer: other, catalog: await catalogEntry() })
    const computed = await kriFactory({ customer: other, catalog: await catalogEntry(undefined, { unit: 'count', direction: 'lower', computed: 'breaches' }) })
    expect(await runKriTick(new Date('2026-05-20T02:00:00Z'), 6)).toBeNull()
    const result = await computeAllFunds(NOW)
    expect(result.failed).toBe(0)
    expect(await valuesOf(entered.id)).toHaveLength(0)
    expect(await valuesOf(computed.id)).toHaveLength(1)
    const tick = await runKriTick(new Date('2026-05-21T08:00:00Z'), 6)
    expect(tick).toMatchObject({ day: '2026-05-21', acceptanceReminders: expect.any(Number) })
  })
})

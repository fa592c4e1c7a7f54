import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, kriValues } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, run } from '../../../tests/factories.ts'
import { type Kri, kriCatalogFactory, kriFactory } from '../../../tests/factories/kri.ts'
import { system } from '../../../tests/system-db.ts'
import { formatDecimal, formatKriValue, parseDecimal } from './decimal.ts'
import { Kris } from './kris.server.ts'
import { isPeriodEnd, lastPeriodEnds, periodEndOn } from './periods.ts'
import * as detailRoute from './detail.tsx'
import * as valuesRoute from './values/edit.tsx'
import { upsertKriValues } from './values.server.ts'

// A fund's KRI values: reporting dates per frequency, the Swiss figure, the checks of upsertKriValues
// (the fund's KRI, a period end not in the future, a finite figure), the sources, the trail and the rights.

const today = todayInZurich()

let fund: Customer
let other: Customer
let admin: Member
let writer: Member
let reader: Member
let auditor: Member
let quarterly: Kri
let monthly: Kri
let computed: Kri
let foreign: Kri

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.field ? `@${e.field}` : ''}${e.messageKey ? `:${e.messageKey}` : ''}`
    throw e
  }
  return 'no refusal'
}

const valuesOf = (kriId: string) => system().select().from(kriValues).where(eq(kriValues.kriId, kriId)).orderBy(kriValues.periodEnd)
const auditOf = (id: string) => system().select().from(auditEntries).where(eq(auditEntries.entityId, id)).orderBy(auditEntries.createdAt)

describe('reporting dates', () => {
  it('knows month and quarter ends, the period end on or before a day and the last ones', () => {
    expect(isPeriodEnd('2024-02-29', 'monthly')).toBe(true)
    expect(isPeriodEnd('2023-02-28', 'monthly')).toBe(true)
    expect(isPeriodEnd('2024-02-28', 'monthly')).toBe(false)
    expect(isPeriodEnd('2024-02-29', 'quarterly')).toBe(false)
    expect(isPeriodEnd('2024-06-30', 'quarterly')).toBe(true)
    expect(isPeriodEnd('2024-12-31', 'quarterly')).toBe(true)
    expect(isPeriodEnd('2024-06-31', 'monthly')).toBe(false)
    expect(isPeriodEnd('nonsense', 'monthly')).toBe(false)
    expect(periodEndOn('2024-05-15', 'quarterly')).toBe('2024-03-31')
    expect(periodEndOn('2024-02-10', 'quarterly')).toBe('2023-12-31')
    expect(periodEndOn('2024-03-31', 'quarterly')).toBe('2024-03-31')
    expect(periodEndOn('2024-03-30', 'monthly')).toBe('2024-02-29')
    expect(periodEndOn('2024-01-05', 'monthly')).toBe('2023-12-31')
    expect(lastPeriodEnds('quarterly', '2024-05-15', 4)).toEqual(['2024-03-31', '2023-12-31', '2023-09-30', '2023-06-30'])
    expect(lastPeriodEnds('monthly', '2024-03-31', 3)).toEqual(['2024-03-31', '2024-02-29', '2024-01-31'])
  })

  it('reads figures the Swiss way and writes them so', () => {
    expect(parseDecimal('102,4')).toBe('102.4')
    expect(parseDecimal('102.4')).toBe('102.4')
    expect(parseDecimal("1'234.5")).toBe('1234.5')
    expect(parseDecimal('1’234,50')).toBe('1234.5')
    expect(parseDecimal('1 234')).toBe('1234')
    expect(parseDecimal('98.5 %')).toBe('98.5')
    expect(parseDecimal('-0.25')).toBe('-0.25')
    expect(parseDecimal('0')).toBe('0')
    expect(parseDecimal('')).toBeNull()
    for (const bad of ['abc', '1e5', '12,34,5', '1.23456', "12'34", '12345678901', 'NaN', 'Infinity', '--1']) expect(parseDecimal(bad), bad).toBeUndefined()
    expect(formatDecimal('1234.5000')).toBe('1’234.5')
    expect(formatDecimal('-1234567')).toBe('-1’234’567')
    expect(formatKriValue('102.4000', 'percent')).toBe('102.4\u00a0%')
    expect(formatKriValue('350', 'chf')).toBe('CHF\u00a0350.00')
    expect(formatKriValue(null, 'count')).toBe('—')
  })
})

describe('KRI values', () => {
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    writer = await memberFactory({ customer: fund, traits: ['risk-write'] })
    reader = await memberFactory({ customer: fund, traits: ['risk-read'] })
    auditor = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } } })
    quarterly = await kriFactory({ customer: fund, thresholds: [{ validFrom: '2020-01-01', amber: '110', red: '100' }] })
    monthly = await kriFactory({ customer: fund, attributes: { frequency: 'monthly' } })
    computed = await kriFactory({ customer: fund, catalog: await kriCatalogFactory({ unit: 'count', direction: 'lower', computed: 'overdueMeasures' }) })
    const otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
    foreign = await kriFactory({ customer: other })
    expect(otherAdmin.access.customer.id).toBe(other.id)
  })

  it('writes new values with their source, entered by whom, each with a Created entry; an equal row is left alone', async () => {
    const ids = await withCustomer(writer.access, (tx) =>
      upsertKriValues(
        tx,
        writer.access,
        [
          { kriId: quarterly.id, periodEnd: '2024-03-31', value: '104.2', comment: 'Schätzung' },
          { kriId: monthly.id, periodEnd: '2024-02-29', value: '3', comment: '' },
        ],
        'manual',
      ),
    )
    expect(ids).toHaveLength(2)
    const [q] = await valuesOf(quarterly.id)
    expect(q).toMatchObject({ periodEnd: '2024-03-31', value: '104.2000', source: 'manual', comment: 'Schätzung', enteredByUserId: writer.user.id })
    const [created] = await auditOf(q.id)
    expect(created).toMatchObject({ component: 'kriValue', action: 'Created', customerId: fund.id })
    expect(created.changedFields.value).toEqual({ from: null, to: '104.2000' })
    // The same figure again (trailing zeros aside) changes nothing.
    const again = await withCustomer(writer.access, (tx) =>
      upsertKriValues(tx, writer.access, [{ kriId: quarterly.id, periodEnd: '2024-03-31', value: '104.20', comment: 'Schätzung' }], 'manual'),
    )
    expect(again).toEqual([])
    // Nor does the same figure imported: the value keeps its source.
    const imported = await withCustomer(writer.access, (tx) =>
      upsertKriValues(tx, writer.access, [{ kriId: quarterly.id, periodEnd: '2024-03-31', value: '104.2', comment: 'Schätzung' }], 'import'),
    )
    expect(imported).toEqual([])
    expect((await valuesOf(quarterly.id))[0]).toMatchObject({ source: 'manual', version: 1 })
  })

  it('a corrected or imported figure updates the row, one version up, with its Updated entry and the import as source', async () => {
    await withCustomer(admin.access, (tx) =>
      upsertKriValues(tx, admin.access, [{ kriId: quarterly.id, periodEnd: '2024-06-30', value: '101', comment: '' }], 'manual'),
    )
    const ids = await withCustomer(admin.access, (tx) =>
      upsertKriValues(tx, admin.access, [{ kriId: quarterly.id, periodEnd: '2024-06-30', value: '99.5', comment: 'Revidiert' }], 'import'),
    )
    expect(ids).toHaveLength(1)
    const [row] = await system()
      .select()
      .from(kriValues)
      .where(and(eq(kriValues.kriId, quarterly.id), eq(kriValues.periodEnd, '2024-06-30')))
    expect(row).toMatchObject({ id: ids[0], value: '99.5000', source: 'import', comment: 'Revidiert', version: 2 })
    const updated = (await auditOf(row.id)).filter((a) => a.action === 'Updated')
    expect(updated).toHaveLength(1)
    expect(updated[0].changedFields).toMatchObject({ value: { from: '101.0000', to: '99.5000' }, source: { from: 'manual', to: 'import' } })
  })

  it('refuses a date that is no period end of the KRI, a future one, a bad figure, a computed KRI and another fund’s KRI', async () => {
    const up = (kriId: string, periodEnd: string, value: string, todayIs = today) =>
      refusal(withCustomer(admin.access, (tx) => upsertKriValues(tx, admin.access, [{ kriId, periodEnd, value, comment: '' }], 'manual', todayIs)))
    expect(await up(quarterly.id, '2024-02-29', '100')).toBe('invalid@periodEnd:kri:messages.periodEnd')
    expect(await up(quarterly.id, '2024-03-30', '100')).toBe('invalid@periodEnd:kri:messages.periodEnd')
    expect(await up(monthly.id, '2024-02-28', '1')).toBe('invalid@periodEnd:kri:messages.periodEnd')
    expect(await up(quarterly.id, '2024-13-31', '100')).toBe('invalid@periodEnd:kri:messages.periodEnd')
    expect(await up(quarterly.id, '2025-03-31', '100', '2025-03-30')).toBe('invalid@periodEnd:kri:messages.future')
    expect(await up(quarterly.id, '2999-12-31', '100')).toBe('invalid@periodEnd:kri:messages.future')
    for (const bad of ['abc', '1e5', 'NaN', 'Infinity', '12,5', '', '12345678901'])
      expect(await up(quarterly.id, '2023-12-31', bad), bad).toBe(`invalid@value-${quarterly.id}:kri:messages.value`)
    expect(await up(computed.id, '2023-12-31', '2')).toBe(`invalid@value-${computed.id}:kri:messages.computed`)
    expect(await up(foreign.id, '2023-12-31', '100')).toBe('not-found')
    expect(await up('not-a-uuid', '2023-12-31', '100')).toBe('not-found')
    // Nothing of a refused batch is kept: the good row before the bad one rolls back with it.
    const batch = refusal(
      withCustomer(admin.access, (tx) =>
        upsertKriValues(
          tx,
          admin.access,
          [
            { kriId: quarterly.id, periodEnd: '2022-12-31', value: '100', comment: '' },
            { kriId: foreign.id, periodEnd: '2022-12-31', value: '100', comment: '' },
          ],
          'manual',
        ),
      ),
    )
    expect(await batch).toBe('not-found')
    expect((await valuesOf(quarterly.id)).map((v) => v.periodEnd)).not.toContain('2022-12-31')
    // The product fills computed KRIs itself.
    const filled = await withCustomer(admin.access, (tx) =>
      upsertKriValues(tx, admin.access, [{ kriId: computed.id, periodEnd: '2023-12-31', value: '2', comment: '' }], 'computed'),
    )
    expect(filled).toHaveLength(1)
  })

  it('readers and auditors do not enter values; writers do', async () => {
    const row = [{ kriId: quarterly.id, periodEnd: '2023-09-30', value: '100', comment: '' }]
    expect(await refusal(Kris.for(reader.access).enter(row))).toBe('forbidden')
    expect(await refusal(Kris.for({ ...auditor.access, kind: 'auditor' as const }).enter(row))).toBe('forbidden')
    expect(await refusal(withCustomer(reader.access, (tx) => upsertKriValues(tx, reader.access, row, 'import')))).toBe('forbidden')
    expect(await Kris.for(writer.access).enter(row)).toHaveLength(1)
  })

  it('the values form: one reporting date for all active entered KRIs, Swiss figures, errors per field, empty fields left alone', async () => {
    const page = await run(valuesRoute.loader, request('/app/risk/kri/values?date=2023-06-30', { cookie: writer.cookie }))
    expect(page.status).toBe(200)
    const body = page.body as { periodEnd: string; rows: { id: string }[] }
    expect(body.periodEnd).toBe('2023-06-30')
    const shown = body.rows.map((r) => r.id)
    expect(shown).toContain(quarterly.id)
    expect(shown).not.toContain(computed.id)
    // A monthly KRI is asked at a quarter end too (a quarter end is a month end).
    expect(shown).toContain(monthly.id)

    const bad = await run(
      valuesRoute.action,
      request('/app/risk/kri/values', {
        cookie: writer.cookie,
        form: { periodEnd: '2023-06-30', [`value-${quarterly.id}`]: 'hundert', [`comment-${quarterly.id}`]: '', [`value-${monthly.id}`]: '' },
      }),
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('kri:messages.value')

    const ok = await run(
      valuesRoute.action,
      request('/app/risk/kri/values', {
        cookie: writer.cookie,
        form: { periodEnd: '2023-06-30', [`value-${quarterly.id}`]: "1'234,5", [`comment-${quarterly.id}`]: 'Swiss', [`value-${monthly.id}`]: '' },
      }),
    )
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/app/risk/kri')
    const values = await valuesOf(quarterly.id)
    expect(values.find((v) => v.periodEnd === '2023-06-30')).toMatchObject({ value: '1234.5000', comment: 'Swiss' })
    expect((await valuesOf(monthly.id)).map((v) => v.periodEnd)).not.toContain('2023-06-30')

    // A date that is no period end of a quarterly KRI answers 400, not 500.
    const odd = await run(
      valuesRoute.action,
      request('/app/risk/kri/values', { cookie: writer.cookie, form: { periodEnd: '2023-05-31', [`value-${quarterly.id}`]: '100' } }),
    )
    expect(odd.status).toBe(400)
    // A reader may not post.
    const refused = await run(
      valuesRoute.action,
      request('/app/risk/kri/values', { cookie: reader.cookie, form: { periodEnd: '2023-06-30', [`value-${quarterly.id}`]: '100' } }),
    )
    expect(refused.status).toBe(403)
  })
  it('a writer deletes a value entered by mistake on the KRI page (a form without JavaScript), with its Deleted entry; a stale version 409, a computed value 400, a reader 403', async () => {
    const kri = await kriFactory({
      customer: fund,
      values: [
        { periodEnd: '2022-03-31', value: '101' },
        { periodEnd: '2022-06-30', value: '1010', comment: 'Tippfehler' },
      ],
    })
    const post = (member: Member, form: Record<string, string>) =>
      run(detailRoute.action, request(`/app/risk/kri/${kri.id}`, { cookie: member.cookie, form }), { id: kri.id })
    const page = await run(detailRoute.loader, request(`/app/risk/kri/${kri.id}`, { cookie: writer.cookie }), { id: kri.id })
    const shown = (page.body as { values: { id: string; periodEnd: string; version: number }[] }).values
    const wrong = shown.find((v) => v.periodEnd === '2022-06-30')!
    expect(wrong.version).toBe(1)
    expect((await post(reader, { intent: 'deleteValue', id: wrong.id, version: '1' })).status).toBe(403)
    expect((await post(writer, { intent: 'deleteValue', id: wrong.id, version: '2' })).status).toBe(409)
    expect((await post(writer, { intent: 'deleteValue', id: wrong.id, version: 'x' })).status).toBe(400)
    // Another KRI's value through this KRI's page, or an unknown id: 404.
    const [elsewhere] = await valuesOf(quarterly.id)
    expect((await post(writer, { intent: 'deleteValue', id: elsewhere?.id ?? crypto.randomUUID(), version: '1' })).status).toBe(404)
    expect((await post(writer, { intent: 'deleteValue', id: 'nope', version: '1' })).status).toBe(404)
    const deleted = await post(writer, { intent: 'deleteValue', id: wrong.id, version: '1' })
    expect(deleted.status).toBe(302)
    expect((await valuesOf(kri.id)).map((v) => v.periodEnd)).toEqual(['2022-03-31'])
    const [entry] = await auditOf(wrong.id).then((rows) => rows.filter((a) => a.action === 'Deleted'))
    expect(entry).toMatchObject({ component: 'kriValue', userId: writer.user.id })
    expect(entry.changedFields).toMatchObject({
      periodEnd: { from: '2022-06-30', to: null },
      value: { from: '1010.0000', to: null },
      comment: { from: 'Tippfehler', to: null },
    })
    // A value the product computed is not deleted.
    const counted = await kriFactory({
      customer: fund,
      catalog: await kriCatalogFactory({ unit: 'count', direction: 'lower', computed: 'breaches' }),
      values: [{ periodEnd: '2022-03-31', value: '2', source: 'computed' }],
    })
    const [figure] = await valuesOf(counted.id)
    expect(await refusal(Kris.for(writer.access).deleteValue(counted.id, figure.id, 1))).toBe('invalid:kri:messages.computedValue')
    expect(await valuesOf(counted.id)).toHaveLength(1)
  })
})

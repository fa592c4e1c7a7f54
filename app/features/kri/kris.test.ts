import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { outsideScope, withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, kriRisks, kris, kriThresholds, kriValues, riskAppetiteApprovals } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, measureFactory, memberFactory, request, riskFactory, run } from '../../../tests/factories.ts'
import { kriCatalogFactory, kriFactory } from '../../../tests/factories/kri.ts'
import { system } from '../../../tests/system-db.ts'
import * as approveRoute from './appetite/approve.tsx'
import * as appetiteRoute from './appetite/index.tsx'
import * as detailRoute from './detail.tsx'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'
import { Kris } from './kris.server.ts'

// A fund's KRIs and its appetite: a value judged by the thresholds in force on its date (not today's),
// thresholds as new rows from a later day in the right order, choosing from the catalogue, links to
// risks, the council's approval, the rights of readers, writers, admins and auditors, the pages.

const today = todayInZurich()

let fund: Customer
let other: Customer
let admin: Member
let writer: Member
let reader: Member
let auditor: Member
let otherAdmin: Member

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
const auditorAccess = () => ({ ...auditor.access, kind: 'auditor' as const })

describe('KRIs and the risk appetite', () => {
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    writer = await memberFactory({ customer: fund, traits: ['risk-write'] })
    reader = await memberFactory({ customer: fund, traits: ['risk-read'] })
    auditor = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } } })
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
  })

  it('judges each value by the thresholds in force on its date, not by today’s', async () => {
    // Higher is better. Until 2023: amber below 110, red below 100; from 2024: amber below 120, red below 105.
    const kri = await kriFactory({
      customer: fund,
      thresholds: [
        { validFrom: '2020-01-01', amber: '110', red: '100' },
        { validFrom: '2024-01-01', amber: '120', red: '105' },
      ],
      values: [
        { periodEnd: '2019-12-31', value: '90' },
        { periodEnd: '2023-12-31', value: '112' },
        { periodEnd: '2024-03-31', value: '112' },
        { periodEnd: '2024-06-30', value: '104.5' },
      ],
    })
    const got = await Kris.for(reader.access).get(kri.id)
    expect(got?.values.map((v) => [v.periodEnd, v.status])).toEqual([
      ['2019-12-31', null],
      ['2023-12-31', 'green'],
      ['2024-03-31', 'amber'],
      ['2024-06-30', 'red'],
    ])
    expect(got?.thresholds.map((t) => t.validFrom)).toEqual(['2020-01-01', '2024-01-01'])
    const row = (await Kris.for(reader.access).list()).find((r) => r.id === kri.id)
    expect(row).toMatchObject({ periodEnd: '2024-06-30', value: '104.5000', status: 'red', amber: '120.0000', red: '105.0000', thresholdsFrom: '2024-01-01' })
    expect(row?.spark.map((p) => p.status)).toEqual([null, 'green', 'amber', 'red'])
    // Lower is better: above amber amber, above red red; on a bound the better side.
    const lower = await kriFactory({
      customer: fund,
      catalog: await kriCatalogFactory({ direction: 'lower' }),
      thresholds: [{ validFrom: '2020-01-01', amber: '5', red: '10' }],
      values: [
        { periodEnd: '2023-12-31', value: '5' },
        { periodEnd: '2024-03-31', value: '10.5' },
      ],
    })
    expect((await Kris.for(reader.access).get(lower.id))?.values.map((v) => v.status)).toEqual(['green', 'red'])
    // The sparkline keeps the last eight values.
    const many = await kriFactory({
      customer: fund,
      attributes: { frequency: 'monthly' },
      values: Array.from({ length: 10 }, (_, i) => ({ periodEnd: new Date(Date.UTC(2023, i + 1, 0)).toISOString().slice(0, 10), value: String(i) })),
    })
    const spark = (await Kris.for(reader.access).list()).find((r) => r.id === many.id)?.spark
    expect(spark?.map((p) => Number(p.value))).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('sets new thresholds from a later day as a new row; refuses the wrong order, the same or an earlier day and bad figures', async () => {
    const kri = await kriFactory({ customer: fund, thresholds: [{ validFrom: '2024-01-01', amber: '110', red: '100' }] })
    const service = Kris.for(admin.access)
    expect(await refusal(service.setThresholds(kri.id, { validFrom: '2025-01-01', amber: '100', red: '110' }))).toBe('invalid@red:kri:messages.boundsOrder')
    expect(await refusal(service.setThresholds(kri.id, { validFrom: '2024-01-01', amber: '115', red: '105' }))).toBe('conflict@validFrom:kri:messages.laterDay')
    expect(await refusal(service.setThresholds(kri.id, { validFrom: '2023-06-30', amber: '115', red: '105' }))).toBe('conflict@validFrom:kri:messages.laterDay')
    expect(await refusal(service.setThresholds(kri.id, { validFrom: '2025-01-01', amber: 'viel', red: '105' }))).toBe('invalid@amber:kri:messages.bound')
    expect(await refusal(service.setThresholds(kri.id, { validFrom: '31.02.2025', amber: '115', red: '105' }))).toBe('invalid@validFrom:validation.date')
    expect(await refusal(service.setThresholds(crypto.randomUUID(), { validFrom: '2025-01-01', amber: '115', red: '105' }))).toBe('not-found')
    const row = await service.setThresholds(kri.id, { validFrom: '2025-01-01', amber: '115', red: '110' })
    expect(row).toMatchObject({ validFrom: '2025-01-01', amber: '115.0000', red: '110.0000', setByUserId: admin.user.id })
    // A day more than 366 days ahead is a typo that would block every later bound: 400.
    expect(await refusal(service.setThresholds(kri.id, { validFrom: addDays(today, 367), amber: '115', red: '105' }))).toBe(
      'invalid@validFrom:kri:messages.tooFarAhead',
    )
    expect(await refusal(service.setThresholds(kri.id, { validFrom: '2062-01-01', amber: '115', red: '105' }))).toBe(
      'invalid@validFrom:kri:messages.tooFarAhead',
    )
    // Equal bounds are in order for either direction.
    await service.setThresholds(kri.id, { validFrom: '2025-06-30', amber: '110', red: '110' })
    const rows = await system().select().from(kriThresholds).where(eq(kriThresholds.kriId, kri.id)).orderBy(kriThresholds.validFrom)
    expect(rows.map((r) => r.validFrom)).toEqual(['2024-01-01', '2025-01-01', '2025-06-30'])
    const [entry] = (await auditOf(kri.id)).filter((a) => a.action === 'Updated')
    expect(entry.changedFields).toEqual({
      validFrom: { from: '2024-01-01', to: '2025-01-01' },
      amber: { from: '110.0000', to: '115.0000' },
      red: { from: '100.0000', to: '110.0000' },
    })
    // Writers, readers, auditors and another fund set nothing.
    const input = { validFrom: '2026-01-01', amber: '115', red: '105' }
    expect(await refusal(Kris.for(writer.access).setThresholds(kri.id, input))).toBe('forbidden')
    expect(await refusal(Kris.for(reader.access).setThresholds(kri.id, input))).toBe('forbidden')
    expect(await refusal(Kris.for(auditorAccess()).setThresholds(kri.id, input))).toBe('forbidden')
    expect(await refusal(Kris.for(otherAdmin.access).setThresholds(kri.id, input))).toBe('not-found')
  })

  it('the appetite admin chooses KRIs from the catalogue, starting from its default thresholds, valid whatever the date', async () => {
    const withDefaults = await kriCatalogFactory({ defaultAmber: '110', defaultRed: '100' })
    const without = await kriCatalogFactory({ unit: 'chf', direction: 'lower' })
    const inactive = await kriCatalogFactory({ active: false })
    expect(await refusal(Kris.for(writer.access).choose([withDefaults.id]))).toBe('forbidden')
    expect(await refusal(Kris.for(admin.access).choose([]))).toBe('invalid@catalogIds:kri:messages.nothingChosen')
    expect(await refusal(Kris.for(admin.access).choose([inactive.id]))).toBe('invalid@catalogIds:kri:messages.catalog')
    expect(await refusal(Kris.for(admin.access).choose(['nope']))).toBe('invalid@catalogIds:kri:messages.catalog')
    const offered = (await Kris.for(admin.access).catalogue()).map((c) => c.id)
    expect(offered).toEqual(expect.arrayContaining([withDefaults.id, without.id]))
    expect(offered).not.toContain(inactive.id)
    const ids = await Kris.for(admin.access).choose([withDefaults.id, without.id])
    expect(ids).toHaveLength(2)
    const chosen = await system().select().from(kris).where(eq(kris.customerId, fund.id))
    const a = chosen.find((k) => k.catalogId === withDefaults.id)
    expect(a).toMatchObject({ frequency: 'quarterly', active: true, ownerUserId: admin.user.id })
    const thresholds = await system()
      .select()
      .from(kriThresholds)
      .where(eq(kriThresholds.kriId, a?.id ?? ''))
    // The defaults hold whatever the date: a past reporting date entered later is judged by them.
    expect(thresholds).toEqual([expect.objectContaining({ validFrom: '1900-01-01', amber: '110.0000', red: '100.0000' })])
    await system()
      .insert(kriValues)
      .values({ customerId: fund.id, kriId: a?.id ?? '', periodEnd: '2020-12-31', value: '95', source: 'manual' })
    expect((await Kris.for(reader.access).get(a?.id ?? ''))?.values.map((v) => v.status)).toEqual(['red'])
    const b = chosen.find((k) => k.catalogId === without.id)
    expect(
      await system()
        .select()
        .from(kriThresholds)
        .where(eq(kriThresholds.kriId, b?.id ?? '')),
    ).toEqual([])
    expect((await auditOf(a?.id ?? ''))[0]).toMatchObject({ component: 'kri', action: 'Created' })
    // Chosen once: not offered again, and refused a second time.
    expect((await Kris.for(admin.access).catalogue()).map((c) => c.id)).not.toContain(withDefaults.id)
    expect(await refusal(Kris.for(admin.access).choose([withDefaults.id]))).toBe('conflict@catalogIds:kri:messages.alreadyChosen')
    // Another fund chooses the same entry for itself.
    expect(await Kris.for(otherAdmin.access).choose([withDefaults.id])).toHaveLength(1)
  })

  it('two admins choosing the same entry at once: the one who comes second gets a 409, not a 500', async () => {
    const entry = await kriCatalogFactory({ defaultAmber: '110', defaultRed: '100' })
    const got = await withCustomer(admin.access, async (tx) => {
      // The first admin's KRI is written but not yet committed when the second one chooses.
      await tx.insert(kris).values({ customerId: fund.id, catalogId: entry.id, ownerUserId: admin.user.id, frequency: 'quarterly' })
      const second = outsideScope(() => refusal(Kris.for(admin.access).choose([entry.id])))
      // Polls until the second one waits on this transaction's row lock.
      await vi.waitFor(
        async () => {
          const { rows } = await outsideScope(async () => await system().execute<{ n: number }>(sql`select count(*)::int as n from pg_locks where not granted`))
          if (rows[0].n === 0) throw new Error('the second choice does not wait yet')
        },
        { timeout: 5_000, interval: 10 },
      )
      // Not awaited here: the second one waits for this transaction's end.
      return [second]
    })
    expect(await got[0]).toBe('conflict@catalogIds:kri:messages.chosenMeanwhile')
    expect(await system().select().from(kris).where(eq(kris.catalogId, entry.id))).toHaveLength(1)
  })

  it('changes owner, frequency, note and whether followed; a stale version is 409, an owner from outside 400', async () => {
    const kri = await kriFactory({ customer: fund })
    const outsider = await memberFactory({ customer: other, traits: ['admin'] })
    expect(await refusal(Kris.for(admin.access).update(kri.id, { ownerUserId: outsider.user.id, frequency: 'monthly', active: true, note: '' }, 1))).toMatch(
      /^invalid@ownerUserId/,
    )
    const changed = await Kris.for(admin.access).update(
      kri.id,
      { ownerUserId: writer.user.id, frequency: 'monthly', active: false, note: 'Quelle: Experte' },
      1,
    )
    expect(changed).toMatchObject({ ownerUserId: writer.user.id, frequency: 'monthly', active: false, note: 'Quelle: Experte', version: 2 })
    expect(await refusal(Kris.for(admin.access).update(kri.id, { ownerUserId: null, frequency: 'monthly', active: true, note: '' }, 1))).toBe('stale')
    expect(await refusal(Kris.for(admin.access).update(kri.id, { ownerUserId: null, frequency: 'weekly', active: true, note: '' }, 2))).toBe(
      'invalid@frequency:validation.invalid',
    )
    expect(await refusal(Kris.for(writer.access).update(kri.id, { ownerUserId: null, frequency: 'monthly', active: true, note: '' }, 2))).toBe('forbidden')
  })

  it('writers link and unlink the fund’s risks; another fund’s risk is refused; readers link nothing', async () => {
    const kri = await kriFactory({ customer: fund })
    const risk = await riskFactory({ customer: fund })
    const foreignRisk = await riskFactory({ customer: other })
    expect(await refusal(Kris.for(reader.access).linkRisk(kri.id, risk.id))).toBe('forbidden')
    expect(await refusal(Kris.for(writer.access).linkRisk(kri.id, foreignRisk.id))).toBe('invalid@riskId:kri:messages.risk')
    expect(await refusal(Kris.for(otherAdmin.access).linkRisk(kri.id, foreignRisk.id))).toBe('not-found')
    await Kris.for(writer.access).linkRisk(kri.id, risk.id)
    // Twice is once.
    await Kris.for(writer.access).linkRisk(kri.id, risk.id)
    expect(await system().select().from(kriRisks).where(eq(kriRisks.kriId, kri.id))).toHaveLength(1)
    expect((await Kris.for(reader.access).get(kri.id))?.risks.map((r) => r.id)).toEqual([risk.id])
    await Kris.for(writer.access).unlinkRisk(kri.id, risk.id)
    expect(await system().select().from(kriRisks).where(eq(kriRisks.kriId, kri.id))).toHaveLength(0)
    expect(await refusal(Kris.for(writer.access).unlinkRisk(kri.id, risk.id))).toBe('not-found')
    const entries = (await auditOf(kri.id)).map((a) => a.changedFields.linkedRisk)
    expect(entries).toEqual([
      { from: null, to: risk.idkey },
      { from: risk.idkey, to: null },
    ])
  })

  it('the KRI page: a writer links a risk through the form, the admin changes its settings (a stale version 409), its proposed measures show', async () => {
    const kri = await kriFactory({ customer: fund })
    const risk = await riskFactory({ customer: fund })
    const post = (member: Member, form: Record<string, string>) =>
      run(detailRoute.action, request(`/app/risk/kri/${kri.id}`, { cookie: member.cookie, form }), { id: kri.id })
    const linked = await post(writer, { intent: 'link', riskId: risk.id })
    expect(linked.status).toBe(302)
    expect(await system().select().from(kriRisks).where(eq(kriRisks.kriId, kri.id))).toHaveLength(1)
    const foreign = await post(writer, { intent: 'link', riskId: (await riskFactory({ customer: other })).id })
    expect(foreign.status).toBe(400)
    expect(JSON.stringify(foreign.body)).toContain('kri:messages.risk')
    expect((await post(writer, { intent: 'settings', version: '1', frequency: 'monthly', note: '' })).status).toBe(403)
    const saved = await post(admin, { intent: 'settings', version: '1', frequency: 'monthly', ownerUserId: writer.user.id, active: 'on', note: 'Monatlich' })
    expect(saved.status).toBe(302)
    const [row] = await system().select().from(kris).where(eq(kris.id, kri.id))
    expect(row).toMatchObject({ frequency: 'monthly', ownerUserId: writer.user.id, note: 'Monatlich', version: 2 })
    expect((await post(admin, { intent: 'settings', version: '1', frequency: 'quarterly', note: '' })).status).toBe(409)
    expect((await post(admin, { intent: 'settings', version: '2', frequency: 'weekly', note: '' })).status).toBe(400)
    expect((await post(admin, { intent: 'nonsense' })).status).toBe(400)
    // A measure this KRI proposed on the risk shows on its page; another KRI's does not.
    const proposed = await measureFactory({ customer: fund, risk, attributes: { kriId: kri.id, inEdit: true, title: 'Deckungsgrad stärken' } })
    await measureFactory({ customer: fund, risk, attributes: { title: 'Ohne Kennzahl' } })
    const page = await run(detailRoute.loader, request(`/app/risk/kri/${kri.id}`, { cookie: reader.cookie }), { id: kri.id })
    const body = page.body as { measures: { id: string; inEdit: boolean }[]; risks: { id: string }[] }
    expect(body.measures.map((m) => m.id)).toEqual([proposed.id])
    expect(body.measures[0].inEdit).toBe(true)
    expect(body.risks.map((r) => r.id)).toEqual([risk.id])
    // Its history reads the settings' change in the reader's words.
    const withHistory = await run(detailRoute.loader, request(`/app/risk/kri/${kri.id}?history=1`, { cookie: admin.cookie }), { id: kri.id })
    const history = JSON.stringify((withHistory.body as { history: unknown }).history)
    expect(history).toContain('Monatlich')
    expect(history).toContain('Häufigkeit')
  })

  it('records the council’s approval; refuses a future day, a limit outside 1..25 and missing texts; tells whether the appetite changed since', async () => {
    const fresh = await customerFactory()
    const boss = await memberFactory({ customer: fresh, traits: ['admin'] })
    const service = Kris.for(boss.access)
    expect(await service.appetite()).toEqual({ approval: null, scoreLimit: 9, changedSince: false })
    const decision = {
      subject: 'riskAppetite' as const,
      decidedOn: today,
      reference: 'SR-Protokoll 3/2026',
      title: 'Risikoappetit 2026',
      decidedBy: 'Stiftungsrat',
    }
    const input = { decision, scoreLimit: 12, remark: '' }
    expect(await refusal(service.approve({ ...input, decision: { ...decision, decidedOn: addDays(today, 1) } }))).toBe(
      'invalid@decidedOn:decisions:errors.future',
    )
    expect(await refusal(service.approve({ ...input, scoreLimit: 0 }))).toBe('invalid@scoreLimit:kri:messages.scoreLimit')
    expect(await refusal(service.approve({ ...input, scoreLimit: 26 }))).toBe('invalid@scoreLimit:kri:messages.scoreLimit')
    expect(await refusal(service.approve({ ...input, decision: { ...decision, reference: ' ' } }))).toBe('invalid@decisionReference:validation.required')
    expect(await refusal(Kris.for(writer.access).approve(input))).toBe('forbidden')
    const kri = await kriFactory({ customer: fresh })
    expect((await service.appetite()).changedSince).toBe(true)
    const approval = await service.approve(input)
    // The decision recorded with it, and the approval's own fields written from it for their readers.
    expect(approval).toMatchObject({
      scoreLimit: 12,
      recordedByUserId: boss.user.id,
      approvedOn: today,
      decisionReference: 'SR-Protokoll 3/2026',
      approvedBy: 'Stiftungsrat',
    })
    expect(approval.decisionId).toBeTruthy()
    expect((await auditOf(approval.id))[0]).toMatchObject({ component: 'riskAppetiteApproval', action: 'Created' })
    expect(await service.appetite()).toMatchObject({
      approval: { id: approval.id, decision: { id: approval.decisionId } },
      scoreLimit: 12,
      changedSince: false,
    })
    await service.setThresholds(kri.id, { validFrom: today, amber: '110', red: '100' })
    expect((await service.appetite()).changedSince).toBe(true)
    // The approval form: 400 with its message, a redirect when recorded.
    const form = { decidedOn: today, decisionReference: 'SR-Protokoll 4/2026', decisionTitle: 'Risikoappetit angepasst', decidedBy: 'Stiftungsrat' }
    const bad = await run(approveRoute.action, request('/app/risk/kri/appetite/approve', { cookie: boss.cookie, form: { ...form, scoreLimit: '30' } }))
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('kri:messages.scoreLimit')
    const future = await run(
      approveRoute.action,
      request('/app/risk/kri/appetite/approve', { cookie: boss.cookie, form: { ...form, scoreLimit: '10', decidedOn: addDays(today, 3) } }),
    )
    expect(future.status).toBe(400)
    // Choosing the decision recorded before: no new decision.
    const ok = await run(
      approveRoute.action,
      request('/app/risk/kri/appetite/approve', { cookie: boss.cookie, form: { decisionId: approval.decisionId ?? '', scoreLimit: '10' } }),
    )
    expect(ok.status).toBe(302)
    expect(await system().select().from(riskAppetiteApprovals).where(eq(riskAppetiteApprovals.customerId, fresh.id))).toHaveLength(2)
    expect((await service.appetite()).scoreLimit).toBe(10)
  })

  it('the pages: auditors and readers read, writers may not set the appetite, another fund finds nothing, bad input is 4xx', async () => {
    const kri = await kriFactory({
      customer: fund,
      thresholds: [{ validFrom: '2020-01-01', amber: '110', red: '100' }],
      values: [{ periodEnd: '2024-03-31', value: '95', comment: 'Tiefpunkt' }],
    })
    const list = await run(listRoute.loader, request('/app/risk/kri', { cookie: auditor.cookie }))
    expect(list.status).toBe(200)
    expect((list.body as { rows: { id: string; status: string }[] }).rows.find((r) => r.id === kri.id)?.status).toBe('red')
    expect((await run(detailRoute.loader, request(`/app/risk/kri/${kri.id}`, { cookie: auditor.cookie }), { id: kri.id })).status).toBe(200)
    expect((await run(appetiteRoute.loader, request('/app/risk/kri/appetite', { cookie: reader.cookie }))).status).toBe(200)
    expect((await run(approveRoute.loader, request('/app/risk/kri/appetite/approve', { cookie: writer.cookie }))).status).toBe(403)
    expect((await run(detailRoute.loader, request(`/app/risk/kri/${kri.id}`, { cookie: otherAdmin.cookie }), { id: kri.id })).status).toBe(404)
    expect((await run(detailRoute.loader, request('/app/risk/kri/not-an-id', { cookie: admin.cookie }), { id: 'not-an-id' })).status).toBe(404)
    const thresholds = (cookie: string, form: Record<string, string>) =>
      run(appetiteRoute.action, request('/app/risk/kri/appetite', { cookie, form: { intent: 'thresholds', kriId: kri.id, ...form } }))
    expect((await thresholds(writer.cookie, { validFrom: '2025-01-01', amber: '115', red: '105' })).status).toBe(403)
    const order = await thresholds(admin.cookie, { validFrom: '2025-01-01', amber: '100', red: '110' })
    expect(order.status).toBe(400)
    expect(JSON.stringify(order.body)).toContain('kri:messages.boundsOrder')
    expect((await thresholds(admin.cookie, { validFrom: '2020-01-01', amber: '115', red: '105' })).status).toBe(409)
    expect((await thresholds(admin.cookie, { validFrom: '2025-01-01', amber: 'hoch', red: '105' })).status).toBe(400)
    expect((await thresholds(admin.cookie, { validFrom: '2025-01-01', amber: "1'15,5", red: '105' })).status).toBe(400)
    expect((await thresholds(admin.cookie, { validFrom: '01.01.2025', amber: '115,5', red: '105' })).status).toBe(302)
    const foreignPost = await run(
      detailRoute.action,
      request(`/app/risk/kri/${kri.id}`, { cookie: otherAdmin.cookie, form: { intent: 'thresholds', validFrom: '2026-01-01', amber: '1', red: '0' } }),
      { id: kri.id },
    )
    expect(foreignPost.status).toBe(404)
    const readerPost = await run(detailRoute.action, request(`/app/risk/kri/${kri.id}`, { cookie: reader.cookie, form: { intent: 'link', riskId: kri.id } }), {
      id: kri.id,
    })
    expect(readerPost.status).toBe(403)
    // The export: every value with its status by the thresholds of its date.
    const csv = await run(exportRoute.loader, request('/app/risk/kri/export.csv', { cookie: auditor.cookie }))
    expect(csv.status).toBe(200)
    const line = String(csv.body)
      .split('\n')
      .find((l) => l.includes('Tiefpunkt'))
    expect(line).toContain('"31.03.2024";95;"Ausserhalb Appetit";110;100;"Erfasst";"Tiefpunkt"')
  })
})

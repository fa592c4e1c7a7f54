import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import {
  auditEntries,
  controlExecutions,
  kriCatalog,
  kriRisks,
  kris,
  kriThresholds,
  kriValues,
  probabilityLevels,
  riskAcceptances,
  riskAppetiteApprovals,
  riskProcessLinks,
  risks,
  severityLevels,
} from '#models/schema/index.ts'
import {
  type Customer,
  customerFactory,
  levelOf,
  type Member,
  memberFactory,
  processFactory,
  request,
  riskFactory,
  run,
  tag,
} from '../../../../tests/factories.ts'
import { system } from '../../../../tests/system-db.ts'
import * as detailRoute from './detail.tsx'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'
import * as mapRoute from './map.tsx'
import type { EvaluationData } from './routes.server.ts'
import { risks$ } from './risks.server.ts'
import type { DomainError } from '#models/core/errors.ts'

const today = todayInZurich()

describe('gross and net rating', () => {
  let fund: Customer
  let writer: Member
  let admin: Member
  const level = async (table: typeof probabilityLevels | typeof severityLevels, ref: number) => (await levelOf(fund, table, ref)).id
  const detail = (id: string, cookie: string, form: Record<string, string>) => run(detailRoute.action, request(`/app/risk/${id}`, { cookie, form }), { id })
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Brutto' } })
    writer = await memberFactory({ customer: fund, traits: ['risk-write', 'ics-read'] })
    admin = await memberFactory({ customer: fund, traits: ['risk-admin', 'ics-read'] })
  })

  it('refuses a net rating worse than the gross one, keeps the old rating as the net one, and audits the gross rating', async () => {
    const risk = await riskFactory({ customer: fund, traits: ['assessed'] })
    await detail(risk.id, writer.cookie, { intent: 'edit', block: 'evaluation' })
    const form = async (gross: [number, number], net: [number, number]) => ({
      intent: 'save',
      block: 'evaluation',
      version: '1',
      grossProbabilityLevelId: await level(probabilityLevels, gross[0]),
      grossSeverityLevelId: await level(severityLevels, gross[1]),
      probabilityLevelId: await level(probabilityLevels, net[0]),
      severityLevelId: await level(severityLevels, net[1]),
    })
    const worse = await detail(risk.id, writer.cookie, await form([2, 2], [3, 3]))
    expect(worse.status).toBe(400)
    expect(JSON.stringify(worse.body)).toContain('risk:evaluation.netAboveGross')
    const [unchanged] = await system().select().from(risks).where(eq(risks.id, risk.id))
    expect(unchanged).toMatchObject({ grossProbabilityLevelId: null, version: 1, probabilityLevelId: await level(probabilityLevels, 3) })
    const ok = await detail(risk.id, writer.cookie, await form([4, 5], [3, 3]))
    expect(ok.status).toBe(302)
    const [row] = await system().select().from(risks).where(eq(risks.id, risk.id))
    expect(row).toMatchObject({
      grossProbabilityLevelId: await level(probabilityLevels, 4),
      grossSeverityLevelId: await level(severityLevels, 5),
      probabilityLevelId: await level(probabilityLevels, 3),
      version: 2,
    })
    const [audit] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, risk.id), eq(auditEntries.action, 'Updated')))
    expect(Object.keys(audit!.changedFields)).toEqual(expect.arrayContaining(['grossProbabilityLevelId', 'grossSeverityLevelId']))
    // Saved by the service with the net rating alone, the gross one kept still bounds it.
    expect(
      await risks$
        .for(writer.access)
        .saveBlock(risk.id, 'evaluation', { probabilityLevelId: await level(probabilityLevels, 5), severityLevelId: await level(severityLevels, 5) }, 2)
        .then(
          () => 'saved',
          (e: DomainError) => e.messageKey,
        ),
    ).toBe('risk:evaluation.netAboveGross')
    // Without a gross rating, any net rating goes.
    const open = await riskFactory({ customer: fund })
    await detail(open.id, writer.cookie, { intent: 'edit', block: 'evaluation' })
    const netOnly = await detail(open.id, writer.cookie, {
      intent: 'save',
      block: 'evaluation',
      version: '1',
      grossProbabilityLevelId: '',
      grossSeverityLevelId: '',
      probabilityLevelId: await level(probabilityLevels, 5),
      severityLevelId: await level(severityLevels, 5),
    })
    expect(netOnly.status).toBe(302)

    // The map and its cells by either rating; the export carries both.
    const counts = async (view: string) =>
      (await run(mapRoute.loader, request(`/app/risk/map?view=${view}`, { cookie: writer.cookie }))).body as {
        view: string
        counts: { probability: number; severity: number; count: number }[]
      }
    const gross = await counts('gross')
    expect(gross.view).toBe('gross')
    expect(gross.counts).toEqual([{ probability: 4, severity: 5, count: 1 }])
    const net = await counts('net')
    expect(net.view).toBe('net')
    expect(net.counts.find((c) => c.probability === 3 && c.severity === 3)?.count).toBeGreaterThanOrEqual(1)
    const cell = async (q: string) =>
      ((await run(listRoute.loader, request(`/app/risk?${q}`, { cookie: writer.cookie }))).body as { rows: { id: string }[] }).rows.map((r) => r.id)
    expect(await cell('cell=4-5&view=gross')).toEqual([risk.id])
    expect(await cell('cell=4-5')).toEqual([])
    const csv = await run(exportRoute.loader, request('/app/risk/export.csv?all=1', { cookie: writer.cookie }))
    const [header, ...lines] = String(csv.body)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
    expect(header).toContain('Eintrittswahrscheinlichkeit brutto')
    expect(header).toContain('Risikowert brutto')
    expect(header).toContain('Risikowert netto')
    const line = lines.find((l) => l.includes(row!.idkey))!
    expect(line).toContain(';20;')
  })

  it('shows beside the net rating the linked controls, the KRIs, the acceptance and the appetite', async () => {
    const risk = await riskFactory({ customer: fund, traits: ['assessed'] })
    const process = await processFactory({ customer: fund })
    const idle = await processFactory({ customer: fund })
    await system()
      .insert(riskProcessLinks)
      .values([
        { customerId: fund.id, riskId: risk.id, processId: process.id },
        { customerId: fund.id, riskId: risk.id, processId: idle.id },
      ])
    const now = new Date()
    const execution = (number: number, periodEnd: string, state: 'approved' | 'submitted', result: 'effective' | 'deficient') => ({
      customerId: fund.id,
      number,
      processId: process.id,
      periodStart: addDays(periodEnd, -90),
      periodEnd,
      dueDate: addDays(periodEnd, 30),
      state,
      performedOn: periodEnd,
      result,
      submittedAt: now,
      reviewedAt: state === 'approved' ? now : null,
    })
    const base = Math.floor(Math.random() * 1_000_000) + 1000
    await system()
      .insert(controlExecutions)
      .values([
        execution(base, '2025-12-31', 'approved', 'effective'),
        execution(base + 1, '2026-03-31', 'approved', 'deficient'),
        // Later, but not approved yet: not the latest result.
        execution(base + 2, '2026-06-30', 'submitted', 'effective'),
      ])
    const [catalog] = await system()
      .insert(kriCatalog)
      .values({
        key: `test${tag()}`,
        nameDe: 'Deckungsgrad Test',
        nameFr: 'Degré de couverture test',
        nameEn: 'Coverage test',
        unit: 'percent',
        direction: 'higher',
      })
      .returning()
    const [kri] = await system().insert(kris).values({ customerId: fund.id, catalogId: catalog!.id }).returning()
    await system().insert(kriThresholds).values({ customerId: fund.id, kriId: kri!.id, validFrom: '2020-01-01', amber: '110', red: '100' })
    await system()
      .insert(kriValues)
      .values([
        { customerId: fund.id, kriId: kri!.id, periodEnd: '2026-03-31', value: '112.5' },
        { customerId: fund.id, kriId: kri!.id, periodEnd: '2026-06-30', value: '98.2' },
      ])
    await system().insert(kriRisks).values({ customerId: fund.id, kriId: kri!.id, riskId: risk.id })
    await system()
      .insert(riskAcceptances)
      .values({
        customerId: fund.id,
        riskId: risk.id,
        acceptedOn: addDays(today, -10),
        acceptedBy: 'Stiftungsrat',
        decisionReference: 'SR-4',
        justification: 'tragbar',
        validUntil: addDays(today, 300),
        netScore: 9,
      })
    await system()
      .insert(riskAppetiteApprovals)
      .values({ customerId: fund.id, approvedOn: today, decisionReference: 'SR-A', approvedBy: 'Stiftungsrat', scoreLimit: 12 })

    const page = await run(detailRoute.loader, request(`/app/risk/${risk.id}?step=evaluation`, { cookie: writer.cookie }), { id: risk.id })
    expect(page.status).toBe(200)
    const body = page.body as { found: { acceptedUntil: string | null }; extra: EvaluationData }
    expect(body.found.acceptedUntil).toBe(addDays(today, 300))
    const e = body.extra
    const expected = [
      { id: process.id, idkey: process.idkey, result: 'deficient', periodEnd: '2026-03-31' },
      { id: idle.id, idkey: idle.idkey, result: null, periodEnd: null },
    ].sort((a, b) => a.idkey.localeCompare(b.idkey))
    expect(e.controls).toEqual(expected.map((c) => expect.objectContaining(c)))
    expect(e.kris).toEqual([expect.objectContaining({ id: kri!.id, name: 'Deckungsgrad Test', value: '98.2000', periodEnd: '2026-06-30', status: 'red' })])
    expect(e.acceptance).toMatchObject({ acceptedBy: 'Stiftungsrat', decisionReference: 'SR-4' })
    expect(e.appetite.limit).toBe(12)
    expect(e).toMatchObject({ kriRead: true, canAccept: false })
    const asAdmin = await run(detailRoute.loader, request(`/app/risk/${risk.id}?step=evaluation`, { cookie: admin.cookie }), { id: risk.id })
    expect((asAdmin.body as { extra: EvaluationData }).extra.canAccept).toBe(true)
    // A reader without ICS sees no controls.
    const noIcs = await memberFactory({ customer: fund, traits: ['risk-read'] })
    const plain = await run(detailRoute.loader, request(`/app/risk/${risk.id}?step=evaluation`, { cookie: noIcs.cookie }), { id: risk.id })
    expect((plain.body as { extra: EvaluationData }).extra.controls).toBeNull()
  })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { auditEntries, readLog } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { dsgActivityRecord, dsgRequestRecord } from '../../../tests/factories/dsg-records.ts'
import { createCustomer, type Member, memberFactory, request, riskFactory, run } from '../../../tests/factories.ts'
import * as activityRoute from '../dsg/processing/detail.tsx'
import * as auditPage from '../history/audit.tsx'
import * as auditExport from '../history/audit-export.ts'
import * as zipRoute from '../report/auditor-zip.ts'
import { Reports } from '../report/reports.server.ts'
import * as riskDetail from '#app/features/inventory/risk/detail.tsx'

/*
 * What shows old → new values of particularly sensitive data is a read of it (DSV Art. 4, decision
 * 0036): the history panel of a risk, ICS process or processing activity, the admins' audit trail,
 * its exports and the auditor's pack. One read per record per page, through the page or export.
 */

const entriesOf = (recordId: string) => system().select().from(readLog).where(eq(readLog.recordId, recordId)).orderBy(readLog.readAt)
const yesterday = addDays(todayInZurich(), -1)

describe('reading sensitive values in histories and the trail is logged', () => {
  let alpha: string
  let admin: Member
  let writer: Member
  beforeAll(async () => {
    alpha = (await createCustomer({ name: 'Alpha RLH', language: 'de' })).id
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
  })

  const entry = (component: string, entityId: string, changedFields: Record<string, { from: unknown; to: unknown }>, createdAt = new Date()) => ({
    customerId: alpha,
    component,
    action: 'Updated' as const,
    entityId,
    userId: writer.user.id,
    createdAt,
    changedFields,
  })

  it('the history panel of a risk that shows its data protection block logs a read through the page; one without it logs none', async () => {
    const dsgChanged = await riskFactory({ customer: alpha })
    const plain = await riskFactory({ customer: alpha })
    await system()
      .insert(auditEntries)
      .values([entry('risk', dsgChanged.id, { hasPersonalData: { from: false, to: true } }), entry('risk', plain.id, { description: { from: 'a', to: 'b' } })])
    const res = await run(riskDetail.loader, request(`/app/risk/${dsgChanged.id}?step=analysis&history=1`, { cookie: writer.cookie }), { id: dsgChanged.id })
    expect(res.status).toBe(200)
    expect(await entriesOf(dsgChanged.id)).toMatchObject([{ recordKind: 'risk', userId: writer.user.id, via: `/app/risk/${dsgChanged.id}` }])
    // Closed, the panel reads nothing and logs nothing; a history without the block logs nothing either.
    await run(riskDetail.loader, request(`/app/risk/${dsgChanged.id}?step=analysis`, { cookie: writer.cookie }), { id: dsgChanged.id })
    expect(await entriesOf(dsgChanged.id)).toHaveLength(1)
    await run(riskDetail.loader, request(`/app/risk/${plain.id}?step=analysis&history=1`, { cookie: writer.cookie }), { id: plain.id })
    expect(await entriesOf(plain.id)).toEqual([])
    // On the DSG step the page logs the read itself: once for the page, not again for its panel.
    await run(riskDetail.loader, request(`/app/risk/${dsgChanged.id}?step=dsg&history=1`, { cookie: writer.cookie }), { id: dsgChanged.id })
    expect(await entriesOf(dsgChanged.id)).toHaveLength(2)
  })

  it('the history panel of an activity that was sensitive logs a read, though it is not sensitive now', async () => {
    const once = await dsgActivityRecord(alpha, { sensitive: false })
    await system()
      .insert(auditEntries)
      .values(
        entry('dsgActivity', once.id, { sensitive: { from: true, to: false }, dataCategories: { from: [{ name: 'Gesundheit', sensitive: true }], to: [] } }),
      )
    await run(activityRoute.loader, request(`/app/dsg/processing/${once.id}`, { cookie: writer.cookie }), { id: once.id })
    expect(await entriesOf(once.id)).toEqual([])
    await run(activityRoute.loader, request(`/app/dsg/processing/${once.id}?history=1`, { cookie: writer.cookie }), { id: once.id })
    expect(await entriesOf(once.id)).toMatchObject([{ recordKind: 'dsgActivity', via: `/app/dsg/processing/${once.id}` }])
  })

  it('an entry naming a sensitive data category is a read of its activity; a risk entry with only the dsgRelevant flag is none', async () => {
    const activity = await dsgActivityRecord(alpha, { sensitive: false })
    const risk = await riskFactory({ customer: alpha })
    const at = new Date(`${yesterday}T11:00:00Z`)
    await system()
      .insert(auditEntries)
      .values([
        entry('dsgActivity', activity.id, { dataCategories: { from: [], to: [{ name: 'Gesundheit', sensitive: true }] } }, at),
        entry('risk', risk.id, { dsgRelevant: { from: false, to: true } }, at),
      ])
    const page = await run(auditPage.loader, request(`/app/admin/audit?from=${yesterday}&to=${yesterday}`, { cookie: admin.cookie }))
    expect(page.status).toBe(200)
    expect(await entriesOf(activity.id)).toMatchObject([{ recordKind: 'dsgActivity', via: '/app/admin/audit' }])
    expect(await entriesOf(risk.id)).toEqual([])
  })

  it('the audit trail logs one read per record with sensitive values on its page, and its exports and the auditor’s pack one per record they hold', async () => {
    const risk = await riskFactory({ customer: alpha })
    const plain = await riskFactory({ customer: alpha })
    const req = await dsgRequestRecord(alpha, { dueOn: '2026-12-31' })
    const at = new Date(`${yesterday}T10:00:00Z`)
    await system()
      .insert(auditEntries)
      .values([
        entry('risk', risk.id, { dsgRelevant: { from: false, to: true } }, at),
        entry('risk', risk.id, { dsgMeasureNeeded: { from: false, to: true } }, at),
        entry('risk', plain.id, { title: { from: 'a', to: 'b' } }, at),
        entry('dsgRequest', req.id, { state: { from: 'open', to: 'answered' } }, at),
      ])
    const page = await run(auditPage.loader, request(`/app/admin/audit?from=${yesterday}&to=${yesterday}`, { cookie: admin.cookie }))
    expect(page.status).toBe(200)
    expect(await entriesOf(risk.id)).toMatchObject([{ recordKind: 'risk', userId: admin.user.id, via: '/app/admin/audit' }])
    expect(await entriesOf(req.id)).toMatchObject([{ recordKind: 'dsgRequest', via: '/app/admin/audit' }])
    expect(await entriesOf(plain.id)).toEqual([])

    for (const ext of ['csv', 'xlsx']) {
      const res = await run(auditExport.loader, request(`/app/admin/audit/export.${ext}?from=${yesterday}&to=${yesterday}`, { cookie: admin.cookie }))
      expect(res.status).toBe(200)
    }
    expect((await entriesOf(risk.id)).map((e) => e.via)).toEqual(['/app/admin/audit', '/app/admin/audit/export.csv', '/app/admin/audit/export.xlsx'])
    expect(await entriesOf(plain.id)).toEqual([])

    const snapshot = (await Reports.for(admin.access).freeze(yesterday)).id
    const zip = await run(zipRoute.loader, request(`/app/report/${snapshot}/auditor.zip`, { cookie: admin.cookie }), { id: snapshot })
    expect(zip.status).toBe(200)
    expect((await entriesOf(req.id)).map((e) => e.via)).toContain(`/app/report/${snapshot}/auditor.zip`)
    expect((await entriesOf(risk.id)).filter((e) => e.via.endsWith('auditor.zip'))).toHaveLength(1)
    expect(await entriesOf(plain.id)).toEqual([])
  })
})

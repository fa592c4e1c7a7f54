import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { inRequest } from '#models/core/scope.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { auditEntries } from '#models/schema/index.ts'
import { createCustomer, type Member, memberFactory, request, riskFactory, run } from '../../tests/factories.ts'
import * as auditPage from '#app/features/history/audit.tsx'
import * as auditExport from '#app/features/history/audit-export.ts'
import { AuditTrail, parseTrailFilter } from './trail.server.ts'
import { csvRecords } from '../../tests/csv-records.ts'
import { dsgBreachRecord, dsgRequestRecord } from '../../tests/factories/dsg-records.ts'

type Loader = (args: never) => unknown

/** The loader's answer as the server would send it (in its request scope), body read to the end. */
async function get(loader: Loader, path: string, m: Member, lng: 'de' | 'fr' = 'de') {
  const lang = (await localeCookie.serialize(lng)).split(';')[0]
  const req = request(path, { cookie: `${m.cookie}; ${lang}` })
  try {
    const res = (await inRequest(req, async () => (loader as (a: unknown) => unknown)({ request: req, params: {}, context: {} }))) as Response
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
  } catch (thrown) {
    if (thrown instanceof Response) return { res: thrown, bytes: new Uint8Array() }
    const init = (thrown as { init?: { status?: number } }).init
    if (init?.status) return { res: new Response(null, { status: init.status }), bytes: new Uint8Array() }
    throw thrown
  }
}

describe('the admins’ audit trail', () => {
  let alpha: string
  let beta: string
  let admin: Member
  let writer: Member
  let reader: Member
  let betaAdmin: Member
  let risk: Awaited<ReturnType<typeof riskFactory>>
  beforeAll(async () => {
    alpha = (await createCustomer({ name: 'Alpha', language: 'de' })).id
    beta = (await createCustomer({ name: 'Beta', language: 'fr' })).id
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    reader = await memberFactory({ customer: alpha, traits: ['read'] })
    betaAdmin = await memberFactory({ customer: beta, traits: ['admin'] })
    risk = await riskFactory({ customer: alpha })
    // 30 risk changes by the writer, 5 of a work process by the admin, one old entry, and Beta's.
    await asSystem('test: a trail', async (tx) => {
      const rows: (typeof auditEntries.$inferInsert)[] = Array.from({ length: 30 }, (_, i) => ({
        customerId: alpha,
        component: 'risk',
        action: 'Updated' as const,
        entityId: risk.id,
        userId: writer.user.id,
        createdAt: new Date(Date.now() - i * 60_000),
        changedFields: { strategic: { from: i % 2 === 0, to: i % 2 !== 0 } },
      }))
      rows.push(
        ...Array.from({ length: 5 }, (_, i) => ({
          customerId: alpha,
          component: 'workProcess',
          action: 'Created' as const,
          entityId: crypto.randomUUID(),
          userId: admin.user.id,
          createdAt: new Date(Date.now() - i * 60_000),
          changedFields: { strategic: { from: null, to: true } },
        })),
      )
      rows.push({
        customerId: alpha,
        component: 'risk',
        action: 'Updated',
        entityId: risk.id,
        userId: writer.user.id,
        createdAt: new Date('2024-03-15T10:00:00Z'),
        changedFields: { strategic: { from: true, to: false } },
      })
      rows.push({
        customerId: beta,
        component: 'risk',
        action: 'Updated',
        entityId: risk.id,
        userId: betaAdmin.user.id,
        createdAt: new Date(),
        changedFields: {},
      })
      await tx.insert(auditEntries).values(rows)
    })
  })

  it('filters by component, action, user and period, pages on the server, readable', async () => {
    const trail = AuditTrail.for(admin.access)
    const all = await trail.list({ dir: 'desc' }, { limit: 25, offset: 0 }, 'de')
    expect(all.total).toBeGreaterThanOrEqual(36)
    expect(all.rows).toHaveLength(25)
    const risks = await trail.list({ component: 'risk', dir: 'desc' }, { limit: 25, offset: 25 }, 'de')
    expect(risks.total).toBe(31)
    expect(risks.rows).toHaveLength(6)
    expect(risks.rows[0]).toMatchObject({ componentLabel: 'Risiko', actionLabel: 'geändert' })
    expect(risks.rows[0].changes[0].label).toBe('Strategisch')
    expect((await trail.list({ action: 'Created', component: 'workProcess', dir: 'desc' }, { limit: 25, offset: 0 }, 'fr')).rows[0].componentLabel).toBe(
      'Processus de travail',
    )
    expect((await trail.list({ userId: admin.user.id, component: 'workProcess', dir: 'desc' }, { limit: 25, offset: 0 }, 'de')).total).toBe(5)
    expect((await trail.list({ from: '2024-03-15', to: '2024-03-15', dir: 'desc' }, { limit: 25, offset: 0 }, 'de')).total).toBe(1)
    expect((await trail.list({ to: '2024-03-14', dir: 'desc' }, { limit: 25, offset: 0 }, 'de')).total).toBe(0)
    // Beta's admin sees Beta's entry only.
    const theirs = await AuditTrail.for(betaAdmin.access).list({ component: 'risk', dir: 'desc' }, { limit: 25, offset: 0 }, 'fr')
    expect(theirs.total).toBe(1)
    expect(parseTrailFilter(new URL('http://x/?from=2024-02-30')).invalid).toBe(true)
  })

  it('is for admins: the page and the exports refuse everyone else', async () => {
    expect((await run(auditPage.loader, request('/app/admin/audit', { cookie: reader.cookie }))).status).toBe(403)
    expect((await get(auditExport.loader, '/app/admin/audit/export.csv', reader)).res.status).toBe(403)
    await expect(AuditTrail.for(writer.access).list({ dir: 'desc' }, { limit: 25, offset: 0 }, 'de')).rejects.toMatchObject({ code: 'forbidden' })
    const page = await run(auditPage.loader, request('/app/admin/audit?component=risk&page=2', { cookie: admin.cookie }))
    expect(page.status).toBe(200)
    expect((page.body as { total: number; rows: unknown[] }).total).toBe(31)
    const bad = await run(auditPage.loader, request('/app/admin/audit?from=15.03.2024', { cookie: admin.cookie }))
    expect(bad.status).toBe(400)
  })

  it('exports the filtered trail: as many CSV and XLSX rows as the filter counts', async () => {
    const path = `/app/admin/audit/export.csv?component=risk&user=${writer.user.id}`
    const { res, bytes } = await get(auditExport.loader, path, admin)
    expect(res.status).toBe(200)
    const records = csvRecords(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1))
    expect(records[0][0]).toBe('Zeitpunkt')
    expect(records.slice(1)).toHaveLength(31)
    expect(records[1][6]).toMatch(/^Strategisch: (Ja|Nein) → (Ja|Nein)$/)
    // The record by its number and title, as its tool names it; its id last, for the trail's filter.
    expect(records[0].slice(5)).toEqual(['Datensatz', 'Änderungen', 'ID'])
    expect(records[1][5]).toBe(`${risk.idkey} ${risk.title}`)
    expect(records[1][7]).toBe(risk.id)

    const x = await get(auditExport.loader, path.replace('.csv', '.xlsx'), admin, 'fr')
    expect(x.res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(x.bytes.buffer as ArrayBuffer)
    expect(wb.worksheets[0].actualRowCount - 1).toBe(31)
    // Batches of a few rows walk the whole trail in order, without repeats.
    const seen: string[] = []
    for await (const batch of AuditTrail.for(admin.access).iterate({ component: 'risk', dir: 'desc' }, 'de', 4)) seen.push(...batch.map((r) => r.id))
    expect(seen).toHaveLength(31)
    expect(new Set(seen).size).toBe(31)
  })

  it('names each entry’s record as it is called now, on the page and in the exports, and says when it was deleted', async () => {
    const breach = await dsgBreachRecord(alpha, { title: 'Verlorener Laptop' })
    const req = await dsgRequestRecord(alpha, { dueOn: '2026-12-31', requesterName: 'Erika Beispiel' })
    await asSystem('test: entries of a breach and a request', (tx) =>
      tx.insert(auditEntries).values([
        { customerId: alpha, component: 'dsgBreach', action: 'Created', entityId: breach.id, userId: admin.user.id, changedFields: {} },
        { customerId: alpha, component: 'dsgRequest', action: 'Created', entityId: req.id, userId: admin.user.id, changedFields: {} },
      ]),
    )
    const rows = (await AuditTrail.for(admin.access).list({ component: 'dsgBreach', dir: 'desc' }, { limit: 25, offset: 0 }, 'de')).rows
    expect(rows[0]).toMatchObject({ entityId: breach.id, record: `DB-${breach.idkey} Verlorener Laptop` })
    // A request by its number only: its requester is not for the trail.
    const requests = (await AuditTrail.for(admin.access).list({ component: 'dsgRequest', dir: 'desc' }, { limit: 25, offset: 0 }, 'de')).rows
    expect(requests[0]).toMatchObject({ entityId: req.id, record: `DR-${req.idkey}` })

    // The page shows it under the area; a work process that no longer exists reads "deleted".
    const page = await run(auditPage.loader, request('/app/admin/audit?component=workProcess', { cookie: admin.cookie }))
    expect((page.body as { rows: { record: string }[] }).rows.map((r) => r.record)).toEqual(Array(5).fill('gelöscht'))
    const x = await get(auditExport.loader, '/app/admin/audit/export.xlsx?component=workProcess', admin, 'fr')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(x.bytes.buffer as ArrayBuffer)
    const sheet = wb.worksheets[0]
    expect(sheet.getRow(1).getCell(6).value).toBe('Enregistrement')
    expect(sheet.getRow(2).getCell(6).value).toBe('supprimé')
  })

  it('an export reads no entry written after its read was logged', async () => {
    // An entry stamped after the export's moment (as one written while the export streams).
    await asSystem('test: a later entry', (tx) =>
      tx.insert(auditEntries).values({
        customerId: alpha,
        component: 'responsibleBody',
        action: 'Created',
        entityId: 'written-later',
        userId: admin.user.id,
        createdAt: new Date(Date.now() + 60 * 60_000),
        changedFields: { name: { from: null, to: 'Später' } },
      }),
    )
    const { res, bytes } = await get(auditExport.loader, '/app/admin/audit/export.csv?component=responsibleBody', admin)
    expect(res.status).toBe(200)
    expect(new TextDecoder().decode(bytes)).not.toContain('written-later')
    const all: string[] = []
    for await (const batch of AuditTrail.for(admin.access).iterate({ component: 'responsibleBody', dir: 'desc' }, 'de'))
      all.push(...batch.map((r) => r.entityId ?? ''))
    expect(all).toContain('written-later')
  })
})

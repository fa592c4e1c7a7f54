import { db } from '#models/core/db.server.ts'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as catalogRoute from './catalog.tsx'
import * as matrixRoute from './control-matrix.tsx'
import * as detailRoute from './detail.tsx'
import * as individualRoute from './individual.tsx'
import * as listRoute from './index.tsx'
import * as qsRoute from './quality-index.tsx'
import { system } from '../../../../tests/system-db.ts'
import { processes } from './processes.server.ts'
import { provisionPendingCustomers } from '#models/reference/provision.server.ts'
import {
  auditEntries,
  controlMatrixRows,
  customers,
  icsCatalog,
  icsMainThemes,
  icsProcesses,
  icsQuality,
  icsSettings,
  icsSubThemes,
  severityLevels,
} from '#models/schema/index.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { createCustomer, request, run } from '../../../../tests/factories.ts'
import { attachmentTests, toolTestKit, twoCustomers } from '#app/features/inventory/tool.testing.ts'

const kit = toolTestKit('iks', icsCatalog, detailRoute.action)
const { member, catalogIds: ids, detail } = kit

describe('internal control system', () => {
  const c = twoCustomers(() => seedIcsCatalog(db()), { alpha: 'Alpha ICS', beta: 'Beta ICS' })

  it('copies catalogue entries with their default control target, activity, frequency and test procedure, in the customer language, once', async () => {
    const b = await member(c.beta, 'fr')
    const [id] = await ids('02.1.01')
    const [entry] = await system().select().from(icsCatalog).where(eq(icsCatalog.id, id))
    expect((await run(catalogRoute.action, request('/app/iks/catalog', { cookie: b.cookie, form: { catalogId: id } }))).status).toBe(302)
    const [row] = await system()
      .select()
      .from(icsProcesses)
      .where(and(eq(icsProcesses.customerId, c.beta), eq(icsProcesses.catalogId, id)))
    expect(row).toMatchObject({
      idkey: '02.1.01',
      title: entry.titleFr,
      controlTarget: entry.defaultControlTargetFr,
      controlActivity: entry.defaultControlActivityFr,
      subThemeId: entry.subThemeId,
      frequency: 'annual',
      testProcedure: entry.defaultProcedureFr,
    })
    expect(row.testProcedure).toMatch(/^1\. /)
    expect((await run(catalogRoute.action, request('/app/iks/catalog', { cookie: b.cookie, form: { catalogId: id } }))).status).toBe(409)
  })

  it('numbers individual processes with the main process number and _P, and checks the sub-process', async () => {
    const a = await member(c.alpha, 'de')
    const [main] = await system().select().from(icsMainThemes).where(eq(icsMainThemes.leadingNumber, '06'))
    const [otherSub] = await system().select().from(icsSubThemes).where(eq(icsSubThemes.key, '01.1'))
    const res = await run(
      individualRoute.action,
      request('/app/iks/catalog/individual', { cookie: a.cookie, form: { mainThemeId: main.id, title: 'Eigener Prozess' } }),
    )
    expect(res.status).toBe(302)
    const [row] = await system()
      .select()
      .from(icsProcesses)
      .where(and(eq(icsProcesses.customerId, c.alpha), eq(icsProcesses.title, 'Eigener Prozess')))
    expect(row.idkey).toBe('06.01_P')
    const bad = await run(
      individualRoute.action,
      request('/app/iks/catalog/individual', { cookie: a.cookie, form: { mainThemeId: main.id, subThemeId: otherSub.id, title: 'x' } }),
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('iks:catalog.subMismatch')
  })

  it('one block at a time, across risks and processes; saves check the version and are audited', async () => {
    const a = await member(c.alpha, 'de')
    const other = await member(c.alpha, 'de')
    const [p] = await processes.for(a.access).addFromCatalog(await ids('03.1.01'))
    expect((await detail(p.id, a.cookie, { intent: 'edit', block: 'assessment' })).status).toBe(302)
    expect((await detail(p.id, a.cookie, { intent: 'edit', block: 'control' })).status).toBe(409)
    const blocked = await detail(p.id, other.cookie, { intent: 'edit', block: 'control' })
    expect(blocked.status).toBe(409)
    expect(blocked.body).toMatchObject({ blockError: 'validation.multipleBlocks' })
    const saved = await detail(p.id, a.cookie, {
      intent: 'save',
      block: 'assessment',
      version: '1',
      assessmentCurrentState: 'Vier-Augen-Prinzip gelebt',
      effectiveness: 'fulfilled',
      traceability: 'partly',
    })
    expect(saved.status).toBe(302)
    const [row] = await system().select().from(icsProcesses).where(eq(icsProcesses.id, p.id))
    expect(row).toMatchObject({ effectiveness: 'fulfilled', traceability: 'partly', efficiency: null, version: 2 })
    const stale = await detail(p.id, other.cookie, { intent: 'save', block: 'control', version: '1', controlTarget: 'alt' })
    expect(stale.status).toBe(409)
    expect(JSON.stringify(stale.body)).toContain('validation.staleVersion')
  })

  attachmentTests(kit, {
    name: 'a measure added to a process belongs to it',
    customer: () => c.alpha,
    service: processes,
    entry: '04.1.01',
    step: 'objectives',
    detailLoader: detailRoute.loader,
  })

  it('rights: readers see, dsg sees only DSG-relevant processes, and others’ processes are 404', async () => {
    const a = await member(c.alpha, 'de')
    const created = await processes.for(a.access).addFromCatalog(await ids('06.1.01', '05.1.01'))
    const dsgProcess = created.find((p) => p.dsgRelevant)
    const plain = created.find((p) => !p.dsgRelevant)!
    const reader = await member(c.alpha, 'de', 'read')
    expect((await detail(plain.id, reader.cookie, { intent: 'edit', block: 'intro' })).status).toBe(403)
    const dsg = await member(c.alpha, 'de', 'dsg')
    const list = (await run(listRoute.loader, request('/app/iks', { cookie: dsg.cookie }))).body as { rows: { id: string }[] }
    expect(list.rows.map((r) => r.id)).not.toContain(plain.id)
    expect(dsgProcess).toBeDefined()
    expect(list.rows.map((r) => r.id)).toContain(dsgProcess!.id)
    const view = (await run(detailRoute.loader, request(`/app/iks/${dsgProcess!.id}`, { cookie: dsg.cookie }), { id: dsgProcess!.id })).body as {
      found: { process: Record<string, unknown> }
    }
    expect(view.found.process).toMatchObject({ id: dsgProcess!.id, dsgRelevant: true, description: '', controlTarget: '', controlActivity: '' })
    expect(dsgProcess!.controlTarget).not.toBe('')
    expect((await run(detailRoute.loader, request(`/app/iks/${plain.id}`, { cookie: dsg.cookie }), { id: plain.id })).status).toBe(404)
    const b = await member(c.beta, 'fr', 'admin')
    expect((await run(detailRoute.loader, request(`/app/iks/${plain.id}`, { cookie: b.cookie }), { id: plain.id })).status).toBe(404)
    expect((await detail(plain.id, b.cookie, { intent: 'edit', block: 'intro' })).status).toBe(404)
    expect((await detail(plain.id, b.cookie, { intent: 'addDocument', name: 'x' })).status).toBe(404)
  })

  it('quality index: admins set levels and the council minimum; others only read', async () => {
    const admin = await member(c.alpha, 'de', 'admin')
    const writer = await member(c.alpha, 'de', 'write')
    const [m1, m2] = await system().select().from(icsMainThemes).orderBy(icsMainThemes.leadingNumber)
    const form = { [`level.${m1.id}`]: '4', [`level.${m2.id}`]: '2', councilMinimum: '3' }
    expect((await run(qsRoute.action, request('/app/iks/qsindex', { cookie: writer.cookie, form }))).status).toBe(403)
    expect((await run(qsRoute.action, request('/app/iks/qsindex', { cookie: admin.cookie, form: { ...form, councilMinimum: '7' } }))).status).toBe(400)
    expect(
      (
        await run(
          qsRoute.action,
          request('/app/iks/qsindex', { cookie: admin.cookie, form: { 'level.00000000-0000-4000-8000-000000000000': '3', councilMinimum: '3' } }),
        )
      ).status,
    ).toBe(404)
    expect((await run(qsRoute.action, request('/app/iks/qsindex', { cookie: admin.cookie, form }))).status).toBe(302)
    const levels = await system().select().from(icsQuality).where(eq(icsQuality.customerId, c.alpha))
    expect(levels.map((l) => l.level).sort()).toEqual([2, 4])
    const view = (await run(qsRoute.loader, request('/app/iks/qsindex', { cookie: writer.cookie }))).body as {
      councilMinimum: number
      canEdit: boolean
      themes: { id: string; level: number | null }[]
    }
    expect(view).toMatchObject({ councilMinimum: 3, canEdit: false })
    expect(view.themes.find((th) => th.id === m1.id)?.level).toBe(4)
    const [settings] = await system().select().from(icsSettings).where(eq(icsSettings.customerId, c.alpha))
    expect(settings.councilMinimum).toBe(3)
    // clearing a level
    await run(qsRoute.action, request('/app/iks/qsindex', { cookie: admin.cookie, form: { [`level.${m2.id}`]: '', councilMinimum: '3' } }))
    expect(
      await system()
        .select()
        .from(icsQuality)
        .where(and(eq(icsQuality.customerId, c.alpha), eq(icsQuality.mainThemeId, m2.id))),
    ).toHaveLength(0)
  })

  it('control matrix: starts from the template in the customer language; admins edit, add and remove rows', async () => {
    const admin = await member(c.beta, 'fr', 'admin')
    const view = (await run(matrixRoute.loader, request('/app/iks/control-matrix', { cookie: admin.cookie }))).body as {
      rows: { id: string; task: string; version: number; responsible: string | null }[]
    }
    expect(view.rows.length).toBeGreaterThan(10)
    const [first, second] = view.rows
    const form: Record<string, string> = { count: '3' }
    const put = (i: number, r: { id?: string; version?: number; task: string; responsible?: string; remove?: boolean }) => {
      form[`row[${i}].id`] = r.id ?? ''
      form[`row[${i}].version`] = r.version ? String(r.version) : ''
      form[`row[${i}].task`] = r.task
      form[`row[${i}].responsible`] = r.responsible ?? ''
      if (r.remove) form[`row[${i}].remove`] = 'on'
    }
    put(0, { id: first.id, version: first.version, task: first.task, responsible: 'E' })
    put(1, { id: second.id, version: second.version, task: second.task, remove: true })
    put(2, { task: 'Nouvelle tâche de contrôle', responsible: 'A' })
    const writer = await member(c.beta, 'fr', 'write')
    expect((await run(matrixRoute.action, request('/app/iks/control-matrix', { cookie: writer.cookie, form }))).status).toBe(403)
    expect((await run(matrixRoute.action, request('/app/iks/control-matrix', { cookie: admin.cookie, form }))).status).toBe(302)
    const rows = await system().select().from(controlMatrixRows).where(eq(controlMatrixRows.customerId, c.beta))
    expect(rows.find((r) => r.id === first.id)?.responsible).toBe('E')
    expect(rows.find((r) => r.id === second.id)).toBeUndefined()
    expect(rows.find((r) => r.task === 'Nouvelle tâche de contrôle')?.responsible).toBe('A')
    expect((await run(matrixRoute.action, request('/app/iks/control-matrix', { cookie: admin.cookie, form }))).status).toBe(409)
    // another customer's row: 404
    const a = await member(c.alpha, 'de', 'admin')
    const foreign = { count: '1', 'row[0].id': first.id, 'row[0].version': '2', 'row[0].task': 'x' }
    expect((await run(matrixRoute.action, request('/app/iks/control-matrix', { cookie: a.cookie, form: foreign }))).status).toBe(404)
  })

  it('a fund is provisioned once: an emptied control matrix stays empty, and older funds are provisioned at start', async () => {
    const customer = await createCustomer({ language: 'en' })
    const admin = await member(customer.id, 'en', 'admin')
    const view = (await run(matrixRoute.loader, request('/app/iks/control-matrix', { cookie: admin.cookie }))).body as {
      rows: { id: string; task: string; version: number }[]
    }
    expect(view.rows.length).toBeGreaterThan(10)
    const form: Record<string, string> = { count: String(view.rows.length) }
    for (const [i, r] of view.rows.entries()) {
      Object.assign(form, { [`row[${i}].id`]: r.id, [`row[${i}].version`]: String(r.version), [`row[${i}].task`]: r.task, [`row[${i}].remove`]: 'on' })
    }
    expect((await run(matrixRoute.action, request('/app/iks/control-matrix', { cookie: admin.cookie, form }))).status).toBe(302)
    const again = (await run(matrixRoute.loader, request('/app/iks/control-matrix', { cookie: admin.cookie }))).body as { rows: unknown[] }
    expect(again.rows).toHaveLength(0)
    expect(await provisionPendingCustomers(db())).toBe(0)
    expect(await system().select().from(controlMatrixRows).where(eq(controlMatrixRows.customerId, customer.id))).toHaveLength(0)

    // A fund from before provisioning existed: provisioned at the next start, in its language, once.
    const [old] = await system()
      .insert(customers)
      .values({ name: `Old fund ${Date.now()}`, language: 'fr' })
      .returning()
    expect(await provisionPendingCustomers(db())).toBe(1)
    expect(await provisionPendingCustomers(db())).toBe(0)
    const rows = await system().select().from(controlMatrixRows).where(eq(controlMatrixRows.customerId, old.id))
    expect(rows.length).toBe(view.rows.length)
    const levels = await system().select().from(severityLevels).where(eq(severityLevels.customerId, old.id))
    expect(levels.map((l) => l.ref).sort()).toEqual([1, 2, 3, 4, 5])
    expect(await system().select().from(icsSettings).where(eq(icsSettings.customerId, old.id))).toHaveLength(1)
  })

  it('control matrix: moving rows is saved and on record', async () => {
    const customer = await createCustomer({ language: 'de' })
    const admin = await member(customer.id, 'de', 'admin')
    type Row = { id: string; version: number } & Record<
      'task' | 'revision' | 'management' | 'responsible' | 'department' | 'controller' | 'cycle' | 'comment',
      string | null
    >
    const view = (await run(matrixRoute.loader, request('/app/iks/control-matrix', { cookie: admin.cookie }))).body as { rows: Row[] }
    const order = [view.rows[1], view.rows[0], ...view.rows.slice(2)]
    const form: Record<string, string> = { count: String(order.length) }
    order.forEach((r, i) => {
      form[`row[${i}].id`] = r.id
      form[`row[${i}].version`] = String(r.version)
      for (const k of ['task', 'revision', 'management', 'responsible', 'department', 'controller', 'cycle', 'comment'] as const)
        form[`row[${i}].${k}`] = r[k] ?? ''
    })
    expect((await run(matrixRoute.action, request('/app/iks/control-matrix', { cookie: admin.cookie, form }))).status).toBe(302)
    const after = (await run(matrixRoute.loader, request('/app/iks/control-matrix', { cookie: admin.cookie }))).body as { rows: { id: string }[] }
    expect(after.rows.slice(0, 2).map((r) => r.id)).toEqual([view.rows[1].id, view.rows[0].id])
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, customer.id), eq(auditEntries.component, 'controlMatrix')))
    expect(audit.map((e) => e.entityId).sort()).toEqual([view.rows[0].id, view.rows[1].id].sort())
    expect(audit.every((e) => 'position' in (e.changedFields as object))).toBe(true)
  })
})

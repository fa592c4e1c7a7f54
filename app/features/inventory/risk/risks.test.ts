import { db } from '#models/core/db.server.ts'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as catalogRoute from './catalog.tsx'
import * as detailRoute from './detail.tsx'
import * as exportRoute from './export.ts'
import * as individualRoute from './individual.tsx'
import * as listRoute from './index.tsx'
import * as mapRoute from './map.tsx'
import { acquireLock, LOCK_MINUTES } from '#models/core/locks.server.ts'
import { system } from '../../../../tests/system-db.ts'
import { getLevels } from './levels.server.ts'
import { mapCounts, risks$ } from './risks.server.ts'
import { auditEntries, blockLocks, measures, probabilityLevels, riskCatalog, risks, severityLevels } from '#models/schema/index.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { request, run } from '../../../../tests/factories.ts'
import { attachmentTests, toolTestKit, twoCustomers } from '#app/features/inventory/tool.testing.ts'

/** Members have read on ICS besides their role on RM. */
const kit = toolTestKit('risk', riskCatalog, detailRoute.action, { iks: 'read' })
const { member, catalogIds, detail } = kit

describe('risk management', () => {
  const c = twoCustomers(() => seedRiskCatalog(db()), { alpha: 'Alpha', beta: 'Beta' })

  it('copies catalogue entries in the customer language, keeping the reference and number, once', async () => {
    const b = await member(c.beta, 'fr')
    const [id] = await catalogIds('02.01')
    const [entry] = await system().select().from(riskCatalog).where(eq(riskCatalog.id, id))
    const res = await run(catalogRoute.action, request('/app/risk/catalog', { cookie: b.cookie, form: { catalogId: id } }))
    expect(res.status).toBe(302)
    const [row] = await system()
      .select()
      .from(risks)
      .where(and(eq(risks.customerId, c.beta), eq(risks.catalogId, id)))
    expect(row).toMatchObject({ idkey: '02.01', title: entry.titleFr, description: entry.descriptionFr, reaction: entry.reactionFr, themeId: entry.themeId })
    const { probability } = await getLevels(b.access)
    expect(row.probabilityLevelId).toBe(probability.find((l) => l.ref === entry.probability)!.id)
    const again = await run(catalogRoute.action, request('/app/risk/catalog', { cookie: b.cookie, form: { catalogId: id } }))
    expect(again.status).toBe(409)
    expect(
      await system()
        .select()
        .from(risks)
        .where(and(eq(risks.customerId, c.beta), eq(risks.catalogId, id))),
    ).toHaveLength(1)
    const none = await run(catalogRoute.action, request('/app/risk/catalog', { cookie: b.cookie, form: {} }))
    expect(none.status).toBe(400)
  })

  it('numbers individual risks with the theme number and the suffix _P, per customer', async () => {
    const a = await member(c.alpha, 'de')
    const [theme] = await system().query.riskThemes.findMany({ where: (t, { eq }) => eq(t.leadingNumber, '05') })
    const create = async (cookie: string, title: string) =>
      run(individualRoute.action, request('/app/risk/catalog/individual', { cookie, form: { themeId: theme.id, title } }))
    const first = await create(a.cookie, 'Eigenes Risiko 1')
    const second = await create(a.cookie, 'Eigenes Risiko 2')
    expect(first.status).toBe(302)
    const rows = await system()
      .select()
      .from(risks)
      .where(and(eq(risks.customerId, c.alpha), eq(risks.themeId, theme.id)))
    expect(rows.map((r) => r.idkey).sort()).toEqual(['05.01_P', '05.02_P'])
    expect(rows.every((r) => r.catalogId === null)).toBe(true)
    expect(second.location).toMatch(/^\/app\/risk\/[0-9a-f-]{36}$/)
    const b = await member(c.beta, 'fr')
    await create(b.cookie, 'Risque propre')
    const [betaRow] = await system()
      .select()
      .from(risks)
      .where(and(eq(risks.customerId, c.beta), eq(risks.title, 'Risque propre')))
    expect(betaRow.idkey).toBe('05.01_P')
    const empty = await create(a.cookie, '')
    expect(JSON.stringify(empty.body)).toContain('validation.required')
  })

  it('one block at a time: the same user, another user, and expiry', async () => {
    const a = await member(c.alpha, 'de')
    const other = await member(c.alpha, 'de')
    const [r1, r2] = await risks$.for(a.access).addFromCatalog(await catalogIds('01.01', '01.02'))
    expect((await detail(r1.id, a.cookie, { intent: 'edit', block: 'analysis' })).status).toBe(302)
    // a second block of the same risk, and a block of another risk: refused
    const second = await detail(r1.id, a.cookie, { intent: 'edit', block: 'evaluation' })
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({ blockError: 'validation.multipleBlocks' })
    expect((await detail(r2.id, a.cookie, { intent: 'edit', block: 'intro' })).status).toBe(409)
    // reopening the own block is fine
    expect((await detail(r1.id, a.cookie, { intent: 'edit', block: 'analysis' })).status).toBe(302)
    // another user: refused on this risk (and told who), free on another
    const blocked = await detail(r1.id, other.cookie, { intent: 'edit', block: 'monitoring' })
    expect(blocked.status).toBe(409)
    expect((blocked.body as { holder: string }).holder).toContain(a.user.lastName)
    const saveBlocked = await detail(r1.id, other.cookie, { intent: 'save', block: 'monitoring', version: '1', controlling: 'x' })
    expect(saveBlocked.status).toBe(409)
    expect(JSON.stringify(saveBlocked.body)).toContain('validation.multipleBlocks')
    expect((await detail(r2.id, other.cookie, { intent: 'edit', block: 'intro' })).status).toBe(302)
    await detail(r2.id, other.cookie, { intent: 'cancel', block: 'intro' })
    // the loader shows the editing state to its holder only
    const view = await run(detailRoute.loader, request(`/app/risk/${r1.id}?step=analysis`, { cookie: a.cookie }), { id: r1.id })
    expect(view.body).toMatchObject({ editing: true, lock: { block: 'analysis', mine: true } })
    const viewOther = await run(detailRoute.loader, request(`/app/risk/${r1.id}?step=analysis`, { cookie: other.cookie }), { id: r1.id })
    expect(viewOther.body).toMatchObject({ editing: false, lock: { block: 'analysis', mine: false } })
    // save releases the lock; the other user may then edit
    const saved = await detail(r1.id, a.cookie, {
      intent: 'save',
      block: 'analysis',
      version: '1',
      description: 'Neu beschrieben',
      relevance: 'high',
      strategic: 'on',
    })
    expect(saved.status).toBe(302)
    expect(await system().select().from(blockLocks).where(eq(blockLocks.userId, a.user.id))).toHaveLength(0)
    expect((await detail(r1.id, other.cookie, { intent: 'edit', block: 'monitoring' })).status).toBe(302)
    // expiry: a lock older than 15 minutes no longer counts
    const later = new Date(Date.now() + (LOCK_MINUTES + 1) * 60_000)
    expect(await acquireLock(a.access, 'risk', r1.id, 'intro', later)).toEqual({ ok: true })
  })

  it('a stale save changes nothing and keeps the input', async () => {
    const a = await member(c.alpha, 'de')
    const [r] = await risks$.for(a.access).addFromCatalog(await catalogIds('01.03'))
    await detail(r.id, a.cookie, { intent: 'edit', block: 'monitoring' })
    await system().update(risks).set({ version: 2 }).where(eq(risks.id, r.id))
    const stale = await detail(r.id, a.cookie, { intent: 'save', block: 'monitoring', version: '1', controlling: 'Quartalsbericht' })
    expect(stale.status).toBe(409)
    expect(JSON.stringify(stale.body)).toContain('validation.staleVersion')
    expect(JSON.stringify(stale.body)).toContain('Quartalsbericht')
    const [row] = await system().select().from(risks).where(eq(risks.id, r.id))
    expect(row.controlling).not.toBe('Quartalsbericht')
  })

  it('evaluation takes only the customer’s own levels, moves the risk on the map and is audited', async () => {
    const a = await member(c.alpha, 'de')
    const b = await member(c.beta, 'fr')
    const [r] = await risks$.for(a.access).addFromCatalog(await catalogIds('03.01'))
    await system().update(risks).set({ probabilityLevelId: null, severityLevelId: null }).where(eq(risks.id, r.id))
    const levels = await getLevels(a.access)
    const foreign = await getLevels(b.access)
    await detail(r.id, a.cookie, { intent: 'edit', block: 'evaluation' })
    const bad = await detail(r.id, a.cookie, {
      intent: 'save',
      block: 'evaluation',
      version: '1',
      probabilityLevelId: foreign.probability[0].id,
      severityLevelId: levels.severity[0].id,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('risk:evaluation.levelInvalid')
    const before = await mapCounts(a.access)
    const count = (rows: typeof before, p: number, s: number) => rows.find((c) => c.probability === p && c.severity === s)?.count ?? 0
    const ok = await detail(r.id, a.cookie, {
      intent: 'save',
      block: 'evaluation',
      version: '1',
      probabilityLevelId: levels.probability[4].id,
      severityLevelId: levels.severity[4].id,
    })
    expect(ok.status).toBe(302)
    const after = await mapCounts(a.access)
    expect(count(after, 5, 5)).toBe(count(before, 5, 5) + 1)
    const list = await run(listRoute.loader, request('/app/risk?cell=5-5', { cookie: a.cookie }))
    expect((list.body as { rows: { id: string }[] }).rows.map((x) => x.id)).toContain(r.id)
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, r.id), eq(auditEntries.action, 'Updated')))
    expect(Object.keys(audit[0].changedFields)).toEqual(expect.arrayContaining(['probabilityLevelId', 'severityLevelId', 'block']))
  })

  it('only admins of the risk tool edit the map levels', async () => {
    const writer = await member(c.alpha, 'de', 'write')
    const admin = await member(c.alpha, 'de', 'admin')
    const { severity, probability } = await getLevels(admin.access)
    const form = {
      'severity[0].id': severity[0].id,
      'severity[0].size': 'sehr klein',
      'severity[0].effect': '< CHF 10 000',
      'severity[0].description': '',
      'severity[0].version': String(severity[0].version),
      'probability[0].id': probability[0].id,
      'probability[0].name': 'kaum',
      'probability[0].range': '',
      'probability[0].description': '',
      'probability[0].version': String(probability[0].version),
    }
    expect((await run(mapRoute.action, request('/app/risk/map', { cookie: writer.cookie, form }))).status).toBe(403)
    expect((await run(mapRoute.loader, request('/app/risk/map', { cookie: writer.cookie }))).body).toMatchObject({ canEdit: false })
    expect((await run(mapRoute.action, request('/app/risk/map', { cookie: admin.cookie, form }))).status).toBe(302)
    const [row] = await system().select().from(severityLevels).where(eq(severityLevels.id, severity[0].id))
    expect(row).toMatchObject({ size: 'sehr klein', effect: '< CHF 10 000', version: severity[0].version + 1 })
    // stale and foreign rows change nothing
    expect((await run(mapRoute.action, request('/app/risk/map', { cookie: admin.cookie, form }))).status).toBe(409)
    const b = await member(c.beta, 'fr', 'admin')
    const foreign = { ...form, 'severity[0].version': String(severity[0].version + 1) }
    expect((await run(mapRoute.action, request('/app/risk/map', { cookie: b.cookie, form: foreign }))).status).toBe(404)
    const [p] = await system().select().from(probabilityLevels).where(eq(probabilityLevels.id, probability[0].id))
    expect(p.name).toBe('kaum')
  })

  it('the dsg role sees only DSG-relevant risks and only their data protection block', async () => {
    const a = await member(c.alpha, 'de')
    const dsg = await member(c.alpha, 'de', 'dsg')
    const created = await risks$.for(a.access).addFromCatalog(await catalogIds('06.01', '02.02'))
    const dsgRisk = created.find((r) => r.dsgRelevant)!
    const plain = created.find((r) => !r.dsgRelevant)!
    const list = await run(listRoute.loader, request('/app/risk?sort=idkey', { cookie: dsg.cookie }))
    const ids = (list.body as { rows: { id: string; dsgRelevant: boolean }[] }).rows
    expect(ids.every((r) => r.dsgRelevant)).toBe(true)
    expect(ids.map((r) => r.id)).toContain(dsgRisk.id)
    expect((await run(detailRoute.loader, request(`/app/risk/${plain.id}`, { cookie: dsg.cookie }), { id: plain.id })).status).toBe(404)
    const view = await run(detailRoute.loader, request(`/app/risk/${dsgRisk.id}?step=intro`, { cookie: dsg.cookie }), { id: dsgRisk.id })
    expect(view.body).toMatchObject({ step: 'dsg', steps: ['dsg'], mode: 'dsg' })
    // Only the data protection block's data reaches the page: no assessment texts, no owner.
    const risk = (view.body as { found: { risk: Record<string, unknown>; ownerName: unknown } }).found
    expect(risk.risk).toMatchObject({ id: dsgRisk.id, title: dsgRisk.title, dsgRelevant: true, description: '', reaction: '', controlling: '', tags: [] })
    expect(dsgRisk.description).not.toBe('')
    expect(risk.ownerName).toBeNull()
    expect((await detail(dsgRisk.id, a.cookie, { intent: 'edit', block: 'nonsense' })).status).toBe(404)
    // The dsg role edits the data protection block and no other (docs/decisions/0006-rights.md).
    expect((await detail(dsgRisk.id, dsg.cookie, { intent: 'edit', block: 'intro' })).status).toBe(403)
    expect((await detail(dsgRisk.id, dsg.cookie, { intent: 'edit', block: 'dsg' })).status).toBe(302)
    expect((await run(catalogRoute.loader, request('/app/risk/catalog', { cookie: dsg.cookie }))).status).toBe(403)
  })

  attachmentTests(kit, {
    name: 'a measure added in the steering block belongs to the risk and shows in the RM tab',
    customer: () => c.alpha,
    service: risks$,
    entry: '04.01',
    step: 'steering',
    detailLoader: detailRoute.loader,
  })

  it('tenant isolation: a Beta user gets 404 for every Alpha risk route and sees nothing in the export', async () => {
    const a = await member(c.alpha, 'de')
    const b = await member(c.beta, 'fr', 'admin')
    const [r] = await risks$.for(a.access).addFromCatalog(await catalogIds('07.01'))
    const p = { id: r.id }
    expect((await run(detailRoute.loader, request(`/app/risk/${r.id}`, { cookie: b.cookie }), p)).status).toBe(404)
    const forms: Record<string, string>[] = [
      { intent: 'edit', block: 'intro' },
      { intent: 'save', block: 'monitoring', version: '1', controlling: 'x' },
      { intent: 'addMeasure', title: 'x', owner: `user:${b.user.id}`, dueDate: '2026-12-01', recurrence: '0' },
      { intent: 'addDocument', name: 'x' },
    ]
    for (const form of forms) {
      expect((await detail(r.id, b.cookie, form)).status, form.intent).toBe(404)
    }
    const csv = (await exportRoute.loader({
      request: request('/app/risk/export.csv?all=1', { cookie: b.cookie }),
      params: {},
      context: {},
    } as never)) as Response
    expect(await csv.text()).not.toContain(r.title)
    const list = await run(listRoute.loader, request(`/app/risk?q=${encodeURIComponent(r.title)}`, { cookie: b.cookie }))
    expect((list.body as { rows: unknown[] }).rows).toEqual([])
    const [row] = await system().select().from(risks).where(eq(risks.id, r.id))
    expect(row.version).toBe(1)
    expect(await system().select().from(measures).where(eq(measures.riskId, r.id))).toHaveLength(0)
  })

  it('readers see the inventory but cannot open blocks or add risks', async () => {
    const a = await member(c.alpha, 'de')
    const reader = await member(c.alpha, 'de', 'read')
    const [r] = await risks$.for(a.access).addFromCatalog(await catalogIds('08.01'))
    expect((await run(listRoute.loader, request('/app/risk', { cookie: reader.cookie }))).status).toBe(200)
    expect((await detail(r.id, reader.cookie, { intent: 'edit', block: 'intro' })).status).toBe(403)
    expect((await run(catalogRoute.action, request('/app/risk/catalog', { cookie: reader.cookie, form: { catalogId: r.catalogId! } }))).status).toBe(403)
  })
})

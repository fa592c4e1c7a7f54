import { db } from '#models/core/db.server.ts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as docsRoute from '../documents/index.tsx'
import * as deleteRoute from './delete.tsx'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, icsSubThemes, users, workProcesses } from '#models/schema/index.ts'
import { WorkProcesses } from './work-processes.server.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { customerFactory, memberFactory, request, run } from '../../../tests/factories/index.ts'

describe('work processes', () => {
  let alpha: string
  let beta: string
  beforeAll(async () => {
    await seedIcsCatalog(db())
    alpha = (await customerFactory()).id
    beta = (await customerFactory()).id
  })

  const member = (customer: string, iks: 'read' | 'write' = 'write') => memberFactory({ customer, traits: [`ics-${iks}`, 'risk-read'] })

  it('ICS writers file work processes; readers see them; the documents tab lists them; each change is audited', async () => {
    const w = await member(alpha)
    const [sub] = await system().select().from(icsSubThemes).where(eq(icsSubThemes.key, '04.1'))
    const form = {
      title: 'Rentenauszahlung',
      state: 'inForce',
      link: 'https://intranet.example/rente.pdf',
      enforcementDate: '01.01.2026',
      businessCase: 'Leistungen',
      processRef: 'AP-1',
      ownerUserId: w.user.id,
      mainThemeId: sub.mainThemeId,
      subThemeId: sub.id,
    }
    const res = await run(editRoute.action, request('/app/work-process/new', { cookie: w.cookie, form }))
    expect(res.status).toBe(302)
    const [row] = await system().select().from(workProcesses).where(eq(workProcesses.title, 'Rentenauszahlung'))
    expect(row).toMatchObject({ customerId: alpha, state: 'inForce', enforcementDate: '2026-01-01', subThemeId: sub.id })
    const reader = await member(alpha, 'read')
    const list = await run(listRoute.loader, request('/app/work-process', { cookie: reader.cookie }))
    expect((list.body as { rows: { title: string }[]; canWrite: boolean }).rows.map((r) => r.title)).toContain('Rentenauszahlung')
    expect((list.body as { canWrite: boolean }).canWrite).toBe(false)
    expect((await run(editRoute.action, request('/app/work-process/new', { cookie: reader.cookie, form }))).status).toBe(403)
    // A main process that does not exist is a field error, not a failed insert.
    const unknown = await run(
      editRoute.action,
      request('/app/work-process/new', { cookie: w.cookie, form: { ...form, mainThemeId: '00000000-0000-4000-8000-000000000000', subThemeId: '' } }),
    )
    expect(unknown.status).toBe(400)
    const docs = await run(docsRoute.loader, request('/app/docs?tab=workprocess', { cookie: reader.cookie }))
    expect((docs.body as { kind: string; rows: { title: string }[] }).rows.map((r) => r.title)).toContain('Rentenauszahlung')
    const bad = await run(editRoute.action, request('/app/work-process/new', { cookie: w.cookie, form: { ...form, link: 'javascript:alert(1)' } }))
    expect(JSON.stringify(bad.body)).toContain('documents.linkScheme')
    const del = await run(deleteRoute.action, request(`/app/work-process/${row.id}/delete`, { cookie: w.cookie, form: { version: '1' } }), { id: row.id })
    expect(del.status).toBe(302)
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(audits.map((a) => a.action).sort()).toEqual(['Created', 'Deleted'])
  })

  it('another fund’s work process is out of reach', async () => {
    const w = await member(alpha)
    await run(editRoute.action, request('/app/work-process/new', { cookie: w.cookie, form: { title: 'Alpha intern', state: 'draft' } }))
    const [row] = await system().select().from(workProcesses).where(eq(workProcesses.title, 'Alpha intern'))
    const b = await member(beta)
    expect((await run(editRoute.loader, request(`/app/work-process/${row.id}/edit`, { cookie: b.cookie }), { id: row.id })).status).toBe(404)
    expect(
      (
        await run(editRoute.action, request(`/app/work-process/${row.id}/edit`, { cookie: b.cookie, form: { title: 'x', state: 'draft', version: '1' } }), {
          id: row.id,
        })
      ).status,
    ).toBe(404)
    expect(
      (await run(deleteRoute.action, request(`/app/work-process/${row.id}/delete`, { cookie: b.cookie, form: { version: '1' } }), { id: row.id })).status,
    ).toBe(404)
    const list = await run(listRoute.loader, request('/app/work-process', { cookie: b.cookie }))
    expect((list.body as { rows: { title: string }[] }).rows).toEqual([])
  })

  it('a disabled owner stays on an unchanged save and in the choices; as a new owner a crafted POST is refused with a message', async () => {
    const w = await member(alpha)
    const owner = await member(alpha)
    await run(
      editRoute.action,
      request('/app/work-process/new', { cookie: w.cookie, form: { title: 'Mit Eigner', state: 'draft', ownerUserId: owner.user.id } }),
    )
    const [row] = await system().select().from(workProcesses).where(eq(workProcesses.title, 'Mit Eigner'))
    await system().update(users).set({ state: 'disabled' }).where(eq(users.id, owner.user.id))
    const service = WorkProcesses.for(w.access)
    expect((await service.owners()).map((o) => o.id)).not.toContain(owner.user.id)
    expect((await service.owners(owner.user.id)).map((o) => o.id)).toContain(owner.user.id)
    const kept = await run(
      editRoute.action,
      request(`/app/work-process/${row.id}/edit`, {
        cookie: w.cookie,
        form: { title: 'Mit Eigner 2', state: 'draft', ownerUserId: owner.user.id, version: '1' },
      }),
      { id: row.id },
    )
    expect(kept.status).toBe(302)
    const crafted = await run(
      editRoute.action,
      request('/app/work-process/new', { cookie: w.cookie, form: { title: 'Neu', state: 'draft', ownerUserId: owner.user.id } }),
    )
    expect(crafted.status).toBe(400)
    expect(JSON.stringify(crafted.body)).toContain('validation.ownerMayNotOwn')
  })
})

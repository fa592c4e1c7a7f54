import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as iksDetail from '#app/features/inventory/ics/detail.tsx'
import * as riskDetail from '#app/features/inventory/risk/detail.tsx'
import { db } from '#models/core/db.server.ts'
import { processes } from '#app/features/inventory/ics/processes.server.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import { icsCatalog, riskCatalog, riskProcessLinks } from '#models/schema/index.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { createCustomer, memberFactory, request, right, run } from '../../../tests/factories.ts'

const member = (customer: string, role: 'read' | 'write' = 'write') =>
  memberFactory({ customer, attributes: { rights: { risk: right(role), iks: right(role) } } })

describe('links between risks and ICS processes', () => {
  beforeAll(async () => {
    await seedRiskCatalog(db())
    await seedIcsCatalog(db())
  })

  it('a writer links a process to a risk; both sides show it; unlinking removes it; audited', async () => {
    const c = await createCustomer()
    const w = await member(c.id)
    const [rc] = await db().select().from(riskCatalog).limit(1)
    const [ic] = await db().select().from(icsCatalog).limit(1)
    const [risk] = await risks$.for(w.access).addFromCatalog([rc.id])
    const [process] = await processes.for(w.access).addFromCatalog([ic.id])
    const link = await run(riskDetail.action, request(`/app/risk/${risk.id}`, { cookie: w.cookie, form: { intent: 'link', otherId: process.id } }), {
      id: risk.id,
    })
    expect(link.status).toBe(302)
    const fromProcess = await run(iksDetail.loader, request(`/app/iks/${process.id}?step=objectives`, { cookie: w.cookie }), { id: process.id })
    expect((fromProcess.body as { linked: { id: string }[] }).linked.map((r) => r.id)).toEqual([risk.id])
    const reader = await member(c.id, 'read')
    expect(
      (
        await run(iksDetail.action, request(`/app/iks/${process.id}`, { cookie: reader.cookie, form: { intent: 'unlink', otherId: risk.id } }), {
          id: process.id,
        })
      ).status,
    ).toBe(403)
    const unlink = await run(iksDetail.action, request(`/app/iks/${process.id}`, { cookie: w.cookie, form: { intent: 'unlink', otherId: risk.id } }), {
      id: process.id,
    })
    expect(unlink.status).toBe(302)
    expect(await db().select().from(riskProcessLinks).where(eq(riskProcessLinks.riskId, risk.id))).toHaveLength(0)
  })

  it('cannot link across customers', async () => {
    const a = await createCustomer()
    const b = await createCustomer()
    const wa = await member(a.id)
    const wb = await member(b.id)
    const [rc] = await db().select().from(riskCatalog).limit(1)
    const [ic] = await db().select().from(icsCatalog).limit(1)
    const [risk] = await risks$.for(wa.access).addFromCatalog([rc.id])
    const [foreignProcess] = await processes.for(wb.access).addFromCatalog([ic.id])
    const res = await run(riskDetail.action, request(`/app/risk/${risk.id}`, { cookie: wa.cookie, form: { intent: 'link', otherId: foreignProcess.id } }), {
      id: risk.id,
    })
    expect(res.status).toBe(404)
    expect(await db().select().from(riskProcessLinks).where(eq(riskProcessLinks.riskId, risk.id))).toHaveLength(0)
  })

  it('offers the other tool’s entries to link only to users who may link', async () => {
    const c = await createCustomer()
    const w = await member(c.id)
    const [rc] = await db().select().from(riskCatalog).limit(1)
    const [ic] = await db().select().from(icsCatalog).limit(1)
    const [risk] = await risks$.for(w.access).addFromCatalog([rc.id])
    await processes.for(w.access).addFromCatalog([ic.id])
    const candidates = async (cookie: string) => {
      const res = await run(riskDetail.loader, request(`/app/risk/${risk.id}?step=steering`, { cookie }), { id: risk.id })
      return JSON.stringify(res.body).match(/"candidates":\[(.*?)\]/)?.[1] ?? null
    }
    expect(await candidates(w.cookie)).toContain(ic.idkey)
    // Read on RM and only the data protection view of ICS: no list of all ICS processes.
    const { cookie } = await memberFactory({ customer: c, traits: ['risk-write', 'ics-dsg'] })
    expect(await candidates(cookie)).toBe('')
  })
})

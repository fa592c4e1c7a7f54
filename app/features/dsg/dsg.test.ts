import { describe, expect, it } from 'vitest'
import * as dsgRoute from './index.tsx'
import { db } from '#models/core/db.server.ts'
import { Measures } from '../measures/measures.server.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import { riskCatalog } from '#models/schema/index.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { createCustomer, memberFactory, request, run } from '../../../tests/factories.ts'

describe('data protection overview', () => {
  it('shows DSG-relevant risks, open DSG measures and DSG documents of the own customer only', async () => {
    await seedRiskCatalog(db())
    const alpha = await createCustomer()
    const beta = await createCustomer()
    const { user, access, cookie } = await memberFactory({ customer: alpha, traits: ['write'] })
    const catalog = await db().select().from(riskCatalog)
    const dsgEntry = catalog.find((e) => e.dsgRelevant)!
    const plainEntry = catalog.find((e) => !e.dsgRelevant)!
    await risks$.for(access).addFromCatalog([dsgEntry.id, plainEntry.id])
    const base = { body: '', owner: { type: 'user' as const, id: user.id }, dueDate: '2026-12-31', recurrence: 0 as const, inEdit: false }
    await Measures.for(access).create({ ...base, source: 'risk', title: 'Bearbeitungsverzeichnis nachführen', dsgMeasure: true })
    await Measures.for(access).create({ ...base, source: 'fund', title: 'Anlagestrategie prüfen', dsgMeasure: false })

    const res = await run(dsgRoute.loader, request('/app/dsg', { cookie }))
    const body = res.body as { risks: { rows: { title: string }[] }; measures: { rows: { title: string }[] } }
    expect(body.risks.rows.map((r) => r.title)).toEqual([dsgEntry.titleDe])
    expect(body.measures.rows.map((m) => m.title)).toEqual(['Bearbeitungsverzeichnis nachführen'])

    const b = await memberFactory({ customer: beta, traits: ['admin'] })
    const foreign = (await run(dsgRoute.loader, request('/app/dsg', { cookie: b.cookie }))).body as typeof body
    expect(foreign.risks.rows).toEqual([])
    expect(foreign.measures.rows).toEqual([])
  })
})

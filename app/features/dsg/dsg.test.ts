import { describe, expect, it } from 'vitest'
import * as dsgRoute from './index.tsx'
import { db } from '#models/core/db.server.ts'
import { createMeasure } from '../measures/measures.server.ts'
import { addFromCatalog } from '../risk/risks.server.ts'
import { riskCatalog } from '#models/schema/index.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { createCustomer, createUser, request, right, run, sessionCookie } from '../../../tests/factories.ts'

describe('data protection overview', () => {
  it('shows DSG-relevant risks, open DSG measures and DSG documents of the own customer only', async () => {
    await seedRiskCatalog(db())
    const alpha = await createCustomer()
    const beta = await createCustomer()
    const { user, memberships } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('write'), iks: right('write') }] })
    const access = {
      user: { id: user.id, email: user.email, firstName: '', lastName: '', language: 'de' as const, isSuperAdmin: false },
      actingFor: null,
      customer: { id: alpha.id, name: alpha.name, logoUrl: null, language: 'de' as const },
      permId: memberships[0].id,
      rights: { risk: right('write'), iks: right('write') },
    }
    const catalog = await db().select().from(riskCatalog)
    const dsgEntry = catalog.find((e) => e.dsgRelevant)!
    const plainEntry = catalog.find((e) => !e.dsgRelevant)!
    await addFromCatalog(access, [dsgEntry.id, plainEntry.id])
    const base = { body: '', owner: { type: 'user' as const, id: user.id }, dueDate: '2026-12-31', recurrence: 0 as const, inEdit: false }
    await createMeasure(access, { ...base, source: 'risk', title: 'Bearbeitungsverzeichnis nachführen', dsgMeasure: true })
    await createMeasure(access, { ...base, source: 'fund', title: 'Anlagestrategie prüfen', dsgMeasure: false })

    const { cookie } = await sessionCookie(user.id, memberships[0].id)
    const res = await run(dsgRoute.loader, request('/app/dsg', { cookie }))
    const body = res.body as { risks: { rows: { title: string }[] }; measures: { rows: { title: string }[] } }
    expect(body.risks.rows.map((r) => r.title)).toEqual([dsgEntry.titleDe])
    expect(body.measures.rows.map((m) => m.title)).toEqual(['Bearbeitungsverzeichnis nachführen'])

    const { user: other, memberships: om } = await createUser({ memberships: [{ customerId: beta.id, risk: right('admin'), iks: right('admin') }] })
    const b = await sessionCookie(other.id, om[0].id)
    const foreign = (await run(dsgRoute.loader, request('/app/dsg', { cookie: b.cookie }))).body as typeof body
    expect(foreign.risks.rows).toEqual([])
    expect(foreign.measures.rows).toEqual([])
  })
})

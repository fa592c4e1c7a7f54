import { describe, expect, it } from 'vitest'
import { providerLinks } from '#models/schema/index.ts'
import { customerFactory, memberFactory, providerFactory, request, run } from '../../../../tests/factories.ts'
import { dsgActivityRecord } from '../../../../tests/factories/dsg-records.ts'
import { system } from '../../../../tests/system-db.ts'
import * as detailRoute from './detail.tsx'
import { processorsOf } from './processors.server.ts'

describe('the processors of an activity', () => {
  it('lists the providers linked to it, not ended, of the fund only, on the activity’s page', async () => {
    const fund = await customerFactory()
    const other = await customerFactory()
    const dsg = await memberFactory({ customer: fund, traits: ['dsg'] })
    const foreigner = await memberFactory({ customer: other, traits: ['admin'] })
    const activity = await dsgActivityRecord(fund)
    const hosting = await providerFactory({ customer: fund, attributes: { name: 'Hosting Test AG', dataCountries: ['CH', 'IE'], abroadSafeguard: 'adequacy' } })
    const ended = await providerFactory({ customer: fund, attributes: { name: 'Ehemals AG', endedOn: '2020-12-31' } })
    const unlinked = await providerFactory({ customer: fund, attributes: { name: 'Nicht verknüpft AG' } })
    await system()
      .insert(providerLinks)
      .values([hosting, ended].map((p) => ({ customerId: fund.id, providerId: p.id, activityId: activity.id })))
    const found = await processorsOf(dsg.access, activity.id)
    expect(found.map((p) => p.id)).toEqual([hosting.id])
    expect(found[0]).toMatchObject({ dsgRole: 'processor', dataCountries: ['CH', 'IE'], abroadSafeguard: 'adequacy' })
    expect(found.map((p) => p.id)).not.toContain(unlinked.id)
    expect(await processorsOf(foreigner.access, activity.id)).toEqual([])
    const page = await run(detailRoute.loader, request(`/app/dsg/processing/${activity.id}`, { cookie: dsg.cookie }), { id: activity.id })
    expect(page.status).toBe(200)
    const body = page.body as { processors: { label: string }[]; readsProviders: boolean }
    expect(body.processors.map((p) => p.label)).toEqual([`DL-${hosting.number} Hosting Test AG`])
    // The dsg role reads the record of processing, not the providers register: names without links.
    expect(body.readsProviders).toBe(false)
  })
})

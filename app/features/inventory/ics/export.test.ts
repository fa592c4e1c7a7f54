import { describe, expect, it } from 'vitest'
import { toolTestKit, twoCustomers } from '#app/features/inventory/tool.testing.ts'
import { db } from '#models/core/db.server.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { icsCatalog } from '#models/schema/index.ts'
import { request, run } from '../../../../tests/factories.ts'
import * as detailRoute from './detail.tsx'
import * as exportRoute from './export.ts'
import { processes } from './processes.server.ts'

const { member, catalogIds } = toolTestKit('iks', icsCatalog, detailRoute.action)

// Whatever one tool of the kit gets, the other gets: the process inventory exports like the risk inventory.
describe('process inventory as CSV', () => {
  const c = twoCustomers(() => seedIcsCatalog(db()), { alpha: 'Alpha CSV', beta: 'Beta CSV' })

  it('exports the processes of the own customer, filtered like the list or all of them', async () => {
    const a = await member(c.alpha, 'de')
    const b = await member(c.beta, 'fr')
    await processes.for(a.access).addFromCatalog(await catalogIds('03.1.01', '01.1.01'))
    await processes.for(b.access).addFromCatalog(await catalogIds('02.1.01'))
    const all = await run(exportRoute.loader, request('/app/iks/export.csv?all=1', { cookie: a.cookie }))
    expect(all.status).toBe(200)
    expect(all.headers.get('Content-Type')).toMatch(/^text\/csv/)
    expect(all.headers.get('Content-Disposition')).toMatch(/prozessinventar-\d{4}-\d{2}-\d{2}\.csv/)
    const lines = String(all.body).trim().split(/\r\n/)
    expect(lines).toHaveLength(3)
    expect(lines.slice(1).map((l) => l.split(';')[0].replaceAll('"', ''))).toEqual(['01.1.01', '03.1.01'])
    const view = await run(exportRoute.loader, request('/app/iks/export.csv?q=03.1.01', { cookie: a.cookie }))
    expect(String(view.body).trim().split(/\r\n/)).toHaveLength(2)
  })

  it('is refused without the ICS tool', async () => {
    const none = await member(c.alpha, 'de', 'none')
    const res = await run(exportRoute.loader, request('/app/iks/export.csv', { cookie: none.cookie }))
    expect(res.status).toBe(403)
  })
})

import { describe, expect, it } from 'vitest'
import * as iksList from '../../app/features/inventory/ics/index.tsx'
import * as measuresList from '../../app/features/measures/index.tsx'
import * as riskList from '../../app/features/inventory/risk/index.tsx'
import * as workList from '../../app/features/work-processes/index.tsx'
import { customerFactory, memberFactory, request, run } from '../factories/index.ts'

// Filters live in the query string, so anyone can edit them by hand: nonsense filters show an
// empty or unfiltered list, never a server error.
describe('hand-edited filters in the address', () => {
  it('answer 200 for ids, dates and choices that are not what the form would send', async () => {
    const { cookie } = await memberFactory({ customer: await customerFactory(), traits: ['write'] })
    const junk = "x'; drop table risks;--"
    const cases: [typeof riskList.loader | typeof iksList.loader | typeof measuresList.loader | typeof workList.loader, string][] = [
      [riskList.loader, `/app/risk?theme=${encodeURIComponent(junk)}&owner=nope&cell=9-9&state=zzz&relevance=qq&tag=%25&sort=drop&dir=sideways&page=-3`],
      [iksList.loader, `/app/iks?main=nope&owner=${encodeURIComponent(junk)}&state=zzz&sort=nope&page=abc`],
      [measuresList.loader, `/app/measures?owner=user:nope&from=2026-13-45&to=yesterday&status=zzz&tab=hack&view=zzz`],
      [measuresList.loader, `/app/measures?owner=body:${encodeURIComponent(junk)}`],
      [workList.loader, `/app/work-process?main=nope&owner=nope&state=zzz`],
    ]
    for (const [loader, path] of cases) {
      const res = await run(loader, request(path, { cookie }))
      expect(res.status, path).toBe(200)
    }
  })
})

// The test pool starts without a scope, as the app's does: a list that reads the
// customers' rows without the operator's scope sees none of them (tests/integration/setup-db.ts).

import { describe, expect, it } from 'vitest'
import * as dashboard from './index.tsx'
import * as customersRoute from './customers/index.tsx'
import * as usersRoute from './users/index.tsx'
import { customerFactory, memberFactory, operatorFactory, request, run } from '../../../tests/factories/index.ts'

type Row = { id: string; name?: string; members?: number; email?: string; customers?: string | null }

describe('the operator’s lists read every customer’s rows through the operator’s scope', () => {
  it('counts each fund’s members, on the dashboard and in the customers list, and names each user’s funds', async () => {
    const customer = await customerFactory()
    const member = await memberFactory({ customer, traits: ['risk-read'] })
    await memberFactory({ customer, traits: ['ics-read'] })
    const { cookie } = await operatorFactory()

    const list = await run(customersRoute.loader, request(`/app/sadmin/customers?q=${encodeURIComponent(customer.name)}`, { cookie }))
    const listed = (list.body as { rows: Row[] }).rows.find((c) => c.id === customer.id)
    expect(listed?.members).toBe(2)

    const overview = await run(dashboard.loader, request('/app/sadmin', { cookie }))
    const rows = (overview.body as { customers: { rows: Row[] } }).customers.rows
    const onDashboard = rows.find((c) => c.id === customer.id)
    if (onDashboard) expect(onDashboard.members).toBe(2)

    const users = await run(usersRoute.loader, request(`/app/sadmin/users?q=${encodeURIComponent(member.user.email)}`, { cookie }))
    const user = (users.body as { rows: Row[] }).rows.find((u) => u.id === member.user.id)
    expect(user?.customers).toBe(customer.name)
  })
  it('pages the customers and finds them by name, however many there are', async () => {
    const { cookie } = await operatorFactory()
    const prefix = `Paged ${crypto.randomUUID().slice(0, 8)}`
    for (let i = 1; i <= 3; i++) await customerFactory({ attributes: { name: `${prefix} ${i}` } })
    const first = await run(customersRoute.loader, request(`/app/sadmin/customers?q=${encodeURIComponent(prefix)}`, { cookie }))
    const body = first.body as { rows: Row[]; total: number }
    expect(body.total).toBe(3)
    expect(body.rows.map((r) => r.name)).toEqual([`${prefix} 1`, `${prefix} 2`, `${prefix} 3`])
    const all = await run(customersRoute.loader, request('/app/sadmin/customers?size=25&page=1', { cookie }))
    const page = all.body as { rows: Row[]; total: number }
    expect(page.total).toBeGreaterThanOrEqual(3)
    expect(page.rows.length).toBe(Math.min(25, page.total))
  })
})

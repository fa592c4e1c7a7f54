// The pool of this file starts without a scope, as the app's does: a list that reads the
// customers' rows without the operator's scope sees none of them (tests/integration/setup-db.ts).
process.env.TEST_POOL_ROLE = 'none'

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

    const list = await run(customersRoute.loader, request('/app/sadmin/customers', { cookie }))
    const listed = (list.body as { customers: Row[] }).customers.find((c) => c.id === customer.id)
    expect(listed?.members).toBe(2)

    const overview = await run(dashboard.loader, request('/app/sadmin', { cookie }))
    const rows = (overview.body as { customers: { rows: Row[] } }).customers.rows
    const onDashboard = rows.find((c) => c.id === customer.id)
    if (onDashboard) expect(onDashboard.members).toBe(2)

    const users = await run(usersRoute.loader, request(`/app/sadmin/users?q=${encodeURIComponent(member.user.email)}`, { cookie }))
    const user = (users.body as { rows: Row[] }).rows.find((u) => u.id === member.user.id)
    expect(user?.customers).toBe(customer.name)
  })
})

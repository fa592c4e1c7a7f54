import { describe, expect, it } from 'vitest'
import { requireUser } from '../../app/auth/guards.server.ts'
import { listPermissionOptions } from '../../app/auth/users.server.ts'
import { asLoader, customerFactory, deputyFactory, insertMembership, memberFactory, request, run, sessionCookie } from '../factories/index.ts'
import { tag } from '../factories/traits.ts'

// The customers a user may work for are read with the session on every request (one statement) and on
// their own at sign-in and in the customer selector: both give the same list.
describe('the permission options of a user', () => {
  it('own memberships of active customers by name, then active deputyships for active principals in customers the deputy belongs to', async () => {
    const t = tag()
    const alpha = await customerFactory({ attributes: { name: `Alpha ${t}` } })
    const zeta = await customerFactory({ attributes: { name: `Zeta ${t}` } })
    const closed = await customerFactory({ traits: ['inactive'], attributes: { name: `Beta ${t}` } })
    const elsewhere = await customerFactory({ attributes: { name: `Gamma ${t}` } })
    const me = await memberFactory({ customer: zeta, traits: ['risk-write'] })
    const colleague = await memberFactory({ customer: alpha, traits: ['ics-read', 'signed-out'] })
    // The same user in Alpha and in the closed customer too.
    await insertMembership({ userId: me.user.id, customerId: alpha.id, riskEnabled: false, riskRole: 'none', iksEnabled: true, iksRole: 'read' })
    await insertMembership({ userId: me.user.id, customerId: closed.id, riskEnabled: true, riskRole: 'admin', iksEnabled: false, iksRole: 'none' })
    const principal = await memberFactory({ customer: alpha, traits: ['write', 'signed-out'], attributes: { user: { lastName: 'Aebi' } } })
    const disabledPrincipal = await memberFactory({ customer: zeta, traits: ['write', 'signed-out', 'disabled'] })
    const outsider = await memberFactory({ customer: elsewhere, traits: ['write', 'signed-out'] })
    await deputyFactory({ customer: alpha, principal: principal.user, deputy: me.user })
    await deputyFactory({ customer: alpha, principal: colleague.user, deputy: me.user, traits: ['inactive'] })
    await deputyFactory({ customer: zeta, principal: disabledPrincipal.user, deputy: me.user })
    // Not a member of Gamma: no deputyship there.
    await deputyFactory({ customer: elsewhere, principal: outsider.user, deputy: me.user })

    const options = await listPermissionOptions(me.user.id)
    expect(options.map((o) => [o.customer.name, o.deputyOf?.lastName ?? null])).toEqual([
      [`Alpha ${t}`, null],
      [`Zeta ${t}`, null],
      [`Alpha ${t}`, 'Aebi'],
    ])
    expect(options[0].rights).toEqual({ risk: { enabled: false, role: 'none' }, iks: { enabled: true, role: 'read' } })
    expect(options[1]).toMatchObject({ permId: me.permId, customer: { id: zeta.id, language: 'de', state: 'active' }, rights: me.rights })
    expect(options[2].rights).toEqual(principal.rights)
    expect(options[2].deputyOf).toEqual({ id: principal.user.id, firstName: principal.user.firstName, lastName: 'Aebi', email: principal.user.email })

    // The same list as the request's session lookup reads it.
    const { cookie } = await sessionCookie(me.user.id, me.permId)
    const res = await run(
      asLoader(async (r) => (await requireUser(r)).options),
      request('/app', { cookie }),
    )
    expect(res.body).toEqual(options)
  })
})

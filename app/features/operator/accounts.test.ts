import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as customerEdit from './customers/edit.tsx'
import * as customersRoute from './customers/index.tsx'
import * as userEdit from './users/edit.tsx'
import * as userMap from './users/map.tsx'
import * as usersRoute from './users/index.tsx'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, customers, memberships, probabilityLevels, severityLevels, users } from '#models/schema/index.ts'
import { findSession } from '#app/auth/sessions.server.ts'
import { createUser, customerFactory, memberFactory, membershipRow, operatorFactory, request, run, sessionCookie } from '../../../tests/factories/index.ts'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { setMembership } from './operator.server.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()

describe('operator administration of customers and users', () => {
  let sa: { cookie: string; id: string }
  beforeAll(async () => {
    const { user, cookie } = await operatorFactory()
    sa = { cookie, id: user.id }
  })

  it('only super admins reach it', async () => {
    const c = await customerFactory()
    const { user, cookie } = await memberFactory({ customer: c, traits: ['admin'] })
    for (const [fn, path] of [
      [customersRoute.loader, '/app/sadmin/customers'],
      [usersRoute.loader, '/app/sadmin/users'],
    ] as const) {
      expect((await run(fn, request(path, { cookie }))).status, path).toBe(403)
    }
    expect(
      (await run(customerEdit.action, request('/app/sadmin/customers/new', { cookie, form: { name: 'X', language: 'de', state: 'active' } }))).status,
    ).toBe(403)
    expect(
      (await run(userMap.action, request(`/app/sadmin/users/${user.id}/map`, { cookie, form: { intent: 'remove', customerId: c.id } }), { id: user.id }))
        .status,
    ).toBe(403)
  })

  it('creates a customer with the default risk levels in its language; names are unique', async () => {
    const res = await run(
      customerEdit.action,
      request('/app/sadmin/customers/new', { cookie: sa.cookie, form: { name: 'Fondation Delta', language: 'fr', state: 'active' } }),
    )
    expect(res.status).toBe(302)
    const [c] = await system().select().from(customers).where(eq(customers.name, 'Fondation Delta'))
    const levels = await system().select().from(severityLevels).where(eq(severityLevels.customerId, c.id))
    expect(levels).toHaveLength(5)
    expect(levels.find((l) => l.ref === 5)!.size).toMatch(/catastroph/i)
    expect(await system().select().from(probabilityLevels).where(eq(probabilityLevels.customerId, c.id))).toHaveLength(5)
    const dup = await run(
      customerEdit.action,
      request('/app/sadmin/customers/new', { cookie: sa.cookie, form: { name: 'fondation delta', language: 'fr', state: 'active' } }),
    )
    expect(dup.status).toBe(400)
    expect(JSON.stringify(dup.body)).toContain('sadmin:customers.exists')
    const edit = await run(
      customerEdit.action,
      request(`/app/sadmin/customers/${c.id}/edit`, { cookie: sa.cookie, form: { name: 'Fondation Delta', language: 'fr', state: 'inactive', version: '1' } }),
      { id: c.id },
    )
    expect(edit.status).toBe(302)
    expect((await system().select().from(customers).where(eq(customers.id, c.id)))[0].state).toBe('inactive')
    const stale = await run(
      customerEdit.action,
      request(`/app/sadmin/customers/${c.id}/edit`, { cookie: sa.cookie, form: { name: 'Fondation Delta', language: 'de', state: 'active', version: '1' } }),
      { id: c.id },
    )
    expect(stale.status).toBe(409)
  })

  it('invites a user, assigns a pension fund with rights, and disabling ends the sessions', async () => {
    const c = await customerFactory({ attributes: { name: 'Pensionskasse Epsilon' } })
    const res = await run(
      userEdit.action,
      request('/app/sadmin/users/new', {
        cookie: sa.cookie,
        form: { email: 'Operator.Invite@example.test', firstName: 'Ida', lastName: 'Invite', language: 'de', state: 'active' },
      }),
    )
    expect(res.status).toBe(302)
    const [u] = await system().select().from(users).where(eq(users.email, 'operator.invite@example.test'))
    await peer().waitFor('operator.invite@example.test')
    const dup = await run(
      userEdit.action,
      request('/app/sadmin/users/new', {
        cookie: sa.cookie,
        form: { email: 'operator.invite@example.test', firstName: 'x', lastName: 'y', language: 'de', state: 'active' },
      }),
    )
    expect(JSON.stringify(dup.body)).toContain('sadmin:users.emailTaken')

    const assign = await run(
      userMap.action,
      request(`/app/sadmin/users/${u.id}/map`, {
        cookie: sa.cookie,
        form: { intent: 'set', customerId: c.id, riskEnabled: 'on', riskRole: 'admin', iksRole: 'none' },
      }),
      { id: u.id },
    )
    expect(assign.status).toBe(302)
    const [m] = await membershipRow({ userId: u.id, customerId: c.id })
    expect(m).toMatchObject({ riskEnabled: true, riskRole: 'admin', iksEnabled: false })
    const map = await run(userMap.loader, request(`/app/sadmin/users/${u.id}/map`, { cookie: sa.cookie }), { id: u.id })
    expect((map.body as { map: { customerId: string; membership: unknown }[] }).map.find((r) => r.customerId === c.id)?.membership).toBeTruthy()

    const list = await run(usersRoute.loader, request('/app/sadmin/users?q=operator.invite', { cookie: sa.cookie }))
    expect((list.body as { rows: { id: string; customers: string; neverSignedIn: boolean }[] }).rows).toEqual([
      expect.objectContaining({ id: u.id, customers: 'Pensionskasse Epsilon', neverSignedIn: true }),
    ])
    const { token } = await sessionCookie(u.id, m.id)
    const disable = await run(
      userEdit.action,
      request(`/app/sadmin/users/${u.id}/edit`, {
        cookie: sa.cookie,
        form: { email: u.email, firstName: 'Ida', lastName: 'Invite', language: 'de', state: 'disabled', version: '1' },
      }),
      { id: u.id },
    )
    expect(disable.status).toBe(302)
    expect(await findSession(token)).toBeNull()

    const overview = await run(customersRoute.loader, request(`/app/sadmin/customers?q=${encodeURIComponent(c.name)}`, { cookie: sa.cookie }))
    expect((overview.body as { rows: { id: string; members: number }[] }).rows.find((x) => x.id === c.id)?.members).toBe(1)
    const remove = await run(userMap.action, request(`/app/sadmin/users/${u.id}/map`, { cookie: sa.cookie, form: { intent: 'remove', customerId: c.id } }), {
      id: u.id,
    })
    expect(remove.status).toBe(302)
    expect(await membershipRow({ userId: u.id })).toHaveLength(0)
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, m.id))
    expect(audit.map((a) => a.action).sort()).toEqual(['Created', 'Deleted'])
  })

  it('a super admin cannot lock themselves out', async () => {
    const [me] = await system().select().from(users).where(eq(users.id, sa.id))
    const res = await run(
      userEdit.action,
      request(`/app/sadmin/users/${sa.id}/edit`, {
        cookie: sa.cookie,
        form: { email: me.email, firstName: 'a', lastName: 'b', language: 'de', state: 'active', version: String(me.version) },
      }),
      { id: sa.id },
    )
    expect(res.status).toBe(409)
    expect(JSON.stringify(res.body)).toContain('sadmin:users.notYourself')
  })

  it('the user mapper shows an auditor’s membership with its end date and refuses to change its rights (409)', async () => {
    const c = await customerFactory({ attributes: { name: 'Pensionskasse Revision Mapper' } })
    const { user } = await createUser({ memberships: [{ customerId: c.id, risk: { enabled: true, role: 'read' }, iks: { enabled: true, role: 'read' } }] })
    const endsOn = addDays(todayInZurich(), 30)
    await system().update(memberships).set({ kind: 'auditor', endsOn }).where(eq(memberships.userId, user.id))
    const [before] = await membershipRow({ userId: user.id })

    const map = await run(userMap.loader, request(`/app/sadmin/users/${user.id}/map`, { cookie: sa.cookie }), { id: user.id })
    const row = (map.body as { map: { customerId: string; membership: { kind: string; endsOn: string } | null }[] }).map.find((r) => r.customerId === c.id)
    expect(row?.membership).toMatchObject({ kind: 'auditor', endsOn })

    const res = await run(
      userMap.action,
      request(`/app/sadmin/users/${user.id}/map`, {
        cookie: sa.cookie,
        form: { intent: 'set', customerId: c.id, riskEnabled: 'on', riskRole: 'admin', iksEnabled: 'on', iksRole: 'write' },
      }),
      { id: user.id },
    )
    expect(res.status).toBe(409)
    expect(JSON.stringify(res.body)).toContain('sadmin:users.auditorRights')
    const [after] = await membershipRow({ id: before.id })
    expect(after).toMatchObject({ kind: 'auditor', endsOn, riskRole: 'read', iksRole: 'read', version: before.version })
    expect(await system().select().from(auditEntries).where(eq(auditEntries.entityId, before.id))).toHaveLength(0)
    // The service refuses any caller the same way.
    const { access: operator } = await requireSuperAdmin({ request: request('/app/sadmin/users', { cookie: sa.cookie }) })
    await expect(
      setMembership(operator, user.id, c.id, { risk: { enabled: true, role: 'write' }, iks: { enabled: true, role: 'read' } }),
    ).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'sadmin:users.auditorRights',
    })
    // Removing it stays possible.
    const remove = await run(userMap.action, request(`/app/sadmin/users/${user.id}/map`, { cookie: sa.cookie, form: { intent: 'remove', customerId: c.id } }), {
      id: user.id,
    })
    expect(remove.status).toBe(302)
  })
})

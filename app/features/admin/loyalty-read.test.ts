import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { auditEntries, memberships } from '#models/schema/index.ts'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { system } from '../../../tests/system-db.ts'
import { asLoader, type Customer, customerFactory, type Member, memberFactory, request, run } from '../../../tests/factories.ts'
import * as editRoute from './edit.tsx'
import * as usersRoute from './index.tsx'

/** The access the session of `cookie` gives (what every request of that browser gets). */
async function sessionAccess(cookie: string): Promise<CustomerAccess> {
  const res = await run(asLoader(requireCustomer), request('/app/loyalty', { cookie }))
  expect(res.status).toBe(200)
  return (res.body as { access: CustomerAccess }).access
}

async function loyaltyOf(cookie: string) {
  return permissionsOf(await sessionAccess(cookie)).loyalty
}

async function membershipOf(id: string) {
  const [m] = await system().select().from(memberships).where(eq(memberships.id, id))
  return m!
}

const readRights = { riskEnabled: 'on', riskRole: 'read', iksEnabled: 'on', iksRole: 'read' }

describe('the loyalty read right', () => {
  let fund: Customer
  let admin: Member
  let reader: Member
  let plain: Member
  let auditor: Member
  beforeAll(async () => {
    fund = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    reader = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { loyaltyRead: true } } })
    plain = await memberFactory({ customer: fund, traits: ['read'] })
    // An auditor whose row says loyalty_read: the right means nothing for an auditor, who reads anyway.
    auditor = await memberFactory({
      customer: fund,
      attributes: { membership: { kind: 'auditor', endsOn: addDays(todayInZurich(), 30), loyaltyRead: true } },
    })
  })

  it('reaches the permission table through the session: the member with the right reads, one without does not', async () => {
    expect(await loyaltyOf(reader.cookie)).toEqual({ read: true, manage: false, declare: true })
    expect(await loyaltyOf(plain.cookie)).toEqual({ read: false, manage: false, declare: true })
    expect((await sessionAccess(reader.cookie)).loyaltyRead).toBe(true)
    expect((await sessionAccess(plain.cookie)).loyaltyRead).toBe(false)
  })

  it('goes with the principal to a deputy acting for them, not with the deputy’s own membership', async () => {
    const deputy = await memberFactory({ customer: fund, traits: ['read', 'acting'], deputyOf: reader })
    const acting = await sessionAccess(deputy.cookie)
    expect(acting.actingFor?.id).toBe(reader.user.id)
    expect(permissionsOf(acting).loyalty.read).toBe(true)
    const forPlain = await memberFactory({ customer: fund, traits: ['read', 'acting'], deputyOf: plain, attributes: { membership: { loyaltyRead: true } } })
    expect(permissionsOf(await sessionAccess(forPlain.cookie)).loyalty.read).toBe(false)
  })

  it('lets admins manage and read without it, and auditors read and never manage, whatever their row says', async () => {
    expect(await loyaltyOf(admin.cookie)).toMatchObject({ read: true, manage: true })
    const access = await sessionAccess(auditor.cookie)
    expect(access.kind).toBe('auditor')
    expect(access.loyaltyRead).toBe(false)
    expect(permissionsOf(access).loyalty).toEqual({ read: true, manage: false, declare: false })
  })

  it('is set on the admin’s rights form, with the membership’s audit entry, and taken away again', async () => {
    const page = await run(editRoute.loader, request(`/app/admin/users/${plain.user.id}/edit`, { cookie: admin.cookie }), { id: plain.user.id })
    expect((page.body as { member: { loyaltyRead: boolean; invited: boolean } }).member).toMatchObject({ loyaltyRead: false, invited: false })

    const before = await membershipOf(plain.permId)
    const granted = await run(
      editRoute.action,
      request(`/app/admin/users/${plain.user.id}/edit`, {
        cookie: admin.cookie,
        form: { ...readRights, loyaltyRead: 'on', version: String(before.version) },
      }),
      { id: plain.user.id },
    )
    expect(granted.status).toBe(302)
    const after = await membershipOf(plain.permId)
    expect(after).toMatchObject({ loyaltyRead: true, version: before.version + 1 })
    expect(await loyaltyOf(plain.cookie)).toMatchObject({ read: true, manage: false })
    // The list of members shows who has it.
    const list = await run(usersRoute.loader, request('/app/admin/users', { cookie: admin.cookie }))
    const members = (list.body as { members: { id: string; loyaltyRead: boolean }[] }).members
    expect(members.find((m) => m.id === plain.user.id)?.loyaltyRead).toBe(true)
    const entries = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, 'membership'), eq(auditEntries.entityId, plain.permId), eq(auditEntries.action, 'Updated')))
    expect(entries.map((e) => e.changedFields)).toContainEqual({ loyaltyRead: { from: false, to: true } })

    // A stale form is refused; the unchecked box takes the right away.
    const stale = await run(
      editRoute.action,
      request(`/app/admin/users/${plain.user.id}/edit`, { cookie: admin.cookie, form: { ...readRights, version: String(before.version) } }),
      { id: plain.user.id },
    )
    expect(stale.status).toBe(409)
    const taken = await run(
      editRoute.action,
      request(`/app/admin/users/${plain.user.id}/edit`, { cookie: admin.cookie, form: { ...readRights, version: String(after.version) } }),
      { id: plain.user.id },
    )
    expect(taken.status).toBe(302)
    expect((await membershipOf(plain.permId)).loyaltyRead).toBe(false)
    expect(await loyaltyOf(plain.cookie)).toMatchObject({ read: false })
  })

  it('is not given by a member who is no admin', async () => {
    const res = await run(
      editRoute.action,
      request(`/app/admin/users/${plain.user.id}/edit`, { cookie: reader.cookie, form: { ...readRights, loyaltyRead: 'on', version: '1' } }),
      { id: plain.user.id },
    )
    expect(res.status).toBe(403)
    expect((await membershipOf(plain.permId)).loyaltyRead).toBe(false)
  })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { requireCustomer } from '#app/auth/guards.server.ts'
import * as cselector from './customer-selector.tsx'
import * as dselector from './deputy-selector.tsx'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, deputies } from '#models/schema/index.ts'
import { customerFactory, deputyFactory, memberFactory, request, run } from '../../../tests/factories/index.ts'

describe('deputy management', () => {
  let customerId: string
  let otherCustomerId: string
  beforeAll(async () => {
    customerId = (await customerFactory()).id
    otherCustomerId = (await customerFactory()).id
  })

  it('adds, deactivates, activates and removes a deputy, each audited', async () => {
    const { user, cookie } = await memberFactory({ customer: customerId, traits: ['risk-write'] })
    const { user: colleague } = await memberFactory({ customer: customerId, traits: ['risk-read', 'signed-out'] })
    const added = await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'add', deputyUserId: colleague.id } }))
    expect(added.status).toBe(302)
    const [row] = await system().select().from(deputies).where(eq(deputies.userId, user.id))
    expect(row).toMatchObject({ deputyUserId: colleague.id, active: true, customerId })
    await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'deactivate', id: row.id } }))
    expect((await system().select().from(deputies).where(eq(deputies.id, row.id)))[0].active).toBe(false)
    await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'activate', id: row.id } }))
    await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'remove', id: row.id, confirmed: '1' } }))
    expect(await system().select().from(deputies).where(eq(deputies.id, row.id))).toHaveLength(0)
    const actions = (await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))).map((a) => a.action).sort()
    expect(actions).toEqual(['Created', 'Deleted', 'Updated', 'Updated'])
  })

  it('refuses a deputy from another customer, and someone else’s deputyship, with 404', async () => {
    const { user, cookie } = await memberFactory({ customer: customerId, traits: ['risk-write'] })
    const { user: outsider } = await memberFactory({ customer: otherCustomerId, traits: ['signed-out'] })
    const res = await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'add', deputyUserId: outsider.id } }))
    expect(res.status).toBe(404)
    const { user: a } = await memberFactory({ customer: customerId, traits: ['signed-out'] })
    const theirs = await deputyFactory({ customer: customerId, principal: a, deputy: user })
    for (const intent of ['deactivate', 'remove']) {
      const r = await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent, id: theirs.id } }))
      expect(r.status).toBe(404)
    }
    expect((await system().select().from(deputies).where(eq(deputies.id, theirs.id)))[0].active).toBe(true)
  })

  it('an active deputy acts for the principal with the principal’s rights; the audit names both', async () => {
    const { user: principal, memberships: pm } = await memberFactory({ customer: customerId, traits: ['risk-admin', 'signed-out'] })
    const { user: deputy, cookie } = await memberFactory({ customer: customerId, traits: ['risk-read', 'deputy'], deputyOf: { user: principal } })
    const res = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: pm[0].id } }))
    expect(res.status).toBe(302)
    const auth = await requireCustomer({ request: request('/app', { cookie }) })
    expect(auth.access.actingFor?.id).toBe(principal.id)
    expect(auth.access.rights.risk.role).toBe('admin')
    const [entry] = await system().select().from(auditEntries).where(eq(auditEntries.entityId, pm[0].id))
    expect(entry).toMatchObject({ userId: deputy.id, component: 'deputy' })
    // Deactivated: the deputy session no longer carries the customer.
    await system().update(deputies).set({ active: false }).where(eq(deputies.userId, principal.id))
    const after = await run(cselector.loader, request('/app/user/cselector', { cookie }))
    expect((after.body as { activePermId: string | null }).activePermId).toBeNull()
  })
})

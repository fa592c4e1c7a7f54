import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as newRoute from './new.tsx'
import * as editRoute from './edit.tsx'
import * as removeRoute from './delete.tsx'
import * as usersRoute from './index.tsx'
import * as cselector from '../account/customer-selector.tsx'
import * as dselector from '../account/deputy-selector.tsx'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, deputies, invitations, responsibleBodies } from '#models/schema/index.ts'
import { createCustomer, createUser, memberFactory, membershipRow, request, right, run, sessionCookie } from '../../../tests/factories.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()
const rights = (risk: string, iks: string) => ({ riskEnabled: 'on', riskRole: risk, iksEnabled: 'on', iksRole: iks })

describe('inviting an address that already has an account', () => {
  let alpha: { id: string; name: string }
  let beta: { id: string; name: string }
  let admin: { cookie: string; id: string }
  beforeAll(async () => {
    alpha = await createCustomer({ name: 'Alpha Einladung' })
    beta = await createCustomer({ name: 'Beta Einladung' })
    const { user, cookie } = await memberFactory({ customer: alpha, traits: ['admin'] })
    admin = { cookie, id: user.id }
  })

  const listed = async () =>
    (await run(usersRoute.loader, request('/app/admin/users', { cookie: admin.cookie }))).body as { members: Record<string, unknown>[] }

  it('shows the admin only the address and what they typed, exactly as for a new address', async () => {
    const { user: existing } = await createUser({ memberships: [{ customerId: beta.id }] })
    const form = (email: string) => ({ email, firstName: 'Eva', lastName: 'Eingeladen', language: 'de', ...rights('write', 'read') })
    const a = await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form: form(existing.email) }))
    const b = await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form: form('brand.new@example.test') }))
    // the same answer whether or not the address had an account
    expect(a.status).toBe(b.status)
    expect(a.location).toBe(b.location)
    const { members } = await listed()
    const shown = members.find((m) => m.email === existing.email.toLowerCase())!
    const fresh = members.find((m) => m.email === 'brand.new@example.test')!
    const shape = (m: Record<string, unknown>) => ({
      firstName: m.firstName,
      lastName: m.lastName,
      state: m.state,
      neverSignedIn: m.neverSignedIn,
      rights: m.rights,
      position: m.position,
    })
    expect(shape(shown)).toEqual(shape(fresh))
    // the account's own name never reaches the admin's page
    expect(JSON.stringify(members)).not.toContain(existing.lastName)
    const mail = await peer().waitFor(existing.email)
    expect(mail.text).toContain('Alpha Einladung')
    expect(mail.text).toContain('/app/user/cselector')
  })

  it('the invited person accepts on the customer selector and gets the membership with the rights offered', async () => {
    const { user } = await createUser({ memberships: [{ customerId: beta.id }] })
    await run(
      newRoute.action,
      request('/app/admin/users/new', {
        cookie: admin.cookie,
        form: { email: user.email, firstName: 'A', lastName: 'B', language: 'de', ...rights('read', 'write') },
      }),
    )
    const { cookie } = await sessionCookie(user.id)
    const page = (await run(cselector.loader, request('/app/user/cselector', { cookie }))).body as { invitations: { id: string; customer: string }[] }
    expect(page.invitations.map((i) => i.customer)).toEqual(['Alpha Einladung'])
    const res = await run(cselector.action, request('/app/user/cselector', { cookie, form: { intent: 'accept', invitationId: page.invitations[0].id } }))
    expect(res.status).toBe(302)
    expect(res.location).toBe('/app')
    const [m] = await membershipRow({ userId: user.id, customerId: alpha.id })
    expect(m).toMatchObject({ riskEnabled: true, riskRole: 'read', iksEnabled: true, iksRole: 'write' })
    expect(await system().select().from(invitations).where(eq(invitations.userId, user.id))).toHaveLength(0)
    // the session now works for the fund, and the admin sees the person's own name
    expect((await requireCustomer({ request: request('/app', { cookie }) })).access.customer.id).toBe(alpha.id)
    expect(JSON.stringify((await listed()).members)).toContain(user.lastName)
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, alpha.id), eq(auditEntries.component, 'invitation')))
    expect(audit.map((e) => e.action).sort()).toContain('Deleted')
  })

  it('declining or withdrawing leaves no membership; only the invited person answers', async () => {
    const { user } = await createUser({ memberships: [{ customerId: beta.id }] })
    const { user: stranger } = await createUser()
    await run(
      newRoute.action,
      request('/app/admin/users/new', {
        cookie: admin.cookie,
        form: { email: user.email, firstName: 'C', lastName: 'D', language: 'de', ...rights('read', 'read') },
      }),
    )
    const [inv] = await system().select().from(invitations).where(eq(invitations.userId, user.id))
    const other = await sessionCookie(stranger.id)
    expect(
      (await run(cselector.action, request('/app/user/cselector', { cookie: other.cookie, form: { intent: 'accept', invitationId: inv.id } }))).status,
    ).toBe(404)
    const { cookie } = await sessionCookie(user.id)
    expect((await run(cselector.action, request('/app/user/cselector', { cookie, form: { intent: 'decline', invitationId: inv.id } }))).status).toBe(302)
    expect(await membershipRow({ userId: user.id, customerId: alpha.id })).toHaveLength(0)

    // invited again, then withdrawn by the admin through the same remove dialog as a member
    await run(
      newRoute.action,
      request('/app/admin/users/new', {
        cookie: admin.cookie,
        form: { email: user.email, firstName: 'C', lastName: 'D', language: 'de', ...rights('read', 'read') },
      }),
    )
    const [again] = await system().select().from(invitations).where(eq(invitations.userId, user.id))
    // rights of an invitation are changed like a member's
    expect(
      (
        await run(
          editRoute.action,
          request(`/app/admin/users/${again.id}/edit`, { cookie: admin.cookie, form: { ...rights('write', 'write'), version: '1' } }),
          { id: again.id },
        )
      ).status,
    ).toBe(302)
    expect((await system().select().from(invitations).where(eq(invitations.id, again.id)))[0]).toMatchObject({ riskRole: 'write', version: 2 })
    expect(
      (await run(removeRoute.action, request(`/app/admin/users/${again.id}/remove`, { cookie: admin.cookie, form: { version: '2' } }), { id: again.id }))
        .status,
    ).toBe(302)
    expect(await system().select().from(invitations).where(eq(invitations.userId, user.id))).toHaveLength(0)
    expect(await membershipRow({ userId: user.id, customerId: alpha.id })).toHaveLength(0)
  })
})

describe('removals ask first', () => {
  it('a responsible body is deleted only by the confirmed POST', async () => {
    const customer = await createCustomer()
    const { user, memberships: m } = await createUser({ memberships: [{ customerId: customer.id, risk: right('admin'), iks: right('admin') }] })
    const { cookie } = await sessionCookie(user.id, m[0].id)
    const [body] = await system().insert(responsibleBodies).values({ customerId: customer.id, name: 'Anlagekommission' }).returning()
    const first = await run(usersRoute.action, request('/app/admin/users', { cookie, form: { intent: 'deleteBody', id: body.id } }))
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ confirmBody: { id: body.id, name: 'Anlagekommission' } })
    expect(await system().select().from(responsibleBodies).where(eq(responsibleBodies.id, body.id))).toHaveLength(1)
    const confirmed = await run(usersRoute.action, request('/app/admin/users', { cookie, form: { intent: 'deleteBody', id: body.id, confirmed: '1' } }))
    expect(confirmed.status).toBe(302)
    expect(await system().select().from(responsibleBodies).where(eq(responsibleBodies.id, body.id))).toHaveLength(0)
  })

  it('a deputy is removed only by the confirmed POST', async () => {
    const customer = await createCustomer()
    const { user, memberships: m } = await createUser({ memberships: [{ customerId: customer.id, risk: right('write') }] })
    const { user: deputy } = await createUser({ memberships: [{ customerId: customer.id, risk: right('read') }] })
    const [row] = await system().insert(deputies).values({ customerId: customer.id, userId: user.id, deputyUserId: deputy.id }).returning()
    const { cookie } = await sessionCookie(user.id, m[0].id)
    const first = await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'remove', id: row.id } }))
    expect(first.body).toMatchObject({ confirmRemove: { id: row.id } })
    expect(await system().select().from(deputies).where(eq(deputies.id, row.id))).toHaveLength(1)
    expect((await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'remove', id: row.id, confirmed: '1' } }))).status).toBe(302)
    expect(await system().select().from(deputies).where(eq(deputies.id, row.id))).toHaveLength(0)
  })
})

describe('welcome mail', () => {
  it('says the link is valid for 24 hours, as the dialog does', async () => {
    const customer = await createCustomer({ name: 'Gamma Willkommen' })
    const { user, memberships: m } = await createUser({ memberships: [{ customerId: customer.id, risk: right('admin'), iks: right('admin') }] })
    const { cookie } = await sessionCookie(user.id, m[0].id)
    await run(
      newRoute.action,
      request('/app/admin/users/new', {
        cookie,
        form: { email: 'willkommen@example.test', firstName: 'W', lastName: 'K', language: 'de', ...rights('read', 'read') },
      }),
    )
    const mail = await peer().waitFor('willkommen@example.test')
    expect(mail.text).toContain('24 Stunden')
    expect(mail.text).not.toContain('1440')
  })
})

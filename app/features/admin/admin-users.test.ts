import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as newRoute from './new.tsx'
import * as editRoute from './edit.tsx'
import * as removeRoute from './delete.tsx'
import * as usersRoute from './index.tsx'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, deputies, measures, responsibleBodies, users } from '#models/schema/index.ts'
import { checkPasswordResetToken, resetPasswordWithToken, verifyLogin } from '#app/auth/users.server.ts'
import { createCustomer, createUser, memberFactory, membershipRow, request, right, run, sessionCookie } from '../../../tests/factories.ts'
import { tokenFromMail } from '../../../tests/smtp-peer.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()

const rights = (risk: string, iks: string) => ({ riskEnabled: 'on', riskRole: risk, iksEnabled: 'on', iksRole: iks })

describe('user management of a pension fund', () => {
  let alpha: { id: string; name: string }
  let beta: { id: string; name: string }
  let admin: { cookie: string; id: string }
  beforeAll(async () => {
    alpha = await createCustomer({ name: 'Alpha Admin' })
    beta = await createCustomer({ name: 'Beta Admin' })
    const { user, cookie } = await memberFactory({ customer: alpha, traits: ['admin'] })
    admin = { cookie, id: user.id }
  })

  it('adds a new person with a welcome mail whose link sets the first password', async () => {
    const form = { email: 'Neu.Person@Example.test', firstName: 'Neu', lastName: 'Person', language: 'fr', ...rights('write', 'read') }
    const res = await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form }))
    expect(res.status).toBe(302)
    const [user] = await system().select().from(users).where(eq(users.email, 'neu.person@example.test'))
    expect(user).toMatchObject({ firstName: 'Neu', language: 'fr', passwordHash: null })
    const [m] = await membershipRow({ userId: user.id })
    expect(m).toMatchObject({ customerId: alpha.id, riskEnabled: true, riskRole: 'write', iksRole: 'read' })
    const mail = await peer().waitFor('neu.person@example.test')
    expect(mail.text).toContain('Alpha Admin')
    const token = tokenFromMail(mail.text)
    expect(await checkPasswordResetToken(token)).toBe('valid')
    expect(await resetPasswordWithToken(token, 'Erstes-Passwort-1')).toBe('valid')
    expect(await verifyLogin('neu.person@example.test', 'Erstes-Passwort-1')).not.toBeNull()
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, user.id))
    expect(audit.map((a) => a.action)).toContain('Created')
  })

  it('invites a person who already has an account elsewhere, once, without touching the account', async () => {
    const { user } = await createUser({ memberships: [{ customerId: beta.id }] })
    const form = { email: user.email, firstName: 'x', lastName: 'y', language: 'de', ...rights('read', 'read') }
    expect((await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form }))).status).toBe(302)
    const [row] = await system().select().from(users).where(eq(users.id, user.id))
    expect(row.firstName).toBe('Test') // the existing account is not changed by another fund's admin
    // no membership until the person accepts (decision 0009)
    expect(await membershipRow({ userId: user.id, customerId: alpha.id })).toHaveLength(0)
    const again = await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form }))
    expect(again.status).toBe(400)
    expect(JSON.stringify(again.body)).toContain('admin:users.alreadyMember')
  })

  it('changes rights with a version check and never leaves the fund without an admin', async () => {
    const { user, memberships: m } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('read'), iks: right('read') }] })
    const ok = await run(
      editRoute.action,
      request(`/app/admin/users/${user.id}/edit`, { cookie: admin.cookie, form: { ...rights('write', 'dsg'), version: '1' } }),
      { id: user.id },
    )
    expect(ok.status).toBe(302)
    const [row] = await membershipRow({ id: m[0].id })
    expect(row).toMatchObject({ riskRole: 'write', iksRole: 'dsg', version: 2 })
    const stale = await run(
      editRoute.action,
      request(`/app/admin/users/${user.id}/edit`, { cookie: admin.cookie, form: { ...rights('admin', 'admin'), version: '1' } }),
      { id: user.id },
    )
    expect(stale.status).toBe(409)
    // The only admin cannot take away their own admin right.
    const c2 = await createCustomer()
    const { user: solo, memberships: sm } = await createUser({ memberships: [{ customerId: c2.id, risk: right('admin') }] })
    const soloCookie = (await sessionCookie(solo.id, sm[0].id)).cookie
    const last = await run(
      editRoute.action,
      request(`/app/admin/users/${solo.id}/edit`, { cookie: soloCookie, form: { ...rights('write', 'write'), version: '1' } }),
      { id: solo.id },
    )
    expect(last.status).toBe(409)
    expect(JSON.stringify(last.body)).toContain('admin:users.lastAdmin')
  })

  it('removes a membership, keeping the account', async () => {
    const { user } = await createUser({ memberships: [{ customerId: alpha.id }, { customerId: beta.id }] })
    const res = await run(removeRoute.action, request(`/app/admin/users/${user.id}/remove`, { cookie: admin.cookie, form: { version: '1' } }), { id: user.id })
    expect(res.status).toBe(302)
    expect(await membershipRow({ userId: user.id, customerId: alpha.id })).toHaveLength(0)
    expect(await membershipRow({ userId: user.id })).toHaveLength(1)
  })

  it('other funds’ people are out of reach (404) and non-admins get 403', async () => {
    const { user: stranger } = await createUser({ memberships: [{ customerId: beta.id, risk: right('write') }] })
    const p = { id: stranger.id }
    expect((await run(editRoute.loader, request(`/app/admin/users/${stranger.id}/edit`, { cookie: admin.cookie }), p)).status).toBe(404)
    expect(
      (
        await run(
          editRoute.action,
          request(`/app/admin/users/${stranger.id}/edit`, { cookie: admin.cookie, form: { ...rights('admin', 'admin'), version: '1' } }),
          p,
        )
      ).status,
    ).toBe(404)
    expect((await run(removeRoute.action, request(`/app/admin/users/${stranger.id}/remove`, { cookie: admin.cookie, form: { version: '1' } }), p)).status).toBe(
      404,
    )
    const list = await run(usersRoute.loader, request('/app/admin/users', { cookie: admin.cookie }))
    expect((list.body as { members: { id: string }[] }).members.map((m) => m.id)).not.toContain(stranger.id)
    const { user: writer, memberships: wm } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('write'), iks: right('write') }] })
    const w = await sessionCookie(writer.id, wm[0].id)
    expect((await run(usersRoute.loader, request('/app/admin/users', { cookie: w.cookie }))).status).toBe(403)
    expect(
      (
        await run(
          newRoute.action,
          request('/app/admin/users/new', {
            cookie: w.cookie,
            form: { email: 'x@example.test', firstName: 'x', lastName: 'y', language: 'de', ...rights('admin', 'admin') },
          }),
        )
      ).status,
    ).toBe(403)
  })

  it('keeps the responsible bodies: add, rename, refuse duplicates, refuse deleting one that owns measures', async () => {
    const post = (form: Record<string, string>) => run(usersRoute.action, request('/app/admin/users', { cookie: admin.cookie, form }))
    expect((await post({ intent: 'addBody', name: 'Anlagekommission' })).status).toBe(302)
    const dup = await post({ intent: 'addBody', name: 'anlagekommission' })
    expect(dup.status).toBe(400)
    expect(dup.body).toMatchObject({ bodyError: 'admin:bodies.exists' })
    const [body] = await system().select().from(responsibleBodies).where(eq(responsibleBodies.customerId, alpha.id))
    expect((await post({ intent: 'renameBody', id: body.id, name: 'Anlageausschuss', version: '1' })).status).toBe(302)
    await system().insert(measures).values({ customerId: alpha.id, idkey: 999, source: 'fund', title: 'x', dueDate: '2026-12-31', ownerBodyId: body.id })
    const listed = await run(usersRoute.loader, request('/app/admin/users', { cookie: admin.cookie }))
    expect((listed.body as { bodies: { id: string; measureCount: number }[] }).bodies.find((b) => b.id === body.id)?.measureCount).toBe(1)
    const inUse = await post({ intent: 'deleteBody', id: body.id })
    expect(inUse.status).toBe(409)
    expect(inUse.body).toMatchObject({ bodyError: 'admin:bodies.inUse' })
    await system().delete(measures).where(eq(measures.ownerBodyId, body.id))
    // Deleting asks first; the confirmed POST deletes.
    expect((await post({ intent: 'deleteBody', id: body.id })).body).toMatchObject({ confirmBody: { id: body.id } })
    expect((await post({ intent: 'deleteBody', id: body.id, confirmed: '1' })).status).toBe(302)
    // Another fund's body: 404.
    const [foreign] = await system().insert(responsibleBodies).values({ customerId: beta.id, name: 'Conseil' }).returning()
    expect((await post({ intent: 'deleteBody', id: foreign.id })).status).toBe(404)
  })

  it('an admin of one tool sets only that tool’s rights, for others and for themselves', async () => {
    const { user: rmAdmin, memberships: am } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('admin'), iks: right('none', false) }] })
    const rm = (await sessionCookie(rmAdmin.id, am[0].id)).cookie
    const { user: member, memberships: mm } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('read'), iks: right('write') }] })
    const edit = (userId: string, form: Record<string, string>) =>
      run(editRoute.action, request(`/app/admin/users/${userId}/edit`, { cookie: rm, form }), { id: userId })

    // ICS fields posted anyway are ignored: the member keeps ICS write, RM becomes write.
    expect((await edit(member.id, { ...rights('write', 'admin'), version: '1' })).status).toBe(302)
    const [m] = await membershipRow({ id: mm[0].id })
    expect(m).toMatchObject({ riskRole: 'write', iksEnabled: true, iksRole: 'write' })
    // Nor can the RM admin give themselves the ICS tool.
    expect((await edit(rmAdmin.id, { ...rights('admin', 'admin'), version: '1' })).status).toBe(302)
    const [own] = await membershipRow({ id: am[0].id })
    expect(own).toMatchObject({ riskRole: 'admin', iksEnabled: false, iksRole: 'none' })
    // A new person gets no ICS rights from an RM admin.
    const form = { email: 'rm.only@example.test', firstName: 'Rm', lastName: 'Only', language: 'de', ...rights('read', 'admin') }
    expect((await run(newRoute.action, request('/app/admin/users/new', { cookie: rm, form }))).status).toBe(302)
    const [addedUser] = await system().select().from(users).where(eq(users.email, 'rm.only@example.test'))
    const [added] = (await membershipRow({ userId: addedUser!.id })).map((m) => ({ m }))
    expect(added.m).toMatchObject({ riskEnabled: true, riskRole: 'read', iksEnabled: false, iksRole: 'none' })
    await peer().waitFor('rm.only@example.test')
    // The form shows only the RM fields.
    const view = (await run(editRoute.loader, request(`/app/admin/users/${member.id}/edit`, { cookie: rm }), { id: member.id })).body as { editable: string[] }
    expect(view.editable).toEqual(['risk'])
    // Removing the member would take away their ICS rights: that is the ICS admins' call.
    const removed = await run(removeRoute.action, request(`/app/admin/users/${member.id}/remove`, { cookie: rm, form: { version: '2' } }), { id: member.id })
    expect(removed.status).toBe(409)
    expect(JSON.stringify(removed.body)).toContain('admin:users.removeOtherTool')
    expect(await membershipRow({ id: mm[0].id })).toHaveLength(1)
  })

  it('a deputy acting for an admin manages others but not their own membership', async () => {
    const { user: principal, memberships: pm } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('admin'), iks: right('admin') }] })
    const { user: deputy, memberships: dm } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('read'), iks: right('read') }] })
    await system().insert(deputies).values({ customerId: alpha.id, userId: principal.id, deputyUserId: deputy.id, active: true })
    const { cookie } = await sessionCookie(deputy.id, pm[0].id, principal.id)
    const own = await run(editRoute.action, request(`/app/admin/users/${deputy.id}/edit`, { cookie, form: { ...rights('admin', 'admin'), version: '1' } }), {
      id: deputy.id,
    })
    expect(own.status).toBe(409)
    expect(JSON.stringify(own.body)).toContain('admin:users.ownRightsAsDeputy')
    const [m] = await membershipRow({ id: dm[0].id })
    expect(m).toMatchObject({ riskRole: 'read', iksRole: 'read', version: 1 })
    const { user: other } = await createUser({ memberships: [{ customerId: alpha.id, risk: right('read'), iks: right('read') }] })
    expect(
      (
        await run(editRoute.action, request(`/app/admin/users/${other.id}/edit`, { cookie, form: { ...rights('write', 'write'), version: '1' } }), {
          id: other.id,
        })
      ).status,
    ).toBe(302)
  })
})

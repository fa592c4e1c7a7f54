// Auditor accounts (issue 12, decision 0035): created by a fund admin with an end date; read every
// tool, the reports and the audit trail; write nothing; after the end date the membership is gone
// from the selector, a session on it is sent back, and an account with nothing else cannot sign in.
import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as newRoute from './new.tsx'
import * as editRoute from './edit.tsx'
import * as usersRoute from './index.tsx'
import * as cselector from '../account/customer-selector.tsx'
import * as dselector from '../account/deputy-selector.tsx'
import * as loginRoute from '../account/login.tsx'
import * as apiLogin from '../account/api/login.ts'
import * as riskDetail from '#app/features/inventory/risk/detail.tsx'
import * as measureEdit from '../measures/edit.tsx'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { Admin } from './admin-users.server.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import { AUDITOR_DEFAULT_DAYS } from '#models/core/constants.ts'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, invitations, memberships, users } from '#models/schema/index.ts'
import {
  asLoader,
  createCustomer,
  createUser,
  memberFactory,
  membershipRow,
  request,
  riskFactory,
  run,
  sessionCookie,
  TEST_PASSWORD,
} from '../../../tests/factories.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { AuditTrail } from '#app/accountability/trail.server.ts'
import * as auditPage from '#app/features/history/audit.tsx'
import * as auditExport from '#app/features/history/audit-export.ts'

const peer = useSmtpPeer()
const today = () => todayInZurich()

describe('auditor accounts', () => {
  let alpha: { id: string; name: string }
  let admin: { cookie: string; id: string }
  beforeAll(async () => {
    alpha = await createCustomer({ name: 'Alpha Revision' })
    const { user, cookie } = await memberFactory({ customer: alpha, traits: ['admin'] })
    admin = { cookie, id: user.id }
  })

  const auditorForm = (email: string, endsOn?: string) => ({
    email,
    firstName: 'Rita',
    lastName: 'Revisorin',
    language: 'fr',
    kind: 'auditor',
    // The auditor's form has no role fields: an auditor's rights are fixed (issue 22).
    ...(endsOn === undefined ? {} : { endsOn }),
  })

  async function newAuditor(email: string, endsOn = addDays(today(), 30)) {
    const res = await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form: auditorForm(email, endsOn) }))
    expect(res.status).toBe(302)
    const [user] = await system().select().from(users).where(eq(users.email, email))
    const [m] = await membershipRow({ userId: user.id, customerId: alpha.id })
    await system()
      .update(users)
      .set({ passwordHash: (await system().select().from(users).where(eq(users.id, admin.id)))[0].passwordHash })
      .where(eq(users.id, user.id))
    return { user, membership: m }
  }

  it('the new-user form offers the default end date: today + AUDITOR_DEFAULT_DAYS', async () => {
    const res = await run(newRoute.loader, request('/app/admin/users/new', { cookie: admin.cookie }))
    expect((res.body as { auditorEnd: string }).auditorEnd).toBe(addDays(today(), AUDITOR_DEFAULT_DAYS))
  })

  it('creates an auditor for a new address: read-only membership with its end date, audited, listed with the date', async () => {
    const endsOn = addDays(today(), 30)
    const { user, membership } = await newAuditor('rita.revision@example.test', endsOn)
    expect(membership).toMatchObject({ kind: 'auditor', endsOn, riskRole: 'read', iksRole: 'read', riskEnabled: true, iksEnabled: true })
    const [entry] = await system().select().from(auditEntries).where(eq(auditEntries.entityId, membership.id))
    expect(entry.changedFields).toMatchObject({ kind: { to: 'auditor' }, endsOn: { to: endsOn } })
    const { members } = (await run(usersRoute.loader, request('/app/admin/users', { cookie: admin.cookie }))).body as {
      members: { id: string; kind: string; endsOn: string; expired: boolean }[]
    }
    expect(members.find((m) => m.id === user.id)).toMatchObject({ kind: 'auditor', endsOn, expired: false })
    // The welcome (in the auditor's French) says the access is read-only and names its last day (issue 22).
    const mail = await peer().waitFor('rita.revision@example.test')
    expect(mail.subject).toContain(formatDate(endsOn))
    expect(mail.text).toContain('lecture seule')
    expect(mail.text).toContain(`jusqu’au ${formatDate(endsOn)} inclus`)
    expect(mail.text).not.toMatch(/\{\{/)
  })

  it('the new-user page is a member’s form by default and an auditor’s with ?kind=auditor', async () => {
    const member = await run(newRoute.loader, request('/app/admin/users/new', { cookie: admin.cookie }))
    expect((member.body as { kind: string }).kind).toBe('member')
    const auditor = await run(newRoute.loader, request('/app/admin/users/new?kind=auditor', { cookie: admin.cookie }))
    expect((auditor.body as { kind: string }).kind).toBe('auditor')
    const other = await run(newRoute.loader, request('/app/admin/users/new?kind=admin', { cookie: admin.cookie }))
    expect((other.body as { kind: string }).kind).toBe('member')
  })

  it('refuses roles posted for an auditor with a 400 and its message, instead of dropping them (issue 22)', async () => {
    const crafted: Record<string, string>[] = [{ riskEnabled: 'on', riskRole: 'admin' }, { iksRole: 'write' }, { riskRole: 'read', iksRole: 'read' }]
    for (const roles of crafted) {
      const form = { ...auditorForm('crafted@example.test', addDays(today(), 30)), ...roles }
      const res = await run(newRoute.action, request('/app/admin/users/new?kind=auditor', { cookie: admin.cookie, form }))
      expect(res.status, JSON.stringify(roles)).toBe(400)
      expect(JSON.stringify(res.body)).toContain('admin:users.auditorNoRoles')
    }
    expect(await system().select().from(users).where(eq(users.email, 'crafted@example.test'))).toHaveLength(0)
    expect(await system().select().from(invitations).where(eq(invitations.email, 'crafted@example.test'))).toHaveLength(0)
    // The service says the same to any other caller.
    const auth = await requireCustomer({ request: request('/app', { cookie: admin.cookie }) })
    await expect(
      Admin.for(auth.access).add({
        email: 'crafted@example.test',
        firstName: 'C',
        lastName: 'R',
        language: 'de',
        position: null,
        kind: 'auditor',
        endsOn: addDays(today(), 30),
        rights: { risk: { enabled: true, role: 'write' }, iks: { enabled: false, role: 'none' } },
      }),
    ).rejects.toMatchObject({ code: 'invalid', messageKey: 'admin:users.auditorNoRoles' })
  })

  it('an end date is only for an auditor: a member’s form with one is refused at the field', async () => {
    const res = await run(
      newRoute.action,
      request('/app/admin/users/new', {
        cookie: admin.cookie,
        form: {
          email: 'member.until@example.test',
          firstName: 'M',
          lastName: 'U',
          language: 'de',
          kind: 'member',
          riskEnabled: 'on',
          riskRole: 'write',
          iksRole: 'none',
          endsOn: addDays(today(), 30),
        },
      }),
    )
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('admin:users.endsOnAuditorOnly')
    expect(await system().select().from(users).where(eq(users.email, 'member.until@example.test'))).toHaveLength(0)
    // Without the date the same member is created with the roles chosen and no end.
    const ok = await run(
      newRoute.action,
      request('/app/admin/users/new', {
        cookie: admin.cookie,
        form: { email: 'member.until@example.test', firstName: 'M', lastName: 'U', language: 'de', riskEnabled: 'on', riskRole: 'write', iksRole: 'none' },
      }),
    )
    expect(ok.status).toBe(302)
    const [user] = await system().select().from(users).where(eq(users.email, 'member.until@example.test'))
    const [m] = await membershipRow({ userId: user.id })
    expect(m).toMatchObject({ kind: 'member', endsOn: null, riskEnabled: true, riskRole: 'write' })
  })

  it('refuses an end date in the past, beyond a year, or missing, with a 400 in the user’s language', async () => {
    for (const endsOn of [addDays(today(), -1), addDays(today(), 400), '', 'gestern']) {
      const res = await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form: auditorForm('late@example.test', endsOn) }))
      expect(res.status).toBe(400)
    }
    expect(await system().select().from(users).where(eq(users.email, 'late@example.test'))).toHaveLength(0)
  })

  it('an existing account gets an auditor invitation; accepting makes the auditor membership', async () => {
    const beta = await createCustomer({ name: 'Beta Revision' })
    const { user: existing } = await createUser({ memberships: [{ customerId: beta.id }] })
    const endsOn = addDays(today(), 20)
    const res = await run(newRoute.action, request('/app/admin/users/new', { cookie: admin.cookie, form: auditorForm(existing.email, endsOn) }))
    expect(res.status).toBe(302)
    const [invitation] = await system().select().from(invitations).where(eq(invitations.userId, existing.id))
    expect(invitation).toMatchObject({ kind: 'auditor', endsOn, riskRole: 'read', iksRole: 'read' })
    // The invitation, in the account's own language, says read-only and until when (issue 22).
    const mail = await peer().waitFor(existing.email)
    expect(mail.text).toContain('nur lesend')
    expect(mail.text).toContain(`bis und mit ${formatDate(endsOn)}`)
    const { cookie } = await sessionCookie(existing.id)
    const accepted = await run(cselector.action, request('/app/user/cselector', { cookie, form: { intent: 'accept', invitationId: invitation.id } }))
    expect(accepted.status).toBe(302)
    const [m] = await membershipRow({ userId: existing.id, customerId: alpha.id })
    expect(m).toMatchObject({ kind: 'auditor', endsOn })
  })

  it('an auditor reads every tool, the sensitive DSG records, reports and the audit trail, and writes nothing', async () => {
    const { user, membership } = await newAuditor('reads.all@example.test')
    const { cookie } = await sessionCookie(user.id, membership.id)
    const auth = await requireCustomer({ request: request('/app', { cookie }) })
    expect(auth.access.kind).toBe('auditor')
    const p = permissionsOf(auth.access)
    expect(p.auditor).toBe(true)
    expect(p.auditTrail.read).toBe(true)
    expect([p.tools.risk.read, p.tools.iks.read, p.dsg.read, p.dsg.sensitive, p.reports.read, p.workProcesses.read, p.documents.dsg.read]).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ])
    const writes = [
      p.tools.risk.write,
      p.tools.iks.write,
      p.tools.risk.editSettings,
      p.tools.iks.editSettings,
      p.tools.risk.link,
      p.dsg.write,
      p.reports.write,
      p.workProcesses.write,
      p.admin.access,
      p.deputies,
      ...Object.values(p.measures).flatMap((m) => [m.write, m.editDsg]),
      ...Object.values(p.documents).map((d) => d.write),
    ]
    expect(writes.every((w) => w === false)).toBe(true)
    // A member's admin keeps the audit trail; a writer does not read it.
    expect(permissionsOf((await requireCustomer({ request: request('/app', { cookie: admin.cookie }) })).access).auditTrail.read).toBe(true)
    const writer = await memberFactory({ customer: alpha, traits: ['risk-write'] })
    expect(permissionsOf(writer.access).auditTrail.read).toBe(false)
    expect(permissionsOf(writer.access).auditor).toBe(false)
    // The trail's own service lets the auditor in and refuses the writer.
    expect((await AuditTrail.for(auth.access).list({ dir: 'desc' }, { limit: 5, offset: 0 }, 'de')).total).toBeGreaterThan(0)
    await expect(AuditTrail.for(writer.access).list({ dir: 'desc' }, { limit: 5, offset: 0 }, 'de')).rejects.toMatchObject({ code: 'forbidden' })
    // And so do the trail's page and its export.
    expect((await run(auditPage.loader, request('/app/admin/audit', { cookie }))).status).toBe(200)
    expect((await run(auditExport.loader, request('/app/admin/audit/export.csv', { cookie }))).status).toBe(200)
    expect((await run(auditPage.loader, request('/app/admin/audit', { cookie: writer.cookie }))).status).toBe(403)

    // Reading a risk works; saving it, creating a measure, inviting a user or naming a deputy is refused.
    const risk = await riskFactory({ customer: alpha })
    const read = await run(riskDetail.loader, request(`/app/risk/${risk.id}`, { cookie }), { id: risk.id })
    expect(read.status).toBe(200)
    const save = await run(riskDetail.action, request(`/app/risk/${risk.id}`, { cookie, form: { intent: 'save', block: 'intro', version: '1' } }), {
      id: risk.id,
    })
    expect([403, 404]).toContain(save.status)
    const measure = await run(
      measureEdit.action,
      request('/app/measures/new', {
        cookie,
        form: { source: 'fund', title: 'Prüfen', body: '', owner: `user:${user.id}`, dueDate: addDays(today(), 5), recurrence: '0' },
      }),
    )
    expect(measure.status).toBe(403)
    await expect(
      Measures.for(auth.access).create({
        source: 'fund',
        title: 'x',
        body: '',
        owner: { type: 'user', id: user.id },
        dueDate: addDays(today(), 5),
        recurrence: 0,
        dsgMeasure: false,
        inEdit: false,
      }),
    ).rejects.toMatchObject({ code: 'forbidden' })
    const invite = await run(
      newRoute.action,
      request('/app/admin/users/new', { cookie, form: { email: 'x@example.test', firstName: 'X', lastName: 'Y', language: 'de' } }),
    )
    expect(invite.status).toBe(403)
    await expect(
      Admin.for(auth.access).add({ email: 'y@example.test', firstName: 'Y', lastName: 'Z', language: 'de', position: null, rights: auth.access.rights }),
    ).rejects.toMatchObject({ code: 'forbidden' })
    const deputy = await run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'add', deputyUserId: admin.id } }))
    expect(deputy.status).toBe(403)
  })

  it('an auditor is no deputy candidate and cannot be named one', async () => {
    const { user } = await newAuditor('no.deputy@example.test')
    const loaded = await run(dselector.loader, request('/app/user/dselector', { cookie: admin.cookie }))
    expect((loaded.body as { candidates: { id: string }[] }).candidates.map((c) => c.id)).not.toContain(user.id)
    const res = await run(dselector.action, request('/app/user/dselector', { cookie: admin.cookie, form: { intent: 'add', deputyUserId: user.id } }))
    expect(res.status).toBe(404)
  })

  it('the admin changes the end date or ends the access now, audited; an auditor’s rights stay fixed', async () => {
    const { user, membership } = await newAuditor('ends.now@example.test')
    const later = addDays(today(), 90)
    const moved = await run(
      editRoute.action,
      request(`/app/admin/users/${user.id}/edit`, { cookie: admin.cookie, form: { intent: 'endsOn', endsOn: later, version: String(membership.version) } }),
      { id: user.id },
    )
    expect(moved.status).toBe(302)
    const tooLate = await run(
      editRoute.action,
      request(`/app/admin/users/${user.id}/edit`, {
        cookie: admin.cookie,
        form: { intent: 'endsOn', endsOn: addDays(today(), 500), version: String(membership.version + 1) },
      }),
      { id: user.id },
    )
    expect(tooLate.status).toBe(400)
    const rights = await run(
      editRoute.action,
      request(`/app/admin/users/${user.id}/edit`, {
        cookie: admin.cookie,
        form: { riskEnabled: 'on', riskRole: 'write', version: String(membership.version + 1) },
      }),
      { id: user.id },
    )
    expect(rights.status).toBe(409)
    const ended = await run(
      editRoute.action,
      request(`/app/admin/users/${user.id}/edit`, { cookie: admin.cookie, form: { intent: 'endNow', version: String(membership.version + 1) } }),
      { id: user.id },
    )
    expect(ended.status).toBe(302)
    const [after] = await membershipRow({ id: membership.id })
    expect(after.endsOn).toBe(addDays(today(), -1))
    const trail = await system().select().from(auditEntries).where(eq(auditEntries.entityId, membership.id)).orderBy(desc(auditEntries.createdAt))
    expect(trail[0].changedFields).toMatchObject({ endsOn: { from: later, to: addDays(today(), -1) } })
    const { members } = (await run(usersRoute.loader, request('/app/admin/users', { cookie: admin.cookie }))).body as {
      members: { id: string; expired: boolean }[]
    }
    expect(members.find((m) => m.id === user.id)?.expired).toBe(true)
  })

  it('an auditor entering a fund through the selector is recorded as a sign-in in that fund’s trail', async () => {
    const { user, membership } = await newAuditor('enters@example.test')
    const { cookie } = await sessionCookie(user.id)
    const res = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: membership.id } }))
    expect(res.status).toBe(302)
    const entered = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.userId, user.id), eq(auditEntries.action, 'SignedIn')))
    expect(entered).toMatchObject([{ component: 'session', customerId: alpha.id, changedFields: { customer: { to: alpha.id } } }])
  })

  it('past its end date: the selector hides it, a session on it is sent to the selector, sign-in is refused with the date', async () => {
    const { user, membership } = await newAuditor('expired@example.test')
    const { cookie } = await sessionCookie(user.id, membership.id)
    // Signed in and working while the access lasts; the sign-in is audited for the fund.
    const signIn = await run(loginRoute.action, request('/?index', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '' } }))
    expect(signIn.status).toBe(302)
    const signedIn = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.userId, user.id), eq(auditEntries.action, 'SignedIn')))
    expect(signedIn[0]).toMatchObject({ component: 'session', customerId: alpha.id })

    const before = await run(cselector.loader, request('/app/user/cselector', { cookie }))
    expect((before.body as { options: { permId: string; kind: string; endsOn: string }[] }).options).toMatchObject([
      { permId: membership.id, kind: 'auditor', endsOn: membership.endsOn },
    ])
    const endedOn = addDays(today(), -1)
    await system().update(memberships).set({ endsOn: endedOn }).where(eq(memberships.id, membership.id))
    const options = await run(cselector.loader, request('/app/user/cselector', { cookie }))
    expect((options.body as { options: { permId: string }[] }).options.map((o) => o.permId)).not.toContain(membership.id)
    const refused = await run(asLoader(requireCustomer), request('/app/risk', { cookie }))
    expect(refused.status).toBe(302)
    const location = refused.location
    expect(location).toContain('/app/user/cselector')
    expect(location).toContain('ended=1')
    const chosen = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: membership.id } }))
    expect(chosen.status).toBe(404)

    const res = await run(loginRoute.action, request('/?index', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '' } }))
    expect(res.status).toBe(403)
    const [d, m, y] = [endedOn.slice(8, 10), endedOn.slice(5, 7), endedOn.slice(0, 4)]
    // The account's language is French (the admin chose it); the page answers in the browser's, German here.
    expect(JSON.stringify(res.body)).toContain(`Ihr Zugang ist am ${d}.${m}.${y} abgelaufen`)
    const api = await run(apiLogin.action, request('/api/login', { json: { email: user.email, password: TEST_PASSWORD } }))
    expect(api.status).toBe(403)
    expect(api.body).toMatchObject({ error: 'access expired', endedOn })
    const failed = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.userId, user.id), eq(auditEntries.action, 'SignInFailed')))
    expect(failed[0]).toMatchObject({ customerId: alpha.id, changedFields: { reason: { to: 'expired' } } })
  })
})

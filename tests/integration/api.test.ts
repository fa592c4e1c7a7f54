import { beforeAll, describe, expect, it } from 'vitest'
import * as getdeputies from '../../app/features/account/api/deputies.ts'
import * as loadpermissions from '../../app/features/account/api/permissions.ts'
import * as login from '../../app/features/account/api/login.ts'
import * as logout from '../../app/features/account/api/logout.ts'
import * as me from '../../app/features/account/api/me.ts'
import * as sessionRoute from '../../app/features/account/api/session.ts'
import { system } from '../system-db.ts'
import { auditEntries, deputies } from '../../models/schema/index.ts'
import { findSession } from '../../app/auth/sessions.server.ts'
import {
  createUser,
  customerFactory,
  deputyFactory,
  memberFactory,
  operatorFactory,
  request,
  right,
  run,
  sessionCookie,
  TEST_PASSWORD,
  userFactory,
} from '../factories/index.ts'

describe('the calls of SPEC.md §7', () => {
  let customerA: { id: string; name: string }
  let customerB: { id: string }
  beforeAll(async () => {
    customerA = await customerFactory({ attributes: { name: 'Alpha API' } })
    customerB = await customerFactory()
  })

  it('POST /api/login answers the user with language and customers, each with its permId', async () => {
    const { user, memberships } = await memberFactory({ customer: customerA, traits: ['french', 'risk-write', 'signed-out'] })
    const res = await run(login.action, request('/api/login', { json: { email: user.email.toUpperCase(), password: TEST_PASSWORD } }))
    expect(res.status).toBe(200)
    const body = res.body as { id: string; language: string; customers: { permId: string; name: string }[]; activePemId: string }
    expect(body.id).toBe(user.id)
    expect(body.language).toBe('fr')
    expect(body.customers).toEqual([expect.objectContaining({ permId: memberships[0].id, name: 'Alpha API' })])
    // Exactly one customer: its permissions are loaded at once.
    expect(body.activePemId).toBe(memberships[0].id)
    expect(res.headers.getSetCookie().some((c) => c.startsWith('__session='))).toBe(true)
    expect(JSON.stringify(body)).not.toContain('password')
  })

  it('POST /api/login refuses wrong credentials with 401, a bad body with 400 and form posts with 415', async () => {
    const user = await userFactory()
    expect((await run(login.action, request('/api/login', { json: { email: user.email, password: 'nope-nope' } }))).status).toBe(401)
    expect((await run(login.action, request('/api/login', { json: { email: 'x' } }))).status).toBe(400)
    expect((await run(login.action, request('/api/login', { form: { email: user.email, password: TEST_PASSWORD } }))).status).toBe(415)
  })

  it('every call but login answers 401 JSON without a session', async () => {
    const calls: [(a: never) => unknown, Request][] = [
      [logout.action, request('/api/logout', { json: {} })],
      [sessionRoute.loader, request('/api/session')],
      [me.loader, request('/api/users/me')],
      [loadpermissions.action, request('/api/users/loadpermissions', { json: { permId: 'x' } })],
      [getdeputies.loader, request('/api/users/getdeputies')],
    ]
    for (const [fn, req] of calls) {
      const res = await run(fn, req)
      expect(res.status, req.url).toBe(401)
      expect(res.body).toEqual({ error: 'unauthorized' })
    }
  })

  it('GET /api/session and /api/users/me answer for the signed-in user', async () => {
    const { user, memberships, cookie } = await memberFactory({ customer: customerA, traits: ['ics-read'] })
    const s = await run(sessionRoute.loader, request('/api/session', { cookie }))
    expect(s.status).toBe(200)
    expect(s.body).toMatchObject({ user: { id: user.id }, permId: memberships[0].id, rights: { iks: { enabled: true, role: 'read' } } })
    const m = await run(me.loader, request('/api/users/me', { cookie }))
    expect(m.body).toMatchObject({ id: user.id, email: user.email, customers: [{ permId: memberships[0].id }] })
  })

  it('POST /api/users/loadpermissions answers id, customer, rights, deputy, user and refuses a foreign permId with 403', async () => {
    const { user, memberships } = await createUser({
      memberships: [
        { customerId: customerA.id, risk: right('admin') },
        { customerId: customerB.id, iks: right('write') },
      ],
    })
    const { memberships: foreign } = await memberFactory({ customer: customerA, traits: ['signed-out'] })
    const { cookie, token } = await sessionCookie(user.id)
    const res = await run(loadpermissions.action, request('/api/users/loadpermissions', { cookie, json: { permId: memberships[1].id } }))
    expect(res.status).toBe(200)
    expect(Object.keys(res.body as object).sort()).toEqual(['customer', 'deputy', 'id', 'rights', 'user'])
    expect(res.body).toMatchObject({ id: memberships[1].id, customer: { id: customerB.id }, rights: { iks: { enabled: true, role: 'write' } }, deputy: null })
    expect((await findSession(token))?.session.permId).toBe(memberships[1].id)
    const denied = await run(loadpermissions.action, request('/api/users/loadpermissions', { cookie, json: { permId: foreign[0].id } }))
    expect(denied.status).toBe(403)
    expect((await findSession(token))?.session.permId).toBe(memberships[1].id)
  })

  it('loadpermissions lets an active deputy act for the principal, and stops when the deputyship is off', async () => {
    const { user: principal, memberships: pm } = await memberFactory({ customer: customerA, traits: ['risk-write', 'signed-out'] })
    const { user: deputy } = await memberFactory({ customer: customerA, traits: ['risk-read', 'signed-out'] })
    const row = await deputyFactory({ customer: customerA, principal, deputy, traits: ['inactive'] })
    const { cookie } = await sessionCookie(deputy.id)
    const inactive = await run(loadpermissions.action, request('/api/users/loadpermissions', { cookie, json: { permId: pm[0].id } }))
    expect(inactive.status).toBe(403)
    const { eq } = await import('drizzle-orm')
    await system().update(deputies).set({ active: true }).where(eq(deputies.id, row.id))
    const active = await run(loadpermissions.action, request('/api/users/loadpermissions', { cookie, json: { permId: pm[0].id } }))
    expect(active.status).toBe(200)
    expect(active.body).toMatchObject({ deputy: { id: principal.id }, rights: { risk: { role: 'write' } } })
    // Acting for someone is on record in the customer, as through the customer selector.
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.userId, deputy.id))
    expect(audit).toEqual([
      expect.objectContaining({ component: 'deputy', customerId: customerA.id, changedFields: { actingFor: { from: null, to: principal.id } } }),
    ])
  })

  it('GET /api/users/getdeputies lists the deputies, and answers 403 to super admins', async () => {
    const { user: principal } = await memberFactory({ customer: customerA, traits: ['signed-out'] })
    const { user: deputy } = await memberFactory({ customer: customerA, traits: ['signed-out'] })
    await deputyFactory({ customer: customerA, principal, deputy })
    const { cookie } = await sessionCookie(principal.id)
    const res = await run(getdeputies.loader, request('/api/users/getdeputies', { cookie }))
    expect(res.body).toEqual([expect.objectContaining({ active: true, deputy: expect.objectContaining({ id: deputy.id }) })])
    const s = await operatorFactory()
    expect((await run(getdeputies.loader, request('/api/users/getdeputies', { cookie: s.cookie }))).status).toBe(403)
  })

  it('POST /api/logout ends the session', async () => {
    const user = await userFactory()
    const { cookie, token } = await sessionCookie(user.id)
    const res = await run(logout.action, request('/api/logout', { cookie, json: {} }))
    expect(res.status).toBe(200)
    expect(await findSession(token)).toBeNull()
    expect((await run(me.loader, request('/api/users/me', { cookie }))).status).toBe(401)
  })
})

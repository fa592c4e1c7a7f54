import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { requireUser } from '#app/auth/guards.server.ts'
import { localeCookie } from '#app/i18n/locale.server.ts'
import * as loginRoute from './login.tsx'
import * as logoutRoute from './logout.tsx'
import * as langRoute from '../shell/lang.tsx'
import * as cselector from './customer-selector.tsx'
import { db } from '#models/core/db.server.ts'
import { sessions, users } from '#models/schema/index.ts'
import { findSession } from '#app/auth/sessions.server.ts'
import {
  asLoader,
  cookieFrom,
  createUser,
  customerFactory,
  memberFactory,
  request,
  run,
  sessionCookie,
  TEST_PASSWORD,
  userFactory,
} from '../../../tests/factories/index.ts'

const loginForm = (email: string, password = TEST_PASSWORD, redirectTo = '') => ({ email, password, redirectTo })

describe('sign-in with the login form', () => {
  let alpha: { id: string }
  let beta: { id: string }
  beforeAll(async () => {
    alpha = await customerFactory({ attributes: { name: 'Alpha' } })
    beta = await customerFactory({ attributes: { name: 'Beta' } })
  })

  it('loads the only customer of a one-customer user and lands on /app', async () => {
    const { user, memberships } = await memberFactory({ customer: alpha, traits: ['risk-write', 'signed-out'] })
    const res = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
    expect(res.status).toBe(302)
    expect(res.location).toBe('/app')
    const session = cookieFrom(res.headers, '__session')
    expect(session).toBeTruthy()
    const auth = await requireUser({ request: request('/app', { cookie: session! }) })
    expect(auth.access.permId).toBe(memberships[0].id)
    expect(auth.access.customer?.id).toBe(alpha.id)
  })

  it('sends a several-customer user to the customer selector without a customer loaded', async () => {
    const { user } = await createUser({ memberships: [{ customerId: alpha.id }, { customerId: beta.id }] })
    const res = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
    expect(res.location).toBe('/app/user/cselector')
    const auth = await requireUser({ request: request('/app', { cookie: cookieFrom(res.headers, '__session')! }) })
    expect(auth.access.customer).toBeNull()
  })

  it('keeps where the user wanted to go', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    const res = await run(loginRoute.action, request('/?index', { form: loginForm(user.email, TEST_PASSWORD, '/app/user/profile') }))
    expect(res.location).toBe('/app/user/profile')
    const evil = await run(loginRoute.action, request('/?index', { form: loginForm(user.email, TEST_PASSWORD, '//evil.example/x') }))
    expect(evil.location).toBe('/app')
  })

  it('sends a super admin without customers to /app/sadmin', async () => {
    const user = await userFactory({ traits: ['super-admin'] })
    const res = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
    expect(res.location).toBe('/app/sadmin')
  })

  it('switches to the language saved for the user', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['french', 'signed-out'] })
    const res = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
    expect(await localeCookie.parse(cookieFrom(res.headers, 'lng'))).toBe('fr')
  })

  it('refuses a wrong password, an unknown address and a disabled user alike, creating no session', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    const { user: disabled } = await memberFactory({ customer: alpha, traits: ['disabled', 'signed-out'] })
    for (const form of [loginForm(user.email, 'wrong-password'), loginForm('nobody@example.test'), loginForm(disabled.email)]) {
      const res = await run(loginRoute.action, request('/?index', { form }))
      expect(res.status).toBe(401)
      expect(JSON.stringify(res.body)).toContain('account:login.failed')
      expect(cookieFrom(res.headers, '__session')).toBeNull()
    }
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(rows).toHaveLength(0)
  })

  it('shows the required and e-mail format messages and never echoes the password', async () => {
    const res = await run(loginRoute.action, request('/?index', { form: { email: 'not-an-address', password: '' } }))
    expect(res.status).toBe(400)
    const text = JSON.stringify(res.body)
    expect(text).toContain('validation.email')
    expect(text).toContain('validation.required')
  })

  it('throttles an address from one client after 10 failed attempts, even with the right password', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    for (let i = 0; i < 10; i++) await run(loginRoute.action, request('/?index', { form: loginForm(user.email, 'wrong-password') }))
    const res = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
    expect(res.status).toBe(429)
    expect(JSON.stringify(res.body)).toContain('account:login.throttled')
  })
})

describe('sessions', () => {
  it('logout deletes the session on the server and clears the cookie', async () => {
    const user = await userFactory()
    const { cookie, token } = await sessionCookie(user.id)
    const res = await run(logoutRoute.action, request('/logout', { method: 'POST', cookie }))
    expect(res.status).toBe(302)
    expect(res.location).toBe('/')
    expect(await findSession(token)).toBeNull()
    expect(res.headers.getSetCookie().some((c) => c.startsWith('__session=;') && /Max-Age=0/i.test(c))).toBe(true)
  })

  it('an expired session redirects a page to the login, keeping the target, and answers 401 to the API', async () => {
    const user = await userFactory()
    const { cookie, token } = await sessionCookie(user.id)
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
    expect(await findSession(token)).toBeNull()
    const page = await run(asLoader(requireUser), request('/app/user/profile?tab=1', { cookie }))
    expect(page.status).toBe(302)
    expect(page.location).toBe('/?redirectTo=%2Fapp%2Fuser%2Fprofile%3Ftab%3D1&ended=1')
    const api = await run(asLoader(requireUser), request('/api/users/me', { cookie }))
    expect(api.status).toBe(401)
    expect(api.body).toEqual({ error: 'unauthorized' })
  })

  it('a data request of client navigation redirects to the page path, not the .data URL', async () => {
    const res = await run(asLoader(requireUser), request('/app/user/profile.data'))
    expect(res.location).toBe('/?redirectTo=%2Fapp%2Fuser%2Fprofile')
  })

  it('a disabled user loses the session at once', async () => {
    const user = await userFactory()
    const { token } = await sessionCookie(user.id)
    await db().update(users).set({ state: 'disabled' }).where(eq(users.id, user.id))
    expect(await findSession(token)).toBeNull()
  })
})

describe('customer selection', () => {
  it('switches to a customer of the user and refuses a foreign permId with 404', async () => {
    const a = await customerFactory()
    const b = await customerFactory()
    const { user, memberships } = await createUser({ memberships: [{ customerId: a.id }, { customerId: b.id }] })
    const { user: other, memberships: otherPerms } = await memberFactory({ customer: a, traits: ['signed-out'] })
    void other
    const { cookie } = await sessionCookie(user.id)
    const ok = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: memberships[1].id, redirectTo: '' } }))
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/app')
    const auth = await requireUser({ request: request('/app', { cookie }) })
    expect(auth.access.customer?.id).toBe(b.id)
    const foreign = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: otherPerms[0].id } }))
    expect(foreign.status).toBe(404)
    const garbage = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: 'nonsense' } }))
    expect(garbage.status).toBe(404)
  })
})

describe('language switch', () => {
  it('sets the cookie and, when signed in, the saved language', async () => {
    const user = await userFactory({ traits: ['german'] })
    const { cookie } = await sessionCookie(user.id)
    const res = await run(langRoute.action, request('/lang', { cookie, form: { lng: 'en', redirectTo: '/app/user/profile' } }))
    expect(res.location).toBe('/app/user/profile')
    expect(await localeCookie.parse(cookieFrom(res.headers, 'lng'))).toBe('en')
    const [row] = await db().select().from(users).where(eq(users.id, user.id))
    expect(row.language).toBe('en')
    const bad = await run(langRoute.action, request('/lang', { form: { lng: 'xx', redirectTo: 'https://evil.example' } }))
    expect(bad.location).toBe('/')
    expect(cookieFrom(bad.headers, 'lng')).toBeNull()
  })
})

import { db } from '#models/core/db.server.ts'
import { and, eq, isNull } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { requireUser, safeRedirect } from '#app/auth/guards.server.ts'
import * as loginRoute from './login.tsx'
import * as apiLoginRoute from './api/login.ts'
import * as apiLogoutRoute from './api/logout.ts'
import * as logoutRoute from './logout.tsx'
import * as pwdRoute from './password.tsx'
import * as riskDetailRoute from '#app/features/inventory/risk/detail.tsx'
import { system } from '../../../tests/system-db.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import { auditEntries, passwordResetTokens, riskCatalog, risks, sessions, signInThrottle } from '#models/schema/index.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { findSession, SESSION_MAX_HOURS } from '#app/auth/sessions.server.ts'
import { readChanges } from '#app/accountability/history.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import {
  checkPasswordResetToken,
  createPasswordResetToken,
  LOGIN_ATTEMPT_LIMIT,
  resetPasswordWithToken,
  THROTTLE,
  throttleKey,
} from '#app/auth/users.server.ts'
import {
  asLoader,
  customerFactory,
  fromClient,
  memberFactory,
  request,
  run,
  sessionCookie,
  TEST_PASSWORD,
  userFactory,
} from '../../../tests/factories/index.ts'

const loginForm = (email: string, password = TEST_PASSWORD) => ({ email, password, redirectTo: '' })

const auditOf = (userId: string) => system().select().from(auditEntries).where(eq(auditEntries.userId, userId))

describe('redirect targets after sign-in, language change and customer choice', () => {
  it('refuses every disguise of another host, also after normalisation', () => {
    for (const evil of [
      '/.//evil.example',
      '/./\t/evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '//evil.example',
      '/\\evil.example',
      '/%0a/evil.example'.replace('%0a', '\n'),
      'https://evil.example',
      '/././/evil.example/x?y=1',
    ]) {
      expect(safeRedirect(evil, '/app'), evil).toBe('/app')
    }
    expect(safeRedirect('/app/risk?tab=x#top')).toBe('/app/risk?tab=x#top')
    expect(safeRedirect('/app/./risk')).toBe('/app/risk')
    expect(safeRedirect(`/${'a'.repeat(3000)}`)).toBe('/app')
  })

  it('always answers a path of this site (property over any string)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/${s}`),
          fc.string().map((s) => `/.//${s}`),
          fc.webUrl(),
        ),
        (input) => {
          const target = safeRedirect(input, '/app')
          expect(target.startsWith('/')).toBe(true)
          expect(target.startsWith('//')).toBe(false)
          expect(new URL(target, 'http://same.invalid').origin).toBe('http://same.invalid')
        },
      ),
      { numRuns: 2000, seed: 7 },
    )
  })
})

describe('sign-in throttling', () => {
  let alpha: { id: string }
  beforeAll(async () => {
    alpha = await customerFactory({ attributes: { name: 'Alpha' } })
  })

  it('evaluates exactly the limit of 40 concurrent wrong guesses against one address from one client', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fromClient(loginRoute.action, request('/?index', { form: loginForm(user.email, `wrong-${i}`) }), '10.0.0.1').then((r) => r.status),
      ),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_ATTEMPT_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_ATTEMPT_LIMIT)
  })

  it('limits one client across many addresses, and the API alike', async () => {
    const ip = '192.0.2.77'
    let last = 0
    for (let i = 0; i < THROTTLE.client.limit; i++) {
      last = (await fromClient(apiLoginRoute.action, request('/api/login', { json: { email: `nobody-${i}@example.test`, password: 'wrong-password' } }), ip))
        .status
      expect(last).toBe(401)
    }
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    expect((await fromClient(apiLoginRoute.action, request('/api/login', { json: { email: user.email, password: TEST_PASSWORD } }), ip)).status).toBe(429)
    // another client is not affected
    expect((await fromClient(apiLoginRoute.action, request('/api/login', { json: { email: user.email, password: TEST_PASSWORD } }), '192.0.2.78')).status).toBe(
      200,
    )
  })

  it('lets the owner of a throttled address in through the reset mail', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    // Guesses from many clients up to the address's ceiling (decision 0050).
    await system()
      .insert(signInThrottle)
      .values({ key: throttleKey.address(user.email), attempts: THROTTLE.address.limit })
    expect((await fromClient(loginRoute.action, request('/?index', { form: loginForm(user.email) }), '203.0.113.1')).status).toBe(429)
    const { token } = (await createPasswordResetToken(user.email))!
    expect(await resetPasswordWithToken(token, 'Ein-neues-Passwort-2026')).toBe('valid')
    const res = await run(loginRoute.action, request('/?index', { form: loginForm(user.email, 'Ein-neues-Passwort-2026') }))
    expect(res.status).toBe(302)
  })
})

describe('password reset links', () => {
  it('a new request ends the links sent before', async () => {
    const user = await userFactory()
    const first = (await createPasswordResetToken(user.email))!
    const second = (await createPasswordResetToken(user.email))!
    expect(await checkPasswordResetToken(first.token)).toBe('used')
    expect(await checkPasswordResetToken(second.token)).toBe('valid')
    expect(await resetPasswordWithToken(first.token, 'Ein-neues-Passwort-2026')).toBe('used')
  })

  it('a password change ends every open link', async () => {
    const { user, cookie } = await memberFactory({ customer: await customerFactory() })
    const { token } = (await createPasswordResetToken(user.email))!
    const res = await run(
      pwdRoute.action,
      request('/app/user/pwd', { cookie, form: { current: TEST_PASSWORD, password: 'Ganz-neu-2026', confirm: 'Ganz-neu-2026' } }),
    )
    expect(res.status).toBe(302)
    expect(await checkPasswordResetToken(token)).toBe('used')
    const open = await system()
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)))
    expect(open).toHaveLength(0)
  })
})

describe('session lifetime', () => {
  it('ends a session older than the absolute lifetime, however recently it was used', async () => {
    const user = await userFactory()
    const { token, cookie } = await sessionCookie(user.id)
    expect(await findSession(token)).not.toBeNull()
    await system()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (SESSION_MAX_HOURS * 60 + 1) * 60_000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id))
    expect(await findSession(token)).toBeNull()
    // the page sends the user to sign in and says that the session ended
    const res = await run(asLoader(requireUser), request('/app/measures?tab=risk', { cookie }))
    expect(res.status).toBe(302)
    const target = new URL(res.location!, 'http://localhost')
    expect(target.pathname).toBe('/')
    expect(target.searchParams.get('ended')).toBe('1')
    expect(target.searchParams.get('redirectTo')).toBe('/app/measures?tab=risk')
  })

  it('says nothing to someone who was never signed in', async () => {
    const res = await run(asLoader(requireUser), request('/app'))
    expect(new URL(res.location!, 'http://localhost').searchParams.has('ended')).toBe(false)
    const page = await run(loginRoute.loader, request('/?ended=1'))
    expect(page.body).toMatchObject({ ended: true })
    expect((await run(loginRoute.loader, request('/'))).body).toMatchObject({ ended: false })
  })

  it('sets Secure on the session cookie for a request that came over HTTPS', async () => {
    const { user } = await memberFactory({ customer: await customerFactory(), traits: ['signed-out'] })
    const secure = await run(
      loginRoute.action,
      new Request('https://vorsorge.example/?index', { method: 'POST', body: new URLSearchParams(loginForm(user.email)) }),
    )
    expect(secure.headers.getSetCookie().find((c) => c.startsWith('__session='))).toMatch(/;\s*Secure/i)
    const plain = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
    expect(plain.headers.getSetCookie().find((c) => c.startsWith('__session='))).not.toMatch(/;\s*Secure/i)
  })

  it('sets Secure on the session cookie when APP_URL is an https address, whatever the request says (a TLS proxy in front)', async () => {
    const { user } = await memberFactory({ customer: await customerFactory(), traits: ['signed-out'] })
    vi.stubEnv('APP_URL', 'https://vorsorge.example')
    try {
      const behindProxy = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
      expect(behindProxy.headers.getSetCookie().find((c) => c.startsWith('__session='))).toMatch(/;\s*Secure/i)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('sign-in events in the audit trail', () => {
  it('records sign-in, failed sign-in (unknown addresses too) and sign-out with the client', async () => {
    const customer = await customerFactory()
    const { user } = await memberFactory({ customer, traits: ['signed-out'] })
    expect((await fromClient(loginRoute.action, request('/?index', { form: loginForm(user.email, 'wrong-password') }), '192.0.2.10')).status).toBe(401)
    const ok = await run(loginRoute.action, request('/?index', { form: loginForm(user.email) }))
    const cookie = ok.headers
      .getSetCookie()
      .find((c) => c.startsWith('__session='))!
      .split(';')[0]
    await fromClient(logoutRoute.action, request('/logout', { method: 'POST', cookie }), '192.0.2.11')
    const entries = await auditOf(user.id)
    expect(entries.map((e) => e.action).sort()).toEqual(['SignInFailed', 'SignedIn', 'SignedOut'])
    expect(entries.find((e) => e.action === 'SignInFailed')!.changedFields).toMatchObject({ client: { to: '192.0.2.10' }, reason: { to: 'credentials' } })
    expect(entries.find((e) => e.action === 'SignedIn')!.customerId).toBe(customer.id)
    expect(entries.find((e) => e.action === 'SignedOut')!.changedFields).toMatchObject({ client: { to: '192.0.2.11' } })

    const before = (await system().select().from(auditEntries).where(eq(auditEntries.action, 'SignInFailed'))).length
    await run(loginRoute.action, request('/?index', { form: loginForm('nobody-at-all@example.test', 'x') }))
    const failed = await system().select().from(auditEntries).where(eq(auditEntries.action, 'SignInFailed'))
    expect(failed).toHaveLength(before + 1)
    expect(failed.some((e) => e.userId === null && JSON.stringify(e.changedFields).includes('nobody-at-all@example.test'))).toBe(true)
  })

  it('records the device and browser under their own label, and the IP address under its own', async () => {
    const { user } = await memberFactory({ customer: await customerFactory(), traits: ['signed-out'] })
    const agent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
    await fromClient(loginRoute.action, request('/?index', { form: loginForm(user.email), headers: { 'user-agent': agent } }), '192.0.2.20')
    const [entry] = await auditOf(user.id)
    expect(entry.changedFields).toMatchObject({ client: { to: '192.0.2.20' }, userAgent: { to: agent } })
    // The trail reads the address as an IP address, the User-Agent as the device and browser, in every language.
    for (const [lng, ip, device] of [
      ['de', 'IP-Adresse', 'Gerät und Browser'],
      ['fr', 'Adresse IP', 'Appareil et navigateur'],
      ['en', 'IP address', 'Device and browser'],
    ] as const) {
      const changes = readChanges(getFixedT(lng), 'session', entry.changedFields as Record<string, { from: unknown; to: unknown }>, {})
      expect(changes.find((c) => c.field === 'client')).toMatchObject({ label: ip, to: '192.0.2.20' })
      expect(changes.find((c) => c.field === 'userAgent')).toMatchObject({ label: device, to: agent })
    }
  })

  it('records a sign-out through the API', async () => {
    const user = await userFactory()
    const { cookie } = await sessionCookie(user.id)
    expect((await fromClient(apiLogoutRoute.action, request('/api/logout', { cookie, json: {} }), '192.0.2.12')).status).toBe(200)
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['SignedOut'])
  })
})

describe('saving without a change', () => {
  it('writes no audit entry and no new version for a stepper block', async () => {
    await seedRiskCatalog(db())
    const customer = await customerFactory()
    const { cookie, access } = await memberFactory({ customer, traits: ['risk-write', 'ics-read'] })
    const [catalogEntry] = await system().select({ id: riskCatalog.id }).from(riskCatalog).limit(1)
    const [risk] = await risks$.for(access).addFromCatalog([catalogEntry.id])
    const save = (form: Record<string, string>) => run(riskDetailRoute.action, request(`/app/risk/${risk.id}`, { cookie, form }), { id: risk.id })
    await save({ intent: 'edit', block: 'monitoring' })
    expect((await save({ intent: 'save', block: 'monitoring', version: '1', controlling: 'Quartalsbericht' })).status).toBe(302)
    const countUpdates = async () =>
      (
        await system()
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.entityId, risk.id), eq(auditEntries.action, 'Updated')))
      ).length
    expect(await countUpdates()).toBe(1)
    await save({ intent: 'edit', block: 'monitoring' })
    expect((await save({ intent: 'save', block: 'monitoring', version: '2', controlling: 'Quartalsbericht' })).status).toBe(302)
    expect(await countUpdates()).toBe(1)
    const [after] = await system().select().from(risks).where(eq(risks.id, risk.id))
    expect(after.version).toBe(2)
  })
})

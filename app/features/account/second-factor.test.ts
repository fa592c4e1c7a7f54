import { and, eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { commitChallengeToken } from '#app/auth/cookies.server.ts'
import { authContext, requireUser } from '#app/auth/guards.server.ts'
import { asSystem, inRequest } from '#models/core/scope.server.ts'
import { signedIn } from '#app/auth/middleware.server.ts'
import { RECOVERY_CODE_COUNT, SIGN_IN_CHALLENGE_ATTEMPTS } from '#models/core/constants.ts'
import { keyedHash, unseal } from '#models/core/seal.server.ts'
import { auditEntries, customers, memberships, recoveryCodes, sessions, signInChallenges, signInThrottle, users } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import {
  cookieFrom,
  customerFactory,
  fromClient,
  insertMembership,
  memberFactory,
  request,
  run,
  sessionCookie,
  TEST_PASSWORD,
  type User,
  userFactory,
} from '../../../tests/factories/index.ts'
import * as apiLoginRoute from './api/login.ts'
import * as apiSecondStepRoute from './api/login-second-factor.ts'
import * as apiMeRoute from './api/me.ts'
import * as loginRoute from './login.tsx'
import { codeAt, completeSignInChallenge, createSignInChallenge, SecondFactor, spendSecondFactorCode, stepAt } from '#app/auth/second-factor.server.ts'
import * as stepRoute from './second-factor-step.tsx'
import * as securityRoute from './security.tsx'
import { sha256, THROTTLE, throttleKey, toAccessUser } from '#app/auth/users.server.ts'
import { LOGIN_ATTEMPT_LIMIT } from '#app/auth/users.server.ts'
import type { Access } from '#models/core/access.ts'
import { NO_RIGHTS } from '#models/core/access.ts'

const accessOf = (user: User): Access => ({ user: toAccessUser(user), actingFor: null, customer: null, permId: null, rights: NO_RIGHTS })
const userRow = async (id: string) => (await system().select().from(users).where(eq(users.id, id)))[0]
const secretOf = async (id: string) => unseal((await userRow(id)).totpSecret!)

/**
 * A user with the second factor on (the secret and the recovery codes returned); the codes' step is used
 * up. Turned on in the session of `cookie` (which then counts as signed in with it); the others end.
 */
async function withSecondFactor(user: User, now = Date.now(), token?: string) {
  const service = SecondFactor.for(accessOf(user))
  const { secret } = await service.start()
  const codes = await service.confirm(codeAt(secret, now), { sessionId: token ? sha256(token) : undefined, now })
  if (!codes) throw new Error('setup failed')
  return { secret, codes }
}

/** The app layout's middleware for a page: "passed" or where it sends the user. */
async function appGate(path: string, cookie: string) {
  const context = new RouterContextProvider()
  const req = request(path, { cookie })
  try {
    await inRequest(req, () =>
      (signedIn as unknown as (a: unknown, next: () => Promise<unknown>) => Promise<unknown>)(
        { request: req, params: {}, context },
        async () => new Response('passed'),
      ),
    )
    return context.get(authContext) ? 'passed' : 'no auth'
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? String(thrown.status)
    throw thrown
  }
}

describe('setting up the second factor', () => {
  it('keeps the new secret sealed and pending until a first code confirms it; shows the QR code as SVG', async () => {
    const user = await userFactory()
    const service = SecondFactor.for(accessOf(user))
    const setup = await service.start()
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Vorsorge%20RM:.+\?.*secret=/)
    expect(setup.uri).toContain(encodeURIComponent(user.email))
    expect(setup.svg).toMatch(/^<svg/)
    expect(setup.grouped.replace(/ /g, '')).toBe(setup.secret)
    const row = await userRow(user.id)
    expect(row.totpPendingSecret).toMatch(/^v1:/)
    expect(row.totpPendingSecret).not.toContain(setup.secret)
    expect(unseal(row.totpPendingSecret!)).toBe(setup.secret)
    expect(row.totpSecret).toBeNull()
    expect((await service.state()).pending?.grouped).toBe(setup.grouped)

    expect(await service.confirm('000000')).toBeNull()
    expect(await service.confirm('not a code')).toBeNull()
    expect((await userRow(user.id)).totpEnabledAt).toBeNull()

    const now = Date.now()
    const codes = await service.confirm(codeAt(setup.secret, now), { now })
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    for (const c of codes!) expect(c).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/)
    const after = await userRow(user.id)
    expect(after.totpEnabledAt).not.toBeNull()
    expect(after.totpPendingSecret).toBeNull()
    expect(after.totpLastStep).toBe(stepAt(now))
    expect(unseal(after.totpSecret!)).toBe(setup.secret)
    // Only keyed hashes are kept (HMAC with a key derived from the sealing key), not a plain hash.
    const stored = await system().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT)
    const dump = JSON.stringify(stored)
    for (const c of codes!) {
      expect(dump).not.toContain(c)
      expect(dump).not.toContain(c.replace(/-/g, ''))
      expect(dump).not.toContain(sha256(c.replace(/-/g, '')))
      expect(stored.map((r) => r.codeHash)).toContain(keyedHash('recovery code', c.replace(/-/g, '')))
    }
    const state = await service.state()
    expect(state).toMatchObject({ enabled: true, recoveryLeft: RECOVERY_CODE_COUNT, pending: null })
    // Audited without a secret.
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.component, 'user')))
    expect(audit.some((a) => JSON.stringify(a.changedFields).includes('"secondFactor"'))).toBe(true)
    expect(JSON.stringify(audit)).not.toContain(setup.secret)
  })

  it('the page shows the secret as text and the codes once; turning on marks the session as signed in with the second factor and ends the others', async () => {
    const user = await userFactory()
    const { cookie, token } = await sessionCookie(user.id)
    // Another browser, signed in with the password alone: it never passed the code.
    const elsewhere = await sessionCookie(user.id)
    expect((await run(securityRoute.action, request('/app/user/security', { cookie, form: { intent: 'start' } }))).status).toBe(302)
    const page = await run(securityRoute.loader, request('/app/user/security', { cookie }))
    const pending = (page.body as { pending: { grouped: string; svg: string } }).pending
    expect(pending.svg).toMatch(/^<svg/)
    const secret = pending.grouped.replace(/ /g, '')
    const wrong = await run(securityRoute.action, request('/app/user/security', { cookie, form: { intent: 'confirm', code: '123456' } }))
    expect(wrong.status).toBe(400)
    const ok = await run(securityRoute.action, request('/app/user/security', { cookie, form: { intent: 'confirm', code: codeAt(secret) } }))
    expect(ok.status).toBe(200)
    expect((ok.body as { codes: string[] }).codes).toHaveLength(RECOVERY_CODE_COUNT)
    const left = await system().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(left.map((s) => [s.id, s.method])).toEqual([[sha256(token), 'second_factor']])
    expect(left.map((s) => s.id)).not.toContain(sha256(elsewhere.token))
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.component, 'user')))
    expect(audit.map((a) => a.changedFields.sessionsEnded).filter(Boolean)).toEqual([{ from: null, to: 1 }])
  })
})

describe('checking codes', () => {
  it('accepts the code of the step before and after, not two steps away', async () => {
    const base = Date.UTC(2026, 0, 5, 10, 0, 15)
    for (const [offset, accepted] of [
      [-60_000, false],
      [60_000, false],
      [-30_000, true],
      [30_000, true],
    ] as const) {
      const user = await userFactory()
      const service = SecondFactor.for(accessOf(user))
      const { secret } = await service.start()
      const codes = await service.confirm(codeAt(secret, base + offset), { now: base })
      expect(Boolean(codes), `offset ${offset}`).toBe(accepted)
    }
  })

  it('takes a code once: the same code again, or two requests with it at once, pass once', async () => {
    const user = await userFactory()
    const t0 = Date.now() - 60_000
    const { secret } = await withSecondFactor(user, t0)
    const now = Date.now()
    const code = codeAt(secret, now)
    const first = await createSignInChallenge(user.id, '')
    await createSignInChallenge(user.id, '')
    // A new challenge replaces the user's old one.
    expect((await completeSignInChallenge(first.token, code, '198.51.100.1', now)).ok).toBe(false)
    const a = await createSignInChallenge(user.id, '')
    const results = await Promise.all([
      completeSignInChallenge(a.token, code, '198.51.100.2', now),
      completeSignInChallenge(a.token, code, '198.51.100.3', now),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const again = await createSignInChallenge(user.id, '')
    expect(await completeSignInChallenge(again.token, code, '198.51.100.4', now)).toMatchObject({ ok: false, reason: 'wrong' })
    // An earlier code (the step before) is no good either once a later one was taken.
    expect(await completeSignInChallenge(again.token, codeAt(secret, now - 30_000), '198.51.100.4', now)).toMatchObject({ ok: false, reason: 'wrong' })
  })

  it('two spends of one code at once, in two transactions: the atomic step update lets exactly one win', async () => {
    const user = await userFactory()
    const { secret } = await withSecondFactor(user, Date.now() - 60_000)
    const now = Date.now()
    const row = await userRow(user.id)
    for (let round = 0; round < 3; round++) {
      const at = now + round * 30_000
      const spends = await Promise.all(
        Array.from({ length: 4 }, () =>
          asSystem('test', (tx) => spendSecondFactorCode(tx, row, codeAt(secret, at), null, { totp: true, recovery: false }, at)),
        ),
      )
      expect(
        spends.filter((r) => r === 'totp'),
        `round ${round}`,
      ).toHaveLength(1)
    }
  })

  it('recovery codes work once each, in any spelling, and say how many are left', async () => {
    const user = await userFactory()
    const { codes } = await withSecondFactor(user, Date.now() - 90_000)
    const [one, two] = codes
    const c1 = await createSignInChallenge(user.id, '/app/risk')
    expect(await completeSignInChallenge(c1.token, one, '198.51.100.10')).toMatchObject({ ok: true, used: 'recovery', redirectTo: '/app/risk' })
    const c2 = await createSignInChallenge(user.id, '')
    expect(await completeSignInChallenge(c2.token, one, '198.51.100.10')).toMatchObject({ ok: false, reason: 'wrong' })
    expect(await completeSignInChallenge(c2.token, ` ${two.toUpperCase().replace('-', ' ')} `, '198.51.100.10')).toMatchObject({ ok: true })
    const used = await system().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(used.filter((r) => r.usedAt)).toHaveLength(2)
    expect((await SecondFactor.for(accessOf(user)).state()).recoveryLeft).toBe(RECOVERY_CODE_COUNT - 2)
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, user.id))
    expect(audit.filter((a) => 'recoveryCodesLeft' in (a.changedFields as object) && a.action === 'Updated')).toHaveLength(3)
  })

  it('new recovery codes need a current code and replace the old ones', async () => {
    const user = await userFactory()
    const { secret, codes } = await withSecondFactor(user, Date.now() - 90_000)
    const service = SecondFactor.for(accessOf(user))
    expect(await service.regenerate('000000')).toBeNull()
    expect(await service.regenerate(codes[0])).toBeNull()
    const fresh = await service.regenerate(codeAt(secret))
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT)
    const c = await createSignInChallenge(user.id, '')
    expect(await completeSignInChallenge(c.token, codes[1], '198.51.100.20')).toMatchObject({ ok: false, reason: 'wrong' })
    expect(await completeSignInChallenge(c.token, fresh![0], '198.51.100.20')).toMatchObject({ ok: true })
  })

  it('turning it off needs a current code or a recovery code, and removes secret and codes', async () => {
    const user = await userFactory()
    const { codes } = await withSecondFactor(user, Date.now() - 90_000)
    const service = SecondFactor.for(accessOf(user))
    expect(await service.disable('000000')).toBe(false)
    expect(await service.disable('')).toBe(false)
    expect((await userRow(user.id)).totpEnabledAt).not.toBeNull()
    expect(await service.disable(codes[3])).toBe(true)
    const row = await userRow(user.id)
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    expect(await system().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0)
    // The password alone signs in again.
    expect((await fromClient(loginRoute.action, request('/?index', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '' } }))).status).toBe(302)
  })
})

describe('the sign-in with the second factor', () => {
  it('the password alone starts no session: a challenge in a cookie, then the code', async () => {
    const { user } = await memberFactory({ customer: await customerFactory(), traits: ['write', 'signed-out'] })
    const { secret } = await withSecondFactor(user, Date.now() - 90_000)
    const res = await fromClient(
      loginRoute.action,
      request('/?index', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '/app/user/profile' } }),
    )
    expect(res.status).toBe(302)
    expect(res.location).toBe('/login/second-factor')
    expect(cookieFrom(res.headers, '__session')).toBeNull()
    const challengeCookie = cookieFrom(res.headers, '__sign_in_challenge')!
    expect(res.headers.getSetCookie().find((c) => c.startsWith('__sign_in_challenge='))).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i)
    expect(await system().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)

    const page = await fromClient(stepRoute.loader, request('/login/second-factor', { cookie: challengeCookie }))
    expect(page.status).toBe(200)
    const wrong = await fromClient(stepRoute.action, request('/login/second-factor', { cookie: challengeCookie, form: { code: '000000' } }))
    expect(wrong.status).toBe(401)
    const ok = await fromClient(stepRoute.action, request('/login/second-factor', { cookie: challengeCookie, form: { code: codeAt(secret) } }))
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/app/user/profile')
    expect(cookieFrom(ok.headers, '__session')).not.toBeNull()
    const [session] = await system().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(session.method).toBe('second_factor')
    expect(await system().select().from(signInChallenges).where(eq(signInChallenges.userId, user.id))).toHaveLength(0)
    const failed = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.action, 'SignInFailed')))
    expect(failed.map((f) => f.changedFields.reason?.to)).toEqual(['second factor'])
  })

  it('a missing or expired challenge sends the user back to the password with a message', async () => {
    const user = await userFactory()
    const { secret } = await withSecondFactor(user, Date.now() - 90_000)
    expect((await fromClient(stepRoute.loader, request('/login/second-factor'))).location).toBe('/?challenge=expired')
    const { token } = await createSignInChallenge(user.id, '')
    await system()
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, user.id))
    expect(await completeSignInChallenge(token, codeAt(secret), '198.51.100.30')).toEqual({ ok: false, reason: 'missing' })
    const cookie = (await commitChallengeToken(token, new Date(Date.now() + 60_000))).split(';')[0]
    const back = await fromClient(stepRoute.action, request('/login/second-factor', { cookie, form: { code: codeAt(secret) } }))
    expect(back.location).toBe('/?challenge=expired')
    const login = await fromClient(loginRoute.loader, request('/?challenge=expired'))
    expect((login.body as { challenge: string }).challenge).toBe('expired')
  })

  it('after the attempt limit of wrong codes the challenge is gone', async () => {
    const user = await userFactory()
    const { secret } = await withSecondFactor(user, Date.now() - 90_000)
    const { token } = await createSignInChallenge(user.id, '')
    for (let i = 1; i < SIGN_IN_CHALLENGE_ATTEMPTS; i++) {
      expect(await completeSignInChallenge(token, '000000', `198.51.100.${40 + i}`)).toEqual({
        ok: false,
        reason: 'wrong',
        attemptsLeft: SIGN_IN_CHALLENGE_ATTEMPTS - i,
      })
    }
    expect(await completeSignInChallenge(token, '000000', '198.51.100.49')).toEqual({ ok: false, reason: 'exhausted' })
    expect(await completeSignInChallenge(token, codeAt(secret), '198.51.100.49')).toEqual({ ok: false, reason: 'missing' })
  })

  it('wrong codes count toward the user’s code budget, not the address: ten, then 429 with the throttle message', async () => {
    const user = await userFactory()
    const { secret } = await withSecondFactor(user, Date.now() - 90_000)
    let statuses: number[] = []
    // Each password counts too; each challenge takes up to its own limit.
    while (statuses.length < LOGIN_ATTEMPT_LIMIT + 2) {
      const login = await fromClient(
        loginRoute.action,
        request('/?index', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '' } }),
        '198.51.100.60',
      )
      if (login.status === 429) {
        statuses.push(429)
        break
      }
      const cookie = cookieFrom(login.headers, '__sign_in_challenge')!
      for (let i = 0; i < SIGN_IN_CHALLENGE_ATTEMPTS - 1; i++) {
        const r = await fromClient(stepRoute.action, request('/login/second-factor', { cookie, form: { code: '000000' } }), '198.51.100.60')
        statuses.push(r.status)
        if (r.status === 429) break
      }
      if (statuses.at(-1) === 429) break
    }
    expect(statuses.at(-1)).toBe(429)
    statuses = statuses.filter((s) => s === 401)
    // Wrong passwords from anyone fill the address; the code counts on its own (decision 0050).
    expect(statuses.length).toBe(LOGIN_ATTEMPT_LIMIT)
    // Even the right code waits out the window now.
    const { token } = await createSignInChallenge(user.id, '')
    expect(await completeSignInChallenge(token, codeAt(secret), '198.51.100.61')).toEqual({ ok: false, reason: 'throttled' })
  })
})

describe('the API in two steps', () => {
  it('POST /api/login answers 401 "second factor required" with a challenge; POST /api/login/second-factor signs in', async () => {
    const user = await userFactory()
    const { secret } = await withSecondFactor(user, Date.now() - 90_000)
    const first = await fromClient(apiLoginRoute.action, request('/api/login', { json: { email: user.email, password: TEST_PASSWORD } }))
    expect(first.status).toBe(401)
    const body = first.body as { error: string; challenge: string; expiresAt: string }
    expect(body.error).toBe('second factor required')
    expect(body.challenge.length).toBeGreaterThan(30)
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now())
    expect(cookieFrom(first.headers, '__session')).toBeNull()

    const wrong = await fromClient(apiSecondStepRoute.action, request('/api/login/second-factor', { json: { challenge: body.challenge, code: '000000' } }))
    expect(wrong.status).toBe(401)
    expect(wrong.body).toMatchObject({ error: 'invalid code', attemptsLeft: SIGN_IN_CHALLENGE_ATTEMPTS - 1 })
    expect((await fromClient(apiSecondStepRoute.action, request('/api/login/second-factor', { json: { challenge: 'nope', code: '000000' } }))).status).toBe(401)
    expect((await fromClient(apiSecondStepRoute.action, request('/api/login/second-factor', { json: { challenge: body.challenge } }))).status).toBe(400)

    const ok = await fromClient(apiSecondStepRoute.action, request('/api/login/second-factor', { json: { challenge: body.challenge, code: codeAt(secret) } }))
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ id: user.id, email: user.email })
    const cookie = cookieFrom(ok.headers, '__session')!
    expect((await run(apiMeRoute.loader, request('/api/users/me', { cookie }))).status).toBe(200)
  })
})

describe('where the second factor is required', () => {
  let fund: { id: string }
  beforeAll(async () => {
    fund = await customerFactory()
    await system().update(customers).set({ requireSecondFactor: true }).where(eq(customers.id, fund.id))
  })

  it('a member of a fund that requires it is led to the setup on every page but the setup; the API answers 403', async () => {
    const { cookie } = await memberFactory({ customer: fund, traits: ['write'] })
    expect(await appGate('/app', cookie)).toBe('/app/user/security')
    expect(await appGate('/app/risk.data', cookie)).toBe('/app/user/security')
    expect(await appGate('/app/user/security', cookie)).toBe('passed')
    const api = await run(apiMeRoute.loader, request('/api/users/me', { cookie }))
    expect(api.status).toBe(403)
    expect(api.body).toEqual({ error: 'second factor setup required' })
    // The same member's page in a fund that does not require it.
    const other = await memberFactory({ customer: await customerFactory(), traits: ['write'] })
    expect(await appGate('/app', other.cookie)).toBe('passed')
  })

  it('once it is on, the member goes on; signed in through the fund’s identity provider, the member is exempt', async () => {
    const member = await memberFactory({ customer: fund, traits: ['write'] })
    const { cookie, token } = await sessionCookie(member.user.id, member.permId)
    await withSecondFactor(member.user, Date.now(), token)
    expect(await appGate('/app', cookie)).toBe('passed')

    const viaProvider = await memberFactory({ customer: fund, traits: ['write'] })
    await system().update(sessions).set({ method: 'provider', providerCustomerId: fund.id }).where(eq(sessions.userId, viaProvider.user.id))
    expect(await appGate('/app', viaProvider.cookie)).toBe('passed')
  })

  it('another fund’s provider does not open this fund: the session is not in it and is offered none of it', async () => {
    const member = await memberFactory({ customer: fund, traits: ['write'] })
    const elsewhere = await customerFactory()
    await system().update(sessions).set({ method: 'provider', providerCustomerId: elsewhere.id }).where(eq(sessions.userId, member.user.id))
    const auth = await requireUser({ request: request('/app/user/cselector', { cookie: member.cookie }) })
    expect(auth.access.customer).toBeNull()
    expect(auth.options).toEqual([])
    await system().update(sessions).set({ method: 'provider', providerCustomerId: null }).where(eq(sessions.userId, member.user.id))
    expect((await requireUser({ request: request('/app/user/cselector', { cookie: member.cookie }) })).options).toEqual([])
  })

  it('super admins always need it, also signed in through a provider', async () => {
    const sa = await userFactory({ traits: ['super-admin'] })
    const { cookie, token } = await sessionCookie(sa.id)
    expect(await appGate('/app/sadmin', cookie)).toBe('/app/user/security')
    await system().update(sessions).set({ method: 'provider' }).where(eq(sessions.userId, sa.id))
    expect(await appGate('/app/sadmin', cookie)).toBe('/app/user/security')
    const page = await run(securityRoute.loader, request('/app/user/security', { cookie }))
    expect(page.body).toMatchObject({ required: true, superAdmin: true, enabled: false })
    await withSecondFactor(sa, Date.now(), token)
    expect(await appGate('/app/sadmin', cookie)).toBe('passed')
    expect(await secretOf(sa.id)).toMatch(/^[A-Z2-7]+$/)
    // With the factor on, a session that did not pass it is no good, through a provider neither.
    for (const method of ['password', 'provider'] as const) {
      const other = await sessionCookie(sa.id)
      await system()
        .update(sessions)
        .set({ method })
        .where(eq(sessions.id, sha256(other.token)))
      expect(await appGate('/app/sadmin', other.cookie)).toBe('/?redirectTo=%2Fapp%2Fsadmin&ended=1')
      expect(
        await system()
          .select()
          .from(sessions)
          .where(eq(sessions.id, sha256(other.token))),
      ).toHaveLength(0)
    }
  })

  it('the fund admin sets the requirement on the company page, audited', async () => {
    const admin = await memberFactory({ customer: await customerFactory(), traits: ['admin'] })
    const [before] = await system().select().from(customers).where(eq(customers.id, admin.customer.id))
    const res = await run(
      (await import('./company.tsx')).action,
      request('/app/user/customer', {
        cookie: admin.cookie,
        form: { address: before.address, comment: before.comment, language: before.language, version: String(before.version), requireSecondFactor: 'on' },
      }),
    )
    expect(res.status).toBe(302)
    const [after] = await system().select().from(customers).where(eq(customers.id, admin.customer.id))
    expect(after.requireSecondFactor).toBe(true)
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, admin.customer.id), eq(auditEntries.component, 'customer')))
    expect(audit.map((a) => a.changedFields.requireSecondFactor).filter(Boolean)).toEqual([{ from: false, to: true }])
    expect(await appGate('/app', admin.cookie)).toBe('/app/user/security')
  })
})

describe('a session must have passed the second factor where it is required (review of issue 12)', () => {
  let fund: { id: string }
  beforeAll(async () => {
    fund = await customerFactory()
    await system().update(customers).set({ requireSecondFactor: true }).where(eq(customers.id, fund.id))
  })
  const throttleOf = async (key: string) => (await system().select().from(signInThrottle).where(eq(signInThrottle.key, key)))[0]?.attempts ?? 0

  it('a member with the factor on, in a session without the code: the session ends, pages lead to the sign-in, the API answers 401', async () => {
    const member = await memberFactory({ customer: fund, traits: ['write'] })
    const setup = await sessionCookie(member.user.id, member.permId)
    await withSecondFactor(member.user, Date.now(), setup.token)
    // A password session opened afterwards without the code (as before this fix, or forged): no good.
    const without = await sessionCookie(member.user.id, member.permId)
    expect(await appGate('/app/risk', without.cookie)).toBe('/?redirectTo=%2Fapp%2Frisk&ended=1')
    expect(
      await system()
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256(without.token))),
    ).toHaveLength(0)
    const api = await sessionCookie(member.user.id, member.permId)
    expect((await run(apiMeRoute.loader, request('/api/users/me', { cookie: api.cookie }))).status).toBe(401)
    // The session that passed it goes on.
    expect(await appGate('/app/risk', setup.cookie)).toBe('passed')
  })

  it('turning it off ends the other sessions, audited; the current one stays', async () => {
    const user = await userFactory()
    const here = await sessionCookie(user.id)
    const { codes } = await withSecondFactor(user, Date.now() - 90_000, here.token)
    const other = await sessionCookie(user.id)
    expect(await SecondFactor.for(accessOf(user)).disable(codes[0], { sessionId: sha256(here.token) })).toBe(true)
    const left = await system().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(left.map((s) => s.id)).toEqual([sha256(here.token)])
    expect(left.map((s) => s.id)).not.toContain(sha256(other.token))
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.component, 'user')))
    expect(audit.filter((a) => a.changedFields.secondFactor?.to === false).map((a) => a.changedFields.sessionsEnded)).toEqual([{ from: null, to: 1 }])
    // The session passed the code once; with the factor off since, a fund that requires it leads to the setup.
    const inFund = await memberFactory({ customer: await customerFactory(), traits: ['write'] })
    const { codes: fundCodes } = await withSecondFactor(inFund.user, Date.now() - 90_000, inFund.token)
    expect(await appGate('/app', inFund.cookie)).toBe('passed')
    expect(await SecondFactor.for(accessOf(inFund.user)).disable(fundCodes[0], { sessionId: sha256(inFund.token) })).toBe(true)
    await system().update(customers).set({ requireSecondFactor: true }).where(eq(customers.id, inFund.customer.id))
    expect(await appGate('/app', inFund.cookie)).toBe('/app/user/security')
  })

  it('wrong codes on the security page count toward the throttle, are audited, and end in 429 with the page’s message', async () => {
    const user = await userFactory()
    const here = await sessionCookie(user.id)
    await withSecondFactor(user, Date.now() - 90_000, here.token)
    const statuses: number[] = []
    for (let i = 0; i <= LOGIN_ATTEMPT_LIMIT; i++) {
      const intent = i % 2 ? 'regenerate' : 'disable'
      const res = await fromClient(
        securityRoute.action,
        request('/app/user/security', { cookie: here.cookie, form: { intent, code: '000000' } }),
        '198.51.100.70',
      )
      statuses.push(res.status)
      if (res.status === 429) expect(res.body).toMatchObject({ error: 'account:secondFactor.throttled' })
    }
    expect(statuses.slice(0, LOGIN_ATTEMPT_LIMIT)).toEqual(Array(LOGIN_ATTEMPT_LIMIT).fill(400))
    expect(statuses.at(-1)).toBe(429)
    const failed = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.action, 'SignInFailed')))
    expect(failed.filter((f) => f.changedFields.reason?.to === 'second factor')).toHaveLength(LOGIN_ATTEMPT_LIMIT)
    expect(failed.filter((f) => f.changedFields.reason?.to === 'throttled')).toHaveLength(1)
    expect(await throttleOf(throttleKey.client('198.51.100.70'))).toBe(LOGIN_ATTEMPT_LIMIT + 1)
  })

  it('where it is required it cannot be turned off: super admins, members of a fund that requires it; the page says why', async () => {
    const sa = await userFactory({ traits: ['super-admin'] })
    const saSession = await sessionCookie(sa.id)
    const { codes } = await withSecondFactor(sa, Date.now() - 90_000, saSession.token)
    await expect(SecondFactor.for(accessOf(sa)).disable(codes[0])).rejects.toMatchObject({ messageKey: 'account:security.disableRefused' })
    const refused = await fromClient(
      securityRoute.action,
      request('/app/user/security', { cookie: saSession.cookie, form: { intent: 'disable', code: codes[1] } }),
    )
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ intent: 'disable', error: 'account:security.disableRefused' })
    expect((await userRow(sa.id)).totpEnabledAt).not.toBeNull()
    expect((await run(securityRoute.loader, request('/app/user/security', { cookie: saSession.cookie }))).body).toMatchObject({
      enabled: true,
      mandatory: true,
    })

    const member = await memberFactory({ customer: fund, traits: ['write'] })
    const { codes: memberCodes } = await withSecondFactor(member.user, Date.now() - 90_000, member.token)
    await expect(SecondFactor.for(accessOf(member.user)).disable(memberCodes[0])).rejects.toMatchObject({ messageKey: 'account:security.disableRefused' })
    // Once the membership has ended, it may go.
    await system().update(memberships).set({ endsOn: '2020-01-01' }).where(eq(memberships.id, member.permId))
    expect(await SecondFactor.for(accessOf(member.user)).disable(memberCodes[0])).toBe(true)
  })

  it('a sign-in with the factor leaves the client’s throttle as it was; a password reset does not reset the code budget', async () => {
    const user = await userFactory()
    const { secret } = await withSecondFactor(user, Date.now() - 90_000)
    const ip = '198.51.100.80'
    const login = await fromClient(loginRoute.action, request('/?index', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '' } }), ip)
    const cookie = cookieFrom(login.headers, '__sign_in_challenge')!
    expect((await fromClient(stepRoute.action, request('/login/second-factor', { cookie, form: { code: codeAt(secret) } }), ip)).status).toBe(302)
    expect(await throttleOf(throttleKey.client(ip))).toBe(0)

    // Wrong codes up to the limit, then the address is cleared (as a password reset does): still throttled.
    for (let i = 0; i < THROTTLE.code.limit; i++) {
      const c = await createSignInChallenge(user.id, '')
      expect((await completeSignInChallenge(c.token, '000000', `198.51.101.${i}`)).ok).toBe(false)
    }
    await system()
      .delete(signInThrottle)
      .where(eq(signInThrottle.key, throttleKey.address(user.email)))
    const c = await createSignInChallenge(user.id, '')
    expect(await completeSignInChallenge(c.token, codeAt(secret, Date.now() + 30_000), '198.51.102.1', Date.now() + 30_000)).toEqual({
      ok: false,
      reason: 'throttled',
    })
  })

  it('the API’s second step answers 429 when the throttle is over', async () => {
    const user = await userFactory()
    const { secret } = await withSecondFactor(user, Date.now() - 90_000)
    for (let i = 0; i < THROTTLE.code.limit; i++) {
      const c = await createSignInChallenge(user.id, '')
      await completeSignInChallenge(c.token, '000000', `198.51.103.${i}`)
    }
    const { token } = await createSignInChallenge(user.id, '')
    const res = await fromClient(apiSecondStepRoute.action, request('/api/login/second-factor', { json: { challenge: token, code: codeAt(secret) } }))
    expect(res.status).toBe(429)
    expect(res.body).toEqual({ error: 'too many attempts' })
  })

  it('a sign-in with a recovery code says so in its entry, under the session’s fund; back to the password keeps redirectTo', async () => {
    const member = await memberFactory({ customer: await customerFactory(), traits: ['write', 'signed-out'] })
    const { codes } = await withSecondFactor(member.user, Date.now() - 90_000)
    const login = await fromClient(
      loginRoute.action,
      request('/?index', { form: { email: member.user.email, password: TEST_PASSWORD, redirectTo: '/app/risk' } }),
    )
    const cookie = cookieFrom(login.headers, '__sign_in_challenge')!
    const page = await fromClient(stepRoute.loader, request('/login/second-factor', { cookie }))
    expect(page.body).toMatchObject({ restart: '/?redirectTo=%2Fapp%2Frisk' })
    expect((await fromClient(stepRoute.action, request('/login/second-factor', { cookie, form: { code: codes[0] } }))).location).toBe('/app/risk')
    const [signedIn] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, member.user.id), eq(auditEntries.action, 'SignedIn')))
    expect(signedIn.customerId).toBe(member.customer.id)
    expect(signedIn.changedFields).toMatchObject({ method: { from: null, to: 'second_factor' }, recoveryCode: { from: null, to: true } })
  })

  it('a deputy acting in a fund that requires it is led to the setup; so is a CSV export', async () => {
    const deputy = await memberFactory({ customer: fund, traits: ['write', 'acting'] })
    expect(await appGate('/app', deputy.cookie)).toBe('/app/user/security')
    expect(await appGate('/app/measures/export.csv', deputy.cookie)).toBe('/app/user/security')
  })

  it('during the setup the customer selector, the switch of the API and signing out stay open; switching into such a fund leads to the setup', async () => {
    const member = await memberFactory({ customer: await customerFactory(), traits: ['write'] })
    const inFund = await insertMembership({
      userId: member.user.id,
      customerId: fund.id,
      riskEnabled: true,
      riskRole: 'write',
      iksEnabled: false,
      iksRole: 'none',
    })
    expect(await appGate('/app', member.cookie)).toBe('passed')
    const switched = await run(
      (await import('./customer-selector.tsx')).action,
      request('/app/user/cselector', { cookie: member.cookie, form: { permId: inFund.id, redirectTo: '/app' } }),
    )
    expect(switched.status).toBe(302)
    expect(await appGate('/app', member.cookie)).toBe('/app/user/security')
    expect(await appGate('/app/user/cselector', member.cookie)).toBe('passed')
    // Back to the fund that does not require it, through the API.
    const back = await run(
      (await import('./api/permissions.ts')).action,
      request('/api/users/loadpermissions', { cookie: member.cookie, json: { permId: member.permId } }),
    )
    expect(back.status).toBe(200)
    expect(await appGate('/app', member.cookie)).toBe('passed')
    // And signing out during the setup.
    await run(
      (await import('./customer-selector.tsx')).action,
      request('/app/user/cselector', { cookie: member.cookie, form: { permId: inFund.id, redirectTo: '/app' } }),
    )
    const out = await fromClient((await import('./api/logout.ts')).action, request('/api/logout', { cookie: member.cookie, json: {} }))
    expect(out.status).toBeLessThan(300)
    expect(await system().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0)
  })

  it('the operator’s account page sends no second-factor field to the browser', async () => {
    const operator = await userFactory({ traits: ['super-admin'] })
    const op = await sessionCookie(operator.id)
    await withSecondFactor(operator, Date.now() - 90_000, op.token)
    const target = await userFactory()
    await withSecondFactor(target, Date.now() - 90_000)
    const page = await run((await import('#app/features/operator/users/edit.tsx')).loader, request(`/app/sadmin/users/${target.id}`, { cookie: op.cookie }), {
      id: target.id,
    })
    expect(page.status).toBe(200)
    const json = JSON.stringify(page.body)
    expect(json).toContain(target.email)
    expect(json).not.toMatch(/totp|passwordHash|v1:/i)
  })
})

// Issue 23, decision 0050: wrong passwords from anyone slow down whoever sends them, not the owner.
// The count is per address and client, a looser ceiling per address holds guesses spread over many
// clients, and the owner's own browser (its device cookie), a completed second factor and a password
// reset get through. The owner is mailed once per window; the attacker learns nothing about the address.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { signInThrottle, users } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { cookieFrom, customerFactory, fromClient, memberFactory, request, TEST_PASSWORD, userFactory, type User } from '../../../tests/factories/index.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import * as apiLoginRoute from './api/login.ts'
import * as loginRoute from './login.tsx'
import * as pwdResetRoute from './password-reset.tsx'
import { codeAt, SecondFactor } from '#app/auth/second-factor.server.ts'
import * as stepRoute from './second-factor-step.tsx'
import * as securityRoute from './security.tsx'
import { mailsOnTheirWay } from '#models/core/mail.server.ts'
import { createPasswordResetToken, LOGIN_ATTEMPT_LIMIT, THROTTLE, throttleKey, toAccessUser } from '#app/auth/users.server.ts'
import { NO_RIGHTS } from '#models/core/access.ts'

const peer = useSmtpPeer()

const OWNER_IP = '192.0.2.10'
const ATTACKER_IP = '203.0.113.66'

/** A POST of the sign-in form from `ip`, with the browser's cookies. */
const signIn = (email: string, password: string, ip: string, cookie = '') =>
  fromClient(loginRoute.action, request('/?index', { form: { email, password, redirectTo: '' }, cookie }), ip)

/** Signs in once from the owner's browser: the device cookie it keeps (the test that needs one says so). */
async function ownBrowser(user: User, ip = OWNER_IP) {
  const res = await signIn(user.email, TEST_PASSWORD, ip)
  expect(res.status).toBe(302)
  return cookieFrom(res.headers, '__device') ?? ''
}

/** `n` wrong passwords for the address from `ip`: their statuses. */
async function guess(email: string, ip: string, n: number) {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await signIn(email, `wrong-${i}`, ip)).status)
  return statuses
}

/** The address's ceiling as reached by guesses from many clients. */
const fillCeiling = (email: string) =>
  system()
    .insert(signInThrottle)
    .values({ key: throttleKey.address(email), attempts: THROTTLE.address.limit })
    .onConflictDoUpdate({ target: signInThrottle.key, set: { attempts: THROTTLE.address.limit, windowStartedAt: new Date() } })

const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))

describe('wrong passwords from someone else', () => {
  let alpha: { id: string }
  beforeAll(async () => {
    alpha = await customerFactory()
  })

  it('do not lock the owner out: their own browser and another client get in, the attacker is slowed down', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    const device = await ownBrowser(user)
    const attacker = await guess(user.email, ATTACKER_IP, LOGIN_ATTEMPT_LIMIT + 2)
    expect(attacker).toEqual([...Array(LOGIN_ATTEMPT_LIMIT).fill(401), 429, 429])
    // The attacker's client is not evaluated any more, even with the right password.
    expect((await signIn(user.email, TEST_PASSWORD, ATTACKER_IP)).status).toBe(429)
    // The owner: in from their browser, and from a browser they never used (another client).
    expect((await signIn(user.email, TEST_PASSWORD, OWNER_IP, device)).status).toBe(302)
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.5')).status).toBe(302)
  })

  it('from the owner’s own network (one address for both) do not stop the owner’s browser', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    const device = await ownBrowser(user)
    expect((await guess(user.email, OWNER_IP, LOGIN_ATTEMPT_LIMIT + 1)).at(-1)).toBe(429)
    expect((await signIn(user.email, TEST_PASSWORD, OWNER_IP, device)).status).toBe(302)
    // The device has a budget of its own: ten wrong passwords in it, then it waits too.
    const own = []
    for (let i = 0; i <= LOGIN_ATTEMPT_LIMIT; i++) own.push((await signIn(user.email, 'typo', OWNER_IP, device)).status)
    expect(own).toEqual([...Array(LOGIN_ATTEMPT_LIMIT).fill(401), 429])
  })

  it('evaluates exactly the limit of 40 concurrent guesses from one client, and of a guess spread over 40 clients at the ceiling', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    const oneClient = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(user.email, `wrong-${i}`, '203.0.113.70').then((r) => r.status)))
    expect(oneClient.filter((s) => s === 401)).toHaveLength(LOGIN_ATTEMPT_LIMIT)
    expect(oneClient.filter((s) => s === 429)).toHaveLength(40 - LOGIN_ATTEMPT_LIMIT)

    const other = await userFactory()
    await fillCeiling(other.email)
    await system()
      .update(signInThrottle)
      .set({ attempts: THROTTLE.address.limit - 10 })
      .where(eq(signInThrottle.key, throttleKey.address(other.email)))
    const spread = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(other.email, `wrong-${i}`, `10.0.0.${i}`).then((r) => r.status)))
    expect(spread.filter((s) => s === 401)).toHaveLength(10)
    expect(spread.filter((s) => s === 429)).toHaveLength(30)
  })

  it('past the address’s ceiling: a new client waits, the owner’s browser, a password reset and a second factor get in', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    const device = await ownBrowser(user)
    expect(device).toMatch(/^__device=/)
    await fillCeiling(user.email)
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.20')).status).toBe(429)
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.20', device)).status).toBe(302)
    // A device cookie is good for its own address only, and a forged one for none.
    const { user: other } = await memberFactory({ customer: alpha, traits: ['signed-out'] })
    await fillCeiling(other.email)
    expect((await signIn(other.email, TEST_PASSWORD, '198.51.100.21', device)).status).toBe(429)
    const forged = device.replace(/=(.)/, (_, c: string) => `=${c === 'A' ? 'B' : 'A'}`)
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.22', forged)).status).toBe(429)

    // A reset link: the owner proves the address, the browser is theirs from then on.
    const { token } = (await createPasswordResetToken(other.email))!
    await fillCeiling(other.email)
    const reset = await fromClient(
      pwdResetRoute.action,
      request('/pwdreset', { form: { intent: 'reset', token, password: 'Ein-neues-Passwort-2026', confirm: 'Ein-neues-Passwort-2026' } }),
      '198.51.100.23',
    )
    expect(reset.status).toBe(302)
    const resetDevice = cookieFrom(reset.headers, '__device')
    expect(resetDevice).not.toBeNull()
    await fillCeiling(other.email)
    expect((await signIn(other.email, 'Ein-neues-Passwort-2026', '198.51.100.23', resetDevice!)).status).toBe(302)
  })

  it('past the ceiling the super admin with the second factor signs in from a new client with password and code; the attacker’s guesses do not count against the code', async () => {
    const admin = await userFactory({ traits: ['super-admin'] })
    const service = SecondFactor.for({ user: toAccessUser(admin), actingFor: null, customer: null, permId: null, rights: NO_RIGHTS })
    const { secret } = await service.start()
    const now = Date.now() - 30_000
    expect(await service.confirm(codeAt(secret, now), { now })).not.toBeNull()
    await guess(admin.email, '203.0.113.100', LOGIN_ATTEMPT_LIMIT + 2)
    await fillCeiling(admin.email)
    // A wrong password past the ceiling: the same 429 as for any address.
    expect((await signIn(admin.email, 'wrong', '198.51.100.30')).status).toBe(429)
    const password = await signIn(admin.email, TEST_PASSWORD, '198.51.100.30')
    expect(password.location).toBe('/login/second-factor')
    const challenge = cookieFrom(password.headers, '__sign_in_challenge')!
    const code = await fromClient(stepRoute.action, request('/login/second-factor', { form: { code: codeAt(secret) }, cookie: challenge }), '198.51.100.30')
    expect(code.status).toBe(302)
    expect(code.location).toBe('/app/sadmin')
    expect(cookieFrom(code.headers, '__device')).not.toBeNull()
  })
})

describe('the owner’s mail about wrong passwords', () => {
  it('goes once per window, in the owner’s language, and says nothing to the attacker about whether the address exists', async () => {
    const owner = await userFactory({ traits: ['french'] })
    const nobody = `nobody-${Date.now()}@example.test`
    // The owner's own typo: no mail.
    expect((await signIn(owner.email, 'typo', OWNER_IP)).status).toBe(401)
    await mailsOnTheirWay()
    expect(mailsTo(owner.email)).toHaveLength(0)

    const known = await guess(owner.email, '203.0.113.80', LOGIN_ATTEMPT_LIMIT + 5)
    const unknown = await guess(nobody, '203.0.113.80', LOGIN_ATTEMPT_LIMIT + 5)
    expect(unknown).toEqual(known)
    expect(known.filter((s) => s === 401)).toHaveLength(LOGIN_ATTEMPT_LIMIT)
    await guess(owner.email, '203.0.113.67', LOGIN_ATTEMPT_LIMIT + 2)
    await mailsOnTheirWay()
    const mails = mailsTo(owner.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toContain('tentatives')
    expect(mails[0].text).toContain('203.0.113.80')
    expect(mails[0].text).toContain(owner.lastName)
    expect(peer().mails.filter((m) => m.to.includes(nobody))).toHaveLength(0)
  })

  it('is sent through the API too, and not for attempts from the owner’s own browser', async () => {
    const { user } = await memberFactory({ customer: await customerFactory(), traits: ['signed-out', 'english'] })
    const device = await ownBrowser(user)
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) await signIn(user.email, 'typo', OWNER_IP, device)
    await mailsOnTheirWay()
    expect(mailsTo(user.email)).toHaveLength(0)
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT + 1; i++)
      await fromClient(apiLoginRoute.action, request('/api/login', { json: { email: user.email, password: `wrong-${i}` } }), '203.0.113.90')
    await mailsOnTheirWay()
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual(['Vorsorge RM: sign-in attempts with a wrong password'])
  })
})

describe('confirming a new second factor', () => {
  it('is throttled like the codes of a sign-in: after ten wrong codes even the right one waits', async () => {
    const { user, cookie } = await memberFactory({ customer: await customerFactory() })
    const service = SecondFactor.for({ user: toAccessUser(user), actingFor: null, customer: null, permId: null, rights: NO_RIGHTS })
    const { secret } = await service.start()
    const confirm = (code: string) => fromClient(securityRoute.action, request('/app/user/security', { cookie, form: { intent: 'confirm', code } }), OWNER_IP)
    const wrong = []
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) wrong.push((await confirm(String(100000 + i))).status)
    expect(wrong).toEqual(Array(LOGIN_ATTEMPT_LIMIT).fill(400))
    const right = await confirm(codeAt(secret))
    expect(right.status).toBe(429)
    const [row] = await system().select().from(users).where(eq(users.id, user.id))
    expect(row.totpEnabledAt).toBeNull()
  })
})

import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { auditEntries, identityProviders, invitations, memberships, oidcFlows, sessions, signInThrottle, users } from '#models/schema/index.ts'
import { unseal } from '#models/core/seal.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { sha256 } from '#app/auth/users.server.ts'
import * as providerPage from '#app/features/operator/customers/provider.tsx'
import * as customersPage from '#app/features/operator/customers/index.tsx'
import * as apiPermissions from '#app/features/account/api/permissions.ts'
import * as cselector from '#app/features/account/customer-selector.tsx'
import * as securityPage from '#app/features/account/security.tsx'
import { requireUser } from '#app/auth/guards.server.ts'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { serializeChosenLanguage } from '#app/i18n/sign-in-language.server.ts'
import { customerFactory, type Customer, insertMembership, memberFactory, operatorFactory, request, run, tag } from '../../../tests/factories/index.ts'
import { startTestProvider, type TestProvider } from '../../../tests/oidc-provider.ts'
import { system } from '../../../tests/system-db.ts'
import * as callback from './callback.tsx'
import { isInternalAddress, parseIssuer } from './issuer.ts'
import { forgetDiscovery } from './oidc.server.ts'
import { emailOfClaim, finishProviderSignIn, IdentityProviders, providerOfOwnCustomer, purgeExpiredFlows } from './providers.server.ts'
import * as start from './start.tsx'

/*
 * Sign-in through a fund's own OpenID provider (issue 12, decision 0038), against a real provider
 * (oidc-provider on a loopback port): the app's own pages and services do the rest.
 */

const DOMAIN = `pk-${tag()}.ch`
let idp: TestProvider
let fund: Customer
let otherFund: Customer
let operator: Awaited<ReturnType<typeof operatorFactory>>

const auditOf = (customerId: string | null, action: 'SignedIn' | 'SignInFailed') =>
  system()
    .select()
    .from(auditEntries)
    .where(and(customerId ? eq(auditEntries.customerId, customerId) : sql`${auditEntries.customerId} is null`, eq(auditEntries.action, action)))

/** Starts at /login/provider: the outcome and the flow cookie the browser would keep. */
async function begin(email: string, form: Record<string, string> = {}) {
  const outcome = await run(start.action, request('/login/provider', { form: { email, redirectTo: '', ...form } }))
  const cookie = (outcome.headers.get('set-cookie') ?? '').split(';')[0]
  return { outcome, cookie }
}

/** The whole sign-in: the app's start, the provider's login form (without a browser), the app's callback. */
async function signIn(email: string, opts: { login?: string; beforeCallback?: (callbackUrl: URL) => Promise<void> | void } = {}) {
  const { outcome, cookie } = await begin(email)
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(302)
  const callbackUrl = await idp.signInWithoutBrowser(outcome.location!, opts.login ?? email)
  expect(callbackUrl.pathname).toBe('/login/provider/callback')
  await opts.beforeCallback?.(callbackUrl)
  const result = await run(callback.loader, request(callbackUrl.pathname + callbackUrl.search, { cookie }))
  return { result, callbackUrl, cookie }
}

/** The same, but the callback's service called directly: its refusal names what openid-client found wrong. */
async function signInToService(email: string, beforeCallback?: (callbackUrl: URL) => Promise<void> | void) {
  const { outcome } = await begin(email)
  expect(outcome.status).toBe(302)
  const callbackUrl = await idp.signInWithoutBrowser(outcome.location!, email)
  await beforeCallback?.(callbackUrl)
  return finishProviderSignIn(callbackUrl, callbackUrl.searchParams.get('state'), 'test-client')
}

const APP_ORIGIN = 'https://vorsorge.example.ch'

beforeAll(async () => {
  forgetDiscovery()
  idp = await startTestProvider({ redirectUris: ['http://localhost/login/provider/callback', `${APP_ORIGIN}/login/provider/callback`] })
  operator = await operatorFactory()
  fund = await customerFactory()
  otherFund = await customerFactory()
  await IdentityProviders.for(operator.access).save(
    fund.id,
    { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: [DOMAIN, `shared-${DOMAIN}`], enabled: true },
    null,
  )
})

afterAll(async () => {
  await idp?.close()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

// Every request here comes from the same client ("unknown"): each test starts with a fresh window.
beforeEach(async () => {
  await system().delete(signInThrottle)
})

describe('signing in through the fund’s provider', () => {
  it('signs a member of the fund in: a session by provider, audited in the fund', async () => {
    const member = await memberFactory({ customer: fund, traits: ['write', 'signed-out'], attributes: { user: { email: `erika.${tag()}@${DOMAIN}` } } })
    const { result } = await signIn(member.user.email.toUpperCase())
    expect(result.status).toBe(302)
    expect(result.location).toBe('/app')
    expect(result.headers.get('set-cookie')).toContain('__session=')
    const [session] = await system().select().from(sessions).where(eq(sessions.userId, member.user.id))
    expect(session.method).toBe('provider')
    expect(session.providerCustomerId).toBe(fund.id)
    expect(session.permId).toBe(member.permId)
    const signedIn = (await auditOf(fund.id, 'SignedIn')).filter((e) => e.userId === member.user.id)
    expect(signedIn).toHaveLength(1)
    expect(signedIn[0].changedFields.method).toEqual({ from: null, to: 'provider' })
  })

  it('refuses a wrong state and a flow used twice, 400 and audited', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `state.${tag()}@${DOMAIN}` } } })
    const { result, callbackUrl, cookie } = await signIn(member.user.email, {
      beforeCallback: async (url) => {
        const wrong = new URL(url)
        wrong.searchParams.set('state', 'not-the-state')
        const refused = await run(callback.loader, request(wrong.pathname + wrong.search, { cookie: '__provider_flow=x' }))
        expect(refused.status).toBe(400)
        expect(refused.body).toMatchObject({ reason: 'invalid' })
      },
    })
    // The real answer still works once: the wrong state did not consume the flow.
    expect(result.status).toBe(302)
    const again = await run(callback.loader, request(callbackUrl.pathname + callbackUrl.search, { cookie }))
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ reason: 'invalid' })
  })

  it('refuses the answer in another browser (no flow cookie): no login CSRF', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `csrf.${tag()}@${DOMAIN}` } } })
    const { outcome } = await begin(member.user.email)
    const callbackUrl = await idp.signInWithoutBrowser(outcome.location!, member.user.email)
    const refused = await run(callback.loader, request(callbackUrl.pathname + callbackUrl.search))
    expect(refused.status).toBe(400)
    expect(await system().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0)
  })

  it('refuses an ID token with another nonce', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `nonce.${tag()}@${DOMAIN}` } } })
    const before = (await auditOf(fund.id, 'SignInFailed')).length
    const result = await signInToService(member.user.email, async (url) => {
      const state = url.searchParams.get('state')!
      await system()
        .update(oidcFlows)
        .set({ nonce: 'another-nonce' })
        .where(eq(oidcFlows.id, sha256(state)))
    })
    expect(result).toMatchObject({ ok: false, reason: 'declined', detail: 'unexpected JWT claim value encountered (claim: nonce)' })
    const failed = await auditOf(fund.id, 'SignInFailed')
    expect(failed.length).toBe(before + 1)
    expect(failed.at(-1)?.changedFields.reason).toEqual({ from: null, to: 'provider' })
    expect(await system().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0)
  })

  it('refuses an expired ID token (the app’s clock past its exp and the tolerance)', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `late.${tag()}@${DOMAIN}` } } })
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init)
      // The provider has issued the token (valid for an hour): from now on the app's clock reads three hours later.
      if (String(input instanceof Request ? input.url : input).endsWith('/token')) {
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 3_600_000, shouldAdvanceTime: true })
      }
      return response
    })
    const result = await signInToService(member.user.email)
    expect(result).toMatchObject({ ok: false, reason: 'declined', detail: 'JWT timestamp claim value failed validation (claim: exp)' })
  })

  it('refuses an e-mail outside the provider’s allowed domains', async () => {
    const { result } = await signIn(`someone.${tag()}@${DOMAIN}`, { login: `someone@elsewhere-${tag()}.ch` })
    expect(result.status).toBe(403)
    expect(result.body).toMatchObject({ reason: 'domain' })
  })

  it('refuses an e-mail the provider does not confirm', async () => {
    const email = `unverified.${tag()}@${DOMAIN}`
    await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email } } })
    idp.setClaims(email, { email_verified: false })
    const { result } = await signIn(email)
    expect(result.status).toBe(403)
    expect(result.body).toMatchObject({ reason: 'unverified' })
  })

  it('refuses a person who is a member of another fund only, and one without an account', async () => {
    const elsewhere = await memberFactory({ customer: otherFund, traits: ['write', 'signed-out'], attributes: { user: { email: `other.${tag()}@${DOMAIN}` } } })
    const refused = await signIn(elsewhere.user.email)
    expect(refused.result.status).toBe(403)
    expect(refused.result.body).toMatchObject({ reason: 'notMember' })
    const failed = (await auditOf(fund.id, 'SignInFailed')).filter((e) => e.userId === elsewhere.user.id)
    expect(failed).toHaveLength(1)
    const nobody = await signIn(`nobody.${tag()}@${DOMAIN}`)
    expect(nobody.result.status).toBe(403)
    expect(nobody.result.body).toMatchObject({ reason: 'notMember' })
  })

  it('refuses a member whose membership has ended', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `ended.${tag()}@${DOMAIN}` } } })
    await system()
      .update(memberships)
      .set({ endsOn: sql`current_date - 2` as unknown as string })
      .where(eq(memberships.id, member.permId))
    const { result } = await signIn(member.user.email)
    expect(result.status).toBe(403)
    expect(result.body).toMatchObject({ reason: 'notMember' })
  })

  it('refuses a super admin, even one with a membership of the fund', async () => {
    const admin = await memberFactory({
      customer: fund,
      traits: ['admin', 'super-admin', 'signed-out'],
      attributes: { user: { email: `operator.${tag()}@${DOMAIN}` } },
    })
    const { result } = await signIn(admin.user.email)
    expect(result.status).toBe(403)
    expect(result.body).toMatchObject({ reason: 'superAdmin' })
    expect(await system().select().from(sessions).where(eq(sessions.userId, admin.user.id))).toHaveLength(0)
  })

  it('opens the session of a member of several funds in the fund whose provider signed them in', async () => {
    const member = await memberFactory({ customer: otherFund, traits: ['write', 'signed-out'], attributes: { user: { email: `two.${tag()}@${DOMAIN}` } } })
    const inFund = await insertMembership({
      userId: member.user.id,
      customerId: fund.id,
      riskEnabled: true,
      riskRole: 'read',
      iksEnabled: false,
      iksRole: 'none',
    })
    const { result } = await signIn(member.user.email)
    expect(result.status).toBe(302)
    expect(result.location).toBe('/app')
    const [session] = await system().select().from(sessions).where(eq(sessions.userId, member.user.id))
    expect(session.permId).toBe(inFund.id)
    expect(session.providerCustomerId).toBe(fund.id)

    // That provider vouches for its own fund only: the other fund is neither offered nor entered.
    const cookie = `__session=${/__session=([^;]+)/.exec(result.headers.get('set-cookie') ?? '')?.[1]}`
    const auth = await requireUser({ request: request('/app', { cookie }) })
    expect(auth.options.map((o) => o.customer.id)).toEqual([fund.id])
    const viaSelector = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: member.permId, redirectTo: '/app' } }))
    expect(viaSelector.status).toBe(404)
    const viaApi = await run(apiPermissions.action, request('/api/users/loadpermissions', { cookie, json: { permId: member.permId } }))
    expect(viaApi.status).toBe(403)
    const [still] = await system().select().from(sessions).where(eq(sessions.userId, member.user.id))
    expect(still.permId).toBe(inFund.id)
    // Nor does it answer another fund's invitation in the person's name.
    const [invited] = await system()
      .insert(invitations)
      .values({ customerId: otherFund.id, userId: member.user.id, email: member.user.email, riskEnabled: true, riskRole: 'read' })
      .returning()
    const selector = await run(cselector.loader, request('/app/user/cselector', { cookie }))
    expect((selector.body as { invitations: unknown[] }).invitations).toEqual([])
    const accepted = await run(cselector.action, request('/app/user/cselector', { cookie, form: { intent: 'accept', invitationId: invited.id } }))
    expect(accepted.status).toBe(404)
    expect(await system().select().from(invitations).where(eq(invitations.id, invited.id))).toHaveLength(1)

    // Nor does it manage the account's second factor: that takes the password (and the code).
    const page = await run(securityPage.loader, request('/app/user/security', { cookie }))
    expect(page.body).toMatchObject({ viaProvider: true, pending: null })
    const started = await run(securityPage.action, request('/app/user/security', { cookie, form: { intent: 'start' } }))
    expect(started.status).toBe(403)
    const [account] = await system().select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, member.user.id))
    expect(account.pending).toBeNull()
  })

  it('says so when no provider serves the domain, and lets a person of several funds choose', async () => {
    const none = await begin(`x@unknown-${tag()}.ch`)
    expect(none.outcome.status).toBe(404)
    const second = await customerFactory()
    await IdentityProviders.for(operator.access).save(
      second.id,
      { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: [`shared-${DOMAIN}`], enabled: true },
      null,
    )
    const email = `both.${tag()}@shared-${DOMAIN}`
    const choose = await begin(email)
    expect(choose.outcome.status).toBe(200)
    const choices = (choose.outcome.body as { choices: { id: string; customerName: string }[] }).choices
    expect(choices.map((c) => c.customerName).sort()).toEqual([fund.name, second.name].sort())
    const picked = await begin(email, { providerId: choices[0].id })
    expect(picked.outcome.status).toBe(302)
    expect(picked.outcome.location).toContain(`${idp.issuer}/auth?`)
    // Without JavaScript the browser posted the form itself: the page leads on to the provider.
    const navigate = await run(
      start.action,
      request('/login/provider', { form: { email, providerId: choices[0].id }, headers: { 'Sec-Fetch-Mode': 'navigate' } }),
    )
    expect(navigate.status).toBe(200)
    expect((navigate.body as { continueTo: string }).continueTo).toContain(`${idp.issuer}/auth?`)
  })

  it('answers 502, not 500, when the provider cannot be reached', async () => {
    // A port that surely has no one listening: taken by a server that is closed again.
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const down = await customerFactory()
    const domain = `down-${tag()}.ch`
    await IdentityProviders.for(operator.access).save(
      down.id,
      { issuer: `http://127.0.0.1:${port}`, clientId: 'x', clientSecret: 'y', allowedDomains: [domain], enabled: true },
      null,
    )
    forgetDiscovery()
    const realFetch = globalThis.fetch
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => realFetch(input, init))
    const { outcome } = await begin(`a@${domain}`)
    expect(outcome.status).toBe(502)
    // The failed discovery is kept for a while: a second click does not knock at the provider again.
    expect((await begin(`b@${domain}`)).outcome.status).toBe(502)
    expect(fetched.mock.calls.filter(([input]) => String(input).includes(`127.0.0.1:${port}`))).toHaveLength(1)
    expect(
      await system()
        .select()
        .from(oidcFlows)
        .where(eq(oidcFlows.providerId, (await providerRow(down.id)).id)),
    ).toHaveLength(0)
  })

  it('answers 502, not 500, when the provider’s metadata lacks its authorisation endpoint', async () => {
    const server = http.createServer((req, res) => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      if (req.url === '/.well-known/openid-configuration') {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ issuer: origin, token_endpoint: `${origin}/token`, jwks_uri: `${origin}/jwks`, response_types_supported: ['code'] }))
      } else {
        res.statusCode = 404
        res.end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const odd = await customerFactory()
      const domain = `odd-${tag()}.ch`
      await IdentityProviders.for(operator.access).save(
        odd.id,
        { issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, clientId: 'x', clientSecret: 'y', allowedDomains: [domain], enabled: true },
        null,
      )
      const { outcome } = await begin(`a@${domain}`)
      expect(outcome.status).toBe(502)
      expect(outcome.body).toMatchObject({ result: { error: { '': ['account:provider.unavailable'] } } })
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('refuses a discovery document that sends the server into its own network', async () => {
    const server = http.createServer((_req, res) => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          issuer: origin,
          authorization_endpoint: `${origin}/auth`,
          token_endpoint: 'https://169.254.169.254/latest/meta-data/',
          jwks_uri: `${origin}/jwks`,
          response_types_supported: ['code'],
        }),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const odd = await customerFactory()
      const domain = `inner-${tag()}.ch`
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      await IdentityProviders.for(operator.access).save(odd.id, { issuer, clientId: 'x', clientSecret: 'y', allowedDomains: [domain], enabled: true }, null)
      expect((await begin(`a@${domain}`)).outcome.status).toBe(502)
      const test = await run(
        providerPage.action,
        request(`/app/sadmin/customers/${odd.id}/provider`, { cookie: operator.cookie, form: { intent: 'test', issuer } }),
        { id: odd.id },
      )
      expect((test.body as { test: unknown }).test).toEqual({ ok: false, reason: 'metadata' })
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('refuses an ID token signed with another key than the provider’s, and fetches its keys once', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `forged.${tag()}@${DOMAIN}` } } })
    forgetDiscovery()
    const { privateKey: otherKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    const realFetch = globalThis.fetch
    let forge = true
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      const response = await realFetch(input, init)
      if (!forge || !url.endsWith('/token')) return response
      // The same claims, re-signed with a key that is not in the provider's JWKS (same kid): what an
      // attacker between the app and the token endpoint, or a confused provider, would hand over.
      const body = (await response.json()) as { id_token: string }
      const [header, payload] = body.id_token.split('.')
      const signature = crypto.sign('sha256', Buffer.from(`${header}.${payload}`), otherKey).toString('base64url')
      return new Response(JSON.stringify({ ...body, id_token: `${header}.${payload}.${signature}` }), {
        status: response.status,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      })
    })
    const forged = await signInToService(member.user.email)
    expect(forged).toMatchObject({ ok: false, reason: 'declined' })
    expect((forged as { detail: string }).detail).toMatch(/signature/i)
    expect(await system().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0)
    // The genuine token passes, and the provider's keys fetched for the forged one are reused.
    forge = false
    expect(await signInToService(member.user.email)).toMatchObject({ ok: true })
    expect(await signInToService(member.user.email)).toMatchObject({ ok: true })
    expect(fetched.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).endsWith('/jwks'))).toHaveLength(1)
  })

  it('takes the e-mail from the userinfo endpoint when the ID token has none', async () => {
    const other = await startTestProvider({ redirectUris: ['http://localhost/login/provider/callback'], emailInIdToken: false })
    try {
      const own = await customerFactory()
      const domain = `userinfo-${tag()}.ch`
      await IdentityProviders.for(operator.access).save(
        own.id,
        { issuer: other.issuer, clientId: other.clientId, clientSecret: other.clientSecret, allowedDomains: [domain], enabled: true },
        null,
      )
      const member = await memberFactory({ customer: own, traits: ['read', 'signed-out'], attributes: { user: { email: `info.${tag()}@${domain}` } } })
      const { outcome, cookie } = await begin(member.user.email)
      const callbackUrl = await other.signInWithoutBrowser(outcome.location!, member.user.email)
      const result = await run(callback.loader, request(callbackUrl.pathname + callbackUrl.search, { cookie }))
      expect(result.status).toBe(302)
      // Unverified at the userinfo endpoint: refused like in the ID token.
      other.setClaims(member.user.email, { email: member.user.email, email_verified: false })
      const again = await begin(member.user.email)
      const url = await other.signInWithoutBrowser(again.outcome.location!, member.user.email)
      const refused = await run(callback.loader, request(url.pathname + url.search, { cookie: again.cookie }))
      expect(refused.body).toMatchObject({ reason: 'unverified' })
    } finally {
      await other.close()
    }
  })
})

async function providerRow(customerId: string) {
  const [row] = await system().select().from(identityProviders).where(eq(identityProviders.customerId, customerId))
  return row
}

/** A fund of its own with the test provider for a domain of its own: tests that switch it off leave the others alone. */
async function fundWithOwnProvider() {
  const own = await customerFactory()
  const domain = `own-${tag()}.ch`
  await IdentityProviders.for(operator.access).save(
    own.id,
    { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: [domain], enabled: true },
    null,
  )
  return { own, domain, provider: await providerRow(own.id) }
}

/** The refused sign-in's audit entry says why, and through which provider. */
async function lastRefusal(customerId: string | null) {
  const entries = await auditOf(customerId, 'SignInFailed')
  const last = entries.sort((a, b) => Number(a.createdAt) - Number(b.createdAt)).at(-1)
  return { refusal: last?.changedFields.refusal?.to, providerId: last?.changedFields.providerId?.to, reason: last?.changedFields.reason?.to }
}

describe('the e-mail the provider vouches for', () => {
  it('accepts printable ASCII addresses only, lower-cased; nothing that Unicode folds into someone else’s', () => {
    expect(emailOfClaim('Erika.Muster@PK-Test.ch')).toBe('erika.muster@pk-test.ch')
    expect(emailOfClaim('erika@pk-test.\u212Ach')).toBeNull()
    expect(emailOfClaim('\u212Aarl@pk-test.ch')).toBeNull()
    expect(emailOfClaim('erika\u0000@pk-test.ch')).toBeNull()
    expect(emailOfClaim('erika @pk-test.ch')).toBeNull()
    expect(emailOfClaim(`${'a'.repeat(250)}@x.ch`)).toBeNull()
    expect(emailOfClaim('not-an-address')).toBeNull()
    expect(emailOfClaim(['erika@pk-test.ch'])).toBeNull()
    expect(emailOfClaim(undefined)).toBeNull()
  })

  it('refuses a missing email_verified, takes the string "true", and never fails on a NUL in the claim', async () => {
    const missing = `missing.${tag()}@${DOMAIN}`
    await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: missing } } })
    idp.setClaims(missing, { email_verified: undefined })
    expect((await signIn(missing)).result.body).toMatchObject({ reason: 'unverified' })
    expect(await lastRefusal(fund.id)).toMatchObject({ refusal: 'unverified', reason: 'provider' })

    const asText = `text.${tag()}@${DOMAIN}`
    await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: asText } } })
    idp.setClaims(asText, { email_verified: 'true' })
    expect((await signIn(asText)).result.status).toBe(302)

    // Entra ID sends no email_verified; its optional claim xms_edov (the domain's owner vouches) does.
    const entra = `entra.${tag()}@${DOMAIN}`
    await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: entra } } })
    idp.setClaims(entra, { email_verified: undefined, xms_edov: true })
    expect((await signIn(entra)).result.status).toBe(302)

    const nul = `nul.${tag()}@${DOMAIN}`
    idp.setClaims(nul, { email: `${nul}\u0000` })
    const { result } = await signIn(nul)
    expect(result.status).toBe(403)
    expect(result.body).toMatchObject({ reason: 'unverified' })

    const kelvin = `kelvin.${tag()}@${DOMAIN}`
    await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: kelvin } } })
    idp.setClaims(`k-${kelvin}`, { email: kelvin.replace(/^k/, '\u212A') })
    expect((await signIn(kelvin, { login: `k-${kelvin}` })).result.body).toMatchObject({ reason: 'unverified' })
  })
})

describe('each refusal is audited with its reason and provider', () => {
  it('refuses an expired flow', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `old.${tag()}@${DOMAIN}` } } })
    const { result } = await signIn(member.user.email, {
      beforeCallback: async (url) => {
        await system()
          .update(oidcFlows)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(oidcFlows.id, sha256(url.searchParams.get('state')!)))
      },
    })
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ reason: 'invalid' })
    expect(await lastRefusal(fund.id)).toEqual({ refusal: 'invalid', providerId: (await providerRow(fund.id)).id, reason: 'provider' })
  })

  it('refuses the answer of a provider switched off since the start', async () => {
    const { own, domain, provider } = await fundWithOwnProvider()
    const member = await memberFactory({ customer: own, traits: ['read', 'signed-out'], attributes: { user: { email: `off.${tag()}@${domain}` } } })
    const { result } = await signIn(member.user.email, {
      beforeCallback: async () => {
        await system().update(identityProviders).set({ enabled: false }).where(eq(identityProviders.id, provider.id))
      },
    })
    expect(result.status).toBe(400)
    expect(await lastRefusal(own.id)).toEqual({ refusal: 'invalid', providerId: provider.id, reason: 'provider' })
    expect(await system().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0)
  })

  it('refuses error=access_denied from the provider', async () => {
    const { outcome, cookie } = await begin(`denied.${tag()}@${DOMAIN}`)
    const state = new URL(outcome.location!).searchParams.get('state')!
    const denied = await run(
      callback.loader,
      request(`/login/provider/callback?${new URLSearchParams({ error: 'access_denied', state, iss: idp.issuer })}`, { cookie }),
    )
    expect(denied.status).toBe(403)
    expect(denied.body).toMatchObject({ reason: 'declined' })
    expect(await lastRefusal(fund.id)).toMatchObject({ refusal: 'declined', providerId: (await providerRow(fund.id)).id })
  })

  it('answers a duplicated or huge query with 4xx, never 500', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `dup.${tag()}@${DOMAIN}` } } })
    const { outcome, cookie } = await begin(member.user.email)
    const url = await idp.signInWithoutBrowser(outcome.location!, member.user.email)
    const state = url.searchParams.get('state')!
    const twice = await run(callback.loader, request(`${url.pathname}${url.search}&state=${state}`, { cookie }))
    expect(twice.status).toBe(400)
    expect(await lastRefusal(null)).toMatchObject({ refusal: 'invalid' })
    const code = await run(callback.loader, request(`${url.pathname}${url.search}&code=other`, { cookie }))
    expect(code.status).toBe(403)
    expect(await lastRefusal(fund.id)).toMatchObject({ refusal: 'declined' })
    const huge = await begin(member.user.email)
    const hugeState = new URL(huge.outcome.location!).searchParams.get('state')!
    const big = await run(
      callback.loader,
      request(`/login/provider/callback?${new URLSearchParams({ code: 'x'.repeat(20_000), state: hugeState, iss: idp.issuer })}`, { cookie: huge.cookie }),
    )
    expect(big.status).toBe(403)
    const longState = await run(callback.loader, request(`/login/provider/callback?state=${'s'.repeat(5000)}&code=x`, { cookie: huge.cookie }))
    expect(longState.status).toBe(400)
  })

  it('refuses the wrong nonce and a foreign domain with their reasons', async () => {
    await signIn(`someone.${tag()}@${DOMAIN}`, { login: `someone@elsewhere-${tag()}.ch` })
    expect(await lastRefusal(fund.id)).toMatchObject({ refusal: 'domain' })
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `n2.${tag()}@${DOMAIN}` } } })
    await signInToService(member.user.email, async (url) => {
      await system()
        .update(oidcFlows)
        .set({ nonce: 'another' })
        .where(eq(oidcFlows.id, sha256(url.searchParams.get('state')!)))
    })
    expect(await lastRefusal(fund.id)).toMatchObject({ refusal: 'declined' })
  })
})

describe('limits', () => {
  it('throttles the start and the callback per client before any flow or audit entry', async () => {
    await system().insert(signInThrottle).values({ key: 'client:unknown', attempts: 1000, windowStartedAt: new Date() })
    const flowsBefore = (await system().select().from(oidcFlows)).length
    const auditBefore = (await system().select().from(auditEntries)).length
    const { outcome } = await begin(`many.${tag()}@${DOMAIN}`)
    expect(outcome.status).toBe(429)
    expect(outcome.body).toMatchObject({ result: { error: { '': ['account:provider.throttled'] } } })
    const answered = await run(callback.loader, request('/login/provider/callback?state=x&code=y', { cookie: '__provider_flow=x' }))
    expect(answered.status).toBe(429)
    expect(answered.body).toMatchObject({ reason: 'throttled' })
    expect(await system().select().from(oidcFlows)).toHaveLength(flowsBefore)
    expect(await system().select().from(auditEntries)).toHaveLength(auditBefore)
  })

  it('leaves nothing of a successful sign-in on the client’s count: the start and the answer are both given back', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `count.${tag()}@${DOMAIN}` } } })
    expect((await signIn(member.user.email)).result.status).toBe(302)
    const [row] = await system().select().from(signInThrottle).where(eq(signInThrottle.key, 'client:unknown'))
    expect(row.attempts).toBe(0)
  })

  it('builds the redirect URI from APP_URL, not from the request’s Host, and marks the flow cookie Secure', async () => {
    const member = await memberFactory({ customer: fund, traits: ['read', 'signed-out'], attributes: { user: { email: `host.${tag()}@${DOMAIN}` } } })
    vi.stubEnv('APP_URL', `${APP_ORIGIN}/`)
    try {
      const outcome = await run(
        start.action,
        request('/login/provider', { form: { email: member.user.email, redirectTo: '' }, headers: { Host: 'evil.example' } }),
      )
      expect(new URL(outcome.location!).searchParams.get('redirect_uri')).toBe(`${APP_ORIGIN}/login/provider/callback`)
      const setCookie = outcome.headers.get('set-cookie') ?? ''
      expect(setCookie).toMatch(/;\s*Secure/i)
      const url = await idp.signInWithoutBrowser(outcome.location!, member.user.email)
      expect(url.origin).toBe(APP_ORIGIN)
      // The browser comes back to the app (behind its proxy): the code is exchanged for APP_URL's callback.
      const result = await run(callback.loader, request(url.pathname + url.search, { cookie: setCookie.split(';')[0] }))
      expect(result.status).toBe(302)
      const page = await run(providerPage.loader, request(`/app/sadmin/customers/${fund.id}/provider`, { cookie: operator.cookie }), { id: fund.id })
      expect((page.body as { callbackUrl: string }).callbackUrl).toBe(`${APP_ORIGIN}/login/provider/callback`)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('the operator sets a fund’s provider', () => {
  it('keeps the secret sealed and out of the audit, and a blank secret keeps it', async () => {
    const customer = await customerFactory()
    const form = {
      intent: 'save',
      issuer: idp.issuer,
      clientId: 'client-a',
      clientSecret: 'top-secret-1',
      allowedDomains: 'PK-A.ch, pk-b.ch\npk-a.ch',
      enabled: 'on',
    }
    const saved = await run(providerPage.action, request(`/app/sadmin/customers/${customer.id}/provider`, { cookie: operator.cookie, form }), {
      id: customer.id,
    })
    expect(saved.status).toBe(302)
    const [row] = await system().select().from(identityProviders).where(eq(identityProviders.customerId, customer.id))
    expect(row.allowedDomains).toEqual(['pk-a.ch', 'pk-b.ch'])
    expect(row.clientSecret).not.toContain('top-secret-1')
    expect(unseal(row.clientSecret)).toBe('top-secret-1')
    const page = await run(providerPage.loader, request(`/app/sadmin/customers/${customer.id}/provider`, { cookie: operator.cookie }), { id: customer.id })
    expect(JSON.stringify(page.body)).not.toContain('top-secret-1')
    expect(JSON.stringify(page.body)).not.toContain(row.clientSecret)

    // Another client id with a blank secret: the saved secret is the old client's and is not sent anywhere else.
    const moved = await run(
      providerPage.action,
      request(`/app/sadmin/customers/${customer.id}/provider`, {
        cookie: operator.cookie,
        form: { ...form, clientSecret: '', clientId: 'client-b', version: '1' },
      }),
      { id: customer.id },
    )
    expect(moved.status).toBe(400)
    expect((moved.body as { result: { error: Record<string, string[]> } }).result.error.clientSecret).toEqual(['validation.required'])
    const kept = await run(
      providerPage.action,
      request(`/app/sadmin/customers/${customer.id}/provider`, {
        cookie: operator.cookie,
        form: { ...form, clientSecret: '', allowedDomains: 'pk-a.ch pk-c.ch', version: '1' },
      }),
      { id: customer.id },
    )
    expect(kept.status).toBe(302)
    const [after] = await system().select().from(identityProviders).where(eq(identityProviders.customerId, customer.id))
    expect(after.allowedDomains).toEqual(['pk-a.ch', 'pk-c.ch'])
    expect(after.clientId).toBe('client-a')
    expect(unseal(after.clientSecret)).toBe('top-secret-1')
    const stale = await run(
      providerPage.action,
      request(`/app/sadmin/customers/${customer.id}/provider`, { cookie: operator.cookie, form: { ...form, version: '1' } }),
      { id: customer.id },
    )
    expect(stale.status).toBe(409)

    const trail = await system().select().from(auditEntries).where(eq(auditEntries.component, 'identityProvider'))
    expect(trail.filter((e) => e.customerId === customer.id).map((e) => e.action)).toEqual(['Created', 'Updated'])
    expect(JSON.stringify(trail)).not.toContain('top-secret-1')

    const list = await run(customersPage.loader, request(`/app/sadmin/customers?q=${encodeURIComponent(customer.name)}`, { cookie: operator.cookie }))
    expect((list.body as { rows: { id: string; provider: unknown }[] }).rows.find((r) => r.id === customer.id)?.provider).toEqual({ enabled: true })

    const removed = await run(
      providerPage.action,
      request(`/app/sadmin/customers/${customer.id}/provider`, { cookie: operator.cookie, form: { intent: 'delete', version: '2' } }),
      { id: customer.id },
    )
    expect(removed.status).toBe(302)
    expect(await system().select().from(identityProviders).where(eq(identityProviders.customerId, customer.id))).toHaveLength(0)
  })

  it('refuses an http issuer that is not loopback, and bad domains; tests the connection', async () => {
    const customer = await customerFactory()
    const url = `/app/sadmin/customers/${customer.id}/provider`
    const form = { intent: 'save', issuer: 'http://login.example.ch', clientId: 'c', clientSecret: 's', allowedDomains: 'not a domain!', enabled: 'on' }
    const bad = await run(providerPage.action, request(url, { cookie: operator.cookie, form }), { id: customer.id })
    expect(bad.status).toBe(400)
    const errors = (bad.body as { result: { error: Record<string, string[]> } }).result.error
    expect(errors.issuer).toEqual(['sadmin:provider.issuerInvalid'])
    expect(errors.allowedDomains).toEqual(['sadmin:provider.domainsInvalid'])
    const test = await run(providerPage.action, request(url, { cookie: operator.cookie, form: { intent: 'test', issuer: idp.issuer } }), { id: customer.id })
    expect(test.status).toBe(200)
    expect((test.body as { test: unknown }).test).toEqual({ ok: true, issuer: idp.issuer })
  })

  it('ends the sessions signed in through the provider when it is switched off, pointed elsewhere or deleted, and audits how many', async () => {
    const { own, domain, provider } = await fundWithOwnProvider()
    const url = `/app/sadmin/customers/${own.id}/provider`
    const member = await memberFactory({ customer: own, traits: ['read', 'signed-out'], attributes: { user: { email: `end.${tag()}@${domain}` } } })
    const byPassword = await memberFactory({ customer: own, traits: ['read'] })
    const providerSessions = () =>
      system()
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, member.user.id), eq(sessions.method, 'provider')))
    const form = { intent: 'save', issuer: idp.issuer, clientId: idp.clientId, clientSecret: '', allowedDomains: domain }
    const lastChange = async () => {
      const trail = await system()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.component, 'identityProvider'), eq(auditEntries.entityId, provider.id)))
      return trail.sort((a, b) => Number(a.createdAt) - Number(b.createdAt)).at(-1)!
    }

    // Other changes (the domains) leave the sessions alone.
    expect((await signIn(member.user.email)).result.status).toBe(302)
    expect(
      (
        await run(
          providerPage.action,
          request(url, { cookie: operator.cookie, form: { ...form, enabled: 'on', version: '1', allowedDomains: `${domain} x-${domain}` } }),
          { id: own.id },
        )
      ).status,
    ).toBe(302)
    expect(await providerSessions()).toHaveLength(1)

    // Switched off: ended.
    expect((await run(providerPage.action, request(url, { cookie: operator.cookie, form: { ...form, version: '2' } }), { id: own.id })).status).toBe(302)
    expect(await providerSessions()).toHaveLength(0)
    expect((await lastChange()).changedFields.sessionsEnded).toEqual({ from: null, to: 1 })
    expect(await system().select().from(sessions).where(eq(sessions.userId, byPassword.user.id))).toHaveLength(1)

    // Another client id (with its secret): ended.
    expect(
      (await run(providerPage.action, request(url, { cookie: operator.cookie, form: { ...form, enabled: 'on', version: '3' } }), { id: own.id })).status,
    ).toBe(302)
    expect((await signIn(member.user.email)).result.status).toBe(302)
    const moved = { ...form, enabled: 'on', version: '4', clientId: 'another-client', clientSecret: 'another-secret' }
    expect((await run(providerPage.action, request(url, { cookie: operator.cookie, form: moved }), { id: own.id })).status).toBe(302)
    expect(await providerSessions()).toHaveLength(0)
    expect((await lastChange()).changedFields.sessionsEnded).toEqual({ from: null, to: 1 })

    // Deleted: ended.
    const back = { ...form, enabled: 'on', version: '5', clientSecret: idp.clientSecret }
    expect((await run(providerPage.action, request(url, { cookie: operator.cookie, form: back }), { id: own.id })).status).toBe(302)
    expect((await signIn(member.user.email)).result.status).toBe(302)
    expect((await run(providerPage.action, request(url, { cookie: operator.cookie, form: { intent: 'delete', version: '6' } }), { id: own.id })).status).toBe(
      302,
    )
    expect(await providerSessions()).toHaveLength(0)
    expect((await lastChange()).action).toBe('Deleted')
    expect((await lastChange()).changedFields.sessionsEnded).toEqual({ from: null, to: 1 })
    expect(await system().select().from(sessions).where(eq(sessions.userId, byPassword.user.id))).toHaveLength(1)
  })

  it('accepts no issuer inside the server’s own network, and plain http on loopback outside production only', () => {
    for (const bad of [
      'https://10.0.0.1',
      'https://192.168.1.10/realms/x',
      'https://172.16.0.1',
      'https://169.254.169.254',
      'https://[fd00::1]',
      'https://[fe80::1]',
      'https://[::ffff:10.0.0.1]',
      'https://0.0.0.0',
      'http://login.example.ch',
    ]) {
      expect(parseIssuer(bad), bad).toBeNull()
    }
    expect(parseIssuer('https://login.example.ch/realms/pk')?.href).toBe('https://login.example.ch/realms/pk')
    expect(parseIssuer('https://8.8.8.8')).not.toBeNull()
    expect(isInternalAddress('172.32.0.1')).toBe(false)
    expect(parseIssuer('http://127.0.0.1:8080')).not.toBeNull()
    vi.stubEnv('NODE_ENV', 'production')
    try {
      expect(parseIssuer('http://127.0.0.1:8080')).toBeNull()
      expect(parseIssuer('https://localhost')).toBeNull()
      vi.stubEnv('ALLOW_INSECURE_ISSUER', 'true')
      expect(parseIssuer('http://127.0.0.1:8080')).not.toBeNull()
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('says why a connection test failed in fixed words, never the raw error', async () => {
    const customer = await customerFactory()
    const url = `/app/sadmin/customers/${customer.id}/provider`
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const test = await run(providerPage.action, request(url, { cookie: operator.cookie, form: { intent: 'test', issuer: `http://127.0.0.1:${port}` } }), {
      id: customer.id,
    })
    expect(test.status).toBe(502)
    expect((test.body as { test: unknown }).test).toEqual({ ok: false, reason: 'unreachable' })
  })

  it('is the operator’s only: a fund admin is refused', async () => {
    const admin = await memberFactory({ customer: fund, traits: ['admin'] })
    const url = `/app/sadmin/customers/${fund.id}/provider`
    expect((await run(providerPage.loader, request(url, { cookie: admin.cookie }), { id: fund.id })).status).toBe(403)
    await expect(IdentityProviders.for(admin.access).ofCustomer(fund.id)).rejects.toThrow('forbidden')
  })

  it('keeps each fund to its own provider (row-level security)', async () => {
    const own = await memberFactory({ customer: fund, traits: ['read'] })
    const other = await memberFactory({ customer: otherFund, traits: ['read'] })
    expect((await providerOfOwnCustomer(own.access))?.customerId).toBe(fund.id)
    expect(await providerOfOwnCustomer(other.access)).toBeNull()
    // Several funds have one by now; a fund's scope sees its own row only, and cannot write another's.
    expect((await system().select().from(identityProviders)).length).toBeGreaterThan(1)
    const seen = await withCustomer(own.access, (tx) => tx.select({ customerId: identityProviders.customerId }).from(identityProviders))
    expect(seen).toEqual([{ customerId: fund.id }])
    await expect(
      withCustomer(own.access, (tx) =>
        tx.insert(identityProviders).values({ customerId: otherFund.id, issuer: 'https://evil.example', clientId: 'x', clientSecret: 'y' }),
      ),
    ).rejects.toThrow()
    const changed = await withCustomer(other.access, (tx) =>
      tx.update(identityProviders).set({ issuer: 'https://evil.example' }).where(eq(identityProviders.customerId, fund.id)).returning(),
    )
    expect(changed).toEqual([])
  })
})

describe('housekeeping', () => {
  it('purges the flows the provider never answered, and keeps running ones', async () => {
    const [provider] = await system().select().from(identityProviders).where(eq(identityProviders.customerId, fund.id))
    const old = `old-${tag()}`
    const live = `live-${tag()}`
    await system()
      .insert(oidcFlows)
      .values([
        { id: old, providerId: provider.id, nonce: 'n', codeVerifier: 'v', expiresAt: new Date(Date.now() - 60_000) },
        { id: live, providerId: provider.id, nonce: 'n', codeVerifier: 'v', expiresAt: new Date(Date.now() + 60_000) },
      ])
    await purgeExpiredFlows()
    const left = (await system().select({ id: oidcFlows.id }).from(oidcFlows)).map((f) => f.id)
    expect(left).not.toContain(old)
    expect(left).toContain(live)
  })
})

describe('the language of a sign-in through the provider', () => {
  it('opens the session in the language picked on the sign-in page: the pick survives the round trip', async () => {
    const member = await memberFactory({ customer: fund, traits: ['german', 'write', 'signed-out'], attributes: { user: { email: `lea.${tag()}@${DOMAIN}` } } })
    const { outcome, cookie } = await begin(member.user.email)
    const callbackUrl = await idp.signInWithoutBrowser(outcome.location!, member.user.email)
    const picked = (await serializeChosenLanguage('fr', new Request('http://localhost/'))).split(';')[0]
    const result = await run(callback.loader, request(callbackUrl.pathname + callbackUrl.search, { cookie: `${cookie}; ${picked}` }))
    expect(result.status).toBe(302)
    const set = result.headers.getSetCookie()
    expect(await localeCookie.parse(set.find((c) => c.startsWith('lng='))!.split(';')[0])).toBe('fr')
    expect(set.find((c) => c.startsWith('lng_notice='))).not.toMatch(/Max-Age=0/i)
    expect(set.find((c) => c.startsWith('lng_chosen='))).toMatch(/Max-Age=0/i)
  })
})

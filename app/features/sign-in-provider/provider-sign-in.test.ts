import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditEntries, identityProviders, memberships, oidcFlows, sessions, users } from '#models/schema/index.ts'
import { unseal } from '#models/core/seal.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { sha256 } from '#app/features/account/users.server.ts'
import * as providerPage from '#app/features/operator/customers/provider.tsx'
import * as customersPage from '#app/features/operator/customers/index.tsx'
import * as apiPermissions from '#app/features/account/api/permissions.ts'
import * as cselector from '#app/features/account/customer-selector.tsx'
import * as securityPage from '#app/features/account/security.tsx'
import { requireUser } from '#app/auth/guards.server.ts'
import { customerFactory, type Customer, memberFactory, operatorFactory, request, run, tag } from '../../../tests/factories/index.ts'
import { startTestProvider, type TestProvider } from '../../../tests/oidc-provider.ts'
import { system } from '../../../tests/system-db.ts'
import * as callback from './callback.tsx'
import { forgetDiscovery } from './oidc.server.ts'
import { finishProviderSignIn, IdentityProviders, providerOfOwnCustomer, purgeExpiredFlows } from './providers.server.ts'
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

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: ['http://localhost/login/provider/callback'] })
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
    expect(result).toMatchObject({ ok: false, reason: 'declined', detail: 'unexpected JWT claim value encountered' })
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
    expect(result).toMatchObject({ ok: false, reason: 'declined', detail: 'JWT timestamp claim value failed validation' })
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
    const [inFund] = await system()
      .insert(memberships)
      .values({ userId: member.user.id, customerId: fund.id, riskEnabled: true, riskRole: 'read', iksEnabled: false, iksRole: 'none' })
      .returning()
    const { result } = await signIn(member.user.email)
    expect(result.status).toBe(302)
    expect(result.location).toBe('/app')
    const [session] = await system().select().from(sessions).where(eq(sessions.userId, member.user.id))
    expect(session.permId).toBe(inFund.id)
    expect(session.providerCustomerId).toBe(fund.id)

    // That provider vouches for its own fund only: the other fund is neither offered nor entered.
    const cookie = `__session=${/__session=([^;]+)/.exec(result.headers.get('set-cookie') ?? '')?.[1]}`
    const auth = await requireUser(request('/app', { cookie }))
    expect(auth.options.map((o) => o.customer.id)).toEqual([fund.id])
    const viaSelector = await run(cselector.action, request('/app/user/cselector', { cookie, form: { permId: member.permId, redirectTo: '/app' } }))
    expect(viaSelector.status).toBe(404)
    const viaApi = await run(apiPermissions.action, request('/api/users/loadpermissions', { cookie, json: { permId: member.permId } }))
    expect(viaApi.status).toBe(403)
    const [still] = await system().select().from(sessions).where(eq(sessions.userId, member.user.id))
    expect(still.permId).toBe(inFund.id)

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
    const down = await customerFactory()
    const domain = `down-${tag()}.ch`
    await IdentityProviders.for(operator.access).save(
      down.id,
      { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', allowedDomains: [domain], enabled: true },
      null,
    )
    forgetDiscovery()
    const { outcome } = await begin(`a@${domain}`)
    expect(outcome.status).toBe(502)
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

    const kept = await run(
      providerPage.action,
      request(`/app/sadmin/customers/${customer.id}/provider`, {
        cookie: operator.cookie,
        form: { ...form, clientSecret: '', clientId: 'client-b', version: '1' },
      }),
      { id: customer.id },
    )
    expect(kept.status).toBe(302)
    const [after] = await system().select().from(identityProviders).where(eq(identityProviders.customerId, customer.id))
    expect(after.clientId).toBe('client-b')
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

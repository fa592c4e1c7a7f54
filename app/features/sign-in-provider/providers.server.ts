import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Access } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { requireOperator } from '#models/core/permissions.ts'
import { asOperator, asSystem, type ScopedAccess, withCustomer } from '#models/core/scope.server.ts'
import { seal, unsealOrNull } from '#models/core/seal.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { customers, identityProviders, oidcFlows, sessions, users } from '#models/schema/index.ts'
import { auditSignIn } from '#app/auth/sessions.server.ts'
import { listPermissionOptions, normalizeEmail, sha256, toAccessUser, type User } from '#app/auth/users.server.ts'
import { authorizationUrl, exchangeCode, ProviderAnswerRefused, type ProviderSettings, ProviderUnavailable } from './oidc.server.ts'

/**
 * A fund's own OpenID Connect provider (issue 12, docs/decisions/0038): the operator sets it per
 * customer; members of that fund whose e-mail domain it allows sign in through it. Rights stay in
 * the product: the provider says who the person is, the fund's membership what they may do.
 */

/** How long a sign-in may stay at the provider before its answer is refused. */
export const FLOW_MINUTES = 10

export type ProviderInput = {
  issuer: string
  clientId: string
  /** Empty: keep the saved secret. */
  clientSecret: string
  allowedDomains: string[]
  enabled: boolean
}

/** The provider as the operator's page shows it: never the secret. */
export type ProviderView = {
  id: string
  customerId: string
  issuer: string
  clientId: string
  allowedDomains: string[]
  enabled: boolean
  version: number
}

type Row = typeof identityProviders.$inferSelect

function view(row: Row): ProviderView {
  return {
    id: row.id,
    customerId: row.customerId,
    issuer: row.issuer,
    clientId: row.clientId,
    allowedDomains: row.allowedDomains,
    enabled: row.enabled,
    version: row.version,
  }
}

/** The fields the audit keeps: the secret only as "changed". */
function audited(input: Omit<ProviderInput, 'clientSecret'>) {
  return { issuer: input.issuer, clientId: input.clientId, allowedDomains: input.allowedDomains, enabled: input.enabled }
}

/** The operator's work on the providers; every function refuses anyone but a super admin. */
export const IdentityProviders = {
  for(access: Access) {
    return {
      async ofCustomer(customerId: string): Promise<ProviderView | null> {
        requireOperator(access)
        if (!isUuid(customerId)) return null
        const [row] = await asOperator(access, 'identity provider', (tx) =>
          tx.select().from(identityProviders).where(eq(identityProviders.customerId, customerId)),
        )
        return row ? view(row) : null
      },

      /** Creates or changes the customer's provider; `version` is the one the form read (null: none yet). */
      async save(customerId: string, input: ProviderInput, version: number | null): Promise<ProviderView> {
        requireOperator(access)
        if (!isUuid(customerId)) throw new DomainError('not-found')
        return asOperator(access, 'identity provider', async (tx) => {
          const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId))
          if (!customer) throw new DomainError('not-found')
          const [before] = await tx.select().from(identityProviders).where(eq(identityProviders.customerId, customerId)).for('update')
          const values = audited(input)
          if (!before) {
            if (version !== null) throw new DomainError('stale')
            if (!input.clientSecret) throw new DomainError('invalid', 'clientSecret', 'validation.required')
            const [row] = await tx
              .insert(identityProviders)
              .values({ customerId, ...values, clientSecret: seal(input.clientSecret) })
              .returning()
            await writeAudit(tx, access, {
              component: 'identityProvider',
              action: 'Created',
              entityId: row.id,
              customerId,
              changes: { ...diff(null, values), clientSecret: { from: null, to: '***' } },
            })
            return view(row)
          }
          if (version === null || before.version !== version) throw new DomainError('stale')
          // The saved secret belongs to the client at the old issuer: it is never sent to another one.
          const movedAway = before.issuer !== values.issuer || before.clientId !== values.clientId
          if (movedAway && !input.clientSecret) throw new DomainError('invalid', 'clientSecret', 'validation.required')
          const secretChanged = input.clientSecret !== '' && unsealOrNull(before.clientSecret, 'a provider’s client secret') !== input.clientSecret
          const [row] = await tx
            .update(identityProviders)
            .set({
              ...values,
              ...(secretChanged ? { clientSecret: seal(input.clientSecret) } : {}),
              version: sql`${identityProviders.version} + 1`,
              updatedAt: new Date(),
            })
            .where(eq(identityProviders.id, before.id))
            .returning()
          const changes = diff(before, values)
          if (secretChanged) changes.clientSecret = { from: '***', to: '***' }
          // Switched off or pointed elsewhere: who signed in through it is signed out now, not at the session's end.
          if ((before.enabled && !values.enabled) || movedAway) {
            const ended = await endProviderSessions(tx, customerId)
            if (ended > 0) changes.sessionsEnded = { from: null, to: ended }
          }
          await writeAudit(tx, access, { component: 'identityProvider', action: 'Updated', entityId: row.id, customerId, changes })
          return view(row)
        })
      },

      async remove(customerId: string, version: number): Promise<void> {
        requireOperator(access)
        if (!isUuid(customerId)) throw new DomainError('not-found')
        await asOperator(access, 'identity provider', async (tx) => {
          const [before] = await tx.select().from(identityProviders).where(eq(identityProviders.customerId, customerId)).for('update')
          if (!before) throw new DomainError('not-found')
          if (before.version !== version) throw new DomainError('stale')
          await tx.delete(identityProviders).where(eq(identityProviders.id, before.id))
          const changes = diff(audited(before), { issuer: null, clientId: null, allowedDomains: null, enabled: null })
          const ended = await endProviderSessions(tx, customerId)
          if (ended > 0) changes.sessionsEnded = { from: null, to: ended }
          await writeAudit(tx, access, { component: 'identityProvider', action: 'Deleted', entityId: before.id, customerId, changes })
        })
      },
    }
  },
}

/** Ends the sessions signed in through the customer's provider (in the operator's transaction); how many. */
async function endProviderSessions(tx: Tx, customerId: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.method, 'provider'), eq(sessions.providerCustomerId, customerId)))
    .returning({ id: sessions.id })
  return ended.length
}

/** The fund's own provider as the fund's scope sees it (row-level security: only its own). */
export async function providerOfOwnCustomer(access: ScopedAccess): Promise<ProviderView | null> {
  const rows = await withCustomer(access, (tx) => tx.select().from(identityProviders))
  return rows[0] ? view(rows[0]) : null
}

/** Which customers have a provider (the operator's customer list). */
export async function customersWithProvider(access: Access, customerIds: string[]): Promise<Map<string, { enabled: boolean }>> {
  requireOperator(access)
  const ids = customerIds.filter(isUuid)
  if (ids.length === 0) return new Map()
  const rows = await asOperator(access, 'identity providers of the list', (tx) =>
    tx
      .select({ customerId: identityProviders.customerId, enabled: identityProviders.enabled })
      .from(identityProviders)
      .where(
        sql`${identityProviders.customerId} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
  )
  return new Map(rows.map((r) => [r.customerId, { enabled: r.enabled }]))
}

// ---------------------------------------------------------------- sign-in

export type ProviderChoice = { id: string; customerName: string }

/** The e-mail's domain, lower-case; null for something that is no address. */
export function domainOf(email: string): string | null {
  const at = normalizeEmail(email).lastIndexOf('@')
  if (at < 1) return null
  const domain = normalizeEmail(email).slice(at + 1)
  return domain && !/[\s@]/.test(domain) ? domain : null
}

/**
 * The enabled providers of active funds whose allowed domains hold the e-mail's domain. Before
 * sign-in, so in the system scope; it says nothing about whether an account exists.
 */
export async function providersForEmail(email: string): Promise<ProviderChoice[]> {
  const domain = domainOf(email)
  if (!domain) return []
  return asSystem('sign-in: providers for an e-mail domain', (tx) =>
    tx
      .select({ id: identityProviders.id, customerName: customers.name })
      .from(identityProviders)
      .innerJoin(customers, eq(customers.id, identityProviders.customerId))
      .where(and(eq(identityProviders.enabled, true), eq(customers.state, 'active'), sql`${identityProviders.allowedDomains} @> array[${domain}]::text[]`))
      .orderBy(asc(customers.name)),
  )
}

async function enabledProvider(providerId: string) {
  if (!isUuid(providerId)) return null
  const [row] = await asSystem('sign-in: the chosen provider', (tx) =>
    tx
      .select({ provider: identityProviders })
      .from(identityProviders)
      .innerJoin(customers, eq(customers.id, identityProviders.customerId))
      .where(and(eq(identityProviders.id, providerId), eq(identityProviders.enabled, true), eq(customers.state, 'active'))),
  )
  return row?.provider ?? null
}

function settingsOf(row: Row): ProviderSettings {
  const secret = unsealOrNull(row.clientSecret, 'a provider’s client secret')
  // A secret sealed with another key: the provider cannot be used until the operator saves it again.
  if (secret === null) throw new ProviderUnavailable('client secret cannot be unsealed')
  return { issuer: row.issuer, clientId: row.clientId, clientSecret: secret }
}

export type FlowStart = { ok: true; url: string; state: string } | { ok: false; reason: 'unknown' | 'unavailable' }

/**
 * Starts a sign-in at the provider: the authorisation URL (code flow, PKCE, state, nonce) and the
 * flow the callback finds again by the hash of its state.
 */
export async function startProviderSignIn(providerId: string, opts: { email?: string; redirectTo: string; redirectUri: string }): Promise<FlowStart> {
  const provider = await enabledProvider(providerId)
  if (!provider) return { ok: false, reason: 'unknown' }
  let start: Awaited<ReturnType<typeof authorizationUrl>>
  try {
    start = await authorizationUrl(settingsOf(provider), opts.redirectUri)
  } catch (error) {
    if (error instanceof ProviderUnavailable) return { ok: false, reason: 'unavailable' }
    throw error
  }
  if (opts.email) start.url.searchParams.set('login_hint', normalizeEmail(opts.email).slice(0, 254))
  await asSystem('sign-in: provider flow', (tx) =>
    tx.insert(oidcFlows).values({
      id: sha256(start.state),
      providerId: provider.id,
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
      redirectTo: opts.redirectTo.slice(0, 2000),
      expiresAt: sql`now() + make_interval(mins => ${FLOW_MINUTES})` as unknown as Date,
    }),
  )
  return { ok: true, url: start.url.href, state: start.state }
}

/** Why a provider's answer did not sign anyone in; each is audited, none is a 500. */
export type CallbackRefusal =
  /** No such flow (wrong or reused state, expired, another browser): start again. */
  | 'invalid'
  /** The provider could not be reached or answered with an error of its own. */
  | 'unavailable'
  /** The person cancelled at the provider, or its answer failed a check (signature, nonce, expiry…). */
  | 'declined'
  | 'unverified'
  | 'domain'
  | 'notMember'
  | 'superAdmin'

/** `detail`: what openid-client found wrong with the answer, for the log and the tests; never shown. */
export type CallbackResult = { ok: true; user: User; redirectTo: string; customerId: string } | { ok: false; reason: CallbackRefusal; detail?: string }

/**
 * The provider's answer at the callback: the flow is found by its state (and the browser that started
 * it, `boundState`) and deleted on first use; the code is exchanged and the ID token checked by
 * openid-client; then the e-mail must be verified, in the provider's allowed domains, and the address
 * of an active account with a running membership in the provider's fund. Super admins sign in with
 * their password and second factor only.
 */
export async function finishProviderSignIn(callbackUrl: URL, boundState: string | null, client: string): Promise<CallbackResult> {
  let providerId: string | undefined
  const refuseIn = async (
    customerId: string | null,
    reason: CallbackRefusal,
    email = '',
    user: User | null = null,
    detail?: string,
  ): Promise<CallbackResult> => {
    await auditSignIn({
      action: 'SignInFailed',
      user: user ? toAccessUser(user) : null,
      email,
      reason: 'provider',
      client,
      customerId,
      provider: { refusal: reason, id: providerId },
    })
    return detail ? { ok: false, reason, detail } : { ok: false, reason }
  }
  const params = callbackUrl.searchParams
  const state = params.get('state') ?? ''
  // One state, of the length we hand out (43 characters): anything else is no answer to our request.
  if (!state || state.length > 200 || params.getAll('state').length !== 1 || boundState !== state) return refuseIn(null, 'invalid')
  const found = await asSystem('sign-in: provider callback', async (tx) => {
    const [flow] = await tx
      .delete(oidcFlows)
      .where(eq(oidcFlows.id, sha256(state)))
      .returning({
        providerId: oidcFlows.providerId,
        nonce: oidcFlows.nonce,
        codeVerifier: oidcFlows.codeVerifier,
        redirectTo: oidcFlows.redirectTo,
        live: sql<boolean>`${oidcFlows.expiresAt} > now()`,
      })
    if (!flow) return null
    const [provider] = await tx.select().from(identityProviders).where(eq(identityProviders.id, flow.providerId))
    return provider ? { flow, provider } : null
  })
  if (!found) return refuseIn(null, 'invalid')
  const { flow, provider } = found
  providerId = provider.id
  const refuse = (reason: CallbackRefusal, email = '', user: User | null = null, detail?: string) => refuseIn(provider.customerId, reason, email, user, detail)
  if (!flow.live) return refuse('invalid', '', null, 'flow expired')
  if (!provider.enabled) return refuse('invalid', '', null, 'provider switched off')
  if (params.has('error'))
    return refuse(
      'declined',
      '',
      null,
      `provider error: ${String(params.get('error'))
        .slice(0, 100)
        .replace(/[^\x20-\x7e]/g, '?')}`,
    )
  let claims: Awaited<ReturnType<typeof exchangeCode>>
  try {
    claims = await exchangeCode(settingsOf(provider), callbackUrl, { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier })
  } catch (error) {
    if (error instanceof ProviderUnavailable) return refuse('unavailable', '', null, error.message)
    if (error instanceof ProviderAnswerRefused) return refuse('declined', '', null, error.message)
    throw error
  }
  // Checked before it reaches a query or the audit: the claim is the provider's text.
  const email = emailOfClaim(claims.email)
  if (!email) return refuse('unverified', '', null, 'no usable email claim')
  // Only an address the provider vouches for (missing email_verified: not vouched).
  if (claims.emailVerified !== true && claims.emailVerified !== 'true') return refuse('unverified', email, null, 'email not verified')
  const domain = domainOf(email)
  if (!domain || !provider.allowedDomains.includes(domain)) return refuse('domain', email)
  const user = await asSystem('sign-in: provider account', (tx) => tx.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` }))
  if (user?.state !== 'active') return refuse('notMember', email, user ?? null)
  if (user.isSuperAdmin) return refuse('superAdmin', email, user)
  const options = await listPermissionOptions(user.id)
  if (!options.some((o) => !o.deputyOf && o.customer.id === provider.customerId)) return refuse('notMember', email, user)
  return { ok: true, user, redirectTo: flow.redirectTo, customerId: provider.customerId }
}

const EMAIL = z.email()

/**
 * The provider's e-mail claim as an address of ours, lower-case; null for anything else. Printable
 * ASCII only, checked first: no control characters (a NUL would make the query fail), and no Unicode
 * that lower-cases to ASCII (U+212A KELVIN SIGN to "k") and so to someone else's address.
 */
export function emailOfClaim(claim: unknown): string | null {
  if (typeof claim !== 'string' || claim.length === 0 || claim.length > 254) return null
  if (!/^[\x21-\x7e]+$/.test(claim)) return null
  const email = claim.toLowerCase()
  return EMAIL.safeParse(email).success ? email : null
}

/** Flows the provider never answered; called by the hourly housekeeping. */
export async function purgeExpiredFlows() {
  await asSystem('housekeeping: provider flows', (tx) => tx.delete(oidcFlows).where(sql`${oidcFlows.expiresAt} < now()`))
}

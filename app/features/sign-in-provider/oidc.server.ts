import * as client from 'openid-client'
import { endpointAllowed, parseIssuer } from './issuer.ts'
import { ADDRESS_REFUSED, providerFetch } from './outbound.server.ts'

/**
 * The OpenID Connect client side of a sign-in through a fund's provider (docs/decisions/0038):
 * openid-client does discovery, the authorisation URL with PKCE, the code exchange and the ID token's
 * checks (signature against the provider's keys, iss, aud, exp, nonce). Discovery is kept per issuer
 * for a few minutes, so a sign-in does not fetch the provider's metadata twice, and a changed
 * provider is seen again soon.
 */

const DISCOVERY_TTL_MS = 5 * 60_000
/** A provider that did not answer is not asked again at every click for this long. */
const FAILED_DISCOVERY_TTL_MS = 30_000
type Discovered = { at: number; metadata: client.ServerMetadata; jwks?: client.ExportedJWKSCache }
const discovered = new Map<string, Discovered>()
const failed = new Map<string, { at: number; message: string }>()

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string }

/** The provider could not be reached or answered nonsense: the sign-in page says "try later". */
export class ProviderUnavailable extends Error {}

/** The discovery document names an endpoint the server must not call (another network, plain http). */
class MetadataRefused extends Error {}
const METADATA_REFUSED = 'metadata refused'

async function serverMetadata(issuer: URL, fresh = false): Promise<Discovered> {
  const key = issuer.href
  const cached = discovered.get(key)
  if (!fresh && cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached
  const failure = failed.get(key)
  if (!fresh && failure && Date.now() - failure.at < FAILED_DISCOVERY_TTL_MS) throw new ProviderUnavailable(failure.message)
  try {
    const config = await client.discovery(issuer, 'discovery', undefined, undefined, {
      execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      timeout: 10,
      // Every request to the provider resolves its host once and connects only to a checked address.
      [client.customFetch]: providerFetch,
    })
    const metadata = config.serverMetadata()
    const endpoints = [metadata.authorization_endpoint, metadata.token_endpoint, metadata.jwks_uri, metadata.userinfo_endpoint]
    if (endpoints.some((e) => e !== undefined && !endpointAllowed(e))) throw new MetadataRefused('an endpoint of the discovery document is not allowed')
    const entry: Discovered = { at: Date.now(), metadata, jwks: cached?.jwks }
    discovered.set(key, entry)
    failed.delete(key)
    return entry
  } catch (error) {
    const message = error instanceof MetadataRefused ? `${METADATA_REFUSED}: ${error.message}` : (error as Error).message
    failed.set(key, { at: Date.now(), message })
    throw new ProviderUnavailable(message)
  }
}

/** A client configuration for one provider: the cached metadata, the client's id and secret. */
export async function configurationFor(settings: ProviderSettings, opts: { fresh?: boolean } = {}) {
  const issuer = parseIssuer(settings.issuer)
  if (!issuer) throw new ProviderUnavailable('issuer not allowed')
  const entry = await serverMetadata(issuer, opts.fresh)
  // The metadata is the provider's: whatever in it makes openid-client throw is the provider's trouble, not a 500.
  try {
    const config = new client.Configuration(entry.metadata, settings.clientId, settings.clientSecret, client.ClientSecretBasic(settings.clientSecret))
    config.timeout = 10
    config[client.customFetch] = providerFetch
    if (issuer.protocol === 'http:') client.allowInsecureRequests(config)
    // Without this openid-client 6 does not check the ID token's signature (it trusts the TLS channel
    // to the token endpoint): the signature against the provider's JWKS, and no HS* (the client secret).
    client.enableNonRepudiationChecks(config)
    // The provider's keys are kept with its metadata: a key it rotates in is fetched again by openid-client.
    if (entry.jwks) client.setJwksCache(config, entry.jwks)
    return { config, keep: () => (entry.jwks = client.getJwksCache(config) ?? entry.jwks) }
  } catch (error) {
    throw new ProviderUnavailable((error as Error).message)
  }
}

/** What the operator's "test connection" reports: the discovery document's issuer and endpoints, or why not. */
export type DiscoveryFailure = 'issuer' | 'unreachable' | 'metadata'

/** What the operator's "test connection" reports: the discovery document's issuer, or a fixed reason (never the raw error). */
export async function checkDiscovery(issuerText: string): Promise<{ ok: true; issuer: string } | { ok: false; reason: DiscoveryFailure }> {
  const issuer = parseIssuer(issuerText)
  if (!issuer) return { ok: false, reason: 'issuer' }
  try {
    const { metadata } = await serverMetadata(issuer, true)
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) return { ok: false, reason: 'metadata' }
    return { ok: true, issuer: metadata.issuer }
  } catch (error) {
    console.warn(`[sign-in provider] discovery of ${issuer.href} failed: ${(error as Error).message}`)
    const message = (error as Error).message
    return { ok: false, reason: message.startsWith(METADATA_REFUSED) ? 'metadata' : message.includes(ADDRESS_REFUSED) ? 'issuer' : 'unreachable' }
  }
}

export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string }

/** The provider's authorisation URL: code flow, PKCE S256, a random state and nonce. */
export async function authorizationUrl(settings: ProviderSettings, redirectUri: string): Promise<AuthorizationStart> {
  const { config } = await configurationFor(settings)
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier)
  let url: URL
  try {
    // Throws on metadata the provider got wrong (no authorization_endpoint…): its trouble, a 502.
    url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    })
  } catch (error) {
    throw new ProviderUnavailable((error as Error).message)
  }
  return { url, state, nonce, codeVerifier }
}

/**
 * What the provider says about the person. The e-mail claims are passed on as the provider sent them
 * (`unknown`): the caller validates them before they reach a query or the audit.
 */
export type VerifiedClaims = { sub: string; email: unknown; emailVerified: unknown }

/** Why the provider's answer is refused: the person declined, or the answer failed a check. */
export class ProviderAnswerRefused extends Error {}

/** openid-client's message, with the claim that failed a check (nonce, exp, aud…) for the log and the tests. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  const claim =
    cause && typeof cause === 'object' ? ((cause as { cause?: { claim?: unknown } }).cause?.claim ?? (cause as { claim?: unknown }).claim) : undefined
  if (typeof claim === 'string') return `${error.message} (claim: ${claim})`
  // openid-client's own words are general ("invalid response encountered"): oauth4webapi's say what.
  return cause instanceof Error && cause.message !== error.message ? `${error.message}: ${cause.message}` : error.message
}

/**
 * Exchanges the code of the provider's answer at `callbackUrl` and checks the ID token (its signature
 * too: `enableNonRepudiationChecks`). The e-mail is the ID token's, else the userinfo endpoint's
 * (for the same subject: providers that keep the ID token small, as the standard's examples do).
 */
export async function exchangeCode(
  settings: ProviderSettings,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedClaims> {
  const { config, keep } = await configurationFor(settings)
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    })
  } catch (error) {
    // No answer at all (network, timeout, 5xx) is the provider's trouble; anything else a refused answer.
    if (isUnreachable(error)) throw new ProviderUnavailable(describe(error))
    throw new ProviderAnswerRefused(describe(error))
  } finally {
    keep()
  }
  const claims = tokens.claims()
  if (!claims) throw new ProviderAnswerRefused('no ID token')
  if (claims.email !== undefined || !config.serverMetadata().userinfo_endpoint) {
    return { sub: claims.sub, email: claims.email, emailVerified: verifiedClaim(claims) }
  }
  try {
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
    return { sub: claims.sub, email: info.email, emailVerified: verifiedClaim(info) }
  } catch (error) {
    if (isUnreachable(error)) throw new ProviderUnavailable(describe(error))
    throw new ProviderAnswerRefused(describe(error))
  }
}

/**
 * Whether the provider vouches for the address: `email_verified` (OpenID Connect), else Entra ID's
 * `xms_edov` ("email domain owner verified", an optional claim: Entra ID sends no `email_verified`).
 * Passed on as sent; the caller accepts `true` or "true" only.
 */
function verifiedClaim(claims: Record<string, unknown>): unknown {
  if (claims.email_verified !== undefined) return claims.email_verified
  const edov = claims.xms_edov
  return edov === true || edov === 1 || edov === '1' || edov === 'true' ? true : undefined
}

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true
  const cause = (error as { cause?: unknown }).cause
  if (cause instanceof Response) return cause.status >= 500
  if (error instanceof client.ResponseBodyError) return error.status >= 500
  if ((error as { code?: string }).code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    const status = (cause as { status?: number } | undefined)?.status
    return typeof status === 'number' && status >= 500
  }
  return false
}

/** For tests: forget what discovery found. */
export function forgetDiscovery() {
  discovered.clear()
  failed.clear()
}

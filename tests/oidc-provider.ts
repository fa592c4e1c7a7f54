import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

/**
 * A real, certified OpenID provider (the `oidc-provider` package) for the tests of the sign-in through
 * a fund's provider (docs/decisions/0038): no mock. It listens on a free port of 127.0.0.1 only as
 * `http://127.0.0.1:<port>`, knows one confidential client (client_secret_basic) and takes any login
 * at its development login form: the login is the account's e-mail, any password goes. Consent is
 * granted without asking, as for a fund's own first-party application.
 *
 *   const idp = await startTestProvider({ redirectUris: ['http://localhost/login/provider/callback'] })
 *   const callback = await idp.signInWithoutBrowser(authorizationUrl, 'erika@pk-test.ch')
 *   await idp.close()
 */
export type TestProvider = {
  issuer: string
  port: number
  clientId: string
  clientSecret: string
  /** Changes the claims the provider gives for a login (e-mail, email_verified) from now on. */
  setClaims(login: string, claims: { email?: unknown; email_verified?: unknown; xms_edov?: unknown }): void
  /**
   * Completes the provider's side of a sign-in without a browser: follows the authorisation URL,
   * posts the login form (and consent, if asked) keeping the provider's cookies, and answers the URL
   * the provider sends the browser back to (the app's callback with code and state).
   */
  signInWithoutBrowser(authorizationUrl: string, login: string): Promise<URL>
  close(): Promise<void>
}

export async function startTestProvider(opts: {
  redirectUris: string[]
  port?: number
  clientId?: string
  clientSecret?: string
  /** false: the e-mail only at the userinfo endpoint, as the standard has it for an access token (default: in the ID token). */
  emailInIdToken?: boolean
}): Promise<TestProvider> {
  const clientId = opts.clientId ?? 'vorsorge-test'
  const clientSecret = opts.clientSecret ?? crypto.randomBytes(24).toString('base64url')
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503
    res.end()
  }
  const server = http.createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // The loopback address only: nothing outside this machine reaches the test provider.
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const issuer = `http://127.0.0.1:${port}`
  const overrides = new Map<string, { email?: unknown; email_verified?: unknown; xms_edov?: unknown }>()

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-1', use: 'sig', alg: 'RS256' }

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount(_ctx, id) {
      const claims = { sub: id, email: id, email_verified: true, name: 'Test Person', ...overrides.get(id) }
      return { accountId: id, claims: () => claims }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name'] },
    // The e-mail in the ID token itself, as the common providers of funds do.
    conformIdTokenClaims: opts.emailInIdToken === false,
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    jwks: { keys: [jwk] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 3600 },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider: p } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const id = result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      if (id) return p.Grant.find(id)
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope('openid email profile')
      grant.addOIDCClaims(['email', 'email_verified', 'xms_edov', 'name'])
      await grant.save()
      return grant
    },
  })
  provider.on('server_error', (_ctx, error) => console.error('[test provider]', error))
  handler = provider.callback()

  async function signInWithoutBrowser(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>()
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    let url = authorizationUrl
    let init: RequestInit = { method: 'GET' }
    for (let step = 0; step < 12; step++) {
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } })
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const eq = pair.indexOf('=')
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
      }
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get('location') ?? '', url)
        if (next.origin !== new URL(issuer).origin) return next
        url = next.href
        init = { method: 'GET' }
        continue
      }
      const html = await res.text()
      if (res.status !== 200) throw new Error(`the test provider answered ${res.status}: ${html.slice(0, 500)}`)
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1]
      if (!action || !prompt) throw new Error(`no form at the test provider: ${html.slice(0, 500)}`)
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt })
      url = new URL(action.replace(/&amp;/g, '&'), url).href
      init = { method: 'POST', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    }
    throw new Error('the test provider did not send the browser back')
  }

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    setClaims: (login, claims) => overrides.set(login, claims),
    signInWithoutBrowser,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

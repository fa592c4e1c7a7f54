// oidc-provider ships no types (and @types/oidc-provider lags its major versions): the little the
// test provider (tests/oidc-provider.ts) uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type AnyObject = Record<string, unknown>
  export interface Account {
    accountId: string
    claims: (use: string, scope: string) => AnyObject | Promise<AnyObject>
  }
  export interface Grant {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }
  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string }
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined }
      result?: { consent?: { grantId?: string } }
      provider: Provider
    }
  }
  export interface Configuration {
    clients?: AnyObject[]
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Account | undefined | Promise<Account | undefined>
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    cookies?: { keys?: string[] }
    jwks?: { keys: AnyObject[] }
    ttl?: Record<string, number | ((...args: unknown[]) => number)>
    features?: AnyObject
    pkce?: AnyObject
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined> | Grant | undefined
    [key: string]: unknown
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    issuer: string
    proxy: boolean
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    Grant: { new (properties: { accountId?: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> }
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}

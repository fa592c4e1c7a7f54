/**
 * The face of `sign-in-provider` on the server: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { callbackUrlOf } from './cookies.server.ts'
export { checkDiscovery } from './oidc.server.ts'
export { customersWithProvider, IdentityProviders } from './providers.server.ts'
export { purgeExpiredFlows } from './providers.server.ts'

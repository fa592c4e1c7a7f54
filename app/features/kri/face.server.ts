/**
 * The face of `kri` on the server: what other features may import from it. Nothing else of this folder
 * is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { upsertKriValues } from './values.server.ts'

/**
 * The face of `inventory`: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { introSchema } from './block-schemas.ts'

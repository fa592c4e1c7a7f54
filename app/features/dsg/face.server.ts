/**
 * The face of `dsg` on the server: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { digestCount, dsgDigestFor, dsgDigestMayConcern, dsgDigestText, isEmptyDigest } from './digest.server.ts'
export { dsgHeadColumns, type DsgHeadColumns, dsgHeadOf } from './dsg.server.ts'

/**
 * The face of `kri` on the server: what the jobs' schedule and other features (the import) may import
 * from it. Nothing else of this folder is imported from outside (tests/integration/architecture.test.ts,
 * decision 0055).
 */
export { runKriTick } from './tick.server.ts'
export { upsertKriValues } from './values.server.ts'

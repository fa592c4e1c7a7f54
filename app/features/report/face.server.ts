/**
 * The face of `report` on the server: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { Reports } from './reports.server.ts'
export { compareRisks, type RiskComparison, type SnapshotRisk } from './content.ts'

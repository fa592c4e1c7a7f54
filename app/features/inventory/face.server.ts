/**
 * The face of `inventory` on the server: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { listMainThemes, listSubThemes, mainName, subName } from './ics/processes.server.ts'
export { inventoryVisible } from './kit.server.ts'
export { type ProcessItem, processSummaryColumns, type RiskItem, riskSummaryColumns } from './summary.server.ts'

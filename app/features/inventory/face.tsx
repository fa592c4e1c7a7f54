/**
 * The face of `inventory` for pages: the components other features may render. Nothing else of this folder
 * is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { MeasureSummaryTable, RiskSummaryTable } from './summary-tables.tsx'

/**
 * The face of `dsg`: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { DsgHeadRow } from './head-row.tsx'
export { addYears, breachNeedsNotice, isDpiaOpen, isRequestOverdue, isReviewDue } from './rules.ts'

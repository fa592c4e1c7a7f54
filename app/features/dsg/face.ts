/**
 * The face of `dsg`: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { addYears, breachNeedsNotice, isDpiaOpen, isRequestOverdue, isReviewDue } from './rules.ts'

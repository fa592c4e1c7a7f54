/**
 * The face of `executions` on the server: what other features (and the jobs' schedule) may import from
 * it. Nothing else of this folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { planAssuranceReview, planExecutions } from './executions.server.ts'

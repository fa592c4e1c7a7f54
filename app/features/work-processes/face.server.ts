/**
 * The face of `work-processes` on the server: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { WORK_PROCESS_SORTS, WorkProcesses } from './work-processes.server.ts'

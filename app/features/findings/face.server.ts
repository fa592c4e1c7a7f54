/**
 * The face of `findings` on the server: what the jobs' schedule and other features may import from it.
 * Nothing else of this folder is imported from outside (decision 0055).
 */
export { runFindingEscalations } from './escalation.server.ts'

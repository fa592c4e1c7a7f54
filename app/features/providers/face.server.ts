/**
 * The face of `providers` on the server: what the jobs' schedule and other features (the report, the
 * dashboard) may import from it. Nothing else of this folder is imported from outside (decision 0055).
 */
export { runProvidersTick } from './tick.server.ts'
export { type AssuranceInfo, assuranceStates } from './assurance/state.server.ts'

/**
 * The face of `providers` on the server: what the jobs' schedule may import from it. How an assurance
 * reads lives below the features (models/core/assurance-state.server.ts). Nothing else of this folder is
 * imported from outside (decision 0055).
 */
export { runProvidersTick } from './tick.server.ts'

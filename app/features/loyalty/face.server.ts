/**
 * The face of `loyalty` on the server: what other features (the dashboard) and the jobs' schedule may
 * import from it. Nothing else of this folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { loyaltyTiles, runLoyaltyReminderTick } from './campaign/campaign.server.ts'

/**
 * The face of `loyalty` on the server: what the jobs' schedule may import from it. Nothing else of this folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { runLoyaltyReminderTick } from './campaign/campaign.server.ts'
export { runChangeReminderTick } from './changes/reminders.server.ts'

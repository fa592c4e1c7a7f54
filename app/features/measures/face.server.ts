/**
 * The face of `measures` on the server: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { filterWhere, isOverdue, type MeasureRow, Measures, REMINDER_WINDOW_DAYS, visibleTabs } from './measures.server.ts'
export { runReminderTick } from './reminders.server.ts'

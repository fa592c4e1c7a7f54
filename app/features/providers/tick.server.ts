import { todayInZurich } from '#models/core/dates.ts'
import { runAssuranceTick } from './assurance/tick.server.ts'
import { runContractReminders } from './reminders.server.ts'

/**
 * Called by the server's timer (JOBS.providers): from the local reminder hour on, the contract end and
 * notice reminders, this year's assurance reviews planned and the reminders of those due. Each is
 * idempotent per day (what was sent is kept on the row), so a second run sends nothing twice.
 */
export async function runProvidersTick(now: Date = new Date(), hourFrom = Number(process.env.REMINDER_HOUR ?? 6)) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false }).format(now))
  if (hour < hourFrom) return null
  const contractReminders = await runContractReminders(now)
  const assurance = await runAssuranceTick(now)
  return { day: todayInZurich(now), contractReminders, ...assurance }
}

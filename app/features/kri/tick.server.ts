import { todayInZurich } from '#models/core/dates.ts'
import { runAcceptanceReminders } from './acceptance/reminders.server.ts'
import { computeFund, fundsWithComputedKris } from './computed.server.ts'

/** The day the computed KRIs were last computed by this process: once a day is enough. */
let computedOn: string | null = null

/** Computes every active fund's computed KRIs (each fund in its own transaction; one failing fund does not stop the others). */
export async function computeAllFunds(now: Date = new Date()) {
  let values = 0
  let failed = 0
  for (const fund of await fundsWithComputedKris()) {
    try {
      values += await computeFund(fund, now)
    } catch (e) {
      failed++
      console.error(`[kri] computing the KRIs of ${fund.id} failed:`, e instanceof Error ? e.message : e)
    }
  }
  return { values, failed }
}

/**
 * Called by the server's timer (JOBS.kri): from the local reminder hour on, once a day, the computed KRIs
 * of every fund (a value outside the appetite proposes its measures and tells the owner), and the
 * reminders before risk acceptances lapse.
 */
export async function runKriTick(now: Date = new Date(), hourFrom = Number(process.env.REMINDER_HOUR ?? 6)) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false }).format(now))
  if (hour < hourFrom) return null
  const day = todayInZurich(now)
  const computed = computedOn === day ? null : await computeAllFunds(now)
  if (computed) computedOn = day
  const acceptanceReminders = await runAcceptanceReminders(now)
  return { day, computed, acceptanceReminders }
}

import { breachClock, breachNeedsNotice, breachNoticeDeadline, isBreachOverdue } from '../rules.ts'
import type { DsgBreachState } from '#models/core/constants.ts'

type ClockBreach = { state: DsgBreachState; highRisk: boolean | null; fdpicNotifiedAt: Date | null; discoveredAt: Date }

/**
 * A breach's clock as a page shows it, judged on the server at one instant so that the page and its
 * hydration agree: the time since discovery split in days and hours, the FDPIC target, overdue.
 * The rules themselves are those of ../rules.ts.
 */
export function clockOf(breach: ClockBreach, hours: number, now: Date = new Date()) {
  const elapsed = breachClock(breach.discoveredAt, now)
  const totalHours = Math.floor(elapsed / 3_600_000)
  return {
    days: Math.floor(totalHours / 24),
    hours: totalHours % 24,
    deadline: breachNoticeDeadline(breach.discoveredAt, hours),
    /** The FDPIC is owed a notice (high risk, not notified): the deadline is worth showing. */
    needsNotice: breachNeedsNotice(breach),
    overdue: isBreachOverdue(breach, hours, now),
  }
}

export type Clock = ReturnType<typeof clockOf>

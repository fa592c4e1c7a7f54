import { breachClock, breachNeedsNotice, breachNoticeDeadline, isBreachOverdue } from '../rules.ts'
import type { DsgBreachState } from '#models/core/constants.ts'

type ClockBreach = { state: DsgBreachState; highRisk: boolean | null; fdpicNotifiedAt: Date | null; discoveredAt: Date }

/** Within this many hours of the FDPIC target the clock turns amber ("due soon"). */
export const BREACH_CLOCK_SOON_HOURS = 24
/** From this many hours on, a span reads in days and hours ("4 d 2 h") instead of hours ("52 h"). */
export const BREACH_CLOCK_DAYS_FROM_HOURS = 96

/**
 * Where a breach stands against the FDPIC target:
 * - `left`: the notice may still be owed and the target is more than 24 h away,
 * - `soon`: it is within the last 24 h before the target,
 * - `overdue`: the target has passed without a notice,
 * - `none`: no notice is owed (notified, judged not high-risk, or a closed breach never judged high-risk).
 * An open breach whose risk is not yet assessed counts down too: until it is judged, the notice may be owed.
 */
export type ClockStatus = 'left' | 'soon' | 'overdue' | 'none'

/** A span of whole hours as the page words it: hours, or days and hours when long; under an hour is `lessThanHour`. */
export type Span = { lessThanHour: true } | { lessThanHour: false; days: number; hours: number; totalHours: number; long: boolean }

export function spanOf(ms: number): Span {
  const totalHours = Math.floor(Math.max(0, ms) / 3_600_000)
  if (totalHours === 0) return { lessThanHour: true }
  return { lessThanHour: false, days: Math.floor(totalHours / 24), hours: totalHours % 24, totalHours, long: totalHours >= BREACH_CLOCK_DAYS_FROM_HOURS }
}

/**
 * A breach's clock as a page shows it, judged on the server at one instant so that the page and its
 * hydration agree: the time since discovery, the FDPIC target, the time left until it (or since it
 * passed) and the status. The rules themselves are those of ../rules.ts.
 */
export function clockOf(breach: ClockBreach, hours: number, now: Date = new Date()) {
  const elapsed = breachClock(breach.discoveredAt, now)
  const totalHours = Math.floor(elapsed / 3_600_000)
  const deadline = breachNoticeDeadline(breach.discoveredAt, hours)
  const needsNotice = breachNeedsNotice(breach)
  const overdue = isBreachOverdue(breach, hours, now)
  // A notice may still be owed: high risk and not notified, or open and not yet judged.
  const mayOwe = breach.fdpicNotifiedAt === null && (needsNotice || (breach.state === 'open' && breach.highRisk === null))
  const left = deadline.getTime() - now.getTime()
  const status: ClockStatus = !mayOwe ? 'none' : left < 0 ? 'overdue' : left <= BREACH_CLOCK_SOON_HOURS * 3_600_000 ? 'soon' : 'left'
  return {
    days: Math.floor(totalHours / 24),
    hours: totalHours % 24,
    deadline,
    /** The FDPIC is owed a notice (high risk, not notified): the deadline is worth showing. */
    needsNotice,
    overdue,
    status,
    /** The time left until the target, or since it passed when overdue. */
    span: spanOf(Math.abs(left)),
  }
}

export type Clock = ReturnType<typeof clockOf>

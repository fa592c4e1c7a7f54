import { addDays, todayInZurich } from '#models/core/dates.ts'
import {
  DSG_BREACH_KEEP_YEARS,
  DSG_BREACH_NOTICE_HOURS,
  DSG_DPIA_KEEP_YEARS,
  DSG_REQUEST_DAYS,
  DSG_REQUEST_DUE_SOON_DAYS,
  DSG_REQUEST_LONG_DAYS,
  DSG_REVIEW_MONTHS,
  type DsgActivityState,
  type DsgBreachState,
  type DsgDpiaState,
  type DsgRequestState,
} from '#models/core/constants.ts'

/*
 * The deadlines of the data protection area in one place (docs/decisions/0029-data-protection-area.md).
 * Lists, detail pages, the overview's head row, the dashboard and the reminder digest all decide
 * "due", "overdue" and "may be deleted" through these functions, and the services' SQL through
 * `dsgSql` below, which states the same rules for PostgreSQL; `rules.test.ts` holds the two together.
 * Calendar days are days in Zurich ('YYYY-MM-DD'); instants are Date objects.
 */

/** The same calendar day `months` later (or earlier, negative); the 31st becomes the month's last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, last))
  return first.toISOString().slice(0, 10)
}

export function addYears(day: string, years: number): string {
  return addMonths(day, 12 * years)
}

// --- Record of processing activities ---

/** The day from which an activity counts as reviewed: its last review, or else the day it was recorded. */
export function reviewedSince(activity: { lastReviewedOn: string | null; createdAt: Date | string }): string {
  return activity.lastReviewedOn ?? todayInZurich(new Date(activity.createdAt))
}

/** An active activity not reviewed for 12 months is due for review. */
export function isReviewDue(
  activity: { state: DsgActivityState; lastReviewedOn: string | null; createdAt: Date | string },
  today: string = todayInZurich(),
): boolean {
  return activity.state === 'active' && reviewedSince(activity) <= addMonths(today, -DSG_REVIEW_MONTHS)
}

// --- Impact assessments ---

export function isDpiaOpen(dpia: { state: DsgDpiaState }): boolean {
  return dpia.state === 'screening' || dpia.state === 'open'
}

/**
 * An assessment is kept at least two years after its processing ended (DSV Art. 14): it may be
 * deleted only once the activity is retired and two years have passed since.
 */
export function mayDeleteDpia(activity: { state: DsgActivityState; retiredOn: string | null }, today: string = todayInZurich()): boolean {
  return activity.state === 'retired' && activity.retiredOn !== null && addYears(activity.retiredOn, DSG_DPIA_KEEP_YEARS) <= today
}

// --- Breaches ---

/** When the FDPIC should have been told of a high-risk breach: discovery + the fund's hours (default 72). */
export function breachNoticeDeadline(discoveredAt: Date, hours: number = DSG_BREACH_NOTICE_HOURS): Date {
  // Hours are elapsed time, so a deadline across a change of daylight saving time stays exact.
  return new Date(discoveredAt.getTime() + hours * 3_600_000)
}

/** Milliseconds since discovery (the clock shown on the breach and the dashboard). */
export function breachClock(discoveredAt: Date, now: Date = new Date()): number {
  return Math.max(0, now.getTime() - discoveredAt.getTime())
}

/** The FDPIC must be told: a high-risk breach not yet notified. */
export function breachNeedsNotice(breach: { highRisk: boolean | null; fdpicNotifiedAt: Date | null }): boolean {
  return breach.highRisk === true && breach.fdpicNotifiedAt === null
}

/** Overdue: it needs notice and the fund's target has passed. */
export function isBreachOverdue(
  breach: { state: DsgBreachState; highRisk: boolean | null; fdpicNotifiedAt: Date | null; discoveredAt: Date },
  hours: number = DSG_BREACH_NOTICE_HOURS,
  now: Date = new Date(),
): boolean {
  return breachNeedsNotice(breach) && now.getTime() > breachNoticeDeadline(breach.discoveredAt, hours).getTime()
}

/** A breach may be deleted only two years after its report (DSV Art. 15 para. 4). */
export function mayDeleteBreach(breach: { reportedAt: Date }, now: Date = new Date()): boolean {
  return addYears(todayInZurich(breach.reportedAt), DSG_BREACH_KEEP_YEARS) <= todayInZurich(now)
}

// --- Requests of data subjects ---

/** Received + 30 days (DSV Art. 18). */
export function requestDueOn(receivedOn: string): string {
  return addDays(receivedOn, DSG_REQUEST_DAYS)
}

/** The due date that counts: the extension's, else the original. */
export function requestDeadline(request: { dueOn: string; extendedTo: string | null }): string {
  return request.extendedTo ?? request.dueOn
}

export function isRequestOverdue(request: { state: DsgRequestState; dueOn: string; extendedTo: string | null }, today: string = todayInZurich()): boolean {
  return request.state === 'open' && requestDeadline(request) < today
}

/** Due within the next 7 days (today included), not yet overdue. */
export function isRequestDueSoon(request: { state: DsgRequestState; dueOn: string; extendedTo: string | null }, today: string = todayInZurich()): boolean {
  const deadline = requestDeadline(request)
  return request.state === 'open' && deadline >= today && deadline <= addDays(today, DSG_REQUEST_DUE_SOON_DAYS)
}

/**
 * The last day an extension may reach without an express confirmation: 60 days after the receipt,
 * twice the legal 30 days. DSV Art. 18 allows a longer deadline only where the answer cannot
 * be given in time, told to the requester with the new date; beyond this day the page warns and the
 * service asks that the editor confirm it.
 */
export function requestLongAfter(receivedOn: string): string {
  return addDays(receivedOn, DSG_REQUEST_LONG_DAYS)
}

/** An extension to `to` goes beyond 60 days after the receipt. */
export function isLongExtension(request: { receivedOn: string }, to: string): boolean {
  return to > requestLongAfter(request.receivedOn)
}

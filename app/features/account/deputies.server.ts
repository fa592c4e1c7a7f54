import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { CustomerAccess } from '#models/core/access.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { db } from '#models/core/db.server.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import { appUrl, renderTemplate, sendLater, sendMail } from '#models/core/mail.server.ts'
import { customers, deputies, type Language, memberships, users } from '#models/schema/index.ts'
import { DomainError } from '#models/core/errors.ts'
import { ownableMembership } from '#app/auth/users.server.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'

/** Is the deputyship active and today (Zurich) within its dates? Outside them the deputy cannot act. */
export function isCurrent(d: { active: boolean; startsOn: string | null; endsOn: string | null }, today = todayInZurich()) {
  return d.active && (d.startsOn === null || d.startsOn <= today) && (d.endsOn === null || d.endsOn >= today)
}

/**
 * What a deputyship's state column says: deactivated, planned (starts later: "geplant ab …"),
 * ended (its last day is past: "beendet am …") or active. A planned one is not "inaktiv" (issue 22).
 */
export type DeputyState = { state: 'inactive' } | { state: 'planned'; from: string } | { state: 'ended'; on: string } | { state: 'active' }
export function deputyState(d: { active: boolean; startsOn: string | null; endsOn: string | null }, today = todayInZurich()): DeputyState {
  if (!d.active) return { state: 'inactive' }
  if (d.endsOn !== null && d.endsOn < today) return { state: 'ended', on: d.endsOn }
  if (d.startsOn !== null && d.startsOn > today) return { state: 'planned', from: d.startsOn }
  return { state: 'active' }
}

/** The dates of a new deputyship: start from today on, end not before the start (nor before today). */
export function checkDeputyDates(startsOn: string | null, endsOn: string | null, today = todayInZurich()) {
  if (startsOn !== null && startsOn < today) throw new DomainError('invalid', 'startsOn', 'account:dselector.startPast')
  if (endsOn !== null && endsOn < (startsOn ?? today)) throw new DomainError('invalid', 'endsOn', 'account:dselector.endBeforeStart')
}

const deputyUser = alias(users, 'deputy_user')
const principalUser = alias(users, 'principal_user')

/** Who may act for the signed-in user in the active customer. */
export async function listMyDeputies(access: CustomerAccess) {
  return withCustomer(access, (tx) =>
    tx
      .select({
        id: deputies.id,
        active: deputies.active,
        startsOn: deputies.startsOn,
        endsOn: deputies.endsOn,
        user: { id: deputyUser.id, firstName: deputyUser.firstName, lastName: deputyUser.lastName, email: deputyUser.email },
      })
      .from(deputies)
      .innerJoin(deputyUser, eq(deputyUser.id, deputies.deputyUserId))
      .where(and(eq(deputies.userId, access.user.id)))
      .orderBy(deputyUser.lastName, deputyUser.firstName)
      .then((rows) => rows.map((r) => ({ ...r, current: isCurrent(r), shown: deputyState(r) }))),
  )
}

/** For whom the signed-in user is deputy in the active customer. */
export async function listMyPrincipals(access: CustomerAccess) {
  return withCustomer(access, (tx) =>
    tx
      .select({
        id: deputies.id,
        active: deputies.active,
        startsOn: deputies.startsOn,
        endsOn: deputies.endsOn,
        user: { id: principalUser.id, firstName: principalUser.firstName, lastName: principalUser.lastName, email: principalUser.email },
        permId: memberships.id,
      })
      .from(deputies)
      .innerJoin(principalUser, eq(principalUser.id, deputies.userId))
      .innerJoin(memberships, and(eq(memberships.userId, deputies.userId), eq(memberships.customerId, deputies.customerId)))
      .where(and(eq(deputies.deputyUserId, access.user.id)))
      .orderBy(principalUser.lastName, principalUser.firstName)
      // Outside its dates a deputyship is shown, but not offered to act on (issue 12).
      .then((rows) => rows.map((r) => ({ ...r, current: isCurrent(r), shown: deputyState(r) }))),
  )
}

/** Members of the customer who could become the user's deputy. */
export async function listDeputyCandidates(access: CustomerAccess) {
  return withCustomer(access, (tx) =>
    tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(ne(users.id, access.user.id), eq(users.state, 'active'), ownableMembership(todayInZurich())))
      .orderBy(users.lastName, users.firstName),
  )
}

export type DeputyOutcome = 'ok' | 'not-found' | 'exists'

export type DeputyDates = { startsOn: string | null; endsOn: string | null }

/**
 * Names a deputy, from `startsOn` (null: now) up to and including `endsOn` (null: no end). One that
 * starts now is told at once ('deputy-assigned'); a later start is told by the daily job on its day.
 */
export async function addDeputy(access: CustomerAccess, deputyUserId: string, dates: DeputyDates = { startsOn: null, endsOn: null }): Promise<DeputyOutcome> {
  const today = todayInZurich()
  checkDeputyDates(dates.startsOn, dates.endsOn, today)
  const startsNow = dates.startsOn === null || dates.startsOn <= today
  const outcome = await insertDeputy(access, deputyUserId, dates, startsNow)
  if (outcome === 'ok' && startsNow) {
    // Starting now, both are told at once: the deputy how to act ('deputy-assigned'), the principal
    // that someone may act for them ('deputy-started'); the job's start notice is claimed already.
    sendLater('deputy notice', tellDeputy(access, deputyUserId))
    sendLater('deputy start notice', tellPrincipal(access, deputyUserId, 'deputy-started', dates))
  }
  return outcome
}

type NoticeKey = 'deputy-started' | 'deputy-ended'

/** "up to and including <date>" or "with no end date", in the recipient's language: the start notice's {{until}}. */
const UNTIL: Record<Language, { date: string; none: string }> = {
  de: { date: 'bis und mit {date}', none: 'ohne Enddatum' },
  fr: { date: 'jusqu’au {date} inclus', none: 'sans date de fin' },
  en: { date: 'up to and including {date}', none: 'with no end date' },
}

/**
 * The values of a start or end notice, in the recipient's language. A start "now" (no start date)
 * shows today's date; no end date is a wording of its own ({{until}}), {{endsOn}} stays a date or "—"
 * for templates the operator wrote before {{until}} existed.
 */
export function noticeValues(
  principal: Pick<NoticePerson, 'firstName' | 'lastName'>,
  deputy: Pick<NoticePerson, 'firstName' | 'lastName'>,
  customer: string,
  dates: DeputyDates,
  recipient: Pick<NoticePerson, 'firstName' | 'lastName' | 'language'>,
  today = todayInZurich(),
) {
  const until = UNTIL[recipient.language] ?? UNTIL.de
  return {
    principal: `${principal.firstName} ${principal.lastName}`,
    deputy: `${deputy.firstName} ${deputy.lastName}`,
    customer,
    startsOn: formatDate(dates.startsOn ?? today),
    endsOn: formatDate(dates.endsOn) || '—',
    until: dates.endsOn ? until.date.replace('{date}', formatDate(dates.endsOn)) : until.none,
    link: `${appUrl()}/app/user/dselector`,
    firstName: recipient.firstName,
    lastName: recipient.lastName,
  }
}
type NoticePerson = { firstName: string; lastName: string; email: string; language: Language }

async function sendNotice(key: NoticeKey, to: NoticePerson, values: Record<string, string>) {
  await sendMail(to.email, await renderTemplate(key, to.language, values))
}

/** Tells the principal (the signed-in user) about their deputyship with `deputyUserId`. */
async function tellPrincipal(access: CustomerAccess, deputyUserId: string, key: NoticeKey, dates: DeputyDates) {
  const deputy = await db().query.users.findFirst({ where: eq(users.id, deputyUserId) })
  if (!deputy) return
  const principal = { firstName: access.user.firstName, lastName: access.user.lastName, email: access.user.email, language: access.user.language }
  await sendNotice(key, principal, noticeValues(principal, deputy, access.customer.name, dates, principal))
}

/** Tells both people that a deputyship ended (it was removed while it held). */
async function tellBothEnded(access: CustomerAccess, deputyUserId: string, dates: DeputyDates) {
  const deputy = await db().query.users.findFirst({ where: eq(users.id, deputyUserId) })
  if (!deputy) return
  const principal = { firstName: access.user.firstName, lastName: access.user.lastName, email: access.user.email, language: access.user.language }
  for (const person of [principal, deputy]) {
    try {
      await sendNotice('deputy-ended', person, noticeValues(principal, deputy, access.customer.name, dates, person))
    } catch (e) {
      console.error(`[mail] deputy end notice to ${person.email} failed (not retried, the deputyship is gone or switched off):`, (e as Error).message)
    }
  }
}

/** Tells the new deputy, in their language, for whom and where they may act. */
async function tellDeputy(access: CustomerAccess, deputyUserId: string) {
  const deputy = await db().query.users.findFirst({ where: eq(users.id, deputyUserId) })
  if (!deputy) return
  const mail = await renderTemplate('deputy-assigned', deputy.language, {
    firstName: deputy.firstName,
    lastName: deputy.lastName,
    principal: `${access.user.firstName} ${access.user.lastName}`,
    customer: access.customer.name,
    link: `${appUrl()}/app/user/cselector`,
  })
  await sendMail(deputy.email, mail)
}

async function insertDeputy(access: CustomerAccess, deputyUserId: string, dates: DeputyDates, startsNow: boolean): Promise<DeputyOutcome> {
  // Auditors name no deputies (the permission table's deputies flag) and are none.
  if (!permissionsOf(access).deputies) throw new DomainError('forbidden')
  return withCustomer(access, async (tx) => {
    const member = await tx.query.memberships.findFirst({
      where: and(eq(memberships.userId, deputyUserId), ownableMembership(todayInZurich())),
    })
    if (!member || deputyUserId === access.user.id) return 'not-found'
    const [row] = await tx
      .insert(deputies)
      .values({
        customerId: access.customer.id,
        userId: access.user.id,
        deputyUserId,
        active: true,
        startsOn: dates.startsOn,
        endsOn: dates.endsOn,
        // Starting now: the 'deputy-assigned' mail is the start notice; the daily job sends none.
        startNoticeAt: startsNow ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return 'exists'
    await writeAudit(tx, access, {
      component: 'deputy',
      action: 'Created',
      entityId: row.id,
      changes: {
        deputyUserId: { from: null, to: deputyUserId },
        active: { from: null, to: true },
        ...(dates.startsOn ? { startsOn: { from: null, to: dates.startsOn } } : {}),
        ...(dates.endsOn ? { endsOn: { from: null, to: dates.endsOn } } : {}),
      },
    })
    return 'ok'
  })
}

/**
 * Switches a deputyship off or on. Switching off one that held (its start told, its end not) ends it:
 * both are told, and the job tells no end later. Switching on inside its dates is a new start: both
 * are told at once (as when one is named), and a later end is told again; a future one is told by the job.
 */
export async function setDeputyActive(access: CustomerAccess, id: string, active: boolean): Promise<DeputyOutcome> {
  const today = todayInZurich()
  const changed = await withCustomer(access, async (tx) => {
    const where = and(eq(deputies.id, id), eq(deputies.userId, access.user.id))
    const before = await tx.query.deputies.findFirst({ where })
    if (!before) return null
    if (before.active === active) return { before, endTold: null, startsNow: false }
    const endTold = active ? null : untoldEnd(before, today)
    const startsNow = active && isCurrent({ ...before, active: true }, today)
    const future = active && before.startsOn !== null && before.startsOn > today
    await tx
      .update(deputies)
      .set({
        active,
        updatedAt: new Date(),
        ...(endTold ? { endNoticeAt: new Date() } : {}),
        ...(startsNow ? { startNoticeAt: new Date(), endNoticeAt: null } : {}),
        ...(future ? { startNoticeAt: null, endNoticeAt: null } : {}),
      })
      .where(where)
    await writeAudit(tx, access, { component: 'deputy', action: 'Updated', entityId: id, changes: { active: { from: before.active, to: active } } })
    return { before, endTold, startsNow }
  })
  if (!changed) return 'not-found'
  const { before, endTold, startsNow } = changed
  if (endTold) sendLater('deputy end notice', tellBothEnded(access, before.deputyUserId, { startsOn: before.startsOn, endsOn: endTold }))
  if (startsNow) {
    const dates = { startsOn: today, endsOn: before.endsOn }
    sendLater('deputy notice (switched on, not retried)', tellDeputy(access, before.deputyUserId))
    sendLater('deputy start notice (switched on, not retried)', tellPrincipal(access, before.deputyUserId, 'deputy-started', dates))
  }
  return 'ok'
}

/**
 * The end date to tell when a deputyship stops now (removed or switched off), or null when there is
 * nothing to tell: it never started as far as anyone was told (no start notice: a future one, or one
 * whose start day's notice the job has not sent yet), its end was told already, or it ended more than
 * the job's 30 days ago. One that ended before today, untold, is told with its own end date.
 */
export function untoldEnd(d: typeof deputies.$inferSelect, today = todayInZurich()) {
  if (!d.active || d.startNoticeAt === null || d.endNoticeAt !== null) return null
  if (d.startsOn !== null && d.startsOn > today) return null
  if (d.endsOn !== null && d.endsOn < today) return d.endsOn >= addDays(today, -30) ? d.endsOn : null
  return today
}

/**
 * Removes a deputyship. One that held (active, started, not yet ended, its end not told yet) ends
 * with it: both people get the end notice, once (the row, and with it the notice's claim, is gone).
 */
export async function removeDeputy(access: CustomerAccess, id: string): Promise<DeputyOutcome> {
  const today = todayInZurich()
  const removed = await withCustomer(access, async (tx) => {
    const [row] = await tx
      .delete(deputies)
      .where(and(eq(deputies.id, id), eq(deputies.userId, access.user.id)))
      .returning()
    if (!row) return null
    await writeAudit(tx, access, { component: 'deputy', action: 'Deleted', entityId: id, changes: { deputyUserId: { from: row.deputyUserId, to: null } } })
    return row
  })
  if (!removed) return 'not-found'
  // It ends today, whatever end it was given; one that ended before, untold yet, is told with its end.
  const endTold = untoldEnd(removed, today)
  if (endTold) sendLater('deputy end notice', tellBothEnded(access, removed.deputyUserId, { startsOn: removed.startsOn, endsOn: endTold }))
  return 'ok'
}

/** The user's deputies, in one customer or in all (for GET /api/users/getdeputies). */
export async function listDeputiesOfUser(userId: string, customerId: string | null) {
  // Keyed by the user, across the customers (the API answers for all of them).
  return asSystem('deputies of the signed-in user', (tx) =>
    tx
      .select({
        id: deputies.id,
        active: deputies.active,
        startsOn: deputies.startsOn,
        endsOn: deputies.endsOn,
        customerId: deputies.customerId,
        deputy: { id: deputyUser.id, firstName: deputyUser.firstName, lastName: deputyUser.lastName, email: deputyUser.email },
      })
      .from(deputies)
      .innerJoin(deputyUser, eq(deputyUser.id, deputies.deputyUserId))
      .where(customerId ? and(eq(deputies.userId, userId), eq(deputies.customerId, customerId)) : eq(deputies.userId, userId))
      .orderBy(deputyUser.lastName, deputyUser.firstName)
      // `current`: the deputy can act today (active and within the dates).
      .then((rows) => rows.map((r) => ({ ...r, current: isCurrent(r) }))),
  )
}

// ---------------------------------------------------------------- the daily start and end notices

const noticeDeputy = alias(users, 'notice_deputy')
const noticePrincipal = alias(users, 'notice_principal')

/**
 * The daily job's part (server/jobs.ts): tells both people, each in their language, that a
 * deputyship started (its start date came) or ended (its end date passed). Each notice is claimed
 * first (start_notice_at / end_notice_at set where still empty), so it goes out once even if two
 * runs overlap; a row whose mail fails gives its claim back, so the next run retries it.
 */
export async function sendDeputyNotices(today = todayInZurich()) {
  const claim = (kind: 'start' | 'end') =>
    asSystem(`deputyship ${kind} notices`, async (tx) => {
      const due =
        kind === 'start'
          ? and(isNull(deputies.startNoticeAt), lte(deputies.startsOn, today), or(isNull(deputies.endsOn), gte(deputies.endsOn, today)))
          : // Never an end without a start: one whose start was never told (switched off before it, and
            // on again after its end) ends untold, as untoldEnd has it for a removal.
            and(isNull(deputies.endNoticeAt), isNotNull(deputies.startNoticeAt), lt(deputies.endsOn, today), gte(deputies.endsOn, addDays(today, -30)))
      const rows = await tx
        .update(deputies)
        .set({ [kind === 'start' ? 'startNoticeAt' : 'endNoticeAt']: new Date() })
        .where(and(due, eq(deputies.active, true)))
        .returning({ id: deputies.id })
      if (rows.length === 0) return []
      const ids = rows.map((r) => r.id)
      return tx
        .select({
          id: deputies.id,
          startsOn: deputies.startsOn,
          endsOn: deputies.endsOn,
          customer: customers.name,
          principal: noticePrincipal,
          deputy: noticeDeputy,
        })
        .from(deputies)
        .innerJoin(customers, eq(customers.id, deputies.customerId))
        .innerJoin(noticePrincipal, eq(noticePrincipal.id, deputies.userId))
        .innerJoin(noticeDeputy, eq(noticeDeputy.id, deputies.deputyUserId))
        .where(inArray(deputies.id, ids))
    })
  let sent = 0
  for (const kind of ['start', 'end'] as const) {
    const untold: string[] = []
    for (const d of await claim(kind)) {
      let told = 0
      for (const person of [d.principal, d.deputy]) {
        try {
          await sendNotice(kind === 'start' ? 'deputy-started' : 'deputy-ended', person, noticeValues(d.principal, d.deputy, d.customer, d, person, today))
          told++
        } catch (e) {
          console.error(`[mail] deputy ${kind} notice to ${person.email} failed:`, (e as Error).message)
        }
      }
      sent += told
      // A notice that reached no one gives its claim back, so the next run tries again (as the measure
      // reminders); one that reached one of the two stays claimed, so that one is not told twice.
      if (told === 0) untold.push(d.id)
    }
    if (untold.length > 0) {
      await asSystem(`deputyship ${kind} notice retry`, (tx) =>
        tx
          .update(deputies)
          .set(kind === 'start' ? { startNoticeAt: null } : { endNoticeAt: null })
          .where(inArray(deputies.id, untold)),
      )
    }
  }
  return { sent }
}

import { and, eq, sql } from 'drizzle-orm'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { dueForReminder } from './measures.server.ts'
import { customers, measures, memberships, reminderLog, users } from '#models/schema/index.ts'
import { ownableMembership, rightsOf } from '#app/auth/users.server.ts'
import { digestCount, dsgDigestFor, dsgDigestMayConcern, dsgDigestText, isEmptyDigest } from '#app/features/dsg/face.server.ts'
import { measureNumber } from '#models/core/record-number.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'
import { kriDigestCount, kriDigestMayConcern, kriDigestsFor, kriDigestText } from './kri-digest.server.ts'
import { governanceDigestCount, governanceDigestMayConcern, governanceDigestsFor, governanceDigestText } from './governance-digest.server.ts'
import { executionDigestCount, executionDigestKey, executionDigestMayConcern, executionDigestsFor, executionDigestText } from './execution-digest.server.ts'

/** The local hour from which the day's digests go out. */
export const REMINDER_HOUR = Number(process.env.REMINDER_HOUR ?? 6)

const SOURCE_LABEL = {
  de: { fund: 'Pensionskasse', risk: 'RM', iks: 'IKS' },
  fr: { fund: 'Caisse de pension', risk: 'RM', iks: 'ICS' },
  en: { fund: 'Pension fund', risk: 'RM', iks: 'ICS' },
} as const

const OVERDUE_LABEL = { de: 'überfällig', fr: 'en retard', en: 'overdue' } as const

const MEASURES_HEADING = {
  de: 'Ihre Massnahmen, überfällig oder in den nächsten 14 Tagen fällig',
  fr: 'Vos mesures en retard ou échéant dans les 14 prochains jours',
  en: 'Your measures overdue or due within the next 14 days',
} as const

/**
 * Sends each member with reminders switched on one digest per customer and day: the pending
 * measures they own that are overdue or due within 14 days, and from the data protection area
 * (app/features/dsg/digest.server.ts) the activities due for review they are responsible for and,
 * for the dsg role, requests of data subjects due and high-risk breaches not yet notified. Measures
 * alone go out as `measure-reminder`; with data protection items the one mail is `dsg-reminder`,
 * which lists the measures too. The log row is taken first (primary key user, customer, day), so a
 * restart, a second run or a second app instance never sends the same digest twice; a failed send
 * gives the row back so the next run tries again.
 */
export async function sendDueReminders(now: Date = new Date()) {
  const today = todayInZurich(now)
  const recipient = {
    userId: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    language: users.language,
    customerId: customers.id,
    customerName: customers.name,
    membership: membershipWithRights,
  }
  const eligible = and(
    eq(users.remindersEnabled, true),
    eq(users.state, 'active'),
    eq(customers.state, 'active'),
    // Auditors own nothing and are reminded of nothing; an ended membership gets no more digests.
    ownableMembership(today),
    sql`not exists (select 1 from ${reminderLog} r where r.user_id = ${users.id} and r.customer_id = ${customers.id} and r.day = ${today})`,
  )
  // A job over every customer: explicit system scope. Each claim commits on its own before its mail goes out.
  const owners = await asSystem('measure reminders', (tx) =>
    tx
      .selectDistinct(recipient)
      .from(measures)
      .innerJoin(users, eq(users.id, measures.ownerUserId))
      .innerJoin(customers, eq(customers.id, measures.customerId))
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.customerId, customers.id)))
      .where(and(eq(measures.state, 'pending'), eligible, sql`${measures.dueDate} <= ${today}::date + 14`)),
  )
  const dsgMembers = await asSystem('data protection reminders', (tx) =>
    tx
      .select(recipient)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .where(and(eligible, dsgDigestMayConcern(today))),
  )
  const executionMembers = await asSystem('control execution reminders', (tx) =>
    tx
      .select(recipient)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .where(and(eligible, executionDigestMayConcern(today))),
  )
  const kriMembers = await asSystem('kri reminders', (tx) =>
    tx
      .select(recipient)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .where(and(eligible, kriDigestMayConcern(today))),
  )
  const governanceMembers = await asSystem('governance reminders', (tx) =>
    tx
      .select(recipient)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .where(and(eligible, governanceDigestMayConcern(today))),
  )
  const candidates = [
    ...new Map([...owners, ...dsgMembers, ...executionMembers, ...kriMembers, ...governanceMembers].map((c) => [`${c.userId}:${c.customerId}`, c])).values(),
  ]
  // The executions of every candidate's digest at once: a constant number of statements, not two per candidate.
  const executionDigests = await executionDigestsFor(
    candidates.map((c) => ({ customerId: c.customerId, userId: c.userId, rights: rightsOf(c.membership) })),
    today,
  )
  // The KRIs outside the appetite the member owns and the overdue underfunding duties (issue 27), likewise at once.
  const kriDigests = await kriDigestsFor(
    candidates.map((c) => ({ customerId: c.customerId, userId: c.userId, rights: rightsOf(c.membership), language: c.language })),
    today,
  )
  // The findings and providers the member owns (issue 28), likewise at once.
  const governanceDigests = await governanceDigestsFor(
    candidates.map((c) => ({ customerId: c.customerId, userId: c.userId, rights: rightsOf(c.membership) })),
    today,
  )
  let sent = 0
  for (const c of candidates) {
    // Only what the member may see: a measure of a tool they cannot read is not mailed to them.
    const rights = rightsOf(c.membership)
    const due = await dueForReminder(c.customerId, c.userId, today, rights)
    const dsg = await dsgDigestFor(c.customerId, c.userId, rights, today, now)
    const executions = executionDigests.get(executionDigestKey(c)) ?? { perform: [], review: [] }
    const kri = kriDigests.get(executionDigestKey(c)) ?? { kris: [], duties: [] }
    const governance = governanceDigests.get(executionDigestKey(c)) ?? { findings: [], assurance: [], notices: [] }
    if (!due.length && isEmptyDigest(dsg) && !executionDigestCount(executions) && !kriDigestCount(kri) && !governanceDigestCount(governance)) continue
    const [claimed] = await asSystem('measure reminders', (tx) =>
      tx.insert(reminderLog).values({ userId: c.userId, customerId: c.customerId, day: today, measureCount: due.length }).onConflictDoNothing().returning(),
    )
    if (!claimed) continue
    const overdue = due.filter((m) => m.dueDate < today)
    const lang = c.language
    const list = due
      .map((m) => {
        const number = measureNumber(m.idkey, m.iteration)
        const flag = m.dueDate < today ? ` (${OVERDUE_LABEL[lang]})` : ''
        return `- ${formatDate(m.dueDate)}${flag} · ${SOURCE_LABEL[lang][m.source]} · ${number} · ${m.title}`
      })
      .join('\n')
    const measuresLink = `${appUrl()}/app/measures?owner=user:${c.userId}`
    const profileLink = `${appUrl()}/app/user/profile`
    const executionText = executionDigestText(executions, lang, appUrl(), c.userId)
    const kriText = kriDigestText(kri, lang, appUrl())
    const governanceText = governanceDigestText(governance, lang, appUrl())
    const others = executionDigestCount(executions) + kriDigestCount(kri) + governanceDigestCount(governance)
    try {
      // One mail a day: data protection items make it the data protection digest, executions the
      // general digest, measures alone the measure reminder; each lists what else there is.
      const mail = !isEmptyDigest(dsg)
        ? await renderTemplate('dsg-reminder', lang, {
            firstName: c.firstName,
            lastName: c.lastName,
            customer: c.customerName,
            count: String(digestCount(dsg) + others),
            list: [dsgDigestText(dsg, lang, appUrl(), due.length ? { lines: list, link: measuresLink } : undefined), executionText, kriText, governanceText]
              .filter(Boolean)
              .join('\n\n'),
            link: `${appUrl()}/app/dsg`,
            profileLink,
          })
        : others
          ? await renderTemplate('daily-digest', lang, {
              firstName: c.firstName,
              lastName: c.lastName,
              customer: c.customerName,
              count: String(others + due.length),
              list: [executionText, kriText, governanceText, due.length ? [MEASURES_HEADING[lang], list, measuresLink].join('\n') : '']
                .filter(Boolean)
                .join('\n\n'),
              link: executionDigestCount(executions)
                ? `${appUrl()}/app/iks/executions`
                : kriDigestCount(kri)
                  ? `${appUrl()}/app/risk/kri`
                  : governance.findings.length
                    ? `${appUrl()}/app/findings`
                    : `${appUrl()}/app/providers`,
              profileLink,
            })
          : await renderTemplate('measure-reminder', lang, {
              firstName: c.firstName,
              lastName: c.lastName,
              customer: c.customerName,
              overdueCount: String(overdue.length),
              dueSoonCount: String(due.length - overdue.length),
              list,
              link: measuresLink,
              profileLink,
            })
      await sendMail(c.email, mail)
      sent++
    } catch (error) {
      await asSystem('measure reminders', (tx) =>
        tx.delete(reminderLog).where(and(eq(reminderLog.userId, c.userId), eq(reminderLog.customerId, c.customerId), eq(reminderLog.day, today))),
      )
      console.error(`[reminders] mail to ${c.email} failed:`, error instanceof Error ? error.message : error)
    }
  }
  return { day: today, sent }
}

/** Called by the server every few minutes; sends once the local reminder hour has come. */
export async function runReminderTick(now: Date = new Date()) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false }).format(now))
  if (hour < REMINDER_HOUR) return null
  return sendDueReminders(now)
}

import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { rightsOf } from '#app/auth/users.server.ts'
import { ownableMembership } from '#app/auth/users.server.ts'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { personChangeNumber } from '#models/core/record-number.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { customers, loyaltyPersons, memberships, personChanges, users } from '#models/schema/index.ts'

/** The local hour from which the day's reminders go out (the measure reminders' hour). */
const REMINDER_HOUR = Number(process.env.REMINDER_HOUR ?? 6)

const KIND_LABEL = {
  de: { joined: 'Eintritt', left: 'Austritt', functionChanged: 'Funktionswechsel', other: 'Andere Mutation' },
  fr: { joined: 'Entrée', left: 'Départ', functionChanged: 'Changement de fonction', other: 'Autre mutation' },
  en: { joined: 'Joined', left: 'Left', functionChanged: 'Change of function', other: 'Other change' },
} as const

const SINCE_LABEL = { de: 'wirksam seit', fr: 'effectif depuis le', en: 'effective since' } as const

/** The day (Zurich) a timestamp falls on, in SQL. */
const zurichDay = (column: typeof personChanges.remindedAt) => sql`(${column} at time zone 'Europe/Zurich')::date`

/**
 * Reminds the fund's admins of changes of persons that are effective (since before today) and not yet
 * reported to the supervisor (Art. 48g para. 2 BVV 2): one mail per admin and fund, at most once a day.
 * The changes are claimed first (`reminded_at` set to now where it is not today's already), so a second
 * run, a restart or a second instance never mails the same day twice; when no mail could be sent, the
 * claim is given back so a later run tries again. Admins with reminders switched off, auditors and ended
 * memberships get none.
 */
export async function sendChangeReminders(now: Date = new Date()) {
  const today = todayInZurich(now)
  const due = and(
    isNull(personChanges.reportedOn),
    lt(personChanges.effectiveOn, today),
    or(isNull(personChanges.remindedAt), lt(zurichDay(personChanges.remindedAt), sql`${today}::date`)),
  )
  // A job over every customer: explicit system scope.
  const funds = await asSystem('loyalty change reminders', (tx) =>
    tx
      .selectDistinct({ id: customers.id, name: customers.name })
      .from(personChanges)
      .innerJoin(customers, eq(customers.id, personChanges.customerId))
      .where(and(due, eq(customers.state, 'active'))),
  )
  let sent = 0
  for (const fund of funds) {
    const admins = (
      await asSystem('loyalty change reminders', (tx) =>
        tx
          .select({
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            language: users.language,
            isSuperAdmin: users.isSuperAdmin,
            membership: membershipWithRights,
          })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.customerId, fund.id), eq(users.state, 'active'), eq(users.remindersEnabled, true), ownableMembership(today))),
      )
    ).filter((a) => permissionsOf({ user: { isSuperAdmin: a.isSuperAdmin } as never, rights: rightsOf(a.membership) }).loyalty.manage)
    if (!admins.length) continue
    // The claim: each change once a day, whoever runs.
    const claimed = await asSystem('loyalty change reminders', async (tx) => {
      const before = await tx
        .select({ id: personChanges.id, remindedAt: personChanges.remindedAt })
        .from(personChanges)
        .where(and(eq(personChanges.customerId, fund.id), due))
        .for('update', { skipLocked: true })
      if (!before.length) return { before, rows: [] }
      const rows = await tx
        .update(personChanges)
        .set({ remindedAt: now })
        .where(
          inArray(
            personChanges.id,
            before.map((b) => b.id),
          ),
        )
        .returning({
          id: personChanges.id,
          number: personChanges.number,
          kind: personChanges.kind,
          description: personChanges.description,
          effectiveOn: personChanges.effectiveOn,
          personId: personChanges.personId,
        })
      return { before, rows }
    })
    if (!claimed.rows.length) continue
    const names = new Map(
      (
        await asSystem('loyalty change reminders', (tx) =>
          tx
            .select({ id: loyaltyPersons.id, firstName: loyaltyPersons.firstName, lastName: loyaltyPersons.lastName })
            .from(loyaltyPersons)
            .where(
              inArray(
                loyaltyPersons.id,
                claimed.rows.flatMap((r) => (r.personId ? [r.personId] : [])),
              ),
            ),
        )
      ).map((p) => [p.id, `${p.firstName} ${p.lastName}`]),
    )
    const changes = [...claimed.rows].sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn) || a.number - b.number)
    let delivered = 0
    for (const admin of admins) {
      const lang = admin.language
      const list = changes
        .map((c) => {
          const person = c.personId ? names.get(c.personId) : undefined
          const what = [KIND_LABEL[lang][c.kind], person, c.description].filter(Boolean).join(' · ')
          return `- ${personChangeNumber(c.number)} · ${SINCE_LABEL[lang]} ${formatDate(c.effectiveOn)} · ${what}`
        })
        .join('\n')
      try {
        const mail = await renderTemplate('loyalty-change-reminder', lang, {
          firstName: admin.firstName,
          lastName: admin.lastName,
          customer: fund.name,
          count: String(changes.length),
          list,
          link: `${appUrl()}/app/loyalty/changes?reported=no`,
          profileLink: `${appUrl()}/app/user/profile`,
        })
        await sendMail(admin.email, mail)
        delivered++
        sent++
      } catch (error) {
        console.error(`[loyalty] change reminder to ${admin.email} failed:`, error instanceof Error ? error.message : error)
      }
    }
    if (delivered === 0) {
      // Nobody was reached: the claim goes back, a later run tries again.
      await asSystem('loyalty change reminders', async (tx) => {
        for (const b of claimed.before) await tx.update(personChanges).set({ remindedAt: b.remindedAt }).where(eq(personChanges.id, b.id))
      })
    }
  }
  return { day: today, sent }
}

/** Called by the server every few minutes; sends once the local reminder hour has come. */
export async function runChangeReminderTick(now: Date = new Date()) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false }).format(now))
  if (hour < REMINDER_HOUR) return null
  return sendChangeReminders(now)
}

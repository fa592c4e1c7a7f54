import { and, eq, isNull, sql } from 'drizzle-orm'
import { ACCEPTANCE_REMINDER_DAYS } from '#models/core/constants.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { activeMember, membersWho } from '#app/auth/recipients.server.ts'
import { riskAcceptances } from '#models/schema/index.ts'

const REASON = 'risk acceptance reminders'

/**
 * Tells of acceptances in force that lapse within ACCEPTANCE_REMINDER_DAYS, once each (issue 27): the risk's
 * owner, or the fund's RM admins when the risk has none, each in their language. An owner who turned their
 * reminders off gets none (as every reminder of the product); the admins are not told in their place. An
 * acceptance is claimed first (`reminded_at` set where it was null), so a second run or instance never mails
 * twice; when nobody could be reached, or there was nobody to tell (no owner and no RM admin with reminders
 * on), the claim goes back and a later run tries again. Across all active funds; answers the number of mails sent.
 */
export async function sendAcceptanceReminders(now: Date = new Date()): Promise<number> {
  const today = todayInZurich(now)
  const until = addDays(today, ACCEPTANCE_REMINDER_DAYS)
  // A job over every customer: explicit system scope.
  const { rows: due } = await asSystem(REASON, (tx) =>
    tx.execute<{
      id: string
      customer_id: string
      customer: string
      idkey: string
      title: string
      owner_user_id: string | null
      accepted_by: string
      accepted_on: string
      valid_until: string
      risk_id: string
    }>(sql`
      select a.id, a.customer_id, c.name as customer, r.idkey, r.title, r.owner_user_id, a.accepted_by, a.accepted_on::text,
        a.valid_until::text, a.risk_id
      from risk_acceptances a
      join risks r on r.id = a.risk_id
      join customers c on c.id = a.customer_id
      where a.revoked_on is null and a.reminded_at is null and c.state = 'active'
        and a.accepted_on <= ${today}::date and a.valid_until >= ${today}::date and a.valid_until <= ${until}::date
      order by a.customer_id, a.valid_until`),
  )
  let sent = 0
  for (const a of due) {
    const claimed = await asSystem(REASON, (tx) =>
      tx
        .update(riskAcceptances)
        .set({ remindedAt: now })
        .where(and(eq(riskAcceptances.id, a.id), isNull(riskAcceptances.remindedAt)))
        .returning({ id: riskAcceptances.id }),
    )
    if (!claimed.length) continue
    const own = await activeMember(a.customer_id, a.owner_user_id, today, REASON)
    // The owner's switch is honoured: off, the claim stays and nobody is mailed.
    if (own && !own.remindersEnabled) continue
    const recipients = own ? [own] : await membersWho(a.customer_id, today, REASON, (may) => may.kri.appetite)
    let delivered = 0
    for (const r of recipients) {
      try {
        const mail = await renderTemplate('riskAcceptanceLapsing', r.language, {
          firstName: r.firstName,
          lastName: r.lastName,
          customer: a.customer,
          risk: `${a.idkey} ${a.title}`,
          acceptedBy: a.accepted_by,
          acceptedOn: formatDate(a.accepted_on),
          validUntil: formatDate(a.valid_until),
          link: `${appUrl()}/app/risk/${a.risk_id}/acceptance`,
        })
        await sendMail(r.email, mail)
        delivered++
        sent++
      } catch (error) {
        console.error(`[kri] acceptance reminder to ${r.email} failed:`, error instanceof Error ? error.message : error)
      }
    }
    if (delivered === 0) {
      // Nobody was reached, or nobody to tell yet: the claim goes back, a later run tries again.
      await asSystem(REASON, (tx) => tx.update(riskAcceptances).set({ remindedAt: null }).where(eq(riskAcceptances.id, a.id)))
    }
  }
  return sent
}

/** Called by the server's job; sends once the local reminder hour has come (0 before it). */
export async function runAcceptanceReminders(now: Date = new Date(), hourFrom = Number(process.env.REMINDER_HOUR ?? 6)): Promise<number> {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false }).format(now))
  if (hour < hourFrom) return 0
  return sendAcceptanceReminders(now)
}

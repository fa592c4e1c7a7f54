import { and, eq, isNull, sql } from 'drizzle-orm'
import { PROVIDER_NOTICE_LEAD_DAYS } from '#models/core/constants.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { providerNumber } from '#models/core/record-number.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { activeMember, membersWho } from '#app/auth/recipients.server.ts'
import { providers } from '#models/schema/index.ts'
import { lastNoticeDay } from './rules.ts'

const REASON = 'provider contract reminders'

/**
 * The date a provider is to be reminded of now: the first of its last notice day and its contract end
 * that falls within PROVIDER_NOTICE_LEAD_DAYS from today and was not reminded of yet (the reminder is
 * kept per date, so the notice day and later the end are each told once). Null: nothing to tell.
 */
export function reminderDate(p: { contractEnd: string | null; noticeMonths: number | null; noticeRemindedFor: string | null }, today: string): string | null {
  if (!p.contractEnd) return null
  const until = addDays(today, PROVIDER_NOTICE_LEAD_DAYS)
  const notice = lastNoticeDay(p.contractEnd, p.noticeMonths) as string
  for (const day of [notice, p.contractEnd]) {
    if (day < today || day > until) continue
    if (p.noticeRemindedFor && day <= p.noticeRemindedFor) continue
    return day
  }
  return null
}

/**
 * Tells of contract ends and last notice days coming within PROVIDER_NOTICE_LEAD_DAYS (issue 28), once
 * per date: the provider's owner, or the fund's admins when it has none, each in their language. An owner
 * who turned their reminders off gets none (the admins are not told in their place). The date is claimed
 * first (`notice_reminded_for` moved to it only where it was still the old value), so a second run or
 * instance never mails twice; when nobody could be reached the claim goes back and a later run tries
 * again. Across all active funds, providers not ended; answers the number of mails sent.
 */
export async function runContractReminders(now: Date = new Date()): Promise<number> {
  const today = todayInZurich(now)
  const until = addDays(today, PROVIDER_NOTICE_LEAD_DAYS)
  // A job over every customer: explicit system scope. The notice day is never after the end, so the end bounds both.
  const { rows } = await asSystem(REASON, (tx) =>
    tx.execute<{
      id: string
      customer_id: string
      customer: string
      number: number
      name: string
      owner_user_id: string | null
      contract_end: string
      notice_months: number | null
      notice_reminded_for: string | null
    }>(sql`
      select p.id, p.customer_id, c.name as customer, p.number, p.name, p.owner_user_id, p.contract_end::text, p.notice_months,
        p.notice_reminded_for::text
      from providers p
      join customers c on c.id = p.customer_id
      where c.state = 'active' and (p.ended_on is null or p.ended_on > ${today}::date)
        and p.contract_end is not null and p.contract_end >= ${today}::date
        and (p.contract_end - make_interval(months => coalesce(p.notice_months, 0)))::date <= ${until}::date
      order by p.customer_id, p.contract_end`),
  )
  let sent = 0
  for (const p of rows) {
    const day = reminderDate({ contractEnd: p.contract_end, noticeMonths: p.notice_months, noticeRemindedFor: p.notice_reminded_for }, today)
    if (!day) continue
    const previous = p.notice_reminded_for
    const claimed = await asSystem(REASON, (tx) =>
      tx
        .update(providers)
        .set({ noticeRemindedFor: day })
        .where(and(eq(providers.id, p.id), previous === null ? isNull(providers.noticeRemindedFor) : eq(providers.noticeRemindedFor, previous)))
        .returning({ id: providers.id }),
    )
    if (!claimed.length) continue
    const own = await activeMember(p.customer_id, p.owner_user_id, today, REASON)
    if (own && !own.remindersEnabled) continue
    const recipients = own ? [own] : await membersWho(p.customer_id, today, REASON, (may) => may.admin.access)
    const notice = lastNoticeDay(p.contract_end, p.notice_months) as string
    let delivered = 0
    for (const r of recipients) {
      try {
        const mail = await renderTemplate('providerContractNotice', r.language, {
          firstName: r.firstName,
          lastName: r.lastName,
          customer: p.customer,
          provider: `${providerNumber(p.number)} ${p.name}`,
          contractEnd: formatDate(p.contract_end),
          noticeDay: formatDate(notice),
          noticeMonths: String(p.notice_months ?? 0),
          link: `${appUrl()}/app/providers/${p.id}`,
        })
        await sendMail(r.email, mail)
        delivered++
        sent++
      } catch (error) {
        console.error(`[providers] contract reminder to ${r.email} failed:`, error instanceof Error ? error.message : error)
      }
    }
    if (delivered === 0) {
      // Nobody was reached, or nobody to tell yet: the claim goes back, a later run tries again.
      await asSystem(REASON, (tx) => tx.update(providers).set({ noticeRemindedFor: previous }).where(eq(providers.id, p.id)))
    }
  }
  return sent
}

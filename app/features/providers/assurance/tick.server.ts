import { and, eq, sql } from 'drizzle-orm'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { providerNumber } from '#models/core/record-number.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { activeMember, membersWho } from '#app/auth/recipients.server.ts'
import { providers } from '#models/schema/index.ts'
import { planReview } from './assurance.server.ts'
import { assuranceDueOn } from '#models/core/assurance-state.server.ts'

const REASON = 'provider assurance'

/** Days before the due day the performer is first reminded. */
export const ASSURANCE_REMINDER_DAYS = 30

/**
 * Plans this year's review for every provider of every active fund that requires one, is not ended, has
 * its assurance process and no review this year yet (as the system: the audit entry has no user).
 */
async function planDue(today: string): Promise<number> {
  const year = Number(today.slice(0, 4))
  const due = await asSystem(REASON, (tx) =>
    tx
      .select({ provider: providers })
      .from(providers)
      .where(
        sql`${providers.assuranceRequired} and ${providers.assuranceProcessId} is not null
          and (${providers.endedOn} is null or ${providers.endedOn} > ${today}::date)
          and exists (select 1 from customers c where c.id = ${providers.customerId} and c.state = 'active')
          and not exists (select 1 from control_executions e where e.provider_id = ${providers.id} and e.period_start = ${`${year}-01-01`}::date)`,
      ),
  )
  let planned = 0
  for (const { provider } of due) {
    const { created } = await asSystem(REASON, (tx) => planReview(tx, null, provider, today))
    if (created) planned++
  }
  return planned
}

/**
 * Reminds of this year's reviews not recorded yet (none, planned or returned), once per due day and kind:
 * from ASSURANCE_REMINDER_DAYS before the due day (`assurance_reminded_for` becomes the due day), and once
 * overdue (it becomes the day after). The performer is told (or the provider's owner when none is
 * planned), else the fund's ICS admins, each in their language. A provider is claimed first, so a second
 * run or instance never mails twice; when nobody was reached the claim goes back. A performer who turned
 * reminders off gets none, and nobody is told in their place.
 */
async function remind(today: string): Promise<number> {
  const year = Number(today.slice(0, 4))
  const { rows } = await asSystem(REASON, (tx) =>
    tx.execute<{
      id: string
      customer_id: string
      customer: string
      number: number
      name: string
      due_month: number
      reminded_for: string | null
      execution_id: string | null
      due_date: string | null
      performer: string | null
      owner: string | null
    }>(sql`
      select p.id, p.customer_id, c.name as customer, p.number, p.name, p.assurance_due_month as due_month,
        p.assurance_reminded_for::text as reminded_for, e.id as execution_id, e.due_date::text as due_date,
        e.performer_user_id as performer, p.owner_user_id as owner
      from providers p
      join customers c on c.id = p.customer_id and c.state = 'active'
      left join control_executions e on e.provider_id = p.id and e.period_start = ${`${year}-01-01`}::date
      where p.assurance_required and (p.ended_on is null or p.ended_on > ${today}::date)
        and (e.id is null or e.state in ('planned', 'returned'))
      order by p.customer_id, p.number`),
  )
  let sent = 0
  for (const p of rows) {
    const dueOn = p.due_date ?? assuranceDueOn(year, p.due_month)
    const overdue = dueOn < today
    if (!overdue && addDays(today, ASSURANCE_REMINDER_DAYS) < dueOn) continue
    // The mark of this reminder: the due day before it, the day after once overdue.
    const mark = overdue ? addDays(dueOn, 1) : dueOn
    if (p.reminded_for !== null && p.reminded_for >= mark) continue
    const claimed = await asSystem(REASON, (tx) =>
      tx
        .update(providers)
        .set({ assuranceRemindedFor: mark })
        .where(and(eq(providers.id, p.id), sql`(${providers.assuranceRemindedFor} is null or ${providers.assuranceRemindedFor} < ${mark}::date)`))
        .returning({ id: providers.id }),
    )
    if (!claimed.length) continue
    const performer = await activeMember(p.customer_id, p.performer ?? (p.execution_id ? null : p.owner), today, REASON)
    if (performer && !performer.remindersEnabled) continue
    const recipients = performer ? [performer] : await membersWho(p.customer_id, today, REASON, (x) => x.executions.reviewAny)
    const link = p.execution_id ? `${appUrl()}/app/iks/executions/${p.execution_id}` : `${appUrl()}/app/providers/${p.id}`
    let delivered = 0
    for (const r of recipients) {
      try {
        const t = getFixedT(r.language)
        const mail = await renderTemplate('providerAssuranceDue', r.language, {
          firstName: r.firstName,
          lastName: r.lastName,
          customer: p.customer,
          provider: `${providerNumber(p.number)} ${p.name}`,
          dueOn: formatDate(dueOn),
          status: t(overdue ? 'providers:assuranceReview.mail.overdue' : 'providers:assuranceReview.mail.dueSoon'),
          link,
        })
        await sendMail(r.email, mail)
        delivered++
        sent++
      } catch (error) {
        console.error(`[providers] assurance reminder to ${r.email} failed:`, error instanceof Error ? error.message : error)
      }
    }
    if (delivered === 0) {
      // Nobody was reached: the claim goes back, a later run tries again.
      await asSystem(REASON, (tx) => tx.update(providers).set({ assuranceRemindedFor: p.reminded_for }).where(eq(providers.id, p.id)))
    }
  }
  return sent
}

/** This year's assurance reviews planned for the providers that require one, and the reminders when due (issue 28). */
export async function runAssuranceTick(now: Date = new Date()): Promise<{ planned: number; reminders: number }> {
  const today = todayInZurich(now)
  const planned = await planDue(today)
  const reminders = await remind(today)
  return { planned, reminders }
}

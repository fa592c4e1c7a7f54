import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Language } from '#models/core/constants.ts'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { findingNumber } from '#models/core/record-number.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { membersWho } from '#app/auth/recipients.server.ts'
import { findings } from '#models/schema/index.ts'

const REASON = 'finding escalations'

type Recipient = { email: string; name: string; language: Language }

/** How the council is greeted when its contact has no name. */
const COUNCIL: Record<Language, string> = { de: 'Stiftungsrat', fr: 'Conseil de fondation', en: 'Board of Trustees' }
const SOURCE: Record<Language, Record<string, string>> = {
  de: { auditor: 'Revisionsstelle', expert: 'Experte für berufliche Vorsorge', supervisor: 'Aufsichtsbehörde', internal: 'Interne Prüfung' },
  fr: { auditor: 'Organe de révision', expert: 'Expert en prévoyance professionnelle', supervisor: 'Autorité de surveillance', internal: 'Contrôle interne' },
  en: { auditor: 'Auditor', expert: 'Pension fund expert', supervisor: 'Supervisory authority', internal: 'Internal review' },
}

/** The fund's admins (admin on RM or ICS), active members with reminders on. */
async function admins(customerId: string, today: string): Promise<Recipient[]> {
  const rows = await membersWho(customerId, today, REASON, (p) => p.tools.risk.admin || p.tools.iks.admin)
  return rows.map((a) => ({ email: a.email, name: `${a.firstName} ${a.lastName}`.trim(), language: a.language }))
}

type Due = {
  id: string
  customer_id: string
  customer: string
  language: Language
  number: number
  title: string
  source: string
  issued_on: string
  deadline: string
  escalated_at: string | null
  escalated_for: string | null
  owner: string | null
  council_email: string | null
  council_name: string | null
}

/**
 * Tells of findings past their deadline while open or in progress (issue 28; Art. 36 para. 1 BVV 2): the
 * council's contact (the register's settings; in the fund's language) and the fund's admins (each in their
 * language), once per deadline. A finding is claimed first (escalated_for set to its deadline where it was
 * another), so a second run or instance never mails twice; when nobody could be reached the claim goes back
 * and a later run tries again. A changed deadline clears escalated_for, so the new one escalates once it
 * passes too. Across all active funds; no pooled connection is held while mails are sent. Answers the mails sent.
 */
export async function sendFindingEscalations(now: Date = new Date()): Promise<number> {
  const today = todayInZurich(now)
  const { rows: due } = await asSystem(REASON, (tx) =>
    tx.execute<Due>(sql`
      select f.id, f.customer_id, c.name as customer, c.language, f.number, f.title, f.source::text, f.issued_on::text, f.deadline::text,
        f.escalated_at::text, f.escalated_for::text,
        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as owner,
        nullif(s.council_contact_email, '') as council_email, nullif(s.council_contact_name, '') as council_name
      from findings f
      join customers c on c.id = f.customer_id
      left join users u on u.id = f.owner_user_id
      left join finding_settings s on s.customer_id = f.customer_id
      where c.state = 'active' and f.state in ('open', 'inProgress') and f.deadline < ${today}::date
        and f.escalated_for is distinct from f.deadline
      order by f.customer_id, f.deadline, f.number`),
  )
  const adminsOf = new Map<string, Recipient[]>()
  let sent = 0
  for (const f of due) {
    const claimed = await asSystem(REASON, (tx) =>
      tx
        .update(findings)
        .set({ escalatedAt: now, escalatedFor: f.deadline })
        .where(
          and(
            eq(findings.id, f.id),
            inArray(findings.state, ['open', 'inProgress']),
            eq(findings.deadline, f.deadline),
            lt(findings.deadline, today),
            sql`${findings.escalatedFor} is distinct from ${findings.deadline}`,
          ),
        )
        .returning({ id: findings.id }),
    )
    if (!claimed.length) continue
    if (!adminsOf.has(f.customer_id)) adminsOf.set(f.customer_id, await admins(f.customer_id, today))
    const recipients: Recipient[] = [...(adminsOf.get(f.customer_id) ?? [])]
    if (f.council_email && !recipients.some((r) => r.email.toLowerCase() === f.council_email?.toLowerCase()))
      recipients.unshift({ email: f.council_email, name: f.council_name ?? COUNCIL[f.language], language: f.language })
    let delivered = 0
    for (const r of recipients) {
      try {
        const mail = await renderTemplate('findingEscalated', r.language, {
          name: r.name || COUNCIL[r.language],
          customer: f.customer,
          finding: `${findingNumber(f.number)} ${f.title}`,
          source: SOURCE[r.language]?.[f.source] ?? f.source,
          issuedOn: formatDate(f.issued_on),
          deadline: formatDate(f.deadline),
          owner: f.owner ?? '—',
          link: `${appUrl()}/app/findings/${f.id}`,
        })
        await sendMail(r.email, mail)
        delivered++
        sent++
      } catch (error) {
        console.error(`[findings] escalation to ${r.email} failed:`, error instanceof Error ? error.message : error)
      }
    }
    if (delivered === 0) {
      // Nobody was reached, or nobody to tell yet: the claim goes back, a later run tries again.
      await asSystem(REASON, (tx) =>
        tx.execute(sql`update findings set escalated_at = ${f.escalated_at}::timestamptz, escalated_for = ${f.escalated_for}::date where id = ${f.id}`),
      )
    }
  }
  return sent
}

/** Called by the server's job; sends once the local reminder hour has come (0 before it). */
export async function runFindingEscalations(now: Date = new Date(), hourFrom = Number(process.env.REMINDER_HOUR ?? 6)): Promise<number> {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false }).format(now))
  if (hour < hourFrom) return 0
  return sendFindingEscalations(now)
}

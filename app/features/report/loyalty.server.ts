import { sql } from 'drizzle-orm'
import type { Tx } from '#models/core/db.server.ts'
import type { SnapshotLoyalty } from './content.ts'
import { relatedTransactionNumber } from '#models/core/record-number.ts'

/**
 * The loyalty section of a snapshot (issue 26): the campaign of the reporting date's year (declarations
 * due, received, reviewed, overdue on the day of the freeze), the findings of the supreme body's reviews
 * not yet resolved, and the related-party transactions dated within the period, for the annex. Read in
 * the snapshot's transaction (row-level security scopes it to the fund).
 */
export async function loyaltyOfPeriod(tx: Tx, periodFrom: string, reportingDate: string, today: string): Promise<SnapshotLoyalty> {
  const year = Number(reportingDate.slice(0, 4))
  const { rows: campaigns } = await tx.execute<{
    year: number
    due_date: string
    reviewed_on: string | null
    review_reference: string
    due: number
    received: number
    reviewed: number
  }>(sql`
    select c.year, c.due_date::text, c.reviewed_on::text, c.review_reference,
      count(d.id)::int as due,
      count(d.id) filter (where d.state <> 'requested')::int as received,
      count(d.id) filter (where d.state = 'reviewed')::int as reviewed
    from loyalty_campaigns c
    left join loyalty_declarations d on d.campaign_id = c.id
    where c.year = ${year}
    group by c.id`)
  const c = campaigns[0]
  const { rows: findings } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from loyalty_declarations where review_finding and finding_resolved_on is null`)
  const { rows: transactions } = await tx.execute<{
    number: number
    counterparty: string
    person: string | null
    relation: string
    subject: string
    amount: string | null
    transaction_date: string
    significant: boolean
    disclosed_to_auditor_on: string | null
  }>(sql`
    select t.number, t.counterparty, nullif(trim(p.first_name || ' ' || p.last_name), '') as person, t.relation, t.subject,
      t.amount::text, t.transaction_date::text, t.significant, t.disclosed_to_auditor_on::text
    from related_transactions t
    left join loyalty_persons p on p.id = t.person_id
    where t.transaction_date between ${periodFrom}::date and ${reportingDate}::date
    order by t.transaction_date, t.number`)
  return {
    campaign: c ? { year: c.year, dueDate: c.due_date, reviewedOn: c.reviewed_on, reviewReference: c.review_reference } : null,
    due: c?.due ?? 0,
    received: c?.received ?? 0,
    reviewed: c?.reviewed ?? 0,
    overdue: c && c.due_date < today ? c.due - c.received : 0,
    openFindings: findings[0]?.n ?? 0,
    transactions: transactions.map((t) => ({
      number: relatedTransactionNumber(t.number),
      counterparty: t.counterparty,
      relation: [t.person, t.relation].filter(Boolean).join(': '),
      subject: t.subject,
      amount: t.amount,
      date: t.transaction_date,
      significant: t.significant,
      disclosedToAuditorOn: t.disclosed_to_auditor_on,
    })),
  }
}

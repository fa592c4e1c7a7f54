// The providers' and findings' part of the daily digest (issue 28): read here, beside the job that sends the
// digest, from the tables alone (as kri-digest.server.ts), so that the digest imports neither feature.

import { type SQL, sql } from 'drizzle-orm'
import type { Rights } from '#models/core/access.ts'
import { type Language, PROVIDER_NOTICE_LEAD_DAYS } from '#models/core/constants.ts'
import { addDays, formatDate } from '#models/core/dates.ts'
import { permissionsOfRights } from '#models/core/permissions.ts'
import { findingNumber, providerNumber } from '#models/core/record-number.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { customers, users } from '#models/schema/index.ts'

/** A finding is in the digest of its owner this many days before its deadline, and every day after it until closed. */
export const FINDING_DIGEST_DAYS = 14
/** A provider's assurance review is in the digest of the provider's owner this many days before it is due. */
export const ASSURANCE_DIGEST_DAYS = 14

/**
 * What the digest brings one member of one fund: the findings they own (open or in progress) due within
 * FINDING_DIGEST_DAYS or past their deadline; for the providers they look after, the year's assurance
 * review not yet signed and due within ASSURANCE_DIGEST_DAYS or overdue, and the last notice day (or the
 * contract's end) within PROVIDER_NOTICE_LEAD_DAYS.
 */
export type GovernanceDigest = {
  findings: { number: string; title: string; deadline: string; overdue: boolean }[]
  assurance: { number: string; name: string; dueOn: string; overdue: boolean }[]
  notices: { number: string; name: string; noticeDay: string; contractEnd: string }[]
}

/** The year's assurance due day of provider `p` and execution `x` (joined as in the statement below). */
const assuranceDue = (today: string) =>
  sql`coalesce(x.due_date, (date_trunc('year', ${today}::date) + make_interval(months => p.assurance_due_month) - interval '1 day')::date)`
const noticeDay = sql`(p.contract_end - make_interval(months => coalesce(p.notice_months, 0)))::date`

/** Narrows the digest's candidates (joined on users and customers) to owners of a finding or a provider with something to tell. */
export function governanceDigestMayConcern(today: string): SQL {
  return sql`(exists (select 1 from findings f where f.customer_id = ${customers.id} and f.owner_user_id = ${users.id}
      and f.state in ('open', 'inProgress') and f.deadline <= ${addDays(today, FINDING_DIGEST_DAYS)}::date)
    or exists (select 1 from providers p where p.customer_id = ${customers.id} and p.owner_user_id = ${users.id}
      and (p.ended_on is null or p.ended_on > ${today}::date)
      and (p.assurance_required or p.contract_end >= ${today}::date)))`
}

export type GovernanceDigestMember = { customerId: string; userId: string; rights: Rights }

const key = (m: { customerId: string; userId: string }) => `${m.userId}:${m.customerId}`

/** The providers' and findings' items of many members' digests at once: two statements whatever the number of members. */
export async function governanceDigestsFor(members: GovernanceDigestMember[], today: string): Promise<Map<string, GovernanceDigest>> {
  const digests = new Map(members.map((m) => [key(m), { findings: [], assurance: [], notices: [] } as GovernanceDigest]))
  const findingReaders = members.filter((m) => permissionsOfRights(m.rights).findings.read)
  const providerReaders = members.filter((m) => permissionsOfRights(m.rights).providers.read)
  if (!findingReaders.length && !providerReaders.length) return digests
  const pairs = (list: GovernanceDigestMember[]) => [`{${list.map((m) => m.customerId).join(',')}}`, `{${list.map((m) => m.userId).join(',')}}`] as const
  return asSystem('governance reminders', async (tx) => {
    if (findingReaders.length) {
      const [customerIds, userIds] = pairs(findingReaders)
      const { rows } = await tx.execute<{ customer_id: string; owner_user_id: string; number: number; title: string; deadline: string }>(sql`
        select f.customer_id, f.owner_user_id, f.number, f.title, f.deadline::text as deadline
          from findings f
         where f.state in ('open', 'inProgress') and f.deadline <= ${addDays(today, FINDING_DIGEST_DAYS)}::date
           and (f.customer_id, f.owner_user_id) in (select * from unnest(${customerIds}::uuid[], ${userIds}::uuid[]))
         order by f.deadline, f.number`)
      for (const r of rows)
        digests
          .get(key({ customerId: r.customer_id, userId: r.owner_user_id }))
          ?.findings.push({ number: findingNumber(r.number), title: r.title, deadline: r.deadline, overdue: r.deadline < today })
    }
    if (providerReaders.length) {
      const [customerIds, userIds] = pairs(providerReaders)
      const { rows } = await tx.execute<{
        customer_id: string
        owner_user_id: string
        number: number
        name: string
        due_on: string | null
        notice_day: string | null
        contract_end: string | null
      }>(sql`
        select p.customer_id, p.owner_user_id, p.number, p.name,
          case when p.assurance_required and (x.state is null or x.state in ('planned', 'returned')) and ${assuranceDue(today)} <= ${addDays(today, ASSURANCE_DIGEST_DAYS)}::date
            then ${assuranceDue(today)}::text end as due_on,
          ${noticeDay}::text as notice_day, p.contract_end::text as contract_end
          from providers p
          left join control_executions x on x.provider_id = p.id and x.period_start = date_trunc('year', ${today}::date)::date
         where (p.ended_on is null or p.ended_on > ${today}::date)
           and (p.customer_id, p.owner_user_id) in (select * from unnest(${customerIds}::uuid[], ${userIds}::uuid[]))
         order by p.number`)
      const horizon = addDays(today, PROVIDER_NOTICE_LEAD_DAYS)
      for (const r of rows) {
        const digest = digests.get(key({ customerId: r.customer_id, userId: r.owner_user_id }))
        if (!digest) continue
        const number = providerNumber(r.number)
        if (r.due_on) digest.assurance.push({ number, name: r.name, dueOn: r.due_on, overdue: r.due_on < today })
        // The last notice day coming within the lead days; once it passed, the contract's end coming within them.
        if (r.contract_end && r.notice_day) {
          const day = r.notice_day >= today ? r.notice_day : r.contract_end
          if (day >= today && day <= horizon) digest.notices.push({ number, name: r.name, noticeDay: day, contractEnd: r.contract_end })
        }
      }
    }
    return digests
  })
}

export function governanceDigestCount(d: GovernanceDigest) {
  return d.findings.length + d.assurance.length + d.notices.length
}

const TEXT = {
  de: {
    findings: 'Ihre Feststellungen, Frist überschritten oder in den nächsten 14 Tagen',
    assurance: 'Prüfberichte Ihrer Dienstleister (ISAE 3402 / SOC) zu prüfen',
    notices: `Verträge Ihrer Dienstleister: Kündigungstermin oder Vertragsende in den nächsten ${PROVIDER_NOTICE_LEAD_DAYS} Tagen`,
    deadline: 'Frist',
    due: 'fällig am',
    overdue: 'überfällig',
    notice: 'kündbar bis',
    end: 'Vertragsende',
  },
  fr: {
    findings: 'Vos constatations, délai dépassé ou échéant dans les 14 prochains jours',
    assurance: 'Rapports de contrôle de vos prestataires (ISAE 3402 / SOC) à examiner',
    notices: `Contrats de vos prestataires : terme de résiliation ou fin du contrat dans les ${PROVIDER_NOTICE_LEAD_DAYS} prochains jours`,
    deadline: 'délai',
    due: 'attendu le',
    overdue: 'en retard',
    notice: 'résiliable jusqu’au',
    end: 'fin du contrat',
  },
  en: {
    findings: 'Your findings past their deadline or due within the next 14 days',
    assurance: 'Assurance reports of your providers (ISAE 3402 / SOC) to review',
    notices: `Contracts of your providers: notice day or contract end within the next ${PROVIDER_NOTICE_LEAD_DAYS} days`,
    deadline: 'deadline',
    due: 'due on',
    overdue: 'overdue',
    notice: 'notice by',
    end: 'contract end',
  },
} as const

/** The digest's provider and finding items as sections of plain text (one line each, the list's link after). */
export function governanceDigestText(d: GovernanceDigest, lang: Language, baseUrl: string): string {
  const x = TEXT[lang]
  const sections: string[] = []
  if (d.findings.length)
    sections.push(
      [
        `${x.findings} (${d.findings.length})`,
        ...d.findings.map((f) => `- ${f.number} · ${f.title} · ${x.deadline} ${formatDate(f.deadline)}${f.overdue ? ` (${x.overdue})` : ''}`),
        `${baseUrl}/app/findings`,
      ].join('\n'),
    )
  if (d.assurance.length)
    sections.push(
      [
        `${x.assurance} (${d.assurance.length})`,
        ...d.assurance.map((a) => `- ${a.number} · ${a.name} · ${x.due} ${formatDate(a.dueOn)}${a.overdue ? ` (${x.overdue})` : ''}`),
        `${baseUrl}/app/providers`,
      ].join('\n'),
    )
  if (d.notices.length)
    sections.push(
      [
        `${x.notices} (${d.notices.length})`,
        ...d.notices.map((n) =>
          n.noticeDay === n.contractEnd
            ? `- ${n.number} · ${n.name} · ${x.end} ${formatDate(n.contractEnd)}`
            : `- ${n.number} · ${n.name} · ${x.notice} ${formatDate(n.noticeDay)} · ${x.end} ${formatDate(n.contractEnd)}`,
        ),
        `${baseUrl}/app/providers`,
      ].join('\n'),
    )
  return sections.join('\n\n')
}

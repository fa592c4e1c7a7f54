// The KRIs' part of the daily digest (issue 27): read here, beside the job that sends the digest, from the
// tables alone (as execution-digest.server.ts), so that the digest does not import the KRI feature.

import { type SQL, sql } from 'drizzle-orm'
import { getFixedT } from '#app/i18n/resources.server.ts'
import type { Rights } from '#models/core/access.ts'
import { COVERAGE_RATIO_KEY, type KriDirection, type KriStatus, type KriUnit, type Language } from '#models/core/constants.ts'
import { formatDate } from '#models/core/dates.ts'
import { formatKriValue } from '#models/core/kri-format.ts'
import { judge, THRESHOLD_IN_FORCE } from '#models/core/kri-status.ts'
import { permissionsOfRights } from '#models/core/permissions.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { customers, users } from '#models/schema/index.ts'

/**
 * What the digest brings one member of one fund: the KRIs they own that stand red or amber at their latest
 * value, and for writers of RM the underfunding duties past their due date.
 */
export type KriDigest = {
  kris: { name: string; periodEnd: string; value: string; status: Exclude<KriStatus, 'green'> }[]
  duties: { duty: string; dueOn: string }[]
}

/**
 * Narrows the digest's candidates (joined on users and customers) to owners of an active KRI with a value
 * and thresholds, and to members of a fund with an open underfunding duty past its due date; the digest
 * itself judges the values and checks the rights.
 */
export function kriDigestMayConcern(today: string): SQL {
  return sql`(exists (select 1 from kris k where k.customer_id = ${customers.id} and k.owner_user_id = ${users.id} and k.active
      and exists (select 1 from kri_values v where v.kri_id = k.id) and exists (select 1 from kri_thresholds t where t.kri_id = k.id))
    or exists (select 1 from underfunding_duties d join underfunding_cases c on c.id = d.case_id
      where d.customer_id = ${customers.id} and c.closed_on is null and d.done_on is null and d.due_on < ${today}::date))`
}

export type KriDigestMember = { customerId: string; userId: string; rights: Rights; language: Language }

const key = (m: { customerId: string; userId: string }) => `${m.userId}:${m.customerId}`

/** The KRI items of many members' digests at once: two statements whatever the number of members. */
export async function kriDigestsFor(members: KriDigestMember[], today: string): Promise<Map<string, KriDigest>> {
  const digests = new Map(members.map((m) => [key(m), { kris: [], duties: [] } as KriDigest]))
  const readers = members.filter((m) => permissionsOfRights(m.rights).kri.read)
  if (!readers.length) return digests
  const language = new Map(readers.map((m) => [key(m), m.language]))
  const customerIds = `{${readers.map((m) => m.customerId).join(',')}}`
  const userIds = `{${readers.map((m) => m.userId).join(',')}}`
  return asSystem('kri reminders', async (tx) => {
    const { rows } = await tx.execute<{
      customer_id: string
      owner_user_id: string
      key: string
      name_de: string
      name_fr: string
      name_en: string
      unit: KriUnit
      direction: KriDirection
      period_end: string
      value: string
      amber: string | null
      red: string | null
    }>(sql`
      select k.customer_id, k.owner_user_id, c.key, c.name_de, c.name_fr, c.name_en, c.unit, c.direction,
             v.period_end::text as period_end, v.value::text as value, th.amber::text as amber, th.red::text as red
        from kris k join kri_catalog c on c.id = k.catalog_id
        cross join lateral (select v.value, v.period_end from kri_values v where v.kri_id = k.id order by v.period_end desc limit 1) v
        left join lateral ${sql.raw(THRESHOLD_IN_FORCE)} th on true
       where k.active and (k.customer_id, k.owner_user_id) in (select * from unnest(${customerIds}::uuid[], ${userIds}::uuid[]))
       order by c.key = ${COVERAGE_RATIO_KEY} desc, c.sort, c.key`)
    for (const r of rows) {
      const status = judge(r.value, r.direction, r.amber !== null && r.red !== null ? { amber: r.amber, red: r.red } : null)
      if (status !== 'red' && status !== 'amber') continue
      const k = key({ customerId: r.customer_id, userId: r.owner_user_id })
      const lang = language.get(k) ?? 'de'
      digests.get(k)?.kris.push({
        name: lang === 'fr' ? r.name_fr : lang === 'en' ? r.name_en : r.name_de,
        periodEnd: r.period_end,
        value: formatKriValue(r.value, r.unit),
        status,
      })
    }
    const writers = readers.filter((m) => permissionsOfRights(m.rights).kri.enter)
    if (writers.length) {
      const { rows: duties } = await tx.execute<{ customer_id: string; duty: string; due_on: string }>(sql`
        select d.customer_id, d.duty::text as duty, d.due_on::text as due_on
          from underfunding_duties d join underfunding_cases c on c.id = d.case_id
         where c.closed_on is null and d.done_on is null and d.due_on < ${today}::date
           and d.customer_id = any(${`{${[...new Set(writers.map((m) => m.customerId))].join(',')}}`}::uuid[])
         order by d.due_on, d.duty`)
      for (const m of writers)
        digests.get(key(m))?.duties.push(...duties.filter((d) => d.customer_id === m.customerId).map((d) => ({ duty: d.duty, dueOn: d.due_on })))
    }
    return digests
  })
}

export function kriDigestCount(d: KriDigest) {
  return d.kris.length + d.duties.length
}

const TEXT = {
  de: {
    kris: 'Ihre KRI ausserhalb des Risikoappetits oder an der Warnschwelle',
    red: 'ausserhalb des Risikoappetits',
    amber: 'an der Warnschwelle',
    duties: 'Überfällige Pflichten bei Unterdeckung',
    due: 'fällig am',
  },
  fr: {
    kris: 'Vos KRI hors de l’appétence au risque ou au seuil d’alerte',
    red: 'hors de l’appétence au risque',
    amber: 'au seuil d’alerte',
    duties: 'Obligations en cas de découvert en retard',
    due: 'échéance le',
  },
  en: {
    kris: 'Your KRIs outside the risk appetite or at the warning threshold',
    red: 'outside the risk appetite',
    amber: 'at the warning threshold',
    duties: 'Underfunding duties overdue',
    due: 'due on',
  },
} as const

/** The digest's KRI items as sections of plain text (one line each, the page's link after). */
export function kriDigestText(d: KriDigest, lang: Language, baseUrl: string): string {
  const x = TEXT[lang]
  const sections: string[] = []
  if (d.kris.length)
    sections.push(
      [
        `${x.kris} (${d.kris.length})`,
        ...d.kris.map((k) => `- ${k.name} · ${formatDate(k.periodEnd)} · ${k.value} · ${x[k.status]}`),
        `${baseUrl}/app/risk/kri`,
      ].join('\n'),
    )
  if (d.duties.length)
    sections.push(
      [
        `${x.duties} (${d.duties.length})`,
        ...d.duties.map((u) => `- ${x.due} ${formatDate(u.dueOn)} · ${getFixedT(lang)(`kri:duty.${u.duty}`)}`),
        `${baseUrl}/app/risk/kri/underfunding`,
      ].join('\n'),
    )
  return sections.join('\n\n')
}

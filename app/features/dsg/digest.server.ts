import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm'
import type { Rights } from '#models/core/access.ts'
import { DSG_BREACH_NOTICE_HOURS, type DsgRequestKind, type Language } from '#models/core/constants.ts'
import { formatDate } from '#models/core/dates.ts'
import { permissionsOfRights } from '#models/core/permissions.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { customers, dsgActivities, dsgBreaches, dsgRequests, dsgSettings, memberships, membershipToolRights, users } from '#models/schema/index.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { HEAD_LINKS } from './links.ts'
import { breachNoticeDeadline, isBreachOverdue, isRequestOverdue, requestDeadline, reviewedSince } from './rules.ts'
import { dsgSql } from './rules.server.ts'
import { activityNumber, breachNumber, requestNumber } from '#models/core/record-number.ts'

/*
 * The data protection part of the daily reminder digest (issue 10; app/features/measures/reminders.server.ts
 * sends the one mail a person gets per fund and day): the responsible person of an active activity
 * due for review gets that activity; the members with the dsg role on either tool get the requests
 * of data subjects due within 7 days or overdue and the high-risk breaches not yet notified to the
 * FDPIC (open ones). The rules are those of rules.ts / dsgSql.
 */

export type DsgDigest = {
  activities: { idkey: number; name: string; lastReviewedOn: string | null; since: string }[]
  requests: { idkey: number; kind: DsgRequestKind; deadline: string; overdue: boolean }[]
  breaches: { idkey: number; discoveredAt: Date; deadline: Date; overdue: boolean }[]
}

export const isEmptyDigest = (d: DsgDigest) => d.activities.length + d.requests.length + d.breaches.length === 0

/**
 * Whether a member of a fund (`users`, `customers` of the surrounding query) may have something in
 * the day's data protection digest: responsible for an activity due for review, or in a fund with
 * requests due or breaches to notify (whether the member has the dsg role decides `dsgDigestFor`).
 */
export function dsgDigestMayConcern(today: string): SQL {
  // Requests and breaches go to the dsg role only: without it a member is not read at all (a
  // narrowing ahead of `dsgDigestFor`, which decides by the permission table's `dsg.digest`).
  const dsgRole = sql`exists (select 1 from ${membershipToolRights} r where r.membership_id = ${memberships.id} and r.enabled and r.role = 'dsg')`
  return or(
    sql`exists (select 1 from ${dsgActivities} where ${and(eq(dsgActivities.customerId, customers.id), eq(dsgActivities.responsibleUserId, users.id), dsgSql.activityReviewDue(today))})`,
    and(
      dsgRole,
      or(
        sql`exists (select 1 from ${dsgRequests} where ${and(eq(dsgRequests.customerId, customers.id), or(dsgSql.requestDueSoon(today), dsgSql.requestOverdue(today)))})`,
        sql`exists (select 1 from ${dsgBreaches} where ${and(eq(dsgBreaches.customerId, customers.id), dsgSql.breachOpen(), dsgSql.breachNeedsNotice())})`,
      ),
    ),
  ) as SQL
}

/** What the day's digest brings one member of one fund from the data protection area, as their rights allow. */
export async function dsgDigestFor(customerId: string, userId: string, rights: Rights, today: string, now: Date): Promise<DsgDigest> {
  const digest: DsgDigest = { activities: [], requests: [], breaches: [] }
  const p = permissionsOfRights(rights)
  const dsgRole = p.dsg.digest
  if (!p.dsg.read) return digest
  return asSystem('data protection reminders', async (tx) => {
    const activities = await tx
      .select({ idkey: dsgActivities.idkey, name: dsgActivities.name, lastReviewedOn: dsgActivities.lastReviewedOn, createdAt: dsgActivities.createdAt })
      .from(dsgActivities)
      .where(and(eq(dsgActivities.customerId, customerId), eq(dsgActivities.responsibleUserId, userId), dsgSql.activityReviewDue(today)))
      .orderBy(asc(dsgActivities.idkey))
    digest.activities = activities.map((a) => ({ idkey: a.idkey, name: a.name, lastReviewedOn: a.lastReviewedOn, since: reviewedSince(a) }))
    if (!dsgRole) return digest

    const requests = await tx
      .select({ idkey: dsgRequests.idkey, kind: dsgRequests.kind, state: dsgRequests.state, dueOn: dsgRequests.dueOn, extendedTo: dsgRequests.extendedTo })
      .from(dsgRequests)
      .where(and(eq(dsgRequests.customerId, customerId), or(dsgSql.requestDueSoon(today), dsgSql.requestOverdue(today))))
      .orderBy(asc(dsgSql.requestDeadline()), asc(dsgRequests.idkey))
    digest.requests = requests.map((r) => ({ idkey: r.idkey, kind: r.kind, deadline: requestDeadline(r), overdue: isRequestOverdue(r, today) }))

    const [settings] = await tx.select({ hours: dsgSettings.breachNoticeHours }).from(dsgSettings).where(eq(dsgSettings.customerId, customerId))
    const hours = settings?.hours ?? DSG_BREACH_NOTICE_HOURS
    const breaches = await tx
      .select({
        idkey: dsgBreaches.idkey,
        state: dsgBreaches.state,
        discoveredAt: dsgBreaches.discoveredAt,
        highRisk: dsgBreaches.highRisk,
        fdpicNotifiedAt: dsgBreaches.fdpicNotifiedAt,
      })
      .from(dsgBreaches)
      .where(and(eq(dsgBreaches.customerId, customerId), dsgSql.breachOpen(), dsgSql.breachNeedsNotice()))
      .orderBy(asc(dsgBreaches.discoveredAt), asc(dsgBreaches.idkey))
    digest.breaches = breaches.map((b) => ({
      idkey: b.idkey,
      discoveredAt: b.discoveredAt,
      deadline: breachNoticeDeadline(b.discoveredAt, hours),
      overdue: isBreachOverdue(b, hours, now),
    }))
    return digest
  })
}

const TEXT = {
  de: {
    activities: 'Bearbeitungstätigkeiten, deren Überprüfung fällig ist',
    reviewed: 'zuletzt überprüft am',
    recorded: 'erfasst am',
    requests: 'Begehren betroffener Personen, überfällig oder in den nächsten 7 Tagen fällig',
    breaches: 'Verletzungen der Datensicherheit mit hohem Risiko, dem EDÖB noch nicht gemeldet',
    discovered: 'entdeckt am',
    notifyBy: 'melden bis',
    overdue: 'überfällig',
    measures: 'Ihre Massnahmen, überfällig oder in den nächsten 14 Tagen fällig',
    kinds: { access: 'Auskunft', rectification: 'Berichtigung', erasure: 'Löschung', objection: 'Widerspruch', portability: 'Datenherausgabe' },
  },
  fr: {
    activities: 'Activités de traitement à réexaminer',
    reviewed: 'dernier examen le',
    recorded: 'saisie le',
    requests: 'Demandes de personnes concernées en retard ou échéant dans les 7 prochains jours',
    breaches: 'Violations de la sécurité des données à risque élevé pas encore annoncées au PFPDT',
    discovered: 'découverte le',
    notifyBy: 'à annoncer d’ici le',
    overdue: 'en retard',
    measures: 'Vos mesures en retard ou échéant dans les 14 prochains jours',
    kinds: { access: 'Accès', rectification: 'Rectification', erasure: 'Effacement', objection: 'Opposition', portability: 'Remise des données' },
  },
  en: {
    activities: 'Processing activities due for review',
    reviewed: 'last reviewed on',
    recorded: 'recorded on',
    requests: 'Requests of data subjects overdue or due within the next 7 days',
    breaches: 'High-risk data security breaches not yet notified to the FDPIC',
    discovered: 'discovered on',
    notifyBy: 'notify by',
    overdue: 'overdue',
    measures: 'Your measures overdue or due within the next 14 days',
    kinds: { access: 'Access', rectification: 'Rectification', erasure: 'Erasure', objection: 'Objection', portability: 'Data portability' },
  },
} as const

/**
 * The digest's list as plain text in the member's language: a section per kind with its items and
 * the link to the filtered list. `measures`: the member's due measures, already as lines (the
 * measure digest's), for the one mail of the day.
 */
export function dsgDigestText(digest: DsgDigest, lang: Language, baseUrl: string, measures?: { lines: string; link: string }): string {
  const x = TEXT[lang]
  const flag = (overdue: boolean) => (overdue ? ` (${x.overdue})` : '')
  const sections: string[] = []
  const section = (title: string, lines: string[], link: string) => sections.push([`${title} (${lines.length})`, ...lines, link].join('\n'))
  if (digest.activities.length)
    section(
      x.activities,
      digest.activities.map((a) => `- ${activityNumber(a.idkey)} · ${a.name} · ${a.lastReviewedOn ? x.reviewed : x.recorded} ${formatDate(a.since)}`),
      `${baseUrl}${HEAD_LINKS.activitiesDue}`,
    )
  if (digest.requests.length)
    section(
      x.requests,
      digest.requests.map((r) => `- ${formatDate(r.deadline)}${flag(r.overdue)} · ${requestNumber(r.idkey)} · ${x.kinds[r.kind]}`),
      `${baseUrl}/app/dsg/requests`,
    )
  if (digest.breaches.length)
    section(
      x.breaches,
      digest.breaches.map(
        (b) =>
          // By number only, as requests: a breach's title is free text and often names who or what it concerns.
          `- ${breachNumber(b.idkey)} · ${x.discovered} ${formatDateTime(b.discoveredAt)} · ${x.notifyBy} ${formatDateTime(b.deadline)}${flag(b.overdue)}`,
      ),
      `${baseUrl}${HEAD_LINKS.breachesOpen}`,
    )
  if (measures?.lines) sections.push([x.measures, measures.lines, measures.link].join('\n'))
  return sections.join('\n\n')
}

export const digestCount = (d: DsgDigest) => d.activities.length + d.requests.length + d.breaches.length

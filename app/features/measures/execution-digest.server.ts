// The executions' part of the daily digest (issue 25): read here, beside the job that sends the digest, from
// the table alone, so that the digest does not import the executions feature (which imports measures).

import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Language } from '#models/core/constants.ts'
import type { Rights } from '#models/core/access.ts'
import { formatDate } from '#models/core/dates.ts'
import { permissionsOfRights } from '#models/core/permissions.ts'
import { executionNumber } from '#models/core/record-number.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { controlExecutions, customers, icsProcesses, users } from '#models/schema/index.ts'

/** Days ahead within which an execution to carry out is named in the daily digest (issue 25). */
export const EXECUTION_DIGEST_DAYS = 7

/** What the digest brings one member of one fund: executions to carry out (due within 7 days or overdue, or returned) and those waiting for their signature. */
export type ExecutionDigest = {
  perform: { number: number; process: string; title: string; period: string | null; dueDate: string; returned: boolean; overdue: boolean }[]
  review: { number: number; process: string; title: string; period: string | null; submittedOn: string }[]
}

const toPerform = (today: string) =>
  and(
    or(
      eq(controlExecutions.state, 'returned'),
      and(eq(controlExecutions.state, 'planned'), sql`${controlExecutions.dueDate} <= ${today}::date + ${EXECUTION_DIGEST_DAYS}::int`),
    ),
  ) as SQL

/** Narrows the digest's candidates to members who perform or sign an execution the digest would name (joined on users and customers). */
export function executionDigestMayConcern(today: string): SQL {
  return or(
    sql`exists (select 1 from ${controlExecutions} where ${and(eq(controlExecutions.customerId, customers.id), eq(controlExecutions.performerUserId, users.id), toPerform(today))})`,
    sql`exists (select 1 from ${controlExecutions} where ${and(eq(controlExecutions.customerId, customers.id), eq(controlExecutions.reviewerUserId, users.id), eq(controlExecutions.state, 'submitted'))})`,
  ) as SQL
}

/** Who a digest is for: a member of a fund, with their rights there. */
export type ExecutionDigestMember = { customerId: string; userId: string; rights: Rights }

/** The key of a member's digest in the map executionDigestsFor returns. */
export const executionDigestKey = (m: { customerId: string; userId: string }) => `${m.userId}:${m.customerId}`

/**
 * The executions for the day's digests of many members at once, each only if their rights let them read
 * the ICS tool: two statements whatever the number of members (those to carry out, those to sign), the
 * members passed as two arrays of ids. Every member has an entry, empty when nothing concerns them.
 */
export async function executionDigestsFor(members: ExecutionDigestMember[], today: string): Promise<Map<string, ExecutionDigest>> {
  const digests = new Map(members.map((m) => [executionDigestKey(m), { perform: [], review: [] } as ExecutionDigest]))
  const readers = members.filter((m) => permissionsOfRights(m.rights).executions.read)
  if (!readers.length) return digests
  // Postgres array literals of uuids (ids of the database, nothing to quote): two parameters for any number of members.
  const customerIds = `{${readers.map((m) => m.customerId).join(',')}}`
  const userIds = `{${readers.map((m) => m.userId).join(',')}}`
  const member = (column: AnyPgColumn) =>
    sql`(${controlExecutions.customerId}, ${column}) in (select * from unnest(${customerIds}::uuid[], ${userIds}::uuid[]))`
  return asSystem('control execution reminders', async (tx) => {
    const columns = {
      customerId: controlExecutions.customerId,
      performer: controlExecutions.performerUserId,
      reviewer: controlExecutions.reviewerUserId,
      number: controlExecutions.number,
      process: icsProcesses.idkey,
      title: icsProcesses.title,
      period: controlExecutions.period,
      dueDate: controlExecutions.dueDate,
      state: controlExecutions.state,
      submittedAt: controlExecutions.submittedAt,
    }
    const perform = await tx
      .select(columns)
      .from(controlExecutions)
      .innerJoin(icsProcesses, eq(icsProcesses.id, controlExecutions.processId))
      .where(and(member(controlExecutions.performerUserId), toPerform(today)))
      .orderBy(asc(controlExecutions.dueDate), asc(controlExecutions.number))
    for (const e of perform)
      digests.get(executionDigestKey({ customerId: e.customerId, userId: e.performer ?? '' }))?.perform.push({
        number: e.number,
        process: e.process,
        title: e.title,
        period: e.period,
        dueDate: e.dueDate,
        returned: e.state === 'returned',
        overdue: e.dueDate < today,
      })
    const review = await tx
      .select(columns)
      .from(controlExecutions)
      .innerJoin(icsProcesses, eq(icsProcesses.id, controlExecutions.processId))
      .where(and(member(controlExecutions.reviewerUserId), inArray(controlExecutions.state, ['submitted'])))
      .orderBy(asc(controlExecutions.submittedAt), asc(controlExecutions.number))
    for (const e of review)
      digests.get(executionDigestKey({ customerId: e.customerId, userId: e.reviewer ?? '' }))?.review.push({
        number: e.number,
        process: e.process,
        title: e.title,
        period: e.period,
        submittedOn: e.submittedAt ? e.submittedAt.toISOString().slice(0, 10) : e.dueDate,
      })
    return digests
  })
}

export function executionDigestCount(d: ExecutionDigest) {
  return d.perform.length + d.review.length
}

const TEXT = {
  de: {
    perform: `Ihre Kontrolldurchführungen, überfällig, zurückgewiesen oder in den nächsten ${EXECUTION_DIGEST_DAYS} Tagen fällig`,
    review: 'Kontrolldurchführungen, die auf Ihre Freigabe warten',
    overdue: 'überfällig',
    returned: 'zurückgewiesen',
    due: 'fällig am',
    submitted: 'eingereicht am',
    occasion: 'aus Anlass',
  },
  fr: {
    perform: `Vos exécutions de contrôles, en retard, renvoyées ou échues dans les ${EXECUTION_DIGEST_DAYS} prochains jours`,
    review: 'Exécutions de contrôles qui attendent votre validation',
    overdue: 'en retard',
    returned: 'renvoyée',
    due: 'échéance le',
    submitted: 'soumise le',
    occasion: 'ponctuelle',
  },
  en: {
    perform: `Your control executions, overdue, returned or due within the next ${EXECUTION_DIGEST_DAYS} days`,
    review: 'Control executions awaiting your approval',
    overdue: 'overdue',
    returned: 'returned',
    due: 'due on',
    submitted: 'submitted on',
    occasion: 'on occasion',
  },
} as const

/** The digest's executions as sections of plain text (one line each, its list's link after). */
export function executionDigestText(d: ExecutionDigest, lang: Language, baseUrl: string, userId: string): string {
  const x = TEXT[lang]
  const line = (e: { number: number; process: string; title: string; period: string | null }) =>
    `${executionNumber(e.number)} · ${e.process} ${e.title} · ${e.period ?? x.occasion}`
  const list = (params: Record<string, string>) => `${baseUrl}/app/iks/executions?${new URLSearchParams(params)}`
  const sections: string[] = []
  if (d.perform.length)
    sections.push(
      [
        `${x.perform} (${d.perform.length})`,
        ...d.perform.map((e) => `- ${x.due} ${formatDate(e.dueDate)}${e.overdue ? ` (${x.overdue})` : ''}${e.returned ? ` (${x.returned})` : ''} · ${line(e)}`),
        list({ performer: userId }),
      ].join('\n'),
    )
  if (d.review.length)
    sections.push(
      [
        `${x.review} (${d.review.length})`,
        ...d.review.map((e) => `- ${x.submitted} ${formatDate(e.submittedOn)} · ${line(e)}`),
        list({ reviewer: userId, state: 'submitted' }),
      ].join('\n'),
    )
  return sections.join('\n\n')
}

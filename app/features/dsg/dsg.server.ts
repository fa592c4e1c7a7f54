import { and, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { CustomerAccess } from '#models/core/access.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import {
  documents,
  dsgActivities,
  dsgBreaches,
  dsgDpias,
  dsgRequests,
  dsgSettings,
  icsProcesses,
  measures,
  responsibleBodies,
  risks,
  users,
} from '#models/schema/index.ts'
import { DSG_BREACH_NOTICE_HOURS } from '#models/core/constants.ts'
import { statementFamily } from '#models/core/db.server.ts'
import { jsonList } from '#models/core/sql-helpers.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { inventoryVisible, type ProcessItem, processSummaryColumns, type RiskItem, riskSummaryColumns } from '#app/features/inventory/face.server.ts'
import { documentVisibility, measureVisibility } from '#models/core/visibility.server.ts'
import { breachNoticeDeadline } from './rules.ts'
import { dsgSql } from './rules.server.ts'
import type { DsgHead } from './head-row.tsx'

/**
 * The data protection overview's data in one statement: the first DSG-relevant risks and ICS
 * processes, open DSG measures and DSG documents, each with its total. The page read them with
 * eight statements before, each a round trip whose text drizzle built per request.
 *
 * Each list is the first page of the list its "all" link opens, under the same rules; the tests
 * hold it to those services: risks and processes as the inventory kit's list filtered to
 * DSG-relevant (score, number), measures as `Measures.list` of the DSG tab's pending view (due
 * date), documents as `Documents.list` of the DSG category (name).
 */

export const OVERVIEW_ROWS = 15

const ownerUser = alias(users, 'owner_user')

// The moment the head row judges by: placeholders of the statement, filled on each call.
const today = sql`${sql.placeholder('today')}`
const now = sql`${sql.placeholder('now')}`

/** The fund's target for telling the FDPIC of a high-risk breach: its setting, else 72 hours (row-level security keeps it to the fund's row). */
const noticeHours = sql`coalesce((select ${dsgSettings.breachNoticeHours} from ${dsgSettings}), ${DSG_BREACH_NOTICE_HOURS})`

const count = (table: typeof dsgActivities | typeof dsgDpias | typeof dsgBreaches | typeof dsgRequests, where: SQL, name: string) =>
  sql`(select count(*)::int from ${table} where ${where}) as ${sql.identifier(name)}`

/**
 * The head row of the data protection area (issue 10: the overview and the dashboard): activities
 * due for review and assessments open; for the dsg role and admins (`dsg.sensitive`) also open
 * breaches with their clock (how many are overdue, the time left to the nearest target still ahead)
 * and requests due within 7 days or overdue. Each a scalar subquery under the rules of `dsgSql`,
 * judged by the placeholders `today` and `now`: columns for a statement of one round trip, the
 * overview's below and the dashboard's (dashboard.server.ts), which take them from here.
 */
export function dsgHeadColumns(p: Permissions): SQL[] {
  if (!p.dsg.read) return []
  const columns = [count(dsgActivities, dsgSql.activityReviewDue(today), 'dsg_activities_due'), count(dsgDpias, dsgSql.dpiaOpen(), 'dsg_dpias_open')]
  if (p.dsg.sensitive) {
    const open = dsgSql.breachOpen()
    columns.push(
      count(dsgBreaches, open, 'dsg_breaches_open'),
      count(dsgBreaches, and(open, dsgSql.breachOverdue(noticeHours, now)) as SQL, 'dsg_breaches_overdue'),
      sql`(select min(${dsgBreaches.discoveredAt}) from ${dsgBreaches} where ${dsgSql.breachCountingDown(noticeHours, now)}) as dsg_breach_next`,
      sql`${noticeHours} as dsg_notice_hours`,
      count(dsgRequests, dsgSql.requestDueSoon(today), 'dsg_requests_due_soon'),
      count(dsgRequests, dsgSql.requestOverdue(today), 'dsg_requests_overdue'),
    )
  }
  return columns
}

/** What the head row's columns came back as (those of `dsgHeadColumns`). */
export type DsgHeadColumns = {
  dsg_activities_due?: number
  dsg_dpias_open?: number
  dsg_breaches_open?: number
  dsg_breaches_overdue?: number
  /** The discovery of the open breach whose notice target comes next (`breachCountingDown`). */
  dsg_breach_next?: Date | null
  dsg_notice_hours?: number
  dsg_requests_due_soon?: number
  dsg_requests_overdue?: number
}

/** The head row from a statement's row with `dsgHeadColumns`; null where the columns were not asked for. */
export function dsgHeadOf(row: DsgHeadColumns, now: Date): DsgHead | null {
  if (row.dsg_activities_due === undefined) return null
  const sensitive = row.dsg_breaches_open !== undefined
  const next = row.dsg_breach_next ?? null
  const hours = row.dsg_notice_hours ?? DSG_BREACH_NOTICE_HOURS
  return {
    activitiesDue: row.dsg_activities_due,
    dpiasOpen: row.dsg_dpias_open ?? 0,
    breaches: sensitive
      ? {
          open: row.dsg_breaches_open ?? 0,
          overdue: row.dsg_breaches_overdue ?? 0,
          nextLeftHours: next ? Math.floor((breachNoticeDeadline(next, hours).getTime() - now.getTime()) / 3_600_000) : null,
          noticeHours: hours,
        }
      : null,
    requests: sensitive ? { dueSoon: row.dsg_requests_due_soon ?? 0, overdue: row.dsg_requests_overdue ?? 0 } : null,
  }
}

function build(p: Permissions): SQL {
  const { risk, iks } = p.tools
  const columns: SQL[] = [...dsgHeadColumns(p)]

  if (risk.use) {
    const where = sql`${inventoryVisible(risk.mode, risks.dsgRelevant)} and ${risks.dsgRelevant} = true`
    columns.push(...riskSummaryColumns(where, OVERVIEW_ROWS))
  }

  if (iks.use) {
    const where = sql`${inventoryVisible(iks.mode, icsProcesses.dsgRelevant)} and ${icsProcesses.dsgRelevant} = true`
    columns.push(...processSummaryColumns(where, OVERVIEW_ROWS))
  }

  const open = and(measureVisibility(p), eq(measures.dsgMeasure, true), eq(measures.state, 'pending'))
  columns.push(
    sql`${jsonList(
      sql`json_build_object('id', t.id, 'idkey', t.idkey, 'iteration', t.iteration, 'title', t.title, 'dueDate', t.due_date, 'source', t.source, 'dsgMeasure', t.dsg_measure, 'ownerName', t.owner_name)`,
      sql`select ${measures.id}, ${measures.idkey}, ${measures.iteration}, ${measures.title}, ${measures.dueDate}, ${measures.source}, ${measures.dsgMeasure},
            coalesce(${ownerUser.firstName} || ' ' || ${ownerUser.lastName}, ${responsibleBodies.name}, '') as owner_name
          from ${measures}
          left join ${users} ${ownerUser} on ${ownerUser.id} = ${measures.ownerUserId}
          left join ${responsibleBodies} on ${responsibleBodies.id} = ${measures.ownerBodyId}
          where ${open} order by ${measures.dueDate}, ${measures.idkey}, ${measures.iteration} limit ${OVERVIEW_ROWS}`,
      sql`t.due_date, t.idkey, t.iteration`,
    )} as measures`,
    sql`(select count(*)::int from ${measures} where ${open}) as measure_total`,
  )

  const dsgDocuments = and(documentVisibility(p), eq(documents.category, 'dsg'))
  columns.push(
    sql`${jsonList(
      sql`json_build_object('id', t.id, 'name', t.name, 'link', t.link, 'linkText', t.link_text, 'present', t.present)`,
      sql`select ${documents.id}, ${documents.name}, ${documents.link}, ${documents.linkText}, ${documents.present}
          from ${documents} where ${dsgDocuments} order by ${documents.name} limit ${OVERVIEW_ROWS}`,
      sql`t.name`,
    )} as documents`,
    sql`(select count(*)::int from ${documents} where ${dsgDocuments}) as document_total`,
  )
  return sql`select ${sql.join(columns, sql`, `)}`
}

const overviewStatement = statementFamily<Permissions, { today: string; now: string }, OverviewRow>(
  (p) => `${p.tools.risk.mode}.${p.tools.iks.mode}.${p.dsg.read}.${p.dsg.sensitive}`,
  build,
)

type MeasureItem = {
  id: string
  idkey: number
  iteration: number
  title: string
  dueDate: string
  source: 'fund' | 'risk' | 'iks'
  dsgMeasure: boolean
  ownerName: string
}
type DocumentItem = { id: string; name: string; link: string | null; linkText: string; present: boolean }
type OverviewRow = DsgHeadColumns & {
  risks?: RiskItem[]
  risk_total?: number
  processes?: ProcessItem[]
  process_total?: number
  measures: MeasureItem[]
  measure_total: number
  documents: DocumentItem[]
  document_total: number
}

/** What the data protection overview shows, in one round trip; the head row judged at `now` (its day in Zurich). */
export async function dsgOverview(access: CustomerAccess, now: Date = new Date()) {
  const p = permissionsOf(access)
  const [row] = await withCustomer(access, (tx) => overviewStatement(tx, p, { today: todayInZurich(now), now: now.toISOString() }))
  return {
    head: dsgHeadOf(row, now),
    risks: row.risks ? { rows: row.risks, total: row.risk_total ?? 0 } : null,
    processes: row.processes ? { rows: row.processes, total: row.process_total ?? 0 } : null,
    measures: { rows: row.measures, total: row.measure_total },
    documents: { rows: row.documents, total: row.document_total },
  }
}

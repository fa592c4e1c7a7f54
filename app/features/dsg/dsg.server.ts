import { and, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { CustomerAccess } from '#models/core/access.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { documents, icsProcesses, measures, responsibleBodies, risks, users } from '#models/schema/index.ts'
import { statementFamily } from '#models/core/db.server.ts'
import { jsonList } from '#models/core/sql-helpers.ts'
import { inventoryVisible } from '#app/features/inventory/kit.server.ts'
import { type ProcessItem, processSummaryColumns, type RiskItem, riskSummaryColumns } from '#app/features/inventory/summary.server.ts'
import { visibility as documentVisibility } from '#app/features/documents/documents.server.ts'
import { visibility as measureVisibility } from '#app/features/measures/measures.server.ts'

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

function build(p: Permissions): SQL {
  const { risk, iks } = p.tools
  const columns: SQL[] = []

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
      sql`json_build_object('id', t.id, 'idkey', t.idkey, 'title', t.title, 'dueDate', t.due_date, 'source', t.source, 'dsgMeasure', t.dsg_measure, 'ownerName', t.owner_name)`,
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

const overviewStatement = statementFamily<Permissions, Record<string, never>, OverviewRow>((p) => `${p.tools.risk.mode}.${p.tools.iks.mode}`, build)

type MeasureItem = { id: string; idkey: number; title: string; dueDate: string; source: 'fund' | 'risk' | 'iks'; dsgMeasure: boolean; ownerName: string }
type DocumentItem = { id: string; name: string; link: string | null; linkText: string; present: boolean }
type OverviewRow = {
  risks?: RiskItem[]
  risk_total?: number
  processes?: ProcessItem[]
  process_total?: number
  measures: MeasureItem[]
  measure_total: number
  documents: DocumentItem[]
  document_total: number
}

/** What the data protection overview shows, in one round trip. */
export async function dsgOverview(access: CustomerAccess) {
  const p = permissionsOf(access)
  const [row] = await withCustomer(access, (tx) => overviewStatement(tx, p, {}))
  return {
    risks: row.risks ? { rows: row.risks, total: row.risk_total ?? 0 } : null,
    processes: row.processes ? { rows: row.processes, total: row.process_total ?? 0 } : null,
    measures: { rows: row.measures, total: row.measure_total },
    documents: { rows: row.documents, total: row.document_total },
  }
}

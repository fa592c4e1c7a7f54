import { type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { jsonList } from '#models/core/sql-helpers.ts'
import { icsProcesses, probabilityLevels, risks, severityLevels } from '#models/schema/index.ts'

/** A risk as the overview pages list it (summary-tables.tsx). */
export type RiskItem = { id: string; idkey: string; title: string; state: string; probability: number | null; severity: number | null; measureNeeded: boolean }
/** An ICS process as the overview pages list it. */
export type ProcessItem = { id: string; idkey: string; title: string; state: string }

const pLevel = alias(probabilityLevels, 'p_level')
const sLevel = alias(severityLevels, 's_level')

/**
 * The first `limit` risks matching `where` (highest score first, then by number) as JSON, and how many
 * match: the columns `risks` and `risk_total` of an overview statement (the dashboard, the data
 * protection overview).
 */
export function riskSummaryColumns(where: SQL, limit: number): SQL[] {
  return [
    sql`${jsonList(
      sql`json_build_object('id', t.id, 'idkey', t.idkey, 'title', t.title, 'state', t.state, 'probability', t.probability, 'severity', t.severity, 'measureNeeded', t.measure_needed)`,
      sql`select ${risks.id}, ${risks.idkey}, ${risks.title}, ${risks.state}, ${risks.measureNeeded}, ${pLevel.ref} as probability, ${sLevel.ref} as severity,
            coalesce(${pLevel.ref} * ${sLevel.ref}, 0) as score
          from ${risks}
          left join ${probabilityLevels} ${pLevel} on ${pLevel.id} = ${risks.probabilityLevelId}
          left join ${severityLevels} ${sLevel} on ${sLevel.id} = ${risks.severityLevelId}
          where ${where} order by score desc, ${risks.idkey} limit ${limit}`,
      sql`t.score desc, t.idkey`,
    )} as risks`,
    sql`(select count(*)::int from ${risks} where ${where}) as risk_total`,
  ]
}

/** The first `limit` ICS processes matching `where` (by number) as JSON, and how many match: the columns `processes` and `process_total`. */
export function processSummaryColumns(where: SQL, limit: number): SQL[] {
  return [
    sql`${jsonList(
      sql`json_build_object('id', t.id, 'idkey', t.idkey, 'title', t.title, 'state', t.state)`,
      sql`select ${icsProcesses.id}, ${icsProcesses.idkey}, ${icsProcesses.title}, ${icsProcesses.state}
          from ${icsProcesses} where ${where} order by ${icsProcesses.idkey} limit ${limit}`,
      sql`t.idkey`,
    )} as processes`,
    sql`(select count(*)::int from ${icsProcesses} where ${where}) as process_total`,
  ]
}

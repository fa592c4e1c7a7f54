import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { inventory, rightsIn } from '#app/features/inventory/kit.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import type { Language } from '#models/core/constants.ts'
import { db } from '#models/core/db.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { probabilityLevels, risks, severityLevels } from '#models/schema/index.ts'
import { riskTool } from './tool.server.ts'

/**
 * The risk inventory's service: the inventory kit bound to the risk declaration
 * (`risks$.for(access)`), plus what only risks have (the map).
 */
export const risks$ = inventory(riskTool)
export type { RiskFilter } from './tool.server.ts'

export type RiskRow = Awaited<ReturnType<ReturnType<typeof risks$.for>['list']>>['rows'][number]

/** Risks the (represented) user owns, for the dashboard. */
/** The themes are reference data, the same for every customer. */
export const listThemes = (language: Language) => riskTool.themes(db(), language)

const pLevel = alias(probabilityLevels, 'p_level')
const sLevel = alias(severityLevels, 's_level')

/** Number of visible risks per cell of the map (probability × severity): of the net rating, or of the gross one. */
export async function mapCounts(access: CustomerAccess, view: 'net' | 'gross' = 'net') {
  const { mode } = rightsIn(riskTool, access)
  const gross = view === 'gross'
  return withCustomer(access, (tx) =>
    tx
      .select({ probability: pLevel.ref, severity: sLevel.ref, count: sql<number>`count(*)::int` })
      .from(risks)
      .innerJoin(pLevel, eq(pLevel.id, gross ? risks.grossProbabilityLevelId : risks.probabilityLevelId))
      .innerJoin(sLevel, eq(sLevel.id, gross ? risks.grossSeverityLevelId : risks.severityLevelId))
      .where(mode === 'none' ? sql`false` : mode === 'dsg' ? eq(risks.dsgRelevant, true) : undefined)
      .groupBy(pLevel.ref, sLevel.ref),
  )
}

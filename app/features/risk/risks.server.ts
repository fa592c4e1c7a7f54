import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { inventory, rightsIn } from '#app/features/inventory/kit.server.ts'
import type { CustomerAccess, Rights } from '#models/core/access.ts'
import { EDITABLE_RISK_BLOCKS, type EditableRiskBlock, type Language, type RiskBlock } from '#models/core/constants.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { probabilityLevels, risks, severityLevels } from '#models/schema/index.ts'
import { type BlockValues, type IndividualRiskInput, type RiskFilter, riskTool } from './tool.server.ts'

/**
 * The risk inventory's service: the inventory kit bound to the risk declaration
 * (`risks.for(access)`), plus what only risks have (the map). The named functions below are
 * the kit's, kept for the callers outside the tool.
 */
export const risks$ = inventory(riskTool)
export { type BlockValues, type IndividualRiskInput, RISK_SORTS, type Risk, type RiskFilter, themeName } from './tool.server.ts'

export const RISK_ENTITY = riskTool.entity
export type RiskRow = Awaited<ReturnType<typeof listRisks>>['rows'][number]
export type EditableBlock = EditableRiskBlock
export const EDITABLE_BLOCKS: readonly EditableBlock[] = EDITABLE_RISK_BLOCKS

/** What the user may do with risks: nothing, the data-protection view, read, or write. */
export function riskMode(rights: Rights) {
  return permissionsOf({ rights, user: { isSuperAdmin: false } as CustomerAccess['user'] }).tools.risk.mode
}

/** The blocks this user may edit: all with write, the DSG block alone with the dsg role. */
export function editableRiskBlocks(rights: Rights) {
  return rightsIn(riskTool, { rights, user: { isSuperAdmin: false } as CustomerAccess['user'] }).blocks as readonly EditableBlock[]
}

export const listRisks = (access: CustomerAccess, f: RiskFilter, page: { limit: number; offset: number }, language: Language) =>
  risks$.for(access).list(f, page, language)
export const iterateRisks = (access: CustomerAccess, f: RiskFilter, language: Language, batch = 500) => risks$.for(access).iterate(f, language, batch)
/** Risks the (represented) user owns, for the dashboard. */
export const myRisks = (access: CustomerAccess, language: Language, limit = 10) => risks$.for(access).mine(language, limit)
export const getRisk = (access: CustomerAccess, id: string, language: Language) => risks$.for(access).get(id, language)
/** The themes are reference data, the same for every customer. */
export const listThemes = (language: Language) => riskTool.themes(db(), language)
export const catalogForCustomer = (access: CustomerAccess, language: Language) => risks$.for(access).catalog(language)
export const addFromCatalog = (access: CustomerAccess, catalogIds: string[]) => risks$.for(access).addFromCatalog(catalogIds)
export const createIndividualRisk = (access: CustomerAccess, input: IndividualRiskInput) => risks$.for(access).createIndividual(input)
export const startBlockEdit = (access: CustomerAccess, riskId: string, block: RiskBlock) => risks$.for(access).startEdit(riskId, block)
export const cancelBlockEdit = (access: CustomerAccess, riskId: string) => risks$.for(access).cancelEdit(riskId)
export const riskLock = (access: CustomerAccess, riskId: string) => risks$.for(access).lock(riskId)
export const saveBlock = <B extends EditableBlock>(access: CustomerAccess, riskId: string, block: B, values: BlockValues[B], version: number) =>
  risks$.for(access).saveBlock(riskId, block, values, version)

/** Is the id a risk of this customer (for linking measures and documents)? */
export async function riskBelongsTo(tx: Executor, customerId: string, riskId: string) {
  if (!isUuid(riskId)) return false
  const row = await tx.query.risks.findFirst({ where: and(eq(risks.id, riskId), eq(risks.customerId, customerId)), columns: { id: true } })
  return Boolean(row)
}

const pLevel = alias(probabilityLevels, 'p_level')
const sLevel = alias(severityLevels, 's_level')

/** Number of visible risks per cell of the map (probability × severity). */
export async function mapCounts(access: CustomerAccess) {
  const { mode } = rightsIn(riskTool, access)
  return withCustomer(access, (tx) =>
    tx
      .select({ probability: pLevel.ref, severity: sLevel.ref, count: sql<number>`count(*)::int` })
      .from(risks)
      .innerJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
      .innerJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
      .where(mode === 'none' ? sql`false` : mode === 'dsg' ? eq(risks.dsgRelevant, true) : undefined)
      .groupBy(pLevel.ref, sLevel.ref),
  )
}

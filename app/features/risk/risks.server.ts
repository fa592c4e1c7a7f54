import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { alias } from 'drizzle-orm/pg-core'
import { type CustomerAccess, canWrite, editableBlocks, effectiveUserId, hasRole, type Rights } from '#models/core/access.ts'
import { checkToolOwner } from '../account/customers.server.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { acquireLock, currentLock, releaseLock } from '#models/core/locks.server.ts'
import {
  EDITABLE_RISK_BLOCKS,
  type EditableRiskBlock,
  type Language,
  type RiskAnswer,
  type RiskBlock,
  type RiskRelevance,
  type RiskState,
} from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { getLevels } from './levels.server.ts'
import { probabilityLevels, riskCatalog, risks, riskThemes, severityLevels, users } from '#models/schema/index.ts'

export const RISK_ENTITY = 'risk'
export type Risk = typeof risks.$inferSelect

/** What the user may do with risks: nothing, the data-protection view, read, or write. */
export function riskMode(rights: Rights): 'none' | 'dsg' | 'read' | 'write' {
  if (canWrite(rights, 'risk')) return 'write'
  if (hasRole(rights.risk, 'read')) return 'read'
  if (hasRole(rights.risk, 'dsg')) return 'dsg'
  return 'none'
}

/** The dsg role sees only DSG-relevant risks; read and more see all; without the tool nothing. */
function visibility(rights: Rights): SQL {
  const mode = riskMode(rights)
  if (mode === 'none') return sql`false`
  if (mode === 'dsg') return eq(risks.dsgRelevant, true)
  return sql`true`
}

export function themeName(language: Language) {
  return language === 'fr' ? riskThemes.nameFr : language === 'en' ? riskThemes.nameEn : riskThemes.nameDe
}

const owner = alias(users, 'risk_owner')
const pLevel = alias(probabilityLevels, 'p_level')
const sLevel = alias(severityLevels, 's_level')

function listColumns(language: Language) {
  return {
    id: risks.id,
    idkey: risks.idkey,
    title: risks.title,
    state: risks.state,
    themeId: risks.themeId,
    themeNumber: riskThemes.leadingNumber,
    themeName: themeName(language),
    catalogId: risks.catalogId,
    ownerUserId: risks.ownerUserId,
    ownerName: sql<string | null>`${owner.firstName} || ' ' || ${owner.lastName}`,
    probability: pLevel.ref,
    severity: sLevel.ref,
    relevance: risks.relevance,
    strategic: risks.strategic,
    dsgRelevant: risks.dsgRelevant,
    measureNeeded: risks.measureNeeded,
    tags: risks.tags,
    updatedAt: risks.updatedAt,
  }
}

function baseQuery(tx: Executor, language: Language) {
  return tx
    .select(listColumns(language))
    .from(risks)
    .innerJoin(riskThemes, eq(riskThemes.id, risks.themeId))
    .leftJoin(owner, eq(owner.id, risks.ownerUserId))
    .leftJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
    .leftJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
}

export const RISK_SORTS = ['idkey', 'title', 'state', 'owner', 'score', 'updatedAt'] as const
export type RiskFilter = {
  themeId?: string
  state?: RiskState
  ownerUserId?: string
  relevance?: RiskRelevance
  strategic?: boolean
  dsgRelevant?: boolean
  measureNeeded?: boolean
  tag?: string
  q?: string
  /** a cell of the risk map: probability and severity refs */
  cell?: { probability: number; severity: number }
  sort: (typeof RISK_SORTS)[number]
  dir: 'asc' | 'desc'
}

function whereFor(access: CustomerAccess, f: RiskFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(risks.customerId, access.customer.id), visibility(access.rights)]
  if (f.themeId) conds.push(idEquals(risks.themeId, f.themeId))
  if (f.state) conds.push(eq(risks.state, f.state))
  if (f.ownerUserId) conds.push(idEquals(risks.ownerUserId, f.ownerUserId))
  if (f.relevance) conds.push(eq(risks.relevance, f.relevance))
  if (f.strategic !== undefined) conds.push(eq(risks.strategic, f.strategic))
  if (f.dsgRelevant !== undefined) conds.push(eq(risks.dsgRelevant, f.dsgRelevant))
  if (f.measureNeeded !== undefined) conds.push(eq(risks.measureNeeded, f.measureNeeded))
  if (f.tag) conds.push(sql`exists (select 1 from unnest(${risks.tags}) t where lower(t) = lower(${f.tag}))`)
  if (f.q) {
    const term = likeTerm(f.q)
    conds.push(or(ilike(risks.title, term), ilike(risks.description, term), ilike(risks.idkey, term)))
  }
  if (f.cell) conds.push(and(eq(pLevel.ref, f.cell.probability), eq(sLevel.ref, f.cell.severity)))
  return and(...conds)!
}

function orderFor(f: RiskFilter) {
  const dir = f.dir === 'desc' ? desc : asc
  switch (f.sort) {
    case 'title':
      return [dir(risks.title), asc(risks.idkey)]
    case 'state':
      return [dir(risks.state), asc(risks.idkey)]
    case 'owner':
      return [dir(owner.lastName), asc(risks.idkey)]
    case 'score':
      return [dir(sql`coalesce(${pLevel.ref} * ${sLevel.ref}, 0)`), asc(risks.idkey)]
    case 'updatedAt':
      return [dir(risks.updatedAt), asc(risks.idkey)]
    default:
      return [dir(risks.idkey)]
  }
}

export type RiskRow = Awaited<ReturnType<typeof listRisks>>['rows'][number]

export async function listRisks(access: CustomerAccess, f: RiskFilter, page: { limit: number; offset: number }, language: Language) {
  const where = whereFor(access, f)
  const [rows, [{ count }]] = await Promise.all([
    baseQuery(db(), language)
      .where(where)
      .orderBy(...orderFor(f))
      .limit(page.limit)
      .offset(page.offset),
    db()
      .select({ count: sql<number>`count(*)::int` })
      .from(risks)
      .leftJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
      .leftJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
      .where(where),
  ])
  return { rows, total: count }
}

export async function* iterateRisks(access: CustomerAccess, f: RiskFilter, language: Language, batch = 500) {
  const where = whereFor(access, f)
  for (let offset = 0; ; offset += batch) {
    const rows = await baseQuery(db(), language)
      .where(where)
      .orderBy(...orderFor(f))
      .limit(batch)
      .offset(offset)
    if (rows.length) yield rows
    if (rows.length < batch) return
  }
}

/** Risks the (represented) user owns, for the dashboard. */
export async function myRisks(access: CustomerAccess, language: Language, limit = 10) {
  const where = and(eq(risks.customerId, access.customer.id), visibility(access.rights), eq(risks.ownerUserId, effectiveUserId(access)))
  const [rows, [{ count }]] = await Promise.all([
    baseQuery(db(), language)
      .where(where)
      .orderBy(desc(sql`coalesce(${pLevel.ref} * ${sLevel.ref}, 0)`), asc(risks.idkey))
      .limit(limit),
    db().select({ count: sql<number>`count(*)::int` }).from(risks).where(where),
  ])
  return { rows, total: count }
}

/** Number of visible risks per cell of the map (probability × severity). */
export async function mapCounts(access: CustomerAccess) {
  return db()
    .select({ probability: pLevel.ref, severity: sLevel.ref, count: sql<number>`count(*)::int` })
    .from(risks)
    .innerJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
    .innerJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
    .where(and(eq(risks.customerId, access.customer.id), visibility(access.rights)))
    .groupBy(pLevel.ref, sLevel.ref)
}

export async function getRisk(access: CustomerAccess, id: string, language: Language) {
  if (!isUuid(id)) return null
  const [row] = await db()
    .select({
      risk: risks,
      themeNumber: riskThemes.leadingNumber,
      themeName: themeName(language),
      ownerName: sql<string | null>`${owner.firstName} || ' ' || ${owner.lastName}`,
      probability: pLevel.ref,
      severity: sLevel.ref,
    })
    .from(risks)
    .innerJoin(riskThemes, eq(riskThemes.id, risks.themeId))
    .leftJoin(owner, eq(owner.id, risks.ownerUserId))
    .leftJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
    .leftJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
    .where(and(eq(risks.id, id), eq(risks.customerId, access.customer.id), visibility(access.rights)))
  if (!row) return null
  return riskMode(access.rights) === 'dsg' ? { ...row, ownerName: null, risk: dsgView(row.risk) } : row
}

/**
 * What the data protection view may carry of a risk: its number, title, state and DSG block. The
 * assessment texts stay on the server, so they are not in the page's data either.
 */
function dsgView(risk: typeof risks.$inferSelect): typeof risks.$inferSelect {
  return {
    ...risk,
    description: '',
    reaction: '',
    controlling: '',
    answer: null,
    relevance: null,
    strategic: false,
    measureNeeded: false,
    tags: [],
    ownerUserId: null,
  }
}

export async function listThemes(language: Language) {
  return db()
    .select({ id: riskThemes.id, leadingNumber: riskThemes.leadingNumber, name: themeName(language) })
    .from(riskThemes)
    .orderBy(asc(riskThemes.leadingNumber))
}

/** The catalogue in one language, with the entries the customer already has marked. */
export async function catalogForCustomer(access: CustomerAccess, language: Language) {
  const col = <K extends 'title' | 'description'>(k: K) =>
    language === 'fr' ? riskCatalog[`${k}Fr`] : language === 'en' ? riskCatalog[`${k}En`] : riskCatalog[`${k}De`]
  return db()
    .select({
      id: riskCatalog.id,
      idkey: riskCatalog.idkey,
      title: col('title'),
      description: col('description'),
      themeId: riskCatalog.themeId,
      themeNumber: riskThemes.leadingNumber,
      themeName: themeName(language),
      dsgRelevant: riskCatalog.dsgRelevant,
      strategic: riskCatalog.strategic,
      inventoryId: risks.id,
    })
    .from(riskCatalog)
    .innerJoin(riskThemes, eq(riskThemes.id, riskCatalog.themeId))
    .leftJoin(risks, and(eq(risks.catalogId, riskCatalog.id), eq(risks.customerId, access.customer.id)))
    .where(eq(riskCatalog.active, true))
    .orderBy(asc(riskThemes.leadingNumber), asc(riskCatalog.idkey))
}

function requireWrite(access: CustomerAccess) {
  if (riskMode(access.rights) !== 'write') throw new DomainError('forbidden')
}

/**
 * Copies catalogue entries into the inventory, in the customer's language,
 * keeping the catalogue reference and number. Entries already there are skipped.
 */
export async function addFromCatalog(access: CustomerAccess, catalogIds: string[]) {
  requireWrite(access)
  const ids = catalogIds.filter(isUuid)
  if (!ids.length) throw new DomainError('invalid', 'catalogIds', 'risk:catalog.noneSelected')
  const language = access.customer.language
  const { probability, severity } = await getLevels(access)
  return db().transaction(async (tx) => {
    const entries = await tx
      .select()
      .from(riskCatalog)
      .where(and(inArray(riskCatalog.id, ids), eq(riskCatalog.active, true)))
    if (entries.length !== ids.length) throw new DomainError('invalid', 'catalogIds', 'risk:catalog.unknown')
    const created: Risk[] = []
    for (const e of entries) {
      const pick = <K extends 'title' | 'description' | 'reaction' | 'controlling'>(k: K) =>
        language === 'fr' ? e[`${k}Fr`] : language === 'en' ? e[`${k}En`] : e[`${k}De`]
      const values = {
        customerId: access.customer.id,
        idkey: e.idkey,
        themeId: e.themeId,
        catalogId: e.id,
        title: pick('title'),
        description: pick('description'),
        reaction: pick('reaction'),
        controlling: pick('controlling'),
        probabilityLevelId: probability.find((l) => l.ref === e.probability)?.id ?? null,
        severityLevelId: severity.find((l) => l.ref === e.severity)?.id ?? null,
        strategic: e.strategic,
        dsgRelevant: e.dsgRelevant,
        hasPersonalData: e.hasPersonalData,
        hasProtectableData: e.hasProtectableData,
        tags: e.tags,
        ownerUserId: effectiveUserId(access),
      }
      const [row] = await tx.insert(risks).values(values).onConflictDoNothing().returning()
      if (!row) continue
      await writeAudit(tx, access, { component: 'risk', action: 'Created', entityId: row.id, changes: diff(null, { ...values, customerId: undefined }) })
      created.push(row)
    }
    return created
  })
}

export type IndividualRiskInput = { themeId: string; title: string; description: string; ownerUserId: string | null }

/** An individual risk: no catalogue reference; its number is the theme's, running, with the suffix _P. */
export async function createIndividualRisk(access: CustomerAccess, input: IndividualRiskInput) {
  requireWrite(access)
  if (!isUuid(input.themeId)) throw new DomainError('invalid', 'themeId')
  return db().transaction(async (tx) => {
    const theme = await tx.query.riskThemes.findFirst({ where: eq(riskThemes.id, input.themeId) })
    if (!theme) throw new DomainError('invalid', 'themeId')
    if (input.ownerUserId) await checkMember(tx, access, input.ownerUserId)
    const n = await nextNumber(tx, access.customer.id, `risk_p_${theme.leadingNumber}`)
    const values = {
      customerId: access.customer.id,
      idkey: `${theme.leadingNumber}.${String(n).padStart(2, '0')}_P`,
      themeId: theme.id,
      title: input.title,
      description: input.description,
      ownerUserId: input.ownerUserId,
    }
    const [row] = await tx.insert(risks).values(values).returning()
    await writeAudit(tx, access, { component: 'risk', action: 'Created', entityId: row.id, changes: diff(null, { ...values, customerId: undefined }) })
    return row
  })
}

function checkMember(tx: Executor, access: CustomerAccess, userId: string) {
  return checkToolOwner(tx, access, 'risk', userId)
}

export type BlockValues = {
  intro: { title: string; ownerUserId: string | null; state: RiskState; tags: string[] }
  analysis: { description: string; relevance: RiskRelevance | null; strategic: boolean }
  evaluation: { probabilityLevelId: string | null; severityLevelId: string | null }
  steering: { reaction: string; answer: RiskAnswer | null; measureNeeded: boolean }
  dsg: { dsgRelevant: boolean; hasPersonalData: boolean; hasProtectableData: boolean; dsgMeasureNeeded: boolean }
  monitoring: { controlling: string }
}
export type EditableBlock = EditableRiskBlock
export const EDITABLE_BLOCKS: readonly EditableBlock[] = EDITABLE_RISK_BLOCKS

/** The blocks this user may edit: all with write, the DSG block alone with the dsg role. */
export function editableRiskBlocks(rights: Rights): readonly EditableBlock[] {
  return editableBlocks(rights.risk, EDITABLE_BLOCKS)
}

function requireBlock(access: CustomerAccess, block: string): asserts block is EditableBlock {
  if (!(EDITABLE_BLOCKS as readonly string[]).includes(block)) throw new DomainError('invalid', 'block')
  if (!(editableRiskBlocks(access.rights) as readonly string[]).includes(block)) throw new DomainError('forbidden')
}

/** Opens a block of a risk for editing (see block-locks.server.ts for the rules). */
export async function startBlockEdit(access: CustomerAccess, riskId: string, block: RiskBlock) {
  requireBlock(access, block)
  const risk = await getRisk(access, riskId, access.customer.language)
  if (!risk) throw new DomainError('not-found')
  return acquireLock(access, RISK_ENTITY, riskId, block)
}

export async function cancelBlockEdit(access: CustomerAccess, riskId: string) {
  await releaseLock(access, RISK_ENTITY, riskId)
}

export function riskLock(riskId: string) {
  return currentLock(RISK_ENTITY, riskId)
}

/**
 * Saves one block. Refused while another user edits this risk; a stale
 * version changes nothing. Saving releases the user's lock.
 */
export async function saveBlock<B extends EditableBlock>(access: CustomerAccess, riskId: string, block: B, values: BlockValues[B], version: number) {
  requireBlock(access, block)
  if (!isUuid(riskId)) throw new DomainError('not-found')
  const lock = await currentLock(RISK_ENTITY, riskId)
  if (lock && lock.userId !== access.user.id) throw new DomainError('conflict', undefined, 'validation.multipleBlocks')
  const row = await db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(risks)
      .where(and(eq(risks.id, riskId), eq(risks.customerId, access.customer.id), visibility(access.rights)))
      .for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    if (block === 'intro') {
      const v = values as BlockValues['intro']
      if (v.ownerUserId) await checkMember(tx, access, v.ownerUserId)
    }
    if (block === 'evaluation') {
      const v = values as BlockValues['evaluation']
      if (v.probabilityLevelId) {
        const ok = await tx.query.probabilityLevels.findFirst({
          where: and(eq(probabilityLevels.id, v.probabilityLevelId), eq(probabilityLevels.customerId, access.customer.id)),
        })
        if (!ok) throw new DomainError('invalid', 'probabilityLevelId', 'risk:evaluation.levelInvalid')
      }
      if (v.severityLevelId) {
        const ok = await tx.query.severityLevels.findFirst({
          where: and(eq(severityLevels.id, v.severityLevelId), eq(severityLevels.customerId, access.customer.id)),
        })
        if (!ok) throw new DomainError('invalid', 'severityLevelId', 'risk:evaluation.levelInvalid')
      }
    }
    const changes = diff(before, values)
    // Saving without a change writes nothing: no new version, no audit entry.
    if (Object.keys(changes).length === 0) return before
    const [after] = await tx
      .update(risks)
      .set({ ...values, version: sql`${risks.version} + 1`, updatedAt: new Date() })
      .where(eq(risks.id, riskId))
      .returning()
    await writeAudit(tx, access, { component: 'risk', action: 'Updated', entityId: riskId, changes: { ...changes, block: { from: null, to: block } } })
    return after
  })
  await releaseLock(access, RISK_ENTITY, riskId)
  return row
}

/** Is the id a risk of this customer (for linking measures and documents)? */
export async function riskBelongsTo(tx: Executor, customerId: string, riskId: string) {
  if (!isUuid(riskId)) return false
  const row = await tx.query.risks.findFirst({ where: and(eq(risks.id, riskId), eq(risks.customerId, customerId)), columns: { id: true } })
  return Boolean(row)
}

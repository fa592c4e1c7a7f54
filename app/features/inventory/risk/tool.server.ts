import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { activeEntries, type Page, type ToolDeclaration } from '#app/features/inventory/kit.server.ts'
import { dsgOnly, inLanguage, withoutDsg, localized, themeOptions } from '#app/features/inventory/declare.server.ts'
import { themeOf } from '#models/core/catalog.server.ts'
import { checkToolOwner } from '#app/auth/customers.server.ts'
import { EDITABLE_RISK_BLOCKS, type Language, type RiskAnswer, type RiskRelevance, type RiskState } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { idEquals, likeTerm } from '#models/core/sql-helpers.ts'
import { probabilityLevels, riskCatalog, risks, riskThemes, severityLevels, users } from '#models/schema/index.ts'
import { getLevels } from './levels.server.ts'

/** The risk inventory, declared for the inventory kit. */

export type Risk = typeof risks.$inferSelect

export function themeName(language: Language) {
  return localized(riskThemes, 'name', language)
}

const owner = alias(users, 'risk_owner')
const pLevel = alias(probabilityLevels, 'p_level')
const sLevel = alias(severityLevels, 's_level')
const gpLevel = alias(probabilityLevels, 'gp_level')
const gsLevel = alias(severityLevels, 'gs_level')
/**
 * The last day of the acceptance in force today (issue 27): not revoked, from a day not after today to a day
 * after it; null when the risk is not accepted.
 */
const acceptedUntil = sql<
  string | null
>`(select max(a.valid_until)::text from risk_acceptances a where a.risk_id = ${risks.id} and a.revoked_on is null and a.accepted_on <= (now() at time zone 'Europe/Zurich')::date and a.valid_until >= (now() at time zone 'Europe/Zurich')::date)`
const ownerName = sql<string | null>`${owner.firstName} || ' ' || ${owner.lastName}`
const score = sql`coalesce(${pLevel.ref} * ${sLevel.ref}, 0)`

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
    ownerName,
    probability: pLevel.ref,
    severity: sLevel.ref,
    grossProbability: gpLevel.ref,
    grossSeverity: gsLevel.ref,
    acceptedUntil,
    relevance: risks.relevance,
    strategic: risks.strategic,
    dsgRelevant: risks.dsgRelevant,
    measureNeeded: risks.measureNeeded,
    tags: risks.tags,
    updatedAt: risks.updatedAt,
  }
}

function listRows(tx: Executor, language: Language, where: SQL, order: SQL[], page?: Page) {
  const q = tx
    .select(listColumns(language))
    .from(risks)
    .innerJoin(riskThemes, eq(riskThemes.id, risks.themeId))
    .leftJoin(owner, eq(owner.id, risks.ownerUserId))
    .leftJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
    .leftJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
    .leftJoin(gpLevel, eq(gpLevel.id, risks.grossProbabilityLevelId))
    .leftJoin(gsLevel, eq(gsLevel.id, risks.grossSeverityLevelId))
    .where(where)
    .orderBy(...order)
  return page ? q.limit(page.limit).offset(page.offset) : q
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
  /** with an acceptance in force (true) or without (false) */
  accepted?: boolean
  /** the cell names the gross rating (the map's gross view) instead of the net one */
  gross?: boolean
  sort: (typeof RISK_SORTS)[number]
  dir: 'asc' | 'desc'
}

function filters(f: RiskFilter) {
  const conds: (SQL | undefined)[] = []
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
  if (f.cell)
    conds.push(
      f.gross
        ? and(
            sql`${risks.grossProbabilityLevelId} in (select id from probability_levels where ref = ${f.cell.probability})`,
            sql`${risks.grossSeverityLevelId} in (select id from severity_levels where ref = ${f.cell.severity})`,
          )
        : and(eq(pLevel.ref, f.cell.probability), eq(sLevel.ref, f.cell.severity)),
    )
  if (f.accepted !== undefined) conds.push(f.accepted ? sql`${acceptedUntil} is not null` : sql`${acceptedUntil} is null`)
  return conds
}

function order(f: RiskFilter): SQL[] {
  const dir = f.dir === 'desc' ? desc : asc
  const by = { title: risks.title, state: risks.state, owner: owner.lastName, score, updatedAt: risks.updatedAt, idkey: null }[f.sort]
  return by ? [dir(by), asc(risks.idkey)] : [dir(risks.idkey)]
}

async function detailRow(tx: Executor, language: Language, where: SQL) {
  const [row] = await tx
    .select({
      risk: risks,
      themeNumber: riskThemes.leadingNumber,
      themeName: themeName(language),
      ownerName,
      probability: pLevel.ref,
      severity: sLevel.ref,
      grossProbability: gpLevel.ref,
      grossSeverity: gsLevel.ref,
      acceptedUntil,
    })
    .from(risks)
    .innerJoin(riskThemes, eq(riskThemes.id, risks.themeId))
    .leftJoin(owner, eq(owner.id, risks.ownerUserId))
    .leftJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
    .leftJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
    .leftJoin(gpLevel, eq(gpLevel.id, risks.grossProbabilityLevelId))
    .leftJoin(gsLevel, eq(gsLevel.id, risks.grossSeverityLevelId))
    .where(where)
  return row
}
type RiskDetail = NonNullable<Awaited<ReturnType<typeof detailRow>>>

/** The catalogue with the customer's record of each entry (row-level security keeps the join to the customer's own). */
function catalogRows(tx: Executor, language: Language) {
  const col = (k: 'title' | 'description') => localized(riskCatalog, k, language)
  return tx
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
    .leftJoin(risks, eq(risks.catalogId, riskCatalog.id))
    .where(eq(riskCatalog.active, true))
    .orderBy(asc(riskThemes.leadingNumber), asc(riskCatalog.idkey))
}

export type BlockValues = {
  intro: { title: string; ownerUserId: string | null; state: RiskState; tags: string[] }
  analysis: { description: string; relevance: RiskRelevance | null; strategic: boolean }
  evaluation: {
    probabilityLevelId: string | null
    severityLevelId: string | null
    /** The gross rating; left out, it stays as it is. */
    grossProbabilityLevelId?: string | null
    grossSeverityLevelId?: string | null
  }
  steering: { reaction: string; answer: RiskAnswer | null; measureNeeded: boolean }
  dsg: { dsgRelevant: boolean; hasPersonalData: boolean; hasProtectableData: boolean; dsgMeasureNeeded: boolean }
  monitoring: { controlling: string }
}
type CatalogEntry = typeof riskCatalog.$inferSelect
export type IndividualRiskInput = { themeId: string; title: string; description: string; ownerUserId: string | null }

export const riskTool: ToolDeclaration<
  Risk,
  RiskFilter,
  Awaited<ReturnType<typeof listRows>>[number],
  RiskDetail,
  BlockValues,
  CatalogEntry,
  IndividualRiskInput,
  Awaited<ReturnType<typeof catalogRows>>[number]
> = {
  tool: 'risk',
  entity: 'risk',
  audit: 'risk',
  messages: 'risk',
  table: risks,
  themeColumn: risks.themeId,
  counter: 'risk_p_',
  themes: themeOptions(riskThemes, themeName),
  list: {
    rows: listRows,
    async count(tx, where) {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(risks)
        .leftJoin(pLevel, eq(pLevel.id, risks.probabilityLevelId))
        .leftJoin(sLevel, eq(sLevel.id, risks.severityLevelId))
        .where(where)
      return count
    },
    filters,
    order,
  },
  detail: {
    row: detailRow,
    record: (row) => row.risk,
    withoutDsg: withoutDsg('risk'),
    /**
     * What the data protection view may carry of a risk: its number, title, state and DSG block. The
     * assessment texts stay on the server, so they are not in the page's data either.
     */
    dsgView: dsgOnly('risk', {
      description: '',
      reaction: '',
      controlling: '',
      answer: null,
      relevance: null,
      strategic: false,
    }),
  },
  catalog: {
    forCustomer: catalogRows,
    entries: activeEntries<CatalogEntry>(riskCatalog),
    /** A catalogue entry in the customer's language, keeping its reference, number and levels. */
    async values(_tx, access, e) {
      const { probability, severity } = await getLevels(access)
      const pick = inLanguage(e, access.customer.language)
      return {
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
      }
    },
  },
  individual: {
    /** An individual risk: no catalogue reference; its number is the theme's, running, with the suffix _P. */
    async values(tx, _access, input) {
      const theme = await themeOf(tx, riskThemes, input.themeId, 'themeId')
      if (input.ownerUserId) await checkToolOwner(tx, 'risk', input.ownerUserId)
      return {
        leadingNumber: theme.leadingNumber,
        values: { themeId: theme.id, title: input.title, description: input.description, ownerUserId: input.ownerUserId },
      }
    },
  },
  blocks: {
    editable: EDITABLE_RISK_BLOCKS,
    /**
     * The levels of an evaluation must be the customer's; the net rating (after the controls) may not be
     * worse than the gross rating (before them) when both are complete.
     */
    async check(tx, _access, block, given, before) {
      if (block !== 'evaluation') return
      // A field left out keeps the record's value: the rule holds for the rating as it will be.
      const v = { ...before, ...given }
      const refs: Record<string, number> = {}
      for (const [field, levels] of [
        ['probabilityLevelId', probabilityLevels],
        ['severityLevelId', severityLevels],
        ['grossProbabilityLevelId', probabilityLevels],
        ['grossSeverityLevelId', severityLevels],
      ] as const) {
        const id = v[field]
        if (typeof id !== 'string') continue
        const [ok] = await tx.select({ id: levels.id, ref: levels.ref }).from(levels).where(eq(levels.id, id))
        if (!ok) throw new DomainError('invalid', field, 'risk:evaluation.levelInvalid')
        refs[field] = ok.ref
      }
      const net = netScore(refs.probabilityLevelId, refs.severityLevelId)
      const gross = netScore(refs.grossProbabilityLevelId, refs.grossSeverityLevelId)
      if (net !== null && gross !== null && net > gross) throw new DomainError('invalid', 'probabilityLevelId', 'risk:evaluation.netAboveGross')
    },
  },
}

/** A score from its two refs, or null while one is missing. */
function netScore(p: number | undefined, s: number | undefined) {
  return p !== undefined && s !== undefined ? p * s : null
}

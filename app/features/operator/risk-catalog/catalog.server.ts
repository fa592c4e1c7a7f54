import { asc, desc, eq, sql } from 'drizzle-orm'
import { catalogEntries, entryQueries, entryWhere, leadingNumberThemes, THEME_SORTS } from '#app/features/operator/catalog-kit.server.ts'
import { themeOf } from '#models/core/catalog.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { riskCatalog, riskThemes } from '#models/schema/index.ts'

/*
 * The shared risk catalogue and its themes, administered by super admins only
 * (the rules both catalogues share are in catalog-kit). Customers' inventories
 * (table `risks`) hold copies of catalogue entries, so nothing here ever writes
 * to them: a change reaches only later adoptions.
 */

export const CATALOG_SORTS = ['idkey', 'theme', 'titleDe', 'titleFr', 'titleEn'] as const
export type CatalogSort = (typeof CATALOG_SORTS)[number]
export { THEME_SORTS }

export const RISK_LEVEL_MIN = 1
export const RISK_LEVEL_MAX = 5

const MESSAGES = {
  twoChars: 'validation.twoChars',
  leadingNumberTaken: 'catalogs:themes.leadingNumberTaken',
  leadingNumberInUse: 'catalogs:themes.leadingNumberInUse',
  idkeyPrefix: 'catalogs:risks.idkeyPrefix',
  idkeyTaken: 'catalogs:risks.idkeyTaken',
  themeInvalid: 'catalogs:risks.themeInvalid',
  levelInvalid: 'catalogs:risks.levelInvalid',
} as const

// ---------------------------------------------------------------- themes

const themes = leadingNumberThemes({
  table: riskThemes,
  component: 'riskTheme',
  uniqueIndex: 'risk_themes_leading_number',
  messages: { twoChars: MESSAGES.twoChars, taken: MESSAGES.leadingNumberTaken, inUse: MESSAGES.leadingNumberInUse },
  // The leading number is part of every catalogue number of the theme.
  inUse: async (tx, id) => (await tx.select({ id: riskCatalog.id }).from(riskCatalog).where(eq(riskCatalog.themeId, id)).limit(1)).length > 0,
  // Written out with aliases: Drizzle leaves columns unqualified in a one-table select, and a bare "id" would bind inside the subquery.
  counts: { entries: sql<number>`(select count(*)::int from risk_catalog rc where rc.theme_id = risk_themes.id)` },
})
export const listThemes = themes.list
export const themeChoices = themes.choices
export const getTheme = themes.get
export const createTheme = themes.create
export const updateTheme = themes.update

// ---------------------------------------------------------------- catalogue

export type CatalogInput = {
  idkey: string
  themeId: string
  titleDe: string
  titleFr: string
  titleEn: string
  descriptionDe: string
  descriptionFr: string
  descriptionEn: string
  reactionDe: string
  reactionFr: string
  reactionEn: string
  controllingDe: string
  controllingFr: string
  controllingEn: string
  probability: number | null
  severity: number | null
  strategic: boolean
  dsgRelevant: boolean
  hasPersonalData: boolean
  hasProtectableData: boolean
  tags: string[]
}

export type CatalogFilter = {
  themeId?: string
  /** Free text over number, titles, descriptions (all three languages) and tags. */
  q?: string
  active?: boolean
  sort: CatalogSort
  dir: 'asc' | 'desc'
}

const catalogColumns = {
  id: riskCatalog.id,
  idkey: riskCatalog.idkey,
  themeId: riskCatalog.themeId,
  themeNumber: riskThemes.leadingNumber,
  themeNameDe: riskThemes.nameDe,
  themeNameFr: riskThemes.nameFr,
  themeNameEn: riskThemes.nameEn,
  titleDe: riskCatalog.titleDe,
  titleFr: riskCatalog.titleFr,
  titleEn: riskCatalog.titleEn,
  probability: riskCatalog.probability,
  severity: riskCatalog.severity,
  strategic: riskCatalog.strategic,
  dsgRelevant: riskCatalog.dsgRelevant,
  hasPersonalData: riskCatalog.hasPersonalData,
  hasProtectableData: riskCatalog.hasProtectableData,
  tags: riskCatalog.tags,
  active: riskCatalog.active,
  version: riskCatalog.version,
}

const catalogWhere = (f: CatalogFilter) => entryWhere(riskCatalog, f, [[riskCatalog.themeId, f.themeId]], ['description'])

function catalogOrder(f: CatalogFilter) {
  const dir = f.dir === 'desc' ? desc : asc
  if (f.sort === 'theme') return [dir(riskThemes.leadingNumber), asc(riskCatalog.idkey)]
  const column = f.sort === 'idkey' ? riskCatalog.idkey : riskCatalog[f.sort]
  return [dir(column), asc(riskCatalog.idkey)]
}

const queries = entryQueries({
  table: riskCatalog,
  parents: [[riskThemes, eq(riskThemes.id, riskCatalog.themeId)]],
  columns: catalogColumns,
  extra: { themeNumber: riskThemes.leadingNumber },
  where: catalogWhere,
  order: catalogOrder,
})
export const listCatalog = queries.list
export const getCatalogEntry = queries.get

const entries = catalogEntries({
  table: riskCatalog,
  component: 'riskCatalog',
  uniqueIndex: 'risk_catalog_idkey',
  messages: MESSAGES,
  /** An entry's number begins with its theme's leading number. */
  parentKey: async (tx, input: CatalogInput) => (await themeOf(tx, riskThemes, input.themeId, 'themeId', MESSAGES.themeInvalid)).leadingNumber,
  check(input) {
    for (const field of ['probability', 'severity'] as const) {
      const v = input[field]
      if (v !== null && !(Number.isInteger(v) && v >= RISK_LEVEL_MIN && v <= RISK_LEVEL_MAX)) throw new DomainError('invalid', field, MESSAGES.levelInvalid)
    }
  },
})
export const createCatalogEntry = entries.create
export const updateCatalogEntry = entries.update
export const setCatalogEntryActive = entries.setActive

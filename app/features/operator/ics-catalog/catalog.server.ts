import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import { requireOperator } from '#models/core/permissions.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { asOperator } from '#models/core/scope.server.ts'
import {
  entryQueries,
  entryWhere,
  catalogEntries,
  leadingNumberThemes,
  THEME_SORTS,
  valueTaken,
  withUniqueMessage,
} from '#app/features/operator/catalog-kit.server.ts'
import { themeOf } from '#models/core/catalog.server.ts'
import { keyFitsParent } from '#models/core/catalog-keys.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { icsCatalog, icsMainThemes, icsProcesses, icsSubThemes } from '#models/schema/index.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import type { ControlFrequency } from '#models/core/constants.ts'

/*
 * The shared ICS catalogue with its main processes (main themes) and
 * sub-processes (sub-themes), administered by super admins only. Customers'
 * process inventories (table `ics_processes`) hold copies of catalogue
 * entries, so nothing here ever writes to them: a change reaches only later
 * adoptions.
 *
 * The numbers nest: main process '01', sub-process '01.1', entry '01.1.02'.
 */

export const MAIN_THEME_SORTS = THEME_SORTS
export const SUB_THEME_SORTS = ['key', 'nameDe', 'nameFr', 'nameEn'] as const
export type SubThemeSort = (typeof SUB_THEME_SORTS)[number]
export const CATALOG_SORTS = ['idkey', 'titleDe', 'titleFr', 'titleEn'] as const
export type CatalogSort = (typeof CATALOG_SORTS)[number]

const MESSAGES = {
  twoChars: 'validation.twoChars',
  leadingNumberTaken: 'catalogs:ikss.themes.leadingNumberTaken',
  leadingNumberInUse: 'catalogs:ikss.themes.leadingNumberInUse',
  mainInvalid: 'catalogs:ikss.mainInvalid',
  subInvalid: 'catalogs:ikss.subInvalid',
  subKeyPrefix: 'catalogs:ikss.subthemes.keyPrefix',
  subKeyTaken: 'catalogs:ikss.subthemes.keyTaken',
  subKeyInUse: 'catalogs:ikss.subthemes.keyInUse',
  subMismatch: 'catalogs:ikss.catalog.subMismatch',
  idkeyPrefix: 'catalogs:ikss.catalog.idkeyPrefix',
  idkeyTaken: 'catalogs:ikss.catalog.idkeyTaken',
} as const

type Named = { nameDe: string; nameFr: string; nameEn: string }

// ---------------------------------------------------------------- main processes

/** Whether sub-processes, catalogue entries or inventory processes carry the main process's number. */
async function mainThemeInUse(tx: Executor, id: string) {
  const [sub] = await tx.select({ id: icsSubThemes.id }).from(icsSubThemes).where(eq(icsSubThemes.mainThemeId, id)).limit(1)
  if (sub) return true
  const [entry] = await tx.select({ id: icsCatalog.id }).from(icsCatalog).where(eq(icsCatalog.mainThemeId, id)).limit(1)
  if (entry) return true
  const [process] = await tx.select({ id: icsProcesses.id }).from(icsProcesses).where(eq(icsProcesses.mainThemeId, id)).limit(1)
  return Boolean(process)
}

const mainThemes = leadingNumberThemes({
  table: icsMainThemes,
  component: 'icsMainTheme',
  uniqueIndex: 'ics_main_themes_number',
  messages: { twoChars: MESSAGES.twoChars, taken: MESSAGES.leadingNumberTaken, inUse: MESSAGES.leadingNumberInUse },
  inUse: mainThemeInUse,
  // Written out with aliases: Drizzle leaves columns unqualified in a one-table select, and a bare "id" would bind inside the subquery.
  counts: {
    subThemes: sql<number>`(select count(*)::int from ics_sub_themes st where st.main_theme_id = ics_main_themes.id)`,
    entries: sql<number>`(select count(*)::int from ics_catalog ic where ic.main_theme_id = ics_main_themes.id)`,
    processes: sql<number>`(select count(*)::int from ics_processes ip where ip.main_theme_id = ics_main_themes.id)`,
  },
})
export const listMainThemes = mainThemes.list
export const mainThemeChoices = mainThemes.choices
export const getMainTheme = mainThemes.get
export const createMainTheme = mainThemes.create
export const updateMainTheme = mainThemes.update

// ---------------------------------------------------------------- sub-processes

export type SubThemeInput = Named & { key: string; mainThemeId: string }
export type SubThemeFilter = { mainThemeId?: string; sort: SubThemeSort; dir: 'asc' | 'desc' }

const subThemeColumns = {
  id: icsSubThemes.id,
  key: icsSubThemes.key,
  mainThemeId: icsSubThemes.mainThemeId,
  mainNumber: icsMainThemes.leadingNumber,
  mainNameDe: icsMainThemes.nameDe,
  mainNameFr: icsMainThemes.nameFr,
  mainNameEn: icsMainThemes.nameEn,
  nameDe: icsSubThemes.nameDe,
  nameFr: icsSubThemes.nameFr,
  nameEn: icsSubThemes.nameEn,
  version: icsSubThemes.version,
  entries: sql<number>`(select count(*)::int from ics_catalog ic where ic.sub_theme_id = ${icsSubThemes.id})`,
  processes: sql<number>`(select count(*)::int from ics_processes ip where ip.sub_theme_id = ${icsSubThemes.id})`,
}

/** Sub-processes with their main process and the number of catalogue entries each; optionally of one main process. */
export async function listSubThemes(access: Access, f: SubThemeFilter = { sort: 'key', dir: 'asc' }, page?: { limit: number; offset: number }) {
  requireOperator(access)
  const where = f.mainThemeId && isUuid(f.mainThemeId) ? eq(icsSubThemes.mainThemeId, f.mainThemeId) : undefined
  const dir = f.dir === 'desc' ? desc : asc
  const query = db()
    .select(subThemeColumns)
    .from(icsSubThemes)
    .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsSubThemes.mainThemeId))
    .where(where)
    .orderBy(dir(icsSubThemes[f.sort]), asc(icsSubThemes.key))
  if (!page) {
    const rows = await query
    return { rows, total: rows.length }
  }
  const [rows, [{ count }]] = await Promise.all([
    query.limit(page.limit).offset(page.offset),
    db().select({ count: sql<number>`count(*)::int` }).from(icsSubThemes).where(where),
  ])
  return { rows, total: count }
}

export async function getSubTheme(access: Access, id: string) {
  requireOperator(access)
  if (!isUuid(id)) return null
  const [row] = await db()
    .select(subThemeColumns)
    .from(icsSubThemes)
    .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsSubThemes.mainThemeId))
    .where(eq(icsSubThemes.id, id))
    .limit(1)
  return row ?? null
}

/** The stored form of a sub-process; every rule the database does not enforce is checked here. */
async function checkedSubTheme(tx: Executor, input: SubThemeInput, exceptId?: string) {
  const main = await themeOf(tx, icsMainThemes, input.mainThemeId, 'mainThemeId', MESSAGES.mainInvalid)
  const key = input.key.trim()
  if (!keyFitsParent(key, main.leadingNumber)) throw new DomainError('invalid', 'key', MESSAGES.subKeyPrefix)
  if (await valueTaken(tx, icsSubThemes.key, icsSubThemes.id, key, exceptId)) throw new DomainError('invalid', 'key', MESSAGES.subKeyTaken)
  return { key, mainThemeId: input.mainThemeId, nameDe: input.nameDe, nameFr: input.nameFr, nameEn: input.nameEn }
}

/** Whether catalogue entries or inventory processes belong to the sub-process (and so carry its number). */
async function subThemeInUse(tx: Executor, id: string) {
  const [entry] = await tx.select({ id: icsCatalog.id }).from(icsCatalog).where(eq(icsCatalog.subThemeId, id)).limit(1)
  if (entry) return true
  const [process] = await tx.select({ id: icsProcesses.id }).from(icsProcesses).where(eq(icsProcesses.subThemeId, id)).limit(1)
  return Boolean(process)
}

const withSubKeyMessage = <T>(write: () => Promise<T>) => withUniqueMessage(write, 'ics_sub_themes_key', 'key', MESSAGES.subKeyTaken)

export async function createSubTheme(access: Access, input: SubThemeInput) {
  requireOperator(access)
  return withSubKeyMessage(() =>
    asOperator(access, 'ICS catalogue', async (tx) => {
      const values = await checkedSubTheme(tx, input)
      const [row] = await tx.insert(icsSubThemes).values(values).returning()
      await writeAudit(tx, access, { component: 'icsSubTheme', action: 'Created', entityId: row.id, changes: diff(null, values), customerId: null })
      return row
    }),
  )
}

/** The key and main process stay while catalogue entries or inventory processes belong to the sub-process; its names may change. */
export async function updateSubTheme(access: Access, id: string, input: SubThemeInput, version: number) {
  requireOperator(access)
  if (!isUuid(id)) throw new DomainError('not-found')
  return withSubKeyMessage(() =>
    asOperator(access, 'ICS catalogue', async (tx) => {
      const before = await lockVersioned(tx, icsSubThemes, id, version)
      const changes = await checkedSubTheme(tx, input, id)
      if ((before.key !== changes.key || before.mainThemeId !== changes.mainThemeId) && (await subThemeInUse(tx, id))) {
        throw new DomainError('invalid', 'key', MESSAGES.subKeyInUse)
      }
      return updateVersioned(tx, access, { table: icsSubThemes, before, set: changes, audit: { component: 'icsSubTheme', customerId: null } })
    }),
  )
}

// ---------------------------------------------------------------- catalogue

export type CatalogInput = {
  idkey: string
  mainThemeId: string
  subThemeId: string
  titleDe: string
  titleFr: string
  titleEn: string
  descriptionDe: string
  descriptionFr: string
  descriptionEn: string
  defaultControlTargetDe: string
  defaultControlTargetFr: string
  defaultControlTargetEn: string
  defaultControlActivityDe: string
  defaultControlActivityFr: string
  defaultControlActivityEn: string
  /** The frequency and test procedure a fund's process adopted from the entry starts with. */
  defaultFrequency?: ControlFrequency
  defaultProcedureDe?: string
  defaultProcedureFr?: string
  defaultProcedureEn?: string
  dsgRelevant: boolean
  tags: string[]
}

export type CatalogFilter = {
  mainThemeId?: string
  subThemeId?: string
  /** Free text over number, titles, descriptions, default control target and activity (all three languages) and tags. */
  q?: string
  active?: boolean
  sort: CatalogSort
  dir: 'asc' | 'desc'
}

const catalogColumns = {
  id: icsCatalog.id,
  idkey: icsCatalog.idkey,
  mainThemeId: icsCatalog.mainThemeId,
  subThemeId: icsCatalog.subThemeId,
  mainNumber: icsMainThemes.leadingNumber,
  subKey: icsSubThemes.key,
  subNameDe: icsSubThemes.nameDe,
  subNameFr: icsSubThemes.nameFr,
  subNameEn: icsSubThemes.nameEn,
  titleDe: icsCatalog.titleDe,
  titleFr: icsCatalog.titleFr,
  titleEn: icsCatalog.titleEn,
  defaultFrequency: icsCatalog.defaultFrequency,
  dsgRelevant: icsCatalog.dsgRelevant,
  tags: icsCatalog.tags,
  active: icsCatalog.active,
  version: icsCatalog.version,
}

const catalogWhere = (f: CatalogFilter) =>
  entryWhere(
    icsCatalog,
    f,
    [
      [icsCatalog.mainThemeId, f.mainThemeId],
      [icsCatalog.subThemeId, f.subThemeId],
    ],
    ['description', 'defaultControlTarget', 'defaultControlActivity', 'defaultProcedure'],
  )

const queries = entryQueries({
  table: icsCatalog,
  parents: [
    [icsMainThemes, eq(icsMainThemes.id, icsCatalog.mainThemeId)],
    [icsSubThemes, eq(icsSubThemes.id, icsCatalog.subThemeId)],
  ],
  columns: catalogColumns,
  extra: { subKey: icsSubThemes.key },
  where: catalogWhere,
  order: (f: CatalogFilter) => [(f.dir === 'desc' ? desc : asc)(icsCatalog[f.sort]), asc(icsCatalog.idkey)],
})
export const listCatalog = queries.list
export const getCatalogEntry = queries.get

const entries = catalogEntries({
  table: icsCatalog,
  component: 'icsCatalog',
  uniqueIndex: 'ics_catalog_idkey',
  messages: MESSAGES,
  /** An entry's number begins with its sub-process's key; the sub-process belongs to the main process. */
  async parentKey(tx, input: CatalogInput) {
    const main = await themeOf(tx, icsMainThemes, input.mainThemeId, 'mainThemeId', MESSAGES.mainInvalid)
    const sub = await themeOf(tx, icsSubThemes, input.subThemeId, 'subThemeId', MESSAGES.subInvalid)
    if (sub.mainThemeId !== main.id) throw new DomainError('invalid', 'subThemeId', MESSAGES.subMismatch)
    return sub.key
  },
})
export const createCatalogEntry = entries.create
/** Inventory processes adopted from the entry keep their copies; the change reaches only later adoptions. */
export const updateCatalogEntry = entries.update
export const setCatalogEntryActive = entries.setActive

import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import { isUniqueViolation, isUuid, likeTerm } from './sql-helpers.ts'
import type { Access } from './access.ts'
import { diff, writeAudit } from './audit.server.ts'
import { LEADING_NUMBER_LENGTH } from './constants.ts'
import { db, type Executor } from './db.server.ts'
import { DomainError } from './errors.ts'
import { riskCatalog, riskThemes } from './schema/index.ts'

/*
 * The shared risk catalogue and its themes, administered by super admins only.
 * Customers' inventories (table `risks`) hold copies of catalogue entries, so
 * nothing here ever writes to them: a change reaches only later adoptions.
 */

export type RiskTheme = typeof riskThemes.$inferSelect
export type CatalogEntry = typeof riskCatalog.$inferSelect

export const CATALOG_SORTS = ['idkey', 'theme', 'titleDe', 'titleFr', 'titleEn'] as const
export type CatalogSort = (typeof CATALOG_SORTS)[number]
export const THEME_SORTS = ['leadingNumber', 'nameDe', 'nameFr', 'nameEn'] as const
export type ThemeSort = (typeof THEME_SORTS)[number]

export const RISK_LEVEL_MIN = 1
export const RISK_LEVEL_MAX = 5

const MESSAGES = {
  twoChars: 'validation.twoChars',
  leadingNumberTaken: 'sadmin:themes.leadingNumberTaken',
  leadingNumberInUse: 'sadmin:themes.leadingNumberInUse',
  idkeyPrefix: 'sadmin:risks.idkeyPrefix',
  idkeyTaken: 'sadmin:risks.idkeyTaken',
  themeInvalid: 'sadmin:risks.themeInvalid',
  levelInvalid: 'sadmin:risks.levelInvalid',
} as const

function requireSuper(access: Access) {
  if (!access.user.isSuperAdmin) throw new DomainError('forbidden')
}


/** The catalogue number starts with its theme's leading number and a dot, then the running part: '02.07'. */
export function idkeyFitsTheme(idkey: string, leadingNumber: string) {
  return idkey.startsWith(`${leadingNumber}.`) && idkey.length > leadingNumber.length + 1 && !/\s/.test(idkey)
}



// ---------------------------------------------------------------- themes

export type ThemeInput = { leadingNumber: string; nameDe: string; nameFr: string; nameEn: string }
export type ThemeFilter = { sort: ThemeSort; dir: 'asc' | 'desc' }

const themeColumns = {
  id: riskThemes.id,
  leadingNumber: riskThemes.leadingNumber,
  nameDe: riskThemes.nameDe,
  nameFr: riskThemes.nameFr,
  nameEn: riskThemes.nameEn,
  version: riskThemes.version,
  // Written out with aliases: Drizzle leaves columns unqualified in a one-table select, and a bare "id" would bind inside the subquery.
  entries: sql<number>`(select count(*)::int from risk_catalog rc where rc.theme_id = risk_themes.id)`,
}

/** All themes with the number of catalogue entries each; without paging there are few. */
export async function listThemes(access: Access, f: ThemeFilter = { sort: 'leadingNumber', dir: 'asc' }, page?: { limit: number; offset: number }) {
  requireSuper(access)
  const dir = f.dir === 'desc' ? desc : asc
  const column = riskThemes[f.sort]
  const query = db()
    .select(themeColumns)
    .from(riskThemes)
    .orderBy(dir(column), asc(riskThemes.leadingNumber))
  const [rows, [{ count }]] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    db().select({ count: sql<number>`count(*)::int` }).from(riskThemes),
  ])
  return { rows, total: count }
}

export async function getTheme(access: Access, id: string) {
  requireSuper(access)
  if (!isUuid(id)) return null
  const [row] = await db().select(themeColumns).from(riskThemes).where(eq(riskThemes.id, id)).limit(1)
  return row ?? null
}

function checkLeadingNumber(leadingNumber: string) {
  if ([...leadingNumber].length !== LEADING_NUMBER_LENGTH) throw new DomainError('invalid', 'leadingNumber', MESSAGES.twoChars)
}

async function leadingNumberTaken(tx: Executor, leadingNumber: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: riskThemes.id })
    .from(riskThemes)
    .where(and(eq(riskThemes.leadingNumber, leadingNumber), exceptId ? ne(riskThemes.id, exceptId) : undefined))
    .limit(1)
  return Boolean(row)
}

export async function createTheme(access: Access, input: ThemeInput) {
  requireSuper(access)
  checkLeadingNumber(input.leadingNumber)
  try {
    return await db().transaction(async (tx) => {
      if (await leadingNumberTaken(tx, input.leadingNumber)) throw new DomainError('invalid', 'leadingNumber', MESSAGES.leadingNumberTaken)
      const values = { leadingNumber: input.leadingNumber, nameDe: input.nameDe, nameFr: input.nameFr, nameEn: input.nameEn }
      const [row] = await tx.insert(riskThemes).values(values).returning()
      await writeAudit(tx, access, { component: 'riskTheme', action: 'Created', entityId: row.id, changes: diff(null, values), customerId: null })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error, 'risk_themes_leading_number')) throw new DomainError('invalid', 'leadingNumber', MESSAGES.leadingNumberTaken)
    throw error
  }
}

/**
 * The leading number is part of every catalogue number of the theme, so it
 * can only change while the theme has no catalogue entries.
 */
export async function updateTheme(access: Access, id: string, input: ThemeInput, version: number) {
  requireSuper(access)
  checkLeadingNumber(input.leadingNumber)
  if (!isUuid(id)) throw new DomainError('not-found')
  try {
    return await db().transaction(async (tx) => {
      const [before] = await tx.select().from(riskThemes).where(eq(riskThemes.id, id)).for('update')
      if (!before) throw new DomainError('not-found')
      if (before.version !== version) throw new DomainError('stale')
      if (before.leadingNumber !== input.leadingNumber) {
        if (await leadingNumberTaken(tx, input.leadingNumber, id)) throw new DomainError('invalid', 'leadingNumber', MESSAGES.leadingNumberTaken)
        const [used] = await tx.select({ id: riskCatalog.id }).from(riskCatalog).where(eq(riskCatalog.themeId, id)).limit(1)
        if (used) throw new DomainError('invalid', 'leadingNumber', MESSAGES.leadingNumberInUse)
      }
      const changes = { leadingNumber: input.leadingNumber, nameDe: input.nameDe, nameFr: input.nameFr, nameEn: input.nameEn }
      const [after] = await tx
        .update(riskThemes)
        .set({ ...changes, version: sql`${riskThemes.version} + 1`, updatedAt: new Date() })
        .where(eq(riskThemes.id, id))
        .returning()
      await writeAudit(tx, access, { component: 'riskTheme', action: 'Updated', entityId: id, changes: diff(before, changes), customerId: null })
      return after
    })
  } catch (error) {
    if (isUniqueViolation(error, 'risk_themes_leading_number')) throw new DomainError('invalid', 'leadingNumber', MESSAGES.leadingNumberTaken)
    throw error
  }
}

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

function catalogWhere(f: CatalogFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.themeId && isUuid(f.themeId)) conds.push(eq(riskCatalog.themeId, f.themeId))
  if (f.active !== undefined) conds.push(eq(riskCatalog.active, f.active))
  if (f.q) {
    const term = likeTerm(f.q)
    conds.push(
      or(
        ilike(riskCatalog.idkey, term),
        ilike(riskCatalog.titleDe, term),
        ilike(riskCatalog.titleFr, term),
        ilike(riskCatalog.titleEn, term),
        ilike(riskCatalog.descriptionDe, term),
        ilike(riskCatalog.descriptionFr, term),
        ilike(riskCatalog.descriptionEn, term),
        sql`array_to_string(${riskCatalog.tags}, ' ') ilike ${term}`,
      ),
    )
  }
  return conds.length ? and(...conds) : undefined
}

function catalogOrder(f: CatalogFilter) {
  const dir = f.dir === 'desc' ? desc : asc
  if (f.sort === 'theme') return [dir(riskThemes.leadingNumber), asc(riskCatalog.idkey)]
  const column = f.sort === 'idkey' ? riskCatalog.idkey : riskCatalog[f.sort]
  return [dir(column), asc(riskCatalog.idkey)]
}

export type CatalogRow = Awaited<ReturnType<typeof listCatalog>>['rows'][number]

export async function listCatalog(access: Access, f: CatalogFilter, page: { limit: number; offset: number }) {
  requireSuper(access)
  const where = catalogWhere(f)
  const [rows, [{ count }]] = await Promise.all([
    db()
      .select(catalogColumns)
      .from(riskCatalog)
      .innerJoin(riskThemes, eq(riskThemes.id, riskCatalog.themeId))
      .where(where)
      .orderBy(...catalogOrder(f))
      .limit(page.limit)
      .offset(page.offset),
    db().select({ count: sql<number>`count(*)::int` }).from(riskCatalog).where(where),
  ])
  return { rows, total: count }
}

export async function getCatalogEntry(access: Access, id: string) {
  requireSuper(access)
  if (!isUuid(id)) return null
  const [row] = await db()
    .select({ entry: riskCatalog, themeNumber: riskThemes.leadingNumber })
    .from(riskCatalog)
    .innerJoin(riskThemes, eq(riskThemes.id, riskCatalog.themeId))
    .where(eq(riskCatalog.id, id))
    .limit(1)
  return row ? { ...row.entry, themeNumber: row.themeNumber } : null
}

/** The stored form of an input; every rule the database does not enforce is checked here. */
async function checkedValues(tx: Executor, input: CatalogInput, exceptId?: string) {
  if (!isUuid(input.themeId)) throw new DomainError('invalid', 'themeId', MESSAGES.themeInvalid)
  const [theme] = await tx.select().from(riskThemes).where(eq(riskThemes.id, input.themeId)).limit(1)
  if (!theme) throw new DomainError('invalid', 'themeId', MESSAGES.themeInvalid)
  const idkey = input.idkey.trim()
  if (!idkeyFitsTheme(idkey, theme.leadingNumber)) throw new DomainError('invalid', 'idkey', MESSAGES.idkeyPrefix)
  for (const field of ['probability', 'severity'] as const) {
    const v = input[field]
    if (v !== null && !(Number.isInteger(v) && v >= RISK_LEVEL_MIN && v <= RISK_LEVEL_MAX)) throw new DomainError('invalid', field, MESSAGES.levelInvalid)
  }
  const [taken] = await tx
    .select({ id: riskCatalog.id })
    .from(riskCatalog)
    .where(and(eq(riskCatalog.idkey, idkey), exceptId ? ne(riskCatalog.id, exceptId) : undefined))
    .limit(1)
  if (taken) throw new DomainError('invalid', 'idkey', MESSAGES.idkeyTaken)
  const tags = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))]
  return { ...input, idkey, tags }
}

export async function createCatalogEntry(access: Access, input: CatalogInput) {
  requireSuper(access)
  try {
    return await db().transaction(async (tx) => {
      const values = await checkedValues(tx, input)
      const [row] = await tx.insert(riskCatalog).values(values).returning()
      await writeAudit(tx, access, { component: 'riskCatalog', action: 'Created', entityId: row.id, changes: diff(null, values), customerId: null })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error, 'risk_catalog_idkey')) throw new DomainError('invalid', 'idkey', MESSAGES.idkeyTaken)
    throw error
  }
}

async function lockEntry(tx: Executor, id: string, version: number) {
  if (!isUuid(id)) throw new DomainError('not-found')
  const [row] = await tx.select().from(riskCatalog).where(eq(riskCatalog.id, id)).for('update')
  if (!row) throw new DomainError('not-found')
  if (row.version !== version) throw new DomainError('stale')
  return row
}

export async function updateCatalogEntry(access: Access, id: string, input: CatalogInput, version: number) {
  requireSuper(access)
  try {
    return await db().transaction(async (tx) => {
      const before = await lockEntry(tx, id, version)
      const changes = await checkedValues(tx, input, id)
      const [after] = await tx
        .update(riskCatalog)
        .set({ ...changes, version: sql`${riskCatalog.version} + 1`, updatedAt: new Date() })
        .where(eq(riskCatalog.id, id))
        .returning()
      await writeAudit(tx, access, { component: 'riskCatalog', action: 'Updated', entityId: id, changes: diff(before, changes), customerId: null })
      return after
    })
  } catch (error) {
    if (isUniqueViolation(error, 'risk_catalog_idkey')) throw new DomainError('invalid', 'idkey', MESSAGES.idkeyTaken)
    throw error
  }
}

/**
 * Entries are deactivated rather than deleted: inventories may have adopted
 * them. An inactive entry is no longer offered for adoption.
 */
export async function setCatalogEntryActive(access: Access, id: string, active: boolean, version: number) {
  requireSuper(access)
  return db().transaction(async (tx) => {
    const before = await lockEntry(tx, id, version)
    if (before.active === active) return before
    const [after] = await tx
      .update(riskCatalog)
      .set({ active, version: sql`${riskCatalog.version} + 1`, updatedAt: new Date() })
      .where(eq(riskCatalog.id, id))
      .returning()
    await writeAudit(tx, access, { component: 'riskCatalog', action: 'Updated', entityId: id, changes: diff(before, { active }), customerId: null })
    return after
  })
}

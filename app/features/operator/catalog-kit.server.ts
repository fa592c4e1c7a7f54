import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Access } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { keyFitsParent } from '#models/core/catalog-keys.ts'
import { LEADING_NUMBER_LENGTH } from '#models/core/constants.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { asOperator } from '#models/core/scope.server.ts'
import { requireOperator } from '#models/core/permissions.ts'
import { DomainError } from '#models/core/errors.ts'
import type { icsCatalog, icsMainThemes, riskCatalog, riskThemes } from '#models/schema/index.ts'
import { isUniqueViolation, isUuid, likeTerm } from '#models/core/sql-helpers.ts'

/*
 * What the operator's two shared catalogues have in common: the risk catalogue
 * with its themes and the ICS catalogue with its main processes. Both keep
 * themes with a two-character leading number and three names, and entries
 * with a number, an active flag and a version; the rules are the same, so
 * they live here once. Catalogue-specific checks are passed in.
 */

/** Whether another row than `exceptId` already holds the value in a unique column. */
export async function valueTaken(tx: Executor, column: PgColumn, idColumn: PgColumn, value: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: idColumn })
    .from(column.table)
    .where(and(eq(column, value), exceptId ? ne(idColumn, exceptId) : undefined))
    .limit(1)
  return Boolean(row)
}

/** Runs a write and turns a clash on the unique index (a concurrent insert) into the same message the check gives. */
export async function withUniqueMessage<T>(write: () => Promise<T>, index: string, field: string, message: string): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, index)) throw new DomainError('invalid', field, message)
    throw error
  }
}

// ---------------------------------------------------------------- themes with a leading number

// Risk themes and ICS main processes have the same columns; only the table name differs.
type ThemeTable = typeof riskThemes
export type ThemeInput = { leadingNumber: string; nameDe: string; nameFr: string; nameEn: string }
export type ThemeRow = ThemeInput & { id: string; version: number }
export const THEME_SORTS = ['leadingNumber', 'nameDe', 'nameFr', 'nameEn'] as const
export type ThemeFilter = { sort: (typeof THEME_SORTS)[number]; dir: 'asc' | 'desc' }

export function leadingNumberThemes<Counts extends Record<string, SQL<number>>>(opts: {
  table: typeof riskThemes | typeof icsMainThemes
  component: string
  uniqueIndex: string
  messages: { twoChars: string; taken: string; inUse: string }
  /** Whether anything carries the theme's number, so that it may no longer change. */
  inUse: (tx: Executor, id: string) => Promise<boolean>
  /** Counts shown in the list, as subqueries on the theme's table. */
  counts: Counts
}) {
  const table = opts.table as ThemeTable
  const columns = {
    id: table.id,
    leadingNumber: table.leadingNumber,
    nameDe: table.nameDe,
    nameFr: table.nameFr,
    nameEn: table.nameEn,
    version: table.version,
    ...opts.counts,
  }
  type Row = ThemeRow & { [K in keyof Counts]: number }

  const check = (leadingNumber: string) => {
    if ([...leadingNumber].length !== LEADING_NUMBER_LENGTH) throw new DomainError('invalid', 'leadingNumber', opts.messages.twoChars)
  }
  const taken = (tx: Executor, leadingNumber: string, exceptId?: string) => valueTaken(tx, table.leadingNumber, table.id, leadingNumber, exceptId)
  const guarded = <T>(write: () => Promise<T>) => withUniqueMessage(write, opts.uniqueIndex, 'leadingNumber', opts.messages.taken)
  const values = (input: ThemeInput) => ({ leadingNumber: input.leadingNumber, nameDe: input.nameDe, nameFr: input.nameFr, nameEn: input.nameEn })

  return {
    /** All themes with their counts; without paging, since there are few. */
    async list(access: Access, f: ThemeFilter = { sort: 'leadingNumber', dir: 'asc' }, page?: { limit: number; offset: number }) {
      requireOperator(access)
      const dir = f.dir === 'desc' ? desc : asc
      const query = db().select(columns).from(table).orderBy(dir(table[f.sort]), asc(table.leadingNumber))
      if (!page) {
        const rows = (await query) as Row[]
        return { rows, total: rows.length }
      }
      const [rows, [{ count }]] = await Promise.all([
        query.limit(page.limit).offset(page.offset),
        db().select({ count: sql<number>`count(*)::int` }).from(table),
      ])
      return { rows: rows as Row[], total: count }
    },

    /** The themes to choose from (a filter, a form): number and names, by number, without the list's counts. */
    async choices(access: Access) {
      requireOperator(access)
      return db()
        .select({ id: table.id, leadingNumber: table.leadingNumber, nameDe: table.nameDe, nameFr: table.nameFr, nameEn: table.nameEn })
        .from(table)
        .orderBy(asc(table.leadingNumber))
    },

    async get(access: Access, id: string) {
      requireOperator(access)
      if (!isUuid(id)) return null
      const [row] = await db().select(columns).from(table).where(eq(table.id, id)).limit(1)
      return (row as Row | undefined) ?? null
    },

    async create(access: Access, input: ThemeInput) {
      requireOperator(access)
      check(input.leadingNumber)
      return guarded(() =>
        asOperator(access, 'catalogue', async (tx) => {
          if (await taken(tx, input.leadingNumber)) throw new DomainError('invalid', 'leadingNumber', opts.messages.taken)
          const [row] = await tx.insert(table).values(values(input)).returning()
          await writeAudit(tx, access, { component: opts.component, action: 'Created', entityId: row.id, changes: diff(null, values(input)), customerId: null })
          return row
        }),
      )
    },

    /** The leading number begins the numbers of everything under the theme, so it changes only while nothing carries it. */
    async update(access: Access, id: string, input: ThemeInput, version: number) {
      requireOperator(access)
      check(input.leadingNumber)
      if (!isUuid(id)) throw new DomainError('not-found')
      return guarded(() =>
        asOperator(access, 'catalogue', async (tx) => {
          const before = await lockVersioned(tx, table, id, version)
          if (before.leadingNumber !== input.leadingNumber) {
            if (await taken(tx, input.leadingNumber, id)) throw new DomainError('invalid', 'leadingNumber', opts.messages.taken)
            if (await opts.inUse(tx, id)) throw new DomainError('invalid', 'leadingNumber', opts.messages.inUse)
          }
          return updateVersioned(tx, access, { table, before, set: values(input), audit: { component: opts.component, customerId: null } })
        }),
      )
    },
  }
}

// ---------------------------------------------------------------- catalogue entries

type EntryTable = typeof riskCatalog | typeof icsCatalog

/**
 * Create, update and (de)activate for the entries of one catalogue. `parentKey` checks the entry's parents
 * (throwing a field message for a missing one) and returns the key its number must begin with; `check` adds
 * the catalogue's own rules the database does not enforce. The kit trims the number, checks its prefix and
 * that no other entry holds it, and drops empty and repeated tags.
 * Inventories hold copies of entries, so nothing here writes to them: a change reaches only later adoptions.
 */
export function catalogEntries<T extends EntryTable, Input extends T['$inferInsert'] & { idkey: string; tags: string[] }>(opts: {
  table: T
  component: string
  uniqueIndex: string
  messages: { idkeyPrefix: string; idkeyTaken: string }
  parentKey: (tx: Executor, input: Input) => Promise<string>
  check?: (input: Input) => void
}) {
  // The operations below touch only id, idkey, active, version and updatedAt, which both tables share.
  const table = opts.table as typeof riskCatalog
  type Entry = T['$inferSelect']
  const guarded = <R>(write: () => Promise<R>) => withUniqueMessage(write, opts.uniqueIndex, 'idkey', opts.messages.idkeyTaken)

  /** The stored form of an input; every rule the database does not enforce is checked here. */
  async function checked(tx: Executor, input: Input, exceptId?: string): Promise<Input> {
    const prefix = await opts.parentKey(tx, input)
    const idkey = input.idkey.trim()
    if (!keyFitsParent(idkey, prefix)) throw new DomainError('invalid', 'idkey', opts.messages.idkeyPrefix)
    opts.check?.(input)
    if (await valueTaken(tx, table.idkey, table.id, idkey, exceptId)) throw new DomainError('invalid', 'idkey', opts.messages.idkeyTaken)
    const tags = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))]
    return { ...input, idkey, tags }
  }

  return {
    async create(access: Access, input: Input): Promise<Entry> {
      requireOperator(access)
      return guarded(() =>
        asOperator(access, 'catalogue', async (tx) => {
          const values = await checked(tx, input)
          const [row] = await tx
            .insert(table)
            .values(values as typeof riskCatalog.$inferInsert)
            .returning()
          await writeAudit(tx, access, { component: opts.component, action: 'Created', entityId: row.id, changes: diff(null, values), customerId: null })
          return row as Entry
        }),
      )
    },

    async update(access: Access, id: string, input: Input, version: number): Promise<Entry> {
      requireOperator(access)
      return guarded(() =>
        asOperator(access, 'catalogue', async (tx) => {
          const before = await lockVersioned(tx, table, id, version)
          const changes = await checked(tx, input, id)
          return (await updateVersioned(tx, access, { table, before, set: changes, audit: { component: opts.component, customerId: null } })) as Entry
        }),
      )
    },

    /** Entries are deactivated rather than deleted, since inventories may have adopted them; an inactive entry is no longer offered. */
    async setActive(access: Access, id: string, active: boolean, version: number): Promise<Entry> {
      requireOperator(access)
      return asOperator(access, 'catalogue', async (tx) => {
        const before = await lockVersioned(tx, table, id, version)
        if (before.active === active) return before as Entry
        return (await updateVersioned(tx, access, { table, before, set: { active }, audit: { component: opts.component, customerId: null } })) as Entry
      })
    },
  }
}

type Page = { limit: number; offset: number }

/**
 * The two reads of a catalogue's entries: one page of the list and one entry by id. A catalogue declares
 * its parents (the tables joined to every entry), the list's columns, what the detail adds to the entry
 * from its parents, its filter and its order; the queries themselves are the same for every catalogue.
 */
export function entryQueries<T extends EntryTable, F, Columns extends SelectedFields, Extra extends Record<string, PgColumn>>(opts: {
  table: T
  parents: [PgTable, SQL][]
  columns: Columns
  extra: Extra
  where: (f: F) => SQL | undefined
  order: (f: F) => SQL[]
}) {
  const table = opts.table as typeof riskCatalog
  // The selection's type depends on the catalogue, so the query is typed by its rows below.
  const joined = (select: SelectedFields) => {
    let query: PgSelect = db().select(select).from(table).$dynamic()
    for (const [parent, on] of opts.parents) query = query.innerJoin(parent, on)
    return query
  }
  type Row = SelectResultFields<Columns>
  type Entry = T['$inferSelect'] & SelectResultFields<Extra>

  return {
    /** One page of the entries and how many match. */
    async list(access: Access, f: F, page: Page): Promise<{ rows: Row[]; total: number }> {
      requireOperator(access)
      const where = opts.where(f)
      const [rows, [{ count }]] = await Promise.all([
        joined(opts.columns)
          .where(where)
          .orderBy(...opts.order(f))
          .limit(page.limit)
          .offset(page.offset),
        db().select({ count: sql<number>`count(*)::int` }).from(table).where(where),
      ])
      return { rows: rows as Row[], total: count }
    },

    /** One entry with what its parents add, or null for an unknown or malformed id. */
    async get(access: Access, id: string): Promise<Entry | null> {
      requireOperator(access)
      if (!isUuid(id)) return null
      const [row] = await joined({ entry: table, extra: opts.extra }).where(eq(table.id, id)).limit(1)
      return row ? ({ ...row.entry, ...row.extra } as Entry) : null
    },
  }
}

/**
 * The filter of a catalogue list: the parent ids (`parents`, column and chosen id), the state, and a text
 * found in the number, the texts (`texts`: the column names without language) or the tags.
 */
export function entryWhere(
  table: EntryTable,
  f: { active?: boolean; q?: string },
  parents: [PgColumn, string | undefined][],
  texts: readonly string[],
): SQL | undefined {
  const t = table as unknown as Record<string, PgColumn> & typeof riskCatalog
  const conds: (SQL | undefined)[] = parents.map(([column, id]) => (id && isUuid(id) ? eq(column, id) : undefined))
  if (f.active !== undefined) conds.push(eq(t.active, f.active))
  if (f.q) {
    const term = likeTerm(f.q)
    const columns = ['title', ...texts].flatMap((text) => ['De', 'Fr', 'En'].map((l) => t[`${text}${l}`]))
    conds.push(or(ilike(t.idkey, term), ...columns.map((c) => ilike(c, term)), sql`array_to_string(${t.tags}, ' ') ilike ${term}`))
  }
  const set = conds.filter(Boolean)
  return set.length ? and(...set) : undefined
}

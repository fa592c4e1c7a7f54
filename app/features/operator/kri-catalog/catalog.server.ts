import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import type { KriComputed, KriDirection, KriUnit, Language } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { requireOperator } from '#models/core/permissions.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { asOperator } from '#models/core/scope.server.ts'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { kriCatalog, kris } from '#models/schema/index.ts'
import { valueTaken, withUniqueMessage } from '../catalog-kit.server.ts'

/*
 * The operator's KRI catalogue (issue 27), shared by every fund (no customer_id). A fund chooses entries
 * as its KRIs and sets its own thresholds from the defaults, so nothing here writes to a fund's KRIs.
 * The key names an entry for the import and the demo data and never changes; the unit, the direction
 * and whether the product computes the figure change only while no fund follows the entry (its values
 * and thresholds would mean something else). Entries are deactivated, never deleted.
 */

export type KriCatalogEntry = typeof kriCatalog.$inferSelect

export type KriEntryInput = {
  key: string
  nameDe: string
  nameFr: string
  nameEn: string
  descriptionDe: string
  descriptionFr: string
  descriptionEn: string
  legalBasis: string
  unit: KriUnit
  direction: KriDirection
  computed: KriComputed | null
  /** Decimal text with a dot, or null. */
  defaultAmber: string | null
  defaultRed: string | null
  sort: number
  active: boolean
}

export const KRI_SORTS = ['sort', 'key', 'name'] as const
export type KriCatalogFilter = {
  /** Free text over the key, the names and the legal basis. */
  q?: string
  active?: boolean
  sort: (typeof KRI_SORTS)[number]
  dir: 'asc' | 'desc'
  /** The reader's language: the list names each entry in it and sorts by it. */
  language: Language
}

const COMPONENT = 'kriCatalog'
const KEY = /^[a-zA-Z][a-zA-Z0-9]{1,39}$/
const name = { de: kriCatalog.nameDe, fr: kriCatalog.nameFr, en: kriCatalog.nameEn } as const

function where(f: KriCatalogFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.active !== undefined) conds.push(eq(kriCatalog.active, f.active))
  if (f.q) {
    const term = likeTerm(f.q)
    const t = kriCatalog
    conds.push(or(...[t.key, t.nameDe, t.nameFr, t.nameEn, t.legalBasis].map((c) => ilike(c, term))))
  }
  const set = conds.filter(Boolean)
  return set.length ? and(...set) : undefined
}

/** One page of the catalogue, each entry named in the reader's language, with how many funds follow it. */
export async function listKriCatalog(access: Access, f: KriCatalogFilter, page: { limit: number; offset: number }) {
  requireOperator(access)
  const dir = f.dir === 'desc' ? desc : asc
  const order =
    f.sort === 'name' ? [dir(name[f.language]), asc(kriCatalog.key)] : f.sort === 'key' ? [dir(kriCatalog.key)] : [dir(kriCatalog.sort), asc(kriCatalog.key)]
  const filter = where(f)
  return asOperator(access, 'kri catalogue', async (tx) => {
    const [rows, [{ count }]] = await Promise.all([
      tx
        .select({
          id: kriCatalog.id,
          key: kriCatalog.key,
          name: name[f.language],
          legalBasis: kriCatalog.legalBasis,
          unit: kriCatalog.unit,
          direction: kriCatalog.direction,
          computed: kriCatalog.computed,
          defaultAmber: kriCatalog.defaultAmber,
          defaultRed: kriCatalog.defaultRed,
          sort: kriCatalog.sort,
          active: kriCatalog.active,
          // Qualified by hand: inside a selection drizzle writes a column without its table, which the subquery would read as its own.
          funds: sql<number>`(select count(*)::int from kris k where k.catalog_id = "kri_catalog"."id")`,
        })
        .from(kriCatalog)
        .where(filter)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      tx.select({ count: sql<number>`count(*)::int` }).from(kriCatalog).where(filter),
    ])
    return { rows, total: count }
  })
}

/** One entry with whether a fund follows it, or null for an unknown or malformed id. */
export async function getKriEntry(access: Access, id: string): Promise<(KriCatalogEntry & { inUse: boolean }) | null> {
  requireOperator(access)
  if (!isUuid(id)) return null
  return asOperator(access, 'kri catalogue', async (tx) => {
    const [row] = await tx.select().from(kriCatalog).where(eq(kriCatalog.id, id)).limit(1)
    return row ? { ...row, inUse: await inUse(tx, id) } : null
  })
}

async function inUse(tx: Executor, id: string) {
  const [row] = await tx.select({ id: kris.id }).from(kris).where(eq(kris.catalogId, id)).limit(1)
  return Boolean(row)
}

const DECIMAL = /^-?\d{1,10}(\.\d{1,4})?$/

/**
 * The stored form of an input: texts trimmed, names in all three languages, the key's form, the defaults
 * both set or both empty, each a number, red beyond amber (higher is better: red ≤ amber; lower: red ≥ amber).
 */
function checked(input: KriEntryInput): KriEntryInput {
  const values = { ...input }
  for (const f of ['nameDe', 'nameFr', 'nameEn', 'descriptionDe', 'descriptionFr', 'descriptionEn', 'legalBasis', 'key'] as const) values[f] = input[f].trim()
  for (const f of ['nameDe', 'nameFr', 'nameEn'] as const) if (!values[f]) throw new DomainError('invalid', f, 'validation.required')
  if (!KEY.test(values.key)) throw new DomainError('invalid', 'key', 'catalogs:kris.keyInvalid')
  for (const f of ['defaultAmber', 'defaultRed'] as const) {
    const v = input[f]?.trim() ?? ''
    if (v && !DECIMAL.test(v)) throw new DomainError('invalid', f, 'catalogs:kris.thresholdInvalid')
    values[f] = v || null
  }
  if ((values.defaultAmber === null) !== (values.defaultRed === null)) throw new DomainError('invalid', 'defaultRed', 'catalogs:kris.thresholdsBoth')
  if (values.defaultAmber !== null && values.defaultRed !== null) {
    const amber = Number(values.defaultAmber)
    const red = Number(values.defaultRed)
    const inOrder = values.direction === 'higher' ? red <= amber : red >= amber
    if (!inOrder) throw new DomainError('invalid', 'defaultRed', `catalogs:kris.thresholdsOrder.${values.direction}`)
  }
  if (!Number.isInteger(values.sort) || values.sort < 0 || values.sort > 100_000) throw new DomainError('invalid', 'sort', 'validation.invalid')
  return values
}

const guarded = <T>(write: () => Promise<T>) => withUniqueMessage(write, 'kri_catalog_key', 'key', 'catalogs:kris.keyTaken')

/** A new entry, with a key no other entry holds. */
export async function createKriEntry(access: Access, input: KriEntryInput): Promise<KriCatalogEntry> {
  requireOperator(access)
  const values = checked(input)
  return guarded(() =>
    asOperator(access, 'kri catalogue', async (tx) => {
      if (await valueTaken(tx, kriCatalog.key, kriCatalog.id, values.key)) throw new DomainError('invalid', 'key', 'catalogs:kris.keyTaken')
      const [row] = await tx.insert(kriCatalog).values(values).returning()
      await writeAudit(tx, access, { component: COMPONENT, action: 'Created', entityId: row.id, changes: diff(null, values), customerId: null })
      return row
    }),
  )
}

/** Same number, whatever its notation ("100" and "100.0000"): the stored text stays and no change is audited. */
const sameNumber = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b))

/**
 * Saves an entry; `version` is the one the editor saw. The key stays; the unit, the direction and the
 * computation change only while no fund follows the entry.
 */
export async function updateKriEntry(access: Access, id: string, input: KriEntryInput, version: number): Promise<KriCatalogEntry> {
  requireOperator(access)
  if (!isUuid(id)) throw new DomainError('not-found')
  return asOperator(access, 'kri catalogue', async (tx) => {
    const before = await lockVersioned(tx, kriCatalog, id, version)
    const values = checked({ ...input, key: before.key })
    const kind = (['unit', 'direction', 'computed'] as const).find((f) => values[f] !== before[f])
    if (kind && (await inUse(tx, id))) throw new DomainError('invalid', kind, 'catalogs:kris.inUse')
    const set: Partial<KriCatalogEntry> = {}
    for (const [k, v] of Object.entries(values) as [keyof KriEntryInput, unknown][]) {
      if (k === 'key') continue
      if (k === 'defaultAmber' || k === 'defaultRed') {
        if (!sameNumber(before[k], v as string | null)) set[k] = v as string | null
      } else if (before[k] !== v) (set as Record<string, unknown>)[k] = v
    }
    if (!Object.keys(set).length) return before
    return updateVersioned(tx, access, { table: kriCatalog, before, set, audit: { component: COMPONENT, customerId: null } })
  })
}

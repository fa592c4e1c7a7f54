import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { checkToolOwner } from '#app/auth/customers.server.ts'
import { type CustomerAccess, effectiveUserId } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { Language, Tool } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { acquireLock, currentLock, releaseLock } from '#models/core/locks.server.ts'
import { permissionsOf, type ToolMode } from '#models/core/permissions.ts'
import { cursorWithCustomer, withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'

/**
 * The inventory kit: what RM and ICS have in common, written once. A tool declares its table,
 * themes, catalogue, list columns and filters, detail columns and editable blocks; the kit
 * gives the list, the record, the catalogue with what the customer has, adding from the
 * catalogue, individual records with their `_P` numbers, block locks and versioned block
 * saves. Every query runs in the customer's scope (`withCustomer`), and every right is read
 * from `permissionsOf(access).tools[tool]`.
 */

/** Which inventory records a tool mode sees: none, the DSG-relevant ones, or all (the kit and the overview statements). */
export function inventoryVisible(mode: ToolMode, dsgRelevant: AnyPgColumn) {
  return mode === 'none' ? sql`false` : mode === 'dsg' ? sql`${dsgRelevant} = true` : sql`true`
}

/** The columns every inventory table has. */
export type InventoryTable = PgTable & {
  id: AnyPgColumn
  customerId: AnyPgColumn
  catalogId: AnyPgColumn
  idkey: AnyPgColumn
  dsgRelevant: AnyPgColumn
  ownerUserId: AnyPgColumn
  version: AnyPgColumn
}

export type Page = { limit: number; offset: number }

export type ToolDeclaration<
  Row extends { id: string; version: number },
  Filter,
  ListRow,
  DetailRow,
  Blocks extends Record<string, object>,
  Entry,
  Individual,
  CatalogRow = unknown,
> = {
  tool: Tool
  /** The entity type of its block locks and the audit component. */
  entity: string
  audit: string
  /** The namespace of its texts (catalogue errors). */
  messages: string
  table: InventoryTable
  /** The column an individual record's number comes from (the theme, the main process). */
  themeColumn: AnyPgColumn
  counter: string
  themes: (tx: Executor, language: Language) => Promise<{ id: string; leadingNumber: string; name: string }[]>
  list: {
    rows: (tx: Executor, language: Language, where: SQL, order: SQL[], page?: Page) => Promise<ListRow[]>
    count: (tx: Executor, where: SQL) => Promise<number>
    filters: (f: Filter) => (SQL | undefined)[]
    order: (f: Filter) => SQL[]
  }
  detail: {
    /** The record with its joined names, or none; `where` already holds id, scope and visibility. */
    row: (tx: Executor, language: Language, where: SQL) => Promise<DetailRow | undefined>
    record: (row: DetailRow) => Row
    /** What the data protection view may carry of a record. */
    dsgView: (row: DetailRow) => DetailRow
    /** The row without its data protection block: what every step but the DSG step sends. */
    withoutDsg: (row: DetailRow) => DetailRow
  }
  catalog: {
    forCustomer: (tx: Executor, language: Language) => Promise<CatalogRow[]>
    entries: (tx: Executor, ids: string[]) => Promise<Entry[]>
    /** The inventory values of an entry in the customer's language (without customer, owner). */
    values: (tx: Executor, access: CustomerAccess, entry: Entry) => Promise<Record<string, unknown>>
  }
  individual: {
    /** Checks the input; answers the theme number and the values (without customer, number). */
    values: (tx: Executor, access: CustomerAccess, input: Individual) => Promise<{ leadingNumber: string; values: Record<string, unknown> }>
  }
  blocks: {
    editable: readonly (keyof Blocks & string)[]
    /** Checks a block's values against the customer's data (owner, levels …) before it is saved. */
    check?: (tx: Executor, access: CustomerAccess, block: string, values: Record<string, unknown>, before: Record<string, unknown>) => Promise<void>
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a declaration of any tool
export type AnyTool = ToolDeclaration<any, any, any, any, any, any, any, any>

type RowOf<T> = T extends ToolDeclaration<infer R, infer _F, infer _L, infer _D, infer _B, infer _E, infer _I, infer _C> ? R : never
type FilterOf<T> = T extends ToolDeclaration<infer _R, infer F, infer _L, infer _D, infer _B, infer _E, infer _I, infer _C> ? F : never
type ListRowOf<T> = T extends ToolDeclaration<infer _R, infer _F, infer L, infer _D, infer _B, infer _E, infer _I, infer _C> ? L : never
type DetailOf<T> = T extends ToolDeclaration<infer _R, infer _F, infer _L, infer D, infer _B, infer _E, infer _I, infer _C> ? D : never
type BlocksOf<T> = T extends ToolDeclaration<infer _R, infer _F, infer _L, infer _D, infer B, infer _E, infer _I, infer _C> ? B : never
type CatalogOf<T> = T extends ToolDeclaration<infer _R, infer _F, infer _L, infer _D, infer _B, infer _E, infer _I, infer C> ? C : never
type IndividualOf<T> = T extends ToolDeclaration<infer _R, infer _F, infer _L, infer _D, infer _B, infer _E, infer I, infer _C> ? I : never

/** The rights of one access in a tool. */
export function rightsIn(tool: AnyTool, access: Pick<CustomerAccess, 'user' | 'rights'>) {
  const p = permissionsOf(access).tools[tool.tool]
  const blocks = p.write ? tool.blocks.editable : p.dsgOnly ? tool.blocks.editable.filter((b) => b === 'dsg') : []
  return { ...p, blocks: blocks as readonly string[] }
}

/** The kit's service for one tool, bound to an access: `inventory(riskTool).for(access)`. */
export function inventory<T extends AnyTool>(tool: T) {
  return {
    tool,
    for: (access: CustomerAccess) => bound(tool, access),
  } as { tool: T; for: (access: CustomerAccess) => Inventory<T> }
}

export type Inventory<T extends AnyTool> = {
  rights: ReturnType<typeof rightsIn>
  list: (f: FilterOf<T>, page: Page, language: Language) => Promise<{ rows: ListRowOf<T>[]; total: number }>
  iterate: (f: FilterOf<T>, language: Language, batch?: number) => AsyncGenerator<ListRowOf<T>[]>
  get: (id: string, language: Language) => Promise<DetailOf<T> | null>
  themes: (language: Language) => Promise<{ id: string; leadingNumber: string; name: string }[]>
  catalog: (language: Language) => Promise<CatalogOf<T>[]>
  addFromCatalog: (catalogIds: string[]) => Promise<RowOf<T>[]>
  createIndividual: (input: IndividualOf<T>) => Promise<RowOf<T>>
  startEdit: (id: string, block: string) => ReturnType<typeof acquireLock>
  cancelEdit: (id: string) => Promise<void>
  lock: (id: string) => ReturnType<typeof currentLock>
  saveBlock: <B extends keyof BlocksOf<T> & string>(id: string, block: B, values: BlocksOf<T>[B], version: number) => Promise<RowOf<T>>
  belongs: (tx: Executor, id: string) => Promise<boolean>
}

function bound<T extends AnyTool>(tool: T, access: CustomerAccess): Inventory<T> {
  const { table } = tool
  const rights = rightsIn(tool, access)
  const scope = <R>(fn: (tx: Tx) => Promise<R>) => withCustomer(access, fn)

  /**
   * The dsg role sees only DSG-relevant records; read and more see all; without the tool nothing.
   * The customer is no condition here: every query runs in withCustomer, and row-level security
   * shows only the customer's rows.
   */
  const visible = inventoryVisible(rights.mode, table.dsgRelevant)
  const whereFor = (f: FilterOf<T>) => and(visible, ...tool.list.filters(f)) as SQL

  function requireWrite() {
    if (!rights.write) throw new DomainError('forbidden')
  }
  function requireBlock(block: string) {
    if (!(tool.blocks.editable as readonly string[]).includes(block)) throw new DomainError('invalid', 'block')
    if (!rights.blocks.includes(block)) throw new DomainError('forbidden')
  }
  const created = (tx: Executor, id: string, values: Record<string, unknown>) =>
    writeAudit(tx, access, { component: tool.audit, action: 'Created', entityId: id, changes: diff(null, { ...values, customerId: undefined }) })

  const service: Inventory<T> = {
    rights,
    list: (f, page, language) =>
      scope(async (tx) => {
        const where = whereFor(f)
        const [rows, total] = await Promise.all([tool.list.rows(tx, language, where, tool.list.order(f), page), tool.list.count(tx, where)])
        return { rows, total }
      }),
    // One sorted read through a cursor in a transaction of its own: safe after the request ended.
    iterate(f, language, batch = 2000) {
      const where = whereFor(f)
      const order = tool.list.order(f)
      return cursorWithCustomer(access, batch, (tx) => tool.list.rows(tx, language, where, order))
    },
    async get(id, language) {
      if (!isUuid(id)) return null
      const row = await scope((tx) => tool.detail.row(tx, language, and(eq(table.id, id), visible) as SQL))
      if (!row) return null
      return rights.mode === 'dsg' ? tool.detail.dsgView(row) : row
    },
    themes: (language) => scope((tx) => tool.themes(tx, language)),
    catalog: (language) => scope((tx) => tool.catalog.forCustomer(tx, language)),
    async addFromCatalog(catalogIds) {
      requireWrite()
      const ids = catalogIds.filter(isUuid)
      if (!ids.length) throw new DomainError('invalid', 'catalogIds', `${tool.messages}:catalog.noneSelected`)
      return scope(async (tx) => {
        const entries = await tool.catalog.entries(tx, ids)
        if (entries.length !== ids.length) throw new DomainError('invalid', 'catalogIds', `${tool.messages}:catalog.unknown`)
        const rows: RowOf<T>[] = []
        for (const entry of entries) {
          const values = { customerId: access.customer.id, ...(await tool.catalog.values(tx, access, entry)), ownerUserId: effectiveUserId(access) }
          const [row] = (await tx.insert(table).values(values).onConflictDoNothing().returning()) as RowOf<T>[]
          if (!row) continue
          await created(tx, row.id, values)
          rows.push(row)
        }
        return rows
      })
    },
    async createIndividual(input) {
      requireWrite()
      return scope(async (tx) => {
        const { leadingNumber, values: own } = await tool.individual.values(tx, access, input)
        const n = await nextNumber(tx, access.customer.id, `${tool.counter}${leadingNumber}`)
        const values = { customerId: access.customer.id, idkey: `${leadingNumber}.${String(n).padStart(2, '0')}_P`, ...own }
        const [row] = (await tx.insert(table).values(values).returning()) as RowOf<T>[]
        await created(tx, row.id, values)
        return row
      })
    },
    async startEdit(id, block) {
      requireBlock(block)
      if (!(await service.get(id, access.customer.language))) throw new DomainError('not-found')
      return acquireLock(access, tool.entity, id, block)
    },
    cancelEdit: (id) => releaseLock(access, tool.entity, id),
    lock: (id) => currentLock(access, tool.entity, id),
    /**
     * Saves one block. Refused while another user edits the record; a stale version changes
     * nothing; saving without a change writes nothing. Saving releases the user's lock.
     */
    async saveBlock(id, block, values, version) {
      requireBlock(block)
      if (!isUuid(id)) throw new DomainError('not-found')
      const lock = await currentLock(access, tool.entity, id)
      if (lock && lock.userId !== access.user.id) throw new DomainError('conflict', undefined, 'validation.multipleBlocks')
      const row = await scope(async (tx) => {
        const before = (await lockVersioned(tx, table, id, version, { where: visible })) as RowOf<T>
        const v = values as Record<string, unknown>
        if (block === 'intro' && typeof v.ownerUserId === 'string')
          await checkToolOwner(tx, tool.tool, v.ownerUserId, (before as { ownerUserId?: string | null }).ownerUserId)
        await tool.blocks.check?.(tx, access, block, v, before as Record<string, unknown>)
        const changes = diff(before, v)
        if (Object.keys(changes).length === 0) return before
        const changed = { ...changes, block: { from: null, to: block } }
        return (await updateVersioned(tx, access, { table, before, set: v, audit: { component: tool.audit, changes: changed } })) as RowOf<T>
      })
      await releaseLock(access, tool.entity, id)
      return row
    },
    /** Is the id a record of this customer (for linking measures and documents)? */
    async belongs(tx, id) {
      if (!isUuid(id)) return false
      const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id))
      return Boolean(row)
    },
  }
  return service
}

/** The catalogue entries of ids, active only. */
export function activeEntries<E>(catalog: PgTable & { id: AnyPgColumn; active: AnyPgColumn }) {
  return (tx: Executor, ids: string[]) =>
    tx
      .select()
      .from(catalog)
      .where(and(inArray(catalog.id, ids), eq(catalog.active, true))) as unknown as Promise<E[]>
}

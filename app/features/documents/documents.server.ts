import { and, asc, desc, eq, getTableColumns, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { DOCUMENT_CATEGORIES, type DocumentCategory, isSafeLink } from '#models/core/constants.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { documentVisibility as visibility, visibleCategories } from '#models/core/visibility.server.ts'
import { processBelongsTo, riskBelongsTo } from '#models/core/linked-records.server.ts'
import { documents } from '#models/schema/index.ts'

export { isSafeLink }

export type Document = typeof documents.$inferSelect

export const DOCUMENT_SORTS = ['name', 'dueDate', 'present'] as const
export type DocumentFilter = {
  category: DocumentCategory
  q?: string
  present?: boolean
  from?: string
  to?: string
  riskId?: string
  iksId?: string
  sort: (typeof DOCUMENT_SORTS)[number]
  dir: 'asc' | 'desc'
}

function whereFor(p: Permissions, f: DocumentFilter): SQL {
  const conds: (SQL | undefined)[] = [visibility(p), eq(documents.category, f.category)]
  if (f.q) {
    const term = likeTerm(f.q)
    conds.push(or(ilike(documents.name, term), ilike(documents.comment, term), ilike(documents.linkText, term)))
  }
  if (f.present !== undefined) conds.push(eq(documents.present, f.present))
  if (f.from) conds.push(gte(documents.dueDate, f.from))
  if (f.to) conds.push(lte(documents.dueDate, f.to))
  if (f.riskId) conds.push(idEquals(documents.riskId, f.riskId))
  if (f.iksId) conds.push(idEquals(documents.iksId, f.iksId))
  return and(...conds)!
}

/** The list's columns: the document and whether it carries a file (then it needs no link, decision 0063). */
const listColumns = {
  ...getTableColumns(documents),
  // Qualified by hand: in a select field drizzle names the column without its table, which the subquery would take for its own.
  hasFile: sql<boolean>`exists (select 1 from stored_files f where f.document_id = "documents"."id")`,
}

export type DocumentInput = {
  category: DocumentCategory
  name: string
  link: string | null
  linkText: string
  comment: string
  dueDate: string | null
  present: boolean
  riskId?: string | null
  iksId?: string | null
}

/**
 * The documents of one customer, bound to the acting access: every operation runs inside
 * `withCustomer(access, …)`; the rights come from `permissionsOf(access)`.
 */
export const Documents = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    function check(input: DocumentInput) {
      if (!p.documents[input.category].write) throw new DomainError('forbidden')
      if (input.link && !isSafeLink(input.link)) throw new DomainError('invalid', 'link', 'documents.linkScheme')
    }

    return {
      /** The categories one reads, in tab order. */
      categories: visibleCategories(p),
      /** The categories one may add documents to. */
      writableCategories: DOCUMENT_CATEGORIES.filter((c) => p.documents[c].write) as DocumentCategory[],
      mayWrite: (category: DocumentCategory) => p.documents[category].write,

      list(f: DocumentFilter, page: { limit: number; offset: number }) {
        const where = whereFor(p, f)
        const dir = f.dir === 'desc' ? desc : asc
        const column = f.sort === 'dueDate' ? documents.dueDate : f.sort === 'present' ? documents.present : documents.name
        return scoped(async (tx) => {
          const rows = await tx.select(listColumns).from(documents).where(where).orderBy(dir(column), asc(documents.name)).limit(page.limit).offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(documents).where(where)
          return { rows, total: count }
        })
      },

      async get(id: string) {
        if (!isUuid(id)) return null
        const row = await scoped((tx) => tx.query.documents.findFirst({ where: and(eq(documents.id, id), visibility(p)) }))
        return row ?? null
      },

      async create(input: DocumentInput) {
        check(input)
        return scoped(async (tx) => {
          if (input.riskId && !(await riskBelongsTo(tx, access.customer.id, input.riskId))) throw new DomainError('not-found')
          if (input.iksId && !(await processBelongsTo(tx, access.customer.id, input.iksId))) throw new DomainError('not-found')
          const values = { ...input, customerId: access.customer.id }
          const [row] = await tx.insert(documents).values(values).returning()
          await writeAudit(tx, access, { component: 'document', action: 'Created', entityId: row.id, changes: diff(null, input) })
          return row
        })
      },

      async update(id: string, input: DocumentInput, version: number) {
        check(input)
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, documents, id, version, { where: visibility(p), allowed: (row) => p.documents[row.category].write })
          return updateVersioned(tx, access, { table: documents, before, set: input, audit: { component: 'document' } })
        })
      },

      async remove(id: string, version: number) {
        await scoped(async (tx) => {
          const before = await lockVersioned(tx, documents, id, version, { where: visibility(p), allowed: (row) => p.documents[row.category].write })
          await deleteVersioned(tx, access, { table: documents, before, audit: { component: 'document' } })
        })
      },
    }
  },
}

import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { type CustomerAccess, canUseTool, canWrite, hasRole, type Rights } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { type DocumentCategory, isSafeLink } from '#models/core/constants.ts'
import { processBelongsTo } from '../ics/processes.server.ts'
import { riskBelongsTo } from '../risk/risks.server.ts'
import { documents } from '#models/schema/index.ts'

export { isSafeLink }

export type Document = typeof documents.$inferSelect

/** Fund and DSG documents: any enabled tool; RM documents: read on risk; ICS documents: read on iks. */
export function visibleCategories(rights: Rights): DocumentCategory[] {
  if (!canUseTool(rights, 'risk') && !canUseTool(rights, 'iks')) return []
  return ['fund', ...(hasRole(rights.risk, 'read') ? (['risk'] as const) : []), ...(hasRole(rights.iks, 'read') ? (['iks'] as const) : []), 'dsg']
}

export function canWriteCategory(rights: Rights, category: DocumentCategory) {
  if (category === 'risk') return canWrite(rights, 'risk')
  if (category === 'iks') return canWrite(rights, 'iks')
  return canWrite(rights, 'risk') || canWrite(rights, 'iks')
}

export function visibility(rights: Rights): SQL {
  const cats = visibleCategories(rights)
  if (!cats.length) return sql`false`
  return or(...cats.map((c) => eq(documents.category, c)))!
}

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

function whereFor(access: CustomerAccess, f: DocumentFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(documents.customerId, access.customer.id), visibility(access.rights), eq(documents.category, f.category)]
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

export async function listDocuments(access: CustomerAccess, f: DocumentFilter, page: { limit: number; offset: number }) {
  const where = whereFor(access, f)
  const dir = f.dir === 'desc' ? desc : asc
  const column = f.sort === 'dueDate' ? documents.dueDate : f.sort === 'present' ? documents.present : documents.name
  const [rows, [{ count }]] = await Promise.all([
    db().select().from(documents).where(where).orderBy(dir(column), asc(documents.name)).limit(page.limit).offset(page.offset),
    db().select({ count: sql<number>`count(*)::int` }).from(documents).where(where),
  ])
  return { rows, total: count }
}

export async function getDocument(access: CustomerAccess, id: string) {
  if (!isUuid(id)) return null
  const row = await db().query.documents.findFirst({
    where: and(eq(documents.id, id), eq(documents.customerId, access.customer.id), visibility(access.rights)),
  })
  return row ?? null
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

function check(access: CustomerAccess, input: DocumentInput) {
  if (!canWriteCategory(access.rights, input.category)) throw new DomainError('forbidden')
  if (input.link && !isSafeLink(input.link)) throw new DomainError('invalid', 'link', 'documents.linkScheme')
}

export async function createDocument(access: CustomerAccess, input: DocumentInput) {
  check(access, input)
  return db().transaction(async (tx) => {
    if (input.riskId && !(await riskBelongsTo(tx, access.customer.id, input.riskId))) throw new DomainError('not-found')
    if (input.iksId && !(await processBelongsTo(tx, access.customer.id, input.iksId))) throw new DomainError('not-found')
    const values = { ...input, customerId: access.customer.id }
    const [row] = await tx.insert(documents).values(values).returning()
    await writeAudit(tx, access, { component: 'document', action: 'Created', entityId: row.id, changes: diff(null, input) })
    return row
  })
}

async function lockForChange(tx: Executor, access: CustomerAccess, id: string, version: number) {
  if (!isUuid(id)) throw new DomainError('not-found')
  const [row] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.customerId, access.customer.id), visibility(access.rights)))
    .for('update')
  if (!row) throw new DomainError('not-found')
  if (!canWriteCategory(access.rights, row.category)) throw new DomainError('forbidden')
  if (row.version !== version) throw new DomainError('stale')
  return row
}

export async function updateDocument(access: CustomerAccess, id: string, input: DocumentInput, version: number) {
  check(access, input)
  return db().transaction(async (tx) => {
    const before = await lockForChange(tx, access, id, version)
    const [after] = await tx
      .update(documents)
      .set({ ...input, version: sql`${documents.version} + 1`, updatedAt: new Date() })
      .where(eq(documents.id, id))
      .returning()
    await writeAudit(tx, access, { component: 'document', action: 'Updated', entityId: id, changes: diff(before, input) })
    return after
  })
}

export async function deleteDocument(access: CustomerAccess, id: string, version: number) {
  return db().transaction(async (tx) => {
    const before = await lockForChange(tx, access, id, version)
    await tx.delete(documents).where(eq(documents.id, id))
    await writeAudit(tx, access, { component: 'document', action: 'Deleted', entityId: id, changes: { name: { from: before.name, to: null } } })
  })
}

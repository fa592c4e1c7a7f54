import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { type CustomerAccess, canUseTool, canWrite } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { isSafeLink, type Language, type WorkProcessState } from '#models/core/constants.ts'
import { db } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { mainName, subName } from '../ics/processes.server.ts'
import { icsMainThemes, icsSubThemes, memberships, users, workProcesses } from '#models/schema/index.ts'

/** Members with any enabled tool see the work processes; editing needs write on the ICS tool. */
export function canReadWorkProcesses(access: CustomerAccess) {
  return canUseTool(access.rights, 'risk') || canUseTool(access.rights, 'iks')
}
export function canWriteWorkProcesses(access: CustomerAccess) {
  return canWrite(access.rights, 'iks')
}

export const WORK_PROCESS_SORTS = ['title', 'enforcementDate', 'state'] as const
export type WorkProcessFilter = {
  state?: WorkProcessState
  mainThemeId?: string
  ownerUserId?: string
  q?: string
  sort: (typeof WORK_PROCESS_SORTS)[number]
  dir: 'asc' | 'desc'
}

export async function listWorkProcesses(access: CustomerAccess, f: WorkProcessFilter, page: { limit: number; offset: number }, language: Language) {
  if (!canReadWorkProcesses(access)) throw new DomainError('forbidden')
  const conds: (SQL | undefined)[] = [eq(workProcesses.customerId, access.customer.id)]
  if (f.state) conds.push(eq(workProcesses.state, f.state))
  // An id in the query string that is no id at all matches nothing rather than failing.
  if (f.mainThemeId) conds.push(idEquals(workProcesses.mainThemeId, f.mainThemeId))
  if (f.ownerUserId) conds.push(idEquals(workProcesses.ownerUserId, f.ownerUserId))
  if (f.q) {
    const term = likeTerm(f.q)
    conds.push(or(ilike(workProcesses.title, term), ilike(workProcesses.businessCase, term), ilike(workProcesses.processRef, term)))
  }
  const where = and(...conds)
  const dir = f.dir === 'desc' ? desc : asc
  const order = f.sort === 'enforcementDate' ? workProcesses.enforcementDate : f.sort === 'state' ? workProcesses.state : workProcesses.title
  const [rows, [{ count }]] = await Promise.all([
    db()
      .select({
        id: workProcesses.id,
        title: workProcesses.title,
        state: workProcesses.state,
        link: workProcesses.link,
        enforcementDate: workProcesses.enforcementDate,
        businessCase: workProcesses.businessCase,
        processRef: workProcesses.processRef,
        ownerName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        mainNumber: icsMainThemes.leadingNumber,
        mainName: mainName(language),
        subName: subName(language),
      })
      .from(workProcesses)
      .leftJoin(users, eq(users.id, workProcesses.ownerUserId))
      .leftJoin(icsMainThemes, eq(icsMainThemes.id, workProcesses.mainThemeId))
      .leftJoin(icsSubThemes, eq(icsSubThemes.id, workProcesses.subThemeId))
      .where(where)
      .orderBy(dir(order), asc(workProcesses.title))
      .limit(page.limit)
      .offset(page.offset),
    db().select({ count: sql<number>`count(*)::int` }).from(workProcesses).where(where),
  ])
  return { rows, total: count }
}

export async function getWorkProcess(access: CustomerAccess, id: string) {
  if (!canReadWorkProcesses(access) || !isUuid(id)) return null
  return (await db().query.workProcesses.findFirst({ where: and(eq(workProcesses.id, id), eq(workProcesses.customerId, access.customer.id)) })) ?? null
}

export type WorkProcessInput = {
  title: string
  state: WorkProcessState
  link: string | null
  enforcementDate: string | null
  businessCase: string
  processRef: string
  ownerUserId: string | null
  mainThemeId: string | null
  subThemeId: string | null
}

export async function saveWorkProcess(access: CustomerAccess, id: string | null, input: WorkProcessInput, version?: number) {
  if (!canWriteWorkProcesses(access)) throw new DomainError('forbidden')
  if (input.link && !isSafeLink(input.link)) throw new DomainError('invalid', 'link', 'documents.linkScheme')
  await db().transaction(async (tx) => {
    if (input.ownerUserId) {
      const m = isUuid(input.ownerUserId)
        ? await tx.query.memberships.findFirst({ where: and(eq(memberships.userId, input.ownerUserId), eq(memberships.customerId, access.customer.id)) })
        : null
      if (!m) throw new DomainError('invalid', 'ownerUserId')
    }
    if (input.mainThemeId) {
      const main = isUuid(input.mainThemeId) ? await tx.query.icsMainThemes.findFirst({ where: eq(icsMainThemes.id, input.mainThemeId) }) : null
      if (!main) throw new DomainError('invalid', 'mainThemeId')
    }
    if (input.subThemeId) {
      const sub = isUuid(input.subThemeId) ? await tx.query.icsSubThemes.findFirst({ where: eq(icsSubThemes.id, input.subThemeId) }) : null
      if (!sub || (input.mainThemeId && sub.mainThemeId !== input.mainThemeId)) throw new DomainError('invalid', 'subThemeId', 'iks:catalog.subMismatch')
    }
    if (!id) {
      const [row] = await tx
        .insert(workProcesses)
        .values({ ...input, customerId: access.customer.id })
        .returning()
      await writeAudit(tx, access, { component: 'workProcess', action: 'Created', entityId: row.id, changes: diff(null, input) })
      return
    }
    if (!isUuid(id)) throw new DomainError('not-found')
    const where = and(eq(workProcesses.id, id), eq(workProcesses.customerId, access.customer.id))
    const [before] = await tx.select().from(workProcesses).where(where).for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    await tx
      .update(workProcesses)
      .set({ ...input, version: sql`${workProcesses.version} + 1`, updatedAt: new Date() })
      .where(where)
    await writeAudit(tx, access, { component: 'workProcess', action: 'Updated', entityId: id, changes: diff(before, input) })
  })
}

export async function deleteWorkProcess(access: CustomerAccess, id: string, version: number) {
  if (!canWriteWorkProcesses(access)) throw new DomainError('forbidden')
  if (!isUuid(id)) throw new DomainError('not-found')
  await db().transaction(async (tx) => {
    const where = and(eq(workProcesses.id, id), eq(workProcesses.customerId, access.customer.id))
    const [before] = await tx.select().from(workProcesses).where(where).for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    await tx.delete(workProcesses).where(where)
    await writeAudit(tx, access, { component: 'workProcess', action: 'Deleted', entityId: id, changes: { title: { from: before.title, to: null } } })
  })
}

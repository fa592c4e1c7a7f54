import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { isSafeLink, type Language, type WorkProcessState } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { mainName, subName } from '#app/features/inventory/face.server.ts'
import { choosableMember } from '#app/auth/users.server.ts'
import { memberToTake } from '#app/auth/customers.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { icsMainThemes, icsSubThemes, memberships, users, workProcesses } from '#models/schema/index.ts'

/** Work processes as the list and the read-only page name them: owner, main and sub-process in `language`. */
function namedRows(tx: Tx, language: Language) {
  return tx
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
    .$dynamic()
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

/**
 * The customer's work processes, bound to the acting access: every operation runs inside
 * `withCustomer(access, …)`. Members with any enabled tool read them; writing needs write on the
 * ICS tool (`permissionsOf(access).workProcesses`).
 */
export const WorkProcesses = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).workProcesses
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    return {
      mayRead: p.read,
      mayWrite: p.write,

      list(f: WorkProcessFilter, page: { limit: number; offset: number }, language: Language) {
        if (!p.read) throw new DomainError('forbidden')
        const conds: (SQL | undefined)[] = []
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
        return scoped(async (tx) => {
          const rows = await namedRows(tx, language).where(where).orderBy(dir(order), asc(workProcesses.title)).limit(page.limit).offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(workProcesses).where(where)
          return { rows, total: count }
        })
      },

      /** Who may own a work process: active members, neither auditors nor ended memberships; `keep`, the current owner, stays choosable whatever became of them (a disabled account too). */
      owners(keep?: string | null) {
        return scoped((tx) =>
          tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
            .from(users)
            .innerJoin(memberships, eq(memberships.userId, users.id))
            .where(choosableMember(todayInZurich(), keep))
            .orderBy(users.lastName, users.firstName),
        )
      },

      /** One work process as the list names it (owner, main and sub-process), or null: the read-only page. */
      async view(id: string, language: Language) {
        if (!p.read || !isUuid(id)) return null
        const [row] = await scoped((tx) => namedRows(tx, language).where(eq(workProcesses.id, id)))
        return row ?? null
      },

      async get(id: string) {
        if (!p.read || !isUuid(id)) return null
        return (await scoped((tx) => tx.query.workProcesses.findFirst({ where: eq(workProcesses.id, id) }))) ?? null
      },

      /** Adds a work process (id null) or changes one. */
      async save(id: string | null, input: WorkProcessInput, version?: number) {
        if (!p.write) throw new DomainError('forbidden')
        if (input.link && !isSafeLink(input.link)) throw new DomainError('invalid', 'link', 'documents.linkScheme')
        await scoped(async (tx) => {
          const before = id ? await lockVersioned(tx, workProcesses, id, version) : null
          if (input.ownerUserId) {
            const member = await memberToTake(tx, input.ownerUserId)
            if (!member) throw new DomainError('invalid', 'ownerUserId')
            // Disabled accounts, auditors and ended memberships take nothing new; the current owner may stay.
            if (input.ownerUserId !== before?.ownerUserId && !member.mayTakeOn) throw new DomainError('invalid', 'ownerUserId', 'validation.ownerMayNotOwn')
          }
          if (input.mainThemeId) {
            const main = isUuid(input.mainThemeId) ? await tx.query.icsMainThemes.findFirst({ where: eq(icsMainThemes.id, input.mainThemeId) }) : null
            if (!main) throw new DomainError('invalid', 'mainThemeId')
          }
          if (input.subThemeId) {
            const sub = isUuid(input.subThemeId) ? await tx.query.icsSubThemes.findFirst({ where: eq(icsSubThemes.id, input.subThemeId) }) : null
            if (!sub || (input.mainThemeId && sub.mainThemeId !== input.mainThemeId)) throw new DomainError('invalid', 'subThemeId', 'iks:catalog.subMismatch')
          }
          if (!id || !before) {
            const [row] = await tx
              .insert(workProcesses)
              .values({ ...input, customerId: access.customer.id })
              .returning()
            await writeAudit(tx, access, { component: 'workProcess', action: 'Created', entityId: row.id, changes: diff(null, input) })
            return
          }
          await updateVersioned(tx, access, { table: workProcesses, before, set: input, audit: { component: 'workProcess' } })
        })
      },

      async remove(id: string, version: number) {
        if (!p.write) throw new DomainError('forbidden')
        if (!isUuid(id)) throw new DomainError('not-found')
        await scoped(async (tx) => {
          const before = await lockVersioned(tx, workProcesses, id, version)
          await deleteVersioned(tx, access, {
            table: workProcesses,
            before,
            audit: { component: 'workProcess', changes: { title: { from: before.title, to: null } } },
          })
        })
      },
    }
  },
}

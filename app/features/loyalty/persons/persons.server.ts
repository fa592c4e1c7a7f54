import { and, asc, desc, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import type { Language, LoyaltyFunction } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { loyaltyDeclarations, loyaltyPersons, memberships, personChanges, relatedTransactions, users } from '#models/schema/index.ts'
import { revokeDeclarationTokens } from '../tokens.server.ts'

export const PERSON_SORTS = ['name', 'function', 'organisation', 'fromDate', 'untilDate'] as const
export type PersonSort = (typeof PERSON_SORTS)[number]

export type PersonFilter = {
  function?: LoyaltyFunction
  /** The day the persons are active on (from ≤ day ≤ until); ignored with `all`. Absent: today. */
  on?: string
  /** Every person of the register, whatever their term. */
  all?: boolean
  q?: string
  sort: PersonSort
  dir: 'asc' | 'desc'
}

export type PersonInput = {
  firstName: string
  lastName: string
  function: LoyaltyFunction
  organisation: string
  email: string
  language: Language
  /** The member's account; null: a person without an account (declares through the personal link). */
  userId: string | null
  fromDate: string
  untilDate: string | null
}

const COMPONENT = 'loyaltyPerson'

/** Persons active on `day`: from on or before it, until (if any) on or after it. */
function activeOn(day: string): SQL {
  return and(lte(loyaltyPersons.fromDate, day), or(isNull(loyaltyPersons.untilDate), gte(loyaltyPersons.untilDate, day))) as SQL
}

/**
 * The persons subject to the loyalty rules active on `day` (a Zurich day), inside the caller's
 * transaction (its customer scope): the campaign asks each of them for a declaration.
 */
export function activePersonsOn(tx: Executor, day: string) {
  return tx.select().from(loyaltyPersons).where(activeOn(day)).orderBy(loyaltyPersons.lastName, loyaltyPersons.firstName, loyaltyPersons.id)
}

/** Revokes the personal links of the person's declarations still asked for (issue 26, decision 0066). */
async function revokeOpenLinks(tx: Executor, personId: string) {
  const open = await tx
    .select({ id: loyaltyDeclarations.id })
    .from(loyaltyDeclarations)
    .where(and(eq(loyaltyDeclarations.personId, personId), eq(loyaltyDeclarations.state, 'requested')))
  await revokeDeclarationTokens(
    tx,
    open.map((d) => d.id),
  )
}

/** The term's order: until, where given, not before from. */
function checkTerm(fromDate: string, untilDate: string | null) {
  if (untilDate && untilDate < fromDate) throw new DomainError('invalid', 'untilDate', 'loyalty:persons.untilBeforeFrom')
}

/** A linked account must be a member of this fund (memberships are scoped to it), not an auditor. */
async function checkMember(tx: Tx, userId: string | null) {
  if (userId === null) return
  if (!isUuid(userId)) throw new DomainError('invalid', 'userId', 'loyalty:persons.userNotMember')
  const [m] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.kind, 'member')))
  if (!m) throw new DomainError('invalid', 'userId', 'loyalty:persons.userNotMember')
}

/** What refers to a person: declarations, related-party transactions, changes. */
async function usesOf(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      declarations: sql<number>`(select count(*)::int from ${loyaltyDeclarations} where ${loyaltyDeclarations.personId} = ${id})`,
      transactions: sql<number>`(select count(*)::int from ${relatedTransactions} where ${relatedTransactions.personId} = ${id})`,
      changes: sql<number>`(select count(*)::int from ${personChanges} where ${personChanges.personId} = ${id})`,
    })
    .from(sql`(values (1)) as one`)
  return row ?? { declarations: 0, transactions: 0, changes: 0 }
}

/**
 * The register of the persons subject to the loyalty rules (Art. 48f–48l BVV 2), bound to the acting
 * access: readers of the area list and read it (`loyalty.read`), admins manage it (`loyalty.manage`).
 * A person may be linked to a member's account of this fund, or have none.
 */
export const LoyaltyPersons = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).loyalty
    const mayRead = p.read
    const mayManage = p.manage
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const refuse = () => new DomainError(mayRead ? 'forbidden' : 'not-found')

    const columns = {
      id: loyaltyPersons.id,
      firstName: loyaltyPersons.firstName,
      lastName: loyaltyPersons.lastName,
      function: loyaltyPersons.function,
      organisation: loyaltyPersons.organisation,
      email: loyaltyPersons.email,
      language: loyaltyPersons.language,
      userId: loyaltyPersons.userId,
      fromDate: loyaltyPersons.fromDate,
      untilDate: loyaltyPersons.untilDate,
      version: loyaltyPersons.version,
      accountName: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    }

    function whereOf(f: Omit<PersonFilter, 'sort' | 'dir'>, today: string) {
      const conds: (SQL | undefined)[] = []
      if (f.function) conds.push(eq(loyaltyPersons.function, f.function))
      if (!f.all) conds.push(activeOn(f.on ?? today))
      if (f.q) {
        const term = likeTerm(f.q)
        conds.push(
          or(
            ilike(loyaltyPersons.firstName, term),
            ilike(loyaltyPersons.lastName, term),
            ilike(loyaltyPersons.organisation, term),
            ilike(loyaltyPersons.email, term),
          ),
        )
      }
      return and(...conds)
    }

    function orderOf(f: Pick<PersonFilter, 'sort' | 'dir'>) {
      const dir = f.dir === 'desc' ? desc : asc
      const by =
        f.sort === 'function'
          ? [dir(loyaltyPersons.function)]
          : f.sort === 'organisation'
            ? [dir(loyaltyPersons.organisation)]
            : f.sort === 'fromDate'
              ? [dir(loyaltyPersons.fromDate)]
              : f.sort === 'untilDate'
                ? [f.dir === 'desc' ? sql`${loyaltyPersons.untilDate} desc nulls first` : sql`${loyaltyPersons.untilDate} asc nulls last`]
                : []
      return [...by, dir(loyaltyPersons.lastName), dir(loyaltyPersons.firstName), asc(loyaltyPersons.id)]
    }

    return {
      mayRead,
      mayManage,

      /** A page of the register (active on a day, today by default, or all), with the linked account's name. */
      list(f: PersonFilter, page: { limit: number; offset: number }, today: string = todayInZurich()) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const where = whereOf(f, today)
          const rows = await tx
            .select(columns)
            .from(loyaltyPersons)
            .leftJoin(users, eq(users.id, loyaltyPersons.userId))
            .where(where)
            .orderBy(...orderOf(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(loyaltyPersons).where(where)
          return { rows, total: count }
        })
      },

      /** Every person the filter finds, for the exports. */
      all(f: PersonFilter, today: string = todayInZurich()) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped((tx) =>
          tx
            .select(columns)
            .from(loyaltyPersons)
            .leftJoin(users, eq(users.id, loyaltyPersons.userId))
            .where(whereOf(f, today))
            .orderBy(...orderOf(f)),
        )
      },

      /** One person with what refers to them; null when unknown here or not readable. */
      async get(id: string) {
        if (!mayRead || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx.select(columns).from(loyaltyPersons).leftJoin(users, eq(users.id, loyaltyPersons.userId)).where(eq(loyaltyPersons.id, id))
          if (!row) return null
          return { ...row, uses: await usesOf(tx, id) }
        })
      },

      /**
       * The fund's members a person may be linked to: active accounts of members (no auditors), and
       * `keep`, the account linked now, whatever became of it.
       */
      members(keep?: string | null) {
        if (!mayManage) throw new DomainError('forbidden')
        return scoped((tx) =>
          tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(or(and(eq(users.state, 'active'), eq(memberships.kind, 'member')), keep && isUuid(keep) ? eq(users.id, keep) : undefined))
            .orderBy(users.lastName, users.firstName),
        )
      },

      async create(input: PersonInput) {
        if (!mayManage) throw new DomainError('forbidden')
        checkTerm(input.fromDate, input.untilDate)
        return scoped(async (tx) => {
          await checkMember(tx, input.userId)
          const [row] = await tx
            .insert(loyaltyPersons)
            .values({ ...input, customerId: access.customer.id })
            .returning()
          await writeAudit(tx, access, { component: COMPONENT, action: 'Created', entityId: row.id, changes: diff(null, input) })
          return row
        })
      },

      async update(id: string, input: PersonInput, version: number | undefined) {
        if (!mayManage) throw refuse()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, loyaltyPersons, id, version)
          checkTerm(input.fromDate, input.untilDate)
          if (input.userId !== before.userId) await checkMember(tx, input.userId)
          // A link mailed to the address before is no longer theirs to hold; an account answers in the app.
          if (input.email !== before.email || input.userId !== before.userId) await revokeOpenLinks(tx, id)
          return updateVersioned(tx, access, { table: loyaltyPersons, before, set: input, audit: { component: COMPONENT } })
        })
      },

      /** Ends the person's term: `until` is their last day subject to the rules (not before their first). */
      async end(id: string, until: string, version: number) {
        if (!mayManage) throw refuse()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, loyaltyPersons, id, version)
          checkTerm(before.fromDate, until)
          // A term that ends takes the person's open links with it.
          if (until <= todayInZurich()) await revokeOpenLinks(tx, id)
          return updateVersioned(tx, access, { table: loyaltyPersons, before, set: { untilDate: until }, audit: { component: COMPONENT } })
        })
      },

      /** Deletes a person entered by mistake: refused (409) once a declaration, a transaction or a change names them. */
      async remove(id: string, version: number) {
        if (!mayManage) throw refuse()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, loyaltyPersons, id, version)
          const uses = await usesOf(tx, id)
          if (uses.declarations + uses.transactions + uses.changes > 0) throw new DomainError('conflict', undefined, 'loyalty:persons.deleteInUse')
          await deleteVersioned(tx, access, { table: loyaltyPersons, before, audit: { component: COMPONENT } })
        })
      },
    }
  },
}

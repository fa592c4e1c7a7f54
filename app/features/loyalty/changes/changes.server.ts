import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { type Changes, diff, writeAudit } from '#models/core/audit.server.ts'
import type { PersonChangeKind } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { numberFromSearch } from '#models/core/record-number.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { loyaltyPersons, personChanges } from '#models/schema/index.ts'

import type { CHANGE_REPORTED, CHANGE_SORTS } from './filters.ts'

export { CHANGE_REPORTED, CHANGE_SORTS } from './filters.ts'
export type ChangeSort = (typeof CHANGE_SORTS)[number]

export type ChangeFilter = {
  kind?: PersonChangeKind
  reported?: (typeof CHANGE_REPORTED)[number]
  personId?: string
  q?: string
  sort: ChangeSort
  dir: 'asc' | 'desc'
}

export type ChangeInput = {
  kind: PersonChangeKind
  /** The person of the register the change concerns; null: none (or not in the register). */
  personId: string | null
  description: string
  effectiveOn: string
  /** The day it was reported to the supervisor (Art. 48g para. 2 BVV 2); null: not yet. */
  reportedOn: string | null
}

const COMPONENT = 'personChange'
/** The counter of the changes' numbers (PW-1, PW-2, … per fund). */
const COUNTER = 'person_change'

/** The person must be one of this fund's register (persons are scoped to it): any other id is unknown here. */
async function checkPerson(tx: Tx, personId: string | null) {
  if (personId === null) return
  if (!isUuid(personId)) throw new DomainError('invalid', 'personId', 'loyalty:changes.personUnknown')
  const [p] = await tx.select({ id: loyaltyPersons.id }).from(loyaltyPersons).where(eq(loyaltyPersons.id, personId))
  if (!p) throw new DomainError('invalid', 'personId', 'loyalty:changes.personUnknown')
}

function checkDates(input: ChangeInput, today: string) {
  if (input.reportedOn && input.reportedOn > today) throw new DomainError('invalid', 'reportedOn', 'loyalty:changes.reportedInFuture')
}

/**
 * Changes among the persons entrusted with management and asset management, reported to the
 * supervisor at once (Art. 48g para. 2 BVV 2), bound to the acting access: readers of the area
 * read them (`loyalty.read`), admins record them (`loyalty.manage`). A change effective and not yet
 * reported is reminded to the fund's admins daily (./reminders.server.ts).
 */
export const PersonChanges = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).loyalty
    const mayRead = p.read
    const mayManage = p.manage
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const refuse = () => new DomainError(mayRead ? 'forbidden' : 'not-found')

    const columns = {
      id: personChanges.id,
      number: personChanges.number,
      kind: personChanges.kind,
      personId: personChanges.personId,
      description: personChanges.description,
      effectiveOn: personChanges.effectiveOn,
      reportedOn: personChanges.reportedOn,
      remindedAt: personChanges.remindedAt,
      version: personChanges.version,
      personName: sql<
        string | null
      >`case when ${loyaltyPersons.id} is null then null else ${loyaltyPersons.firstName} || ' ' || ${loyaltyPersons.lastName} end`,
    }

    function whereOf(f: Omit<ChangeFilter, 'sort' | 'dir'>) {
      const conds: (SQL | undefined)[] = []
      if (f.kind) conds.push(eq(personChanges.kind, f.kind))
      if (f.reported === 'yes') conds.push(isNotNull(personChanges.reportedOn))
      else if (f.reported === 'no') conds.push(isNull(personChanges.reportedOn))
      if (f.personId) conds.push(eq(personChanges.personId, f.personId))
      if (f.q) {
        const n = numberFromSearch(f.q, 'PW')
        conds.push(or(ilike(personChanges.description, likeTerm(f.q)), n ? eq(personChanges.number, n) : undefined))
      }
      return and(...conds)
    }

    function orderOf(f: Pick<ChangeFilter, 'sort' | 'dir'>) {
      const dir = f.dir === 'desc' ? desc : asc
      const by =
        f.sort === 'number'
          ? personChanges.number
          : f.sort === 'kind'
            ? personChanges.kind
            : f.sort === 'reportedOn'
              ? personChanges.reportedOn
              : personChanges.effectiveOn
      return [f.sort === 'reportedOn' ? sql`${by} ${sql.raw(f.dir === 'desc' ? 'desc nulls first' : 'asc nulls last')}` : dir(by), desc(personChanges.number)]
    }

    const select = (tx: Tx) => tx.select(columns).from(personChanges).leftJoin(loyaltyPersons, eq(loyaltyPersons.id, personChanges.personId))

    return {
      mayRead,
      mayManage,

      list(f: ChangeFilter, page: { limit: number; offset: number }) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const where = whereOf(f)
          const rows = await select(tx)
            .where(where)
            .orderBy(...orderOf(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(personChanges).where(where)
          return { rows, total: count }
        })
      },

      /** Every change the filter finds, for the exports. */
      all(f: ChangeFilter) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped((tx) =>
          select(tx)
            .where(whereOf(f))
            .orderBy(...orderOf(f)),
        )
      },

      async get(id: string) {
        if (!mayRead || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await select(tx).where(eq(personChanges.id, id))
          return row ?? null
        })
      },

      /** The persons of the register a change may concern (all of them, ended ones too: a departure is a change). */
      persons() {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped((tx) =>
          tx
            .select({
              id: loyaltyPersons.id,
              firstName: loyaltyPersons.firstName,
              lastName: loyaltyPersons.lastName,
              function: loyaltyPersons.function,
              untilDate: loyaltyPersons.untilDate,
            })
            .from(loyaltyPersons)
            .orderBy(loyaltyPersons.lastName, loyaltyPersons.firstName),
        )
      },

      async create(input: ChangeInput, today: string = todayInZurich()) {
        if (!mayManage) throw new DomainError('forbidden')
        checkDates(input, today)
        return scoped(async (tx) => {
          await checkPerson(tx, input.personId)
          const number = await nextNumber(tx, access.customer.id, COUNTER)
          const [row] = await tx
            .insert(personChanges)
            .values({ ...input, number, customerId: access.customer.id })
            .returning()
          const changes: Changes = { number: { from: null, to: number }, ...diff(null, input) }
          await writeAudit(tx, access, { component: COMPONENT, action: 'Created', entityId: row.id, changes })
          return row
        })
      },

      async update(id: string, input: ChangeInput, version: number | undefined, today: string = todayInZurich()) {
        if (!mayManage) throw refuse()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, personChanges, id, version)
          checkDates(input, today)
          if (input.personId !== before.personId) await checkPerson(tx, input.personId)
          return updateVersioned(tx, access, { table: personChanges, before, set: input, audit: { component: COMPONENT } })
        })
      },

      async remove(id: string, version: number) {
        if (!mayManage) throw refuse()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, personChanges, id, version)
          await deleteVersioned(tx, access, { table: personChanges, before, audit: { component: COMPONENT, hidden: ['remindedAt'] } })
        })
      },
    }
  },
}

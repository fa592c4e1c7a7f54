import { and, asc, desc, eq, gte, ilike, lt, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import { type CustomerAccess, effectiveUserId, type Rights } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { MEASURE_SOURCES } from '#models/core/constants.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { asSystem, currentScope, cursorWithCustomer, withCustomer } from '#models/core/scope.server.ts'
import { statementFamily } from '#models/core/db.server.ts'
import { jsonList } from '#models/core/sql-helpers.ts'
import { measureVisibility as visibility } from '#models/core/visibility.server.ts'
import { processBelongsTo, riskBelongsTo } from '#models/core/linked-records.server.ts'
import { choosableMember, rightsOf } from '#app/auth/users.server.ts'
import { memberToTake } from '#app/auth/customers.server.ts'
import { type MeasureSource, measures, memberships, type Recurrence, RECURRENCES, responsibleBodies, users } from '#models/schema/index.ts'
import { numberFromSearch } from '#models/core/record-number.ts'
import { membershipWithRights, type RightsJson, rightsFromJson, rightsJsonOf } from '#models/core/rights.server.ts'

/** The four tabs of SPEC.md §2, and 'all': every measure the user may see (the dashboard's "show all"). */
export const MEASURE_TABS = ['fund', 'risk', 'iks', 'dsg', 'all'] as const
export type MeasureTab = (typeof MEASURE_TABS)[number]
export const REMINDER_WINDOW_DAYS = 14

export type Measure = typeof measures.$inferSelect

/**
 * Overdue, the one definition: a pending measure whose due date has passed (today is not overdue).
 * `overdueWhere` is the same rule in SQL for filters; `isOverdue` for rows already read.
 */
export function isOverdue(m: { state: string; dueDate: string }, today: string) {
  return m.state === 'pending' && m.dueDate < today
}
export function overdueWhere(today: string | SQLWrapper): SQL {
  return and(eq(measures.state, 'pending'), lt(measures.dueDate, today))!
}

/** The rights of a member other than the acting one (owners, reminder recipients), from the same table. */
function permissionsOfMember(rights: Rights): Permissions {
  return permissionsOf({ user: NOBODY, rights })
}
const NOBODY = { id: '', email: '', firstName: '', lastName: '', language: 'de', isSuperAdmin: false } as const

/** Of the active members and the bodies read, those that may own measures of these sources: every body, and members who can see such a measure (not flagged DSG). */
function ownerChoices(
  sources: readonly MeasureSource[],
  members: { id: string; firstName: string; lastName: string; rights: Rights }[],
  bodies: MeasureOwners['bodies'],
  keep?: string | null,
): MeasureOwners {
  const people = members
    // The current owner stays, rights or not: saving the measure unchanged never drops its owner.
    .filter(({ id, rights }) => id === keep || sources.some((source) => maySee(permissionsOfMember(rights), { source, dsgMeasure: false })))
    .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }))
  return { people, bodies }
}

/** Tabs a user may open: RM needs the risk tool, ICS the iks tool; fund and DSG any enabled tool. */
export function visibleTabs(p: Permissions): MeasureTab[] {
  if (!p.customer) return []
  return ['fund', ...(p.tools.risk.use ? (['risk'] as const) : []), ...(p.tools.iks.use ? (['iks'] as const) : []), 'dsg', 'all']
}

/**
 * Editing and confirming one measure: write on its source's tool, or the dsg role for a DSG
 * measure (on the tool of its source; on either tool for a fund measure). Creating and deleting
 * need write on the source (docs/decisions/0007-measure-rights.md).
 */
function mayEdit(p: Permissions, m: { source: MeasureSource; dsgMeasure: boolean }) {
  return m.dsgMeasure ? p.measures[m.source].editDsg : p.measures[m.source].write
}

/** Can a member with these permissions see a measure of this source? The same rule as visibility(). */
function maySee(p: Permissions, m: { source: MeasureSource; dsgMeasure: boolean }) {
  if (!p.customer) return false
  if (m.source === 'fund' || m.dsgMeasure) return true
  return p.tools[m.source].read
}

function tabCondition(tab: MeasureTab): SQL | undefined {
  if (tab === 'all') return undefined
  return tab === 'dsg' ? eq(measures.dsgMeasure, true) : eq(measures.source, tab)
}

const ownerUser = alias(users, 'owner_user')
const confirmer = alias(users, 'confirmer')

const listColumns = {
  id: measures.id,
  idkey: measures.idkey,
  iteration: measures.iteration,
  source: measures.source,
  title: measures.title,
  body: measures.body,
  state: measures.state,
  dueDate: measures.dueDate,
  recurrence: measures.recurrence,
  dsgMeasure: measures.dsgMeasure,
  inEdit: measures.inEdit,
  ownerUserId: measures.ownerUserId,
  ownerBodyId: measures.ownerBodyId,
  riskId: measures.riskId,
  iksId: measures.iksId,
  confirmedAt: measures.confirmedAt,
  confirmationText: measures.confirmationText,
  version: measures.version,
  ownerName: sql<string>`coalesce(${ownerUser.firstName} || ' ' || ${ownerUser.lastName}, ${responsibleBodies.name}, '')`,
  confirmedByName: sql<string | null>`${confirmer.firstName} || ' ' || ${confirmer.lastName}`,
}

/** What the CSV export writes: the list's columns without ids and versions, less to read per row. */
const exportColumns = {
  idkey: listColumns.idkey,
  iteration: listColumns.iteration,
  source: listColumns.source,
  title: listColumns.title,
  body: listColumns.body,
  state: listColumns.state,
  dueDate: listColumns.dueDate,
  recurrence: listColumns.recurrence,
  dsgMeasure: listColumns.dsgMeasure,
  confirmedAt: listColumns.confirmedAt,
  confirmationText: listColumns.confirmationText,
  ownerName: listColumns.ownerName,
  confirmedByName: listColumns.confirmedByName,
}

/** A select from measures with their owner (a user or a body) and confirmer joined. */
function withOwners<Q extends PgSelect>(q: Q) {
  return q
    .leftJoin(ownerUser, eq(ownerUser.id, measures.ownerUserId))
    .leftJoin(responsibleBodies, eq(responsibleBodies.id, measures.ownerBodyId))
    .leftJoin(confirmer, eq(confirmer.id, measures.confirmedByUserId))
}

const baseQuery = (tx: Executor) => withOwners(tx.select(listColumns).from(measures).$dynamic())
/** baseQuery with the export's columns. */
const exportQuery = (tx: Executor) => withOwners(tx.select(exportColumns).from(measures).$dynamic())

export const MEASURE_SORTS = ['dueDate', 'idkey', 'title', 'owner', 'confirmedAt'] as const
export type MeasureSort = (typeof MEASURE_SORTS)[number]

export type MeasureFilter = {
  tab: MeasureTab
  view: 'pending' | 'confirmed' | 'all'
  /** overdue: pending and past due; due: pending and not yet past due */
  status?: 'overdue' | 'due'
  owner?: { type: 'user' | 'body'; id: string }
  from?: string
  to?: string
  dsg?: boolean
  q?: string
  riskId?: string
  iksId?: string
  sort: MeasureSort
  dir: 'asc' | 'desc'
}

/**
 * How a filter's values enter its SQL: as parameters (the default), or as named placeholders of a
 * statement built once per filter shape (`page`), which collects their values.
 */
type Bind = <T extends string | number>(name: string, value: T) => T | SQLWrapper
const asValue: Bind = (_name, value) => value
const asPlaceholder: Bind = (name) => sql.placeholder(name)

function whereFor(p: Permissions, f: MeasureFilter, today: string, bind: Bind = asValue): SQL {
  const conds: (SQL | undefined)[] = [visibility(p)]
  conds.push(tabCondition(f.tab))
  if (f.view !== 'all') conds.push(eq(measures.state, f.view))
  if (f.status === 'overdue') conds.push(overdueWhere(bind('today', today)))
  if (f.status === 'due') conds.push(and(eq(measures.state, 'pending'), gte(measures.dueDate, bind('today', today))))
  if (f.owner?.type === 'user') conds.push(idEquals(measures.ownerUserId, f.owner.id, bind('owner', f.owner.id)))
  if (f.owner?.type === 'body') conds.push(idEquals(measures.ownerBodyId, f.owner.id, bind('owner', f.owner.id)))
  if (f.from) conds.push(gte(measures.dueDate, bind('from', f.from)))
  if (f.to) conds.push(lte(measures.dueDate, bind('to', f.to)))
  if (f.dsg) conds.push(eq(measures.dsgMeasure, true))
  if (f.riskId) conds.push(idEquals(measures.riskId, f.riskId, bind('riskId', f.riskId)))
  if (f.iksId) conds.push(idEquals(measures.iksId, f.iksId, bind('iksId', f.iksId)))
  if (f.q) {
    const term = bind('term', likeTerm(f.q))
    const asNumber = numberIn(f.q)
    conds.push(or(ilike(measures.title, term), ilike(measures.body, term), asNumber ? eq(measures.idkey, bind('number', asNumber)) : undefined))
  }
  return and(...conds)!
}

/**
 * The list's condition for a filter, its values as named placeholders (`today`, `to`, …): the
 * dashboard's statement counts with it what the list it links to shows.
 */
export function filterWhere(p: Permissions, f: MeasureFilter): SQL {
  return whereFor(p, f, '', asPlaceholder)
}

/** A search for "M-12", "m12" or "12" also finds measure 12. */
const numberIn = (q: string) => numberFromSearch(q, 'M')

/** Everything of a filter that changes the text of its SQL (whereFor, orderFor), not its values. */
function filterShape(p: Permissions, f: MeasureFilter) {
  const id = (v?: string) => (v === undefined ? '' : isUuid(v) ? 'id' : 'junk')
  return [
    p.customer,
    p.tools.risk.read,
    p.tools.iks.read,
    f.tab,
    f.view,
    f.status ?? '',
    f.owner?.type ?? '',
    id(f.owner?.id),
    Boolean(f.from),
    Boolean(f.to),
    Boolean(f.dsg),
    id(f.riskId),
    id(f.iksId),
    f.q ? (numberIn(f.q) ? 'qn' : 'q') : '',
    f.sort,
    f.dir,
  ].join('.')
}

function orderFor(f: MeasureFilter) {
  const dir = f.dir === 'desc' ? desc : asc
  const column = f.sort === 'idkey' ? measures.idkey : f.sort === 'title' ? measures.title : f.sort === 'confirmedAt' ? measures.confirmedAt : measures.dueDate
  if (f.sort === 'owner') return [dir(sql`coalesce(${ownerUser.lastName}, ${responsibleBodies.name})`), asc(measures.idkey)]
  return [dir(column), asc(measures.idkey), asc(measures.iteration)]
}

/** The columns of the list page's sorts in the list statement's subquery `t`. */
const SORTED_AS = { dueDate: 'due_date', idkey: 'idkey', title: 'title', confirmedAt: 'confirmed_at', owner: 'owner_sort' } as const

type PageShape = { p: Permissions; f: MeasureFilter; limit: number; offset: number }

/**
 * The list page in one statement (`Measures.for(access).page`): a page of rows as JSON with the
 * owners' and confirmer's names, the filter's total, and the owners to filter by. The rows are those
 * of `list` (the same filter, visibility and order); the people and bodies those of `owners`
 * before their rights are checked. Built once per filter shape, its values placeholders.
 */
function pageStatement({ p, f, limit, offset }: PageShape): SQL {
  const where = whereFor(p, f, '', asPlaceholder)
  const dir = f.dir === 'desc' ? sql`desc` : sql`asc`
  const outer =
    f.sort === 'owner' ? sql`t.owner_sort ${dir}, t.idkey` : sql`${sql.identifier(`t`)}.${sql.identifier(SORTED_AS[f.sort])} ${dir}, t.idkey, t.iteration`
  const rows = jsonList(
    sql`json_build_object('id', t.id, 'idkey', t.idkey, 'iteration', t.iteration, 'source', t.source, 'title', t.title, 'body', t.body,
      'state', t.state, 'dueDate', t.due_date, 'recurrence', t.recurrence, 'dsgMeasure', t.dsg_measure, 'inEdit', t.in_edit,
      'ownerName', t.owner_name, 'confirmedAt', t.confirmed_at, 'confirmationText', t.confirmation_text, 'confirmedByName', t.confirmed_by_name)`,
    sql`select ${measures.id}, ${measures.idkey}, ${measures.iteration}, ${measures.source}, ${measures.title}, ${measures.body}, ${measures.state},
          ${measures.dueDate}, ${measures.recurrence}, ${measures.dsgMeasure}, ${measures.inEdit}, ${measures.confirmedAt}, ${measures.confirmationText},
          ${listColumns.ownerName} as owner_name, ${listColumns.confirmedByName} as confirmed_by_name,
          coalesce(${ownerUser.lastName}, ${responsibleBodies.name}) as owner_sort
        from ${measures}
        left join ${users} ${ownerUser} on ${ownerUser.id} = ${measures.ownerUserId}
        left join ${responsibleBodies} on ${responsibleBodies.id} = ${measures.ownerBodyId}
        left join ${users} ${confirmer} on ${confirmer.id} = ${measures.confirmedByUserId}
        where ${where} order by ${sql.join(orderFor(f), sql`, `)} limit ${limit} offset ${offset === 0 ? sql`0` : sql.placeholder('offset')}`,
    outer,
  )
  const people = jsonList(
    sql`json_build_object('id', t.id, 'firstName', t.first_name, 'lastName', t.last_name, 'rights', t.rights)`,
    sql`select ${users.id}, ${users.firstName}, ${users.lastName}, ${rightsJsonOf(memberships.id)} as rights
        from ${users} inner join ${memberships} on ${memberships.userId} = ${users.id} where ${users.state} = 'active'`,
    sql`t.last_name, t.first_name`,
  )
  const bodies = jsonList(
    sql`json_build_object('id', t.id, 'name', t.name)`,
    sql`select ${responsibleBodies.id}, ${responsibleBodies.name} from ${responsibleBodies}`,
    sql`t.name`,
  )
  return sql`select ${rows} as rows, (select count(*)::int from ${measures} where ${where}) as total, ${people} as people, ${bodies} as bodies`
}

type PageRow = {
  rows: (Omit<MeasurePageRow, 'confirmedAt'> & { confirmedAt: string | null })[]
  total: number
  people: {
    id: string
    firstName: string
    lastName: string
    rights: RightsJson
  }[]
  bodies: { id: string; name: string }[]
}
type PageValues = Record<'today' | 'owner' | 'from' | 'to' | 'riskId' | 'iksId' | 'term' | 'number' | 'offset', unknown>

const listPage = statementFamily<PageShape, PageValues, PageRow>(({ p, f, limit, offset }) => `${filterShape(p, f)}.${limit}.${offset === 0}`, pageStatement)

/** A row of the list page: what the page shows of a measure. */
export type MeasurePageRow = {
  id: string
  idkey: number
  iteration: number
  source: MeasureSource
  title: string
  body: string
  state: 'pending' | 'confirmed'
  dueDate: string
  recurrence: Recurrence
  dsgMeasure: boolean
  inEdit: boolean
  ownerName: string
  confirmedAt: Date | null
  confirmationText: string | null
  confirmedByName: string | null
}

export type MeasureRow = Awaited<ReturnType<ReturnType<typeof Measures.for>['list']>>['rows'][number]
export type MeasureOwners = { people: { id: string; firstName: string; lastName: string }[]; bodies: { id: string; name: string }[] }

export type MeasureInput = {
  source: MeasureSource
  title: string
  body: string
  owner: { type: 'user' | 'body'; id: string }
  dueDate: string
  recurrence: Recurrence
  dsgMeasure: boolean
  inEdit: boolean
  riskId?: string | null
  iksId?: string | null
}

/**
 * The measures of one customer, bound to the acting access: every operation runs inside
 * `withCustomer(access, …)` (joining an open scope of the same customer), so row-level security
 * keeps out every other customer's rows; the rights come from `permissionsOf(access)`.
 */
export const Measures = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    /** The owner must belong to the acting customer and, for a person, be able to see the measure. */
    async function ownerColumns(tx: Tx, owner: MeasureInput['owner'], measure: { source: MeasureSource; dsgMeasure: boolean }, current?: string | null) {
      if (!isUuid(owner.id)) throw new DomainError('invalid', 'owner')
      if (owner.type === 'user') {
        const member = await memberToTake(tx, owner.id)
        if (!member) throw new DomainError('invalid', 'owner')
        // The measure's current owner may stay, whatever became of them.
        if (owner.id === current) return { ownerUserId: owner.id, ownerBodyId: null }
        // Disabled accounts, auditors and ended memberships take nothing new.
        if (!member.mayTakeOn) throw new DomainError('invalid', 'owner', 'validation.ownerMayNotOwn')
        if (!maySee(permissionsOfMember(rightsOf(member.membership)), measure)) throw new DomainError('invalid', 'owner', 'validation.ownerNoRights')
        return { ownerUserId: owner.id, ownerBodyId: null }
      }
      const b = await tx.query.responsibleBodies.findFirst({ where: eq(responsibleBodies.id, owner.id) })
      if (!b) throw new DomainError('invalid', 'owner')
      return { ownerUserId: null, ownerBodyId: owner.id }
    }

    return {
      /** The sources one may create measures of (and delete them). */
      writableSources: MEASURE_SOURCES.filter((s) => p.measures[s].write) as MeasureSource[],
      /** The sources a measure with this DSG flag may be given when one edits it. */
      editableSources: (dsgMeasure: boolean) => MEASURE_SOURCES.filter((source) => mayEdit(p, { source, dsgMeasure })) as MeasureSource[],
      mayEdit: (m: { source: MeasureSource; dsgMeasure: boolean }) => mayEdit(p, m),
      mayDelete: (m: { source: MeasureSource }) => p.measures[m.source].write,

      list(f: MeasureFilter, today: string, page: { limit: number; offset: number }) {
        const where = whereFor(p, f, today)
        return scoped(async (tx) => {
          const rows = await baseQuery(tx)
            .where(where)
            .orderBy(...orderFor(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(measures).where(where)
          return { rows, total: count }
        })
      },

      /**
       * The list page in one round trip: a page of `list`'s rows (what the page shows of them), the
       * filter's total, and the owners one may filter by, as `owners()` gives them.
       */
      async page(f: MeasureFilter, today: string, page: { limit: number; offset: number }) {
        const values: PageValues = {
          today,
          owner: f.owner?.id,
          from: f.from,
          to: f.to,
          riskId: f.riskId,
          iksId: f.iksId,
          term: f.q ? likeTerm(f.q) : undefined,
          number: f.q ? numberIn(f.q) : undefined,
          offset: page.offset,
        }
        const [row] = await scoped((tx) => listPage(tx, { p, f, limit: page.limit, offset: page.offset }, values))
        const rows: MeasurePageRow[] = row.rows.map((r) => ({ ...r, confirmedAt: r.confirmedAt ? new Date(r.confirmedAt) : null }))
        const people = row.people.map(({ rights, ...person }) => ({ ...person, rights: rightsFromJson(rights) }))
        return { rows, total: row.total, owners: ownerChoices(MEASURE_SOURCES, people, row.bodies) }
      },

      /**
       * All rows of a filter, in batches, for the CSV export: one sorted read through a cursor in
       * a transaction of its own, safe to read after the request ended (a streamed response).
       */
      iterate(f: MeasureFilter, today: string, batch = 500) {
        const where = whereFor(p, f, today)
        const order = orderFor(f)
        return cursorWithCustomer(access, batch, (tx) =>
          exportQuery(tx)
            .where(where)
            .orderBy(...order),
        )
      },

      async get(id: string) {
        if (!isUuid(id)) return null
        const [row] = await scoped((tx) =>
          baseQuery(tx)
            .where(and(eq(measures.id, id), visibility(p)))
            .limit(1),
        )
        return row ?? null
      },

      /**
       * The possible owners of measures of the given sources: active members who can see such a
       * measure (not flagged DSG), neither auditors nor ended memberships (`keep`, the measure's
       * current owner, stays choosable), and every responsible body of the customer.
       */
      owners(sources: readonly MeasureSource[] = MEASURE_SOURCES, keep?: string | null): Promise<MeasureOwners> {
        return scoped(async (tx) => {
          const members = await tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, m: membershipWithRights })
            .from(users)
            .innerJoin(memberships, eq(memberships.userId, users.id))
            .where(choosableMember(todayInZurich(), keep))
            .orderBy(users.lastName, users.firstName)
          const bodies = await tx.select({ id: responsibleBodies.id, name: responsibleBodies.name }).from(responsibleBodies).orderBy(responsibleBodies.name)
          return ownerChoices(
            sources,
            members.map(({ m, ...person }) => ({ ...person, rights: rightsOf(m) })),
            bodies,
            keep,
          )
        })
      },

      async create(input: MeasureInput) {
        if (!p.measures[input.source].write) throw new DomainError('forbidden')
        checkRecurrence(input.recurrence)
        return scoped(async (tx) => {
          const owner = await ownerColumns(tx, input.owner, input)
          if (input.riskId && !(await riskBelongsTo(tx, access.customer.id, input.riskId))) throw new DomainError('not-found')
          if (input.iksId && !(await processBelongsTo(tx, access.customer.id, input.iksId))) throw new DomainError('not-found')
          const idkey = await nextNumber(tx, access.customer.id, 'measure')
          const values = {
            customerId: access.customer.id,
            idkey,
            source: input.source,
            title: input.title,
            body: input.body,
            ...owner,
            dueDate: input.dueDate,
            recurrence: input.recurrence,
            dsgMeasure: input.dsgMeasure,
            inEdit: input.inEdit,
            riskId: input.riskId ?? null,
            iksId: input.iksId ?? null,
            createdByUserId: access.user.id,
          }
          const [row] = await tx.insert(measures).values(values).returning()
          await writeAudit(tx, access, { component: 'measure', action: 'Created', entityId: row.id, changes: diff(null, { ...values, customerId: undefined }) })
          return row
        })
      },

      async update(id: string, input: MeasureInput, version: number) {
        checkRecurrence(input.recurrence)
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, measures, id, version, { where: visibility(p), allowed: (row) => mayEdit(p, row) })
          if (before.state === 'confirmed') throw new DomainError('conflict', undefined, 'measures.confirmedReadOnly')
          // Moving a measure to another tool, or clearing its DSG flag, needs the right for the result too.
          if (!mayEdit(p, input)) throw new DomainError('forbidden')
          const owner = await ownerColumns(tx, input.owner, input, before.ownerUserId)
          const changes = {
            source: input.source,
            title: input.title,
            body: input.body,
            ...owner,
            dueDate: input.dueDate,
            recurrence: input.recurrence,
            dsgMeasure: input.dsgMeasure,
            inEdit: input.inEdit,
          }
          return updateVersioned(tx, access, { table: measures, before, set: changes, audit: { component: 'measure' } })
        })
      },

      /**
       * Confirms a pending measure with a text, recording who and when. A recurring
       * measure gets its next iteration in the same transaction: due date moved on
       * by the recurrence, iteration raised, same number.
       */
      async confirm(id: string, text: string, version: number) {
        if (!text.trim()) throw new DomainError('invalid', 'confirmationText')
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, measures, id, version, { where: visibility(p), allowed: (row) => mayEdit(p, row) })
          if (before.state === 'confirmed') throw new DomainError('conflict', undefined, 'measures.alreadyConfirmed')
          const confirmedAt = new Date()
          const confirmation = { state: 'confirmed' as const, confirmedAt, confirmedByUserId: access.user.id, confirmationText: text.trim() }
          // Leaving edit mode is no change of its own in the trail: the entry names the confirmation only.
          const confirmed = await updateVersioned(tx, access, {
            table: measures,
            before,
            set: { ...confirmation, inEdit: false },
            now: confirmedAt,
            audit: { component: 'measure', changes: diff(before, confirmation) },
          })
          let next: Measure | null = null
          if (before.recurrence > 0) {
            // The next round goes to the same owner while that person may still own (an active account,
            // a membership neither an auditor's nor ended); else to the confirming user, and the entry says from whom.
            let ownerUserId = before.ownerUserId
            let handedOver: { from: string; to: string } | null = null
            if (ownerUserId) {
              if (!(await memberToTake(tx, ownerUserId))?.mayTakeOn) {
                handedOver = { from: ownerUserId, to: effectiveUserId(access) }
                ownerUserId = handedOver.to
              }
            }
            const values = {
              customerId: before.customerId,
              idkey: before.idkey,
              iteration: before.iteration + 1,
              previousId: before.id,
              source: before.source,
              title: before.title,
              body: before.body,
              ownerUserId,
              ownerBodyId: before.ownerBodyId,
              dueDate: addDays(before.dueDate, before.recurrence),
              recurrence: before.recurrence,
              dsgMeasure: before.dsgMeasure,
              riskId: before.riskId,
              iksId: before.iksId,
              riskCatalogId: before.riskCatalogId,
              createdByUserId: access.user.id,
            }
            ;[next] = await tx.insert(measures).values(values).returning()
            await writeAudit(tx, access, {
              component: 'measure',
              action: 'Created',
              entityId: next.id,
              changes: { ...diff(null, { ...values, customerId: undefined }), ...(handedOver ? { ownerUserId: handedOver } : {}) },
            })
          }
          return { confirmed, next }
        })
      },

      async remove(id: string, version: number) {
        await scoped(async (tx) => {
          const before = await lockVersioned(tx, measures, id, version, { where: visibility(p), allowed: (row) => p.measures[row.source].write })
          await deleteVersioned(tx, access, { table: measures, before, audit: { component: 'measure' } })
        })
      },
    }
  },
}

function checkRecurrence(r: number): asserts r is Recurrence {
  if (!(RECURRENCES as readonly number[]).includes(r)) throw new DomainError('invalid', 'recurrence')
}

/** The measures the (represented) user owns, for the dashboard. */

/**
 * Pending measures of one owner in one customer that are overdue or due within the window, as
 * far as the owner may see them. Driven by the reminder run, not by a signed-in customer: it joins
 * the scope the caller opened (the system's, or this customer's), else reads as the system.
 */
export async function dueForReminder(customerId: string, userId: string, today: string, rights: Rights) {
  const read = (tx: Executor) =>
    tx
      .select({ idkey: measures.idkey, iteration: measures.iteration, title: measures.title, dueDate: measures.dueDate, source: measures.source })
      .from(measures)
      .where(
        and(
          eq(measures.customerId, customerId),
          eq(measures.ownerUserId, userId),
          eq(measures.state, 'pending'),
          lte(measures.dueDate, addDays(today, REMINDER_WINDOW_DAYS)),
          visibility(permissionsOfMember(rights)),
        ),
      )
      .orderBy(asc(measures.dueDate), asc(measures.idkey))
  const open = currentScope()
  return open ? read(open.tx) : asSystem('measure reminders', read)
}

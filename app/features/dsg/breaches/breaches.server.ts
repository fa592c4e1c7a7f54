import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { type Changes, diff, removal, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { DSG_BREACH_NOTICE_HOURS, type DsgBreachState } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { customers, dsgBreaches, dsgMeasureLinks, dsgSettings, measures, memberships, users } from '#models/schema/index.ts'
import { choosableMember } from '#app/auth/users.server.ts'
import { memberToTake } from '#app/auth/customers.server.ts'
import { breachNeedsNotice, mayDeleteBreach } from '../rules.ts'
import { dsgSql } from '../rules.server.ts'
import { BREACH_NOTICE_HOURS_MAX, BREACH_NOTICE_HOURS_MIN } from './breach-schema.ts'
import { numberFromSearch } from '#models/core/record-number.ts'

export const BREACH_SORTS = ['discoveredAt', 'idkey', 'title', 'state'] as const
export type BreachSort = (typeof BREACH_SORTS)[number]
export const BREACH_RISK_FILTERS = ['yes', 'no', 'unassessed'] as const

export type BreachFilter = {
  state?: DsgBreachState
  highRisk?: (typeof BREACH_RISK_FILTERS)[number]
  overdue?: boolean
  q?: string
  sort: BreachSort
  dir: 'asc' | 'desc'
}

export type BreachInput = {
  title: string
  discoveredAt: Date
  description: string
  /** When it began and how long it lasted, as far as known. */
  period: string
  subjectCategories: string
  dataCategories: string
  subjectsCount: number | null
  recordsCount: number | null
  consequences: string
  measuresTaken: string
  /** Likely a high risk for the data subjects; null: not yet assessed. */
  highRisk: boolean | null
  /** The data subjects must be informed (Art. 24 para. 4); null: not yet decided. */
  informSubjects: boolean | null
  subjectsInformedOn: string | null
  /** DSG measures of the fund (measures tool, dsg_measure = true). */
  measureIds: string[]
}

const COMPONENT = 'dsgBreach'

/**
 * The fund's data security breaches (Art. 24 DSG), bound to the acting access: every operation runs
 * inside `withCustomer(access, …)`. Breaches hold personal data of insured persons: only the dsg role
 * and admins see them (`permissionsOf(access).dsg.sensitive`); for everyone else a breach does not
 * exist (404) and the list is refused (403). Deadlines and the deletion block come from ../rules.ts.
 */
export const DsgBreaches = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).dsg
    const mayRead = p.sensitive
    const mayWrite = p.sensitive && p.write
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    async function hoursOf(tx: Tx): Promise<number> {
      const [row] = await tx.select({ hours: dsgSettings.breachNoticeHours }).from(dsgSettings)
      return row?.hours ?? DSG_BREACH_NOTICE_HOURS
    }

    async function linkedMeasureIds(tx: Tx, breachId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: dsgMeasureLinks.measureId })
        .from(dsgMeasureLinks)
        .where(eq(dsgMeasureLinks.breachId, breachId))
        .orderBy(dsgMeasureLinks.measureId)
      return rows.map((r) => r.id)
    }

    /** Only DSG measures of this fund may be linked; any other id is unknown here (404). */
    async function checkMeasures(tx: Tx, ids: string[]) {
      if (ids.length === 0) return
      if (!ids.every(isUuid)) throw new DomainError('not-found')
      const found = await tx
        .select({ id: measures.id })
        .from(measures)
        .where(and(inArray(measures.id, ids), eq(measures.dsgMeasure, true)))
      if (found.length !== ids.length) throw new DomainError('not-found')
    }

    async function setLinks(tx: Tx, breachId: string, ids: string[]) {
      await tx.delete(dsgMeasureLinks).where(eq(dsgMeasureLinks.breachId, breachId))
      if (ids.length) await tx.insert(dsgMeasureLinks).values(ids.map((measureId) => ({ customerId: access.customer.id, breachId, measureId })))
    }

    function checkInput(input: BreachInput, now: Date) {
      if (input.discoveredAt.getTime() > now.getTime()) throw new DomainError('invalid', 'discoveredOn', 'dsg:breaches.futureDiscovery')
      if (input.subjectsInformedOn) {
        if (input.subjectsInformedOn > todayInZurich(now)) throw new DomainError('invalid', 'subjectsInformedOn', 'dsg:breaches.futureDate')
        if (input.subjectsInformedOn < todayInZurich(input.discoveredAt)) throw new DomainError('invalid', 'subjectsInformedOn', 'dsg:breaches.beforeDiscovery')
      }
    }

    const columns = {
      id: dsgBreaches.id,
      idkey: dsgBreaches.idkey,
      title: dsgBreaches.title,
      state: dsgBreaches.state,
      discoveredAt: dsgBreaches.discoveredAt,
      highRisk: dsgBreaches.highRisk,
      fdpicNotifiedAt: dsgBreaches.fdpicNotifiedAt,
      fdpicReference: dsgBreaches.fdpicReference,
      informSubjects: dsgBreaches.informSubjects,
      subjectsInformedOn: dsgBreaches.subjectsInformedOn,
    }

    return {
      mayRead,
      mayWrite,
      /** The fund's settings may be changed by dsg write. */
      mayEditSettings: mayWrite,

      /**
       * A page of breaches. `overdue` comes from the statement (dsgSql.breachOverdue, the rule of
       * rules.ts in SQL) with the fund's hours, judged at `now`.
       */
      list(f: BreachFilter, page: { limit: number; offset: number }, now: Date = new Date()) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const hours = await hoursOf(tx)
          const overdue = dsgSql.breachOverdue(hours, now)
          const conds: (SQL | undefined)[] = []
          if (f.state) conds.push(eq(dsgBreaches.state, f.state))
          if (f.highRisk === 'yes') conds.push(eq(dsgBreaches.highRisk, true))
          else if (f.highRisk === 'no') conds.push(eq(dsgBreaches.highRisk, false))
          else if (f.highRisk === 'unassessed') conds.push(isNull(dsgBreaches.highRisk))
          if (f.overdue) conds.push(overdue)
          if (f.q) {
            const term = likeTerm(f.q)
            conds.push(
              or(
                ilike(dsgBreaches.title, term),
                ilike(dsgBreaches.description, term),
                ilike(dsgBreaches.fdpicReference, term),
                sql`${dsgBreaches.idkey}::text = ${String(numberFromSearch(f.q, 'DB') ?? f.q.trim())}`,
              ),
            )
          }
          const where = and(...conds)
          const dir = f.dir === 'desc' ? desc : asc
          const order =
            f.sort === 'idkey' ? dsgBreaches.idkey : f.sort === 'title' ? dsgBreaches.title : f.sort === 'state' ? dsgBreaches.state : dsgBreaches.discoveredAt
          const rows = await tx
            .select({ ...columns, overdue: sql<boolean>`coalesce(${overdue}, false)` })
            .from(dsgBreaches)
            .where(where)
            .orderBy(dir(order), desc(dsgBreaches.idkey))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(dsgBreaches).where(where)
          return { rows, total: count, hours }
        })
      },

      /** One breach with its linked measures and the fund's hours; null when unknown or not visible. */
      async get(id: string) {
        if (!mayRead || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx.select().from(dsgBreaches).where(eq(dsgBreaches.id, id))
          if (!row) return null
          const linked = await tx
            .select({
              id: measures.id,
              idkey: measures.idkey,
              iteration: measures.iteration,
              title: measures.title,
              state: measures.state,
              dueDate: measures.dueDate,
            })
            .from(dsgMeasureLinks)
            .innerJoin(measures, eq(measures.id, dsgMeasureLinks.measureId))
            .where(eq(dsgMeasureLinks.breachId, id))
            .orderBy(measures.idkey, measures.iteration)
          return { ...row, measures: linked, hours: await hoursOf(tx) }
        })
      },

      /** The DSG measures of the fund that may be linked with a breach. */
      /**
       * The DSG measures a breach may link: the pending ones, and those it links already (confirmed or
       * not), so that saving the form never drops a link the user did not remove.
       */
      linkableMeasures(breachId?: string) {
        if (!mayWrite) throw new DomainError('forbidden')
        const linked =
          breachId && isUuid(breachId)
            ? sql`exists (select 1 from ${dsgMeasureLinks} where ${dsgMeasureLinks.measureId} = ${measures.id} and ${dsgMeasureLinks.breachId} = ${breachId})`
            : sql`false`
        return scoped((tx) =>
          tx
            .select({ id: measures.id, idkey: measures.idkey, iteration: measures.iteration, title: measures.title, state: measures.state })
            .from(measures)
            .where(and(eq(measures.dsgMeasure, true), or(eq(measures.state, 'pending'), linked)))
            .orderBy(measures.idkey, measures.iteration),
        )
      },

      async create(input: BreachInput, now: Date = new Date()) {
        if (!mayWrite) throw new DomainError('forbidden')
        checkInput(input, now)
        return scoped(async (tx) => {
          await checkMeasures(tx, input.measureIds)
          const { measureIds, ...values } = input
          const [row] = await tx
            .insert(dsgBreaches)
            .values({
              ...values,
              customerId: access.customer.id,
              idkey: await nextNumber(tx, access.customer.id, 'dsg_breach'),
              reportedAt: now,
              createdByUserId: access.user.id,
            })
            .returning()
          await setLinks(tx, row.id, measureIds)
          const changes: Changes = { idkey: { from: null, to: row.idkey }, ...diff(null, values) }
          if (measureIds.length) changes.measureIds = { from: [], to: measureIds }
          await writeAudit(tx, access, { component: COMPONENT, action: 'Created', entityId: row.id, changes })
          return row
        })
      },

      async update(id: string, input: BreachInput, version: number | undefined, now: Date = new Date()) {
        if (!mayWrite) throw new DomainError(mayRead ? 'forbidden' : 'not-found')
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgBreaches, id, version)
          checkInput(input, now)
          if (before.fdpicNotifiedAt && before.fdpicNotifiedAt.getTime() < input.discoveredAt.getTime())
            throw new DomainError('invalid', 'discoveredOn', 'dsg:breaches.afterNotification')
          await checkMeasures(tx, input.measureIds)
          const { measureIds, ...values } = input
          const linkedBefore = await linkedMeasureIds(tx, id)
          const sorted = [...measureIds].sort()
          const changes = diff(before, values)
          if (JSON.stringify(sorted) !== JSON.stringify(linkedBefore)) {
            await setLinks(tx, id, measureIds)
            changes.measureIds = { from: linkedBefore, to: sorted }
          }
          await updateVersioned(tx, access, { table: dsgBreaches, before, set: values, now, audit: { component: COMPONENT, changes } })
        })
      },

      /** Records the notification to the FDPIC: not before the discovery, not in the future. */
      async notify(id: string, at: Date, reference: string, version: number, now: Date = new Date()) {
        if (!mayWrite) throw new DomainError(mayRead ? 'forbidden' : 'not-found')
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgBreaches, id, version)
          if (at.getTime() > now.getTime()) throw new DomainError('invalid', 'notifiedOn', 'dsg:breaches.futureDate')
          if (at.getTime() < before.discoveredAt.getTime()) throw new DomainError('invalid', 'notifiedOn', 'dsg:breaches.beforeDiscovery')
          const values = { fdpicNotifiedAt: at, fdpicReference: reference }
          await updateVersioned(tx, access, { table: dsgBreaches, before, set: values, now, audit: { component: COMPONENT } })
        })
      },

      /** Closes a breach (closed today) or opens it again. */
      async setState(id: string, state: DsgBreachState, version: number, now: Date = new Date()) {
        if (!mayWrite) throw new DomainError(mayRead ? 'forbidden' : 'not-found')
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgBreaches, id, version)
          if (before.state === state) throw new DomainError('conflict', undefined, `dsg:breaches.already.${state}`)
          // Closing would silence the reminders of a notice the FDPIC is still owed (head row, dashboard, digest).
          if (state === 'closed' && breachNeedsNotice(before)) throw new DomainError('conflict', undefined, 'dsg:breaches.closeNeedsNotice')
          const values = { state, closedOn: state === 'closed' ? todayInZurich(now) : null }
          await updateVersioned(tx, access, { table: dsgBreaches, before, set: values, now, audit: { component: COMPONENT } })
        })
      },

      /** Deletes a breach; refused (409) within two years of its report (DSV Art. 15 para. 4). */
      async remove(id: string, version: number, now: Date = new Date()) {
        if (!mayWrite) throw new DomainError(mayRead ? 'forbidden' : 'not-found')
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgBreaches, id, version)
          if (!mayDeleteBreach(before, now)) throw new DomainError('conflict', undefined, 'dsg:breaches.deleteBlocked')
          const linked = await linkedMeasureIds(tx, id)
          await deleteVersioned(tx, access, {
            table: dsgBreaches,
            before,
            audit: { component: COMPONENT, changes: { ...removal(before), measureIds: { from: linked, to: null } } },
          })
        })
      },

      /**
       * The fund's notice target in hours (default 72), its data protection contact (null: not set) and
       * the version (0: never saved), with the members the contact may be chosen from.
       */
      async settings() {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const [row] = await tx.select().from(dsgSettings)
          const contactUserId = row?.contactUserId ?? null
          const contacts = await tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
            .from(users)
            .innerJoin(memberships, eq(memberships.userId, users.id))
            .where(choosableMember(todayInZurich(), contactUserId))
            .orderBy(users.lastName, users.firstName)
          return { breachNoticeHours: row?.breachNoticeHours ?? DSG_BREACH_NOTICE_HOURS, contactUserId, version: row?.version ?? 0, contacts }
        })
      },

      /**
       * Saves the notice target and the data protection contact (`contactUserId` undefined: unchanged,
       * null: none, so the notification falls back to the fund's contact). A new contact is a member who
       * may take something on (no auditor, no ended membership, an active account); the current one may stay.
       */
      async saveSettings(breachNoticeHours: number, version: number, contactUserId?: string | null) {
        if (!mayWrite) throw new DomainError('forbidden')
        if (!Number.isInteger(breachNoticeHours) || breachNoticeHours < BREACH_NOTICE_HOURS_MIN || breachNoticeHours > BREACH_NOTICE_HOURS_MAX)
          throw new DomainError('invalid', 'breachNoticeHours', 'dsg:breaches.settings.hoursRange')
        return scoped(async (tx) => {
          const [before] = await tx.select().from(dsgSettings).for('update')
          if ((before?.version ?? 0) !== version) throw new DomainError('stale')
          const contact = contactUserId === undefined ? (before?.contactUserId ?? null) : contactUserId
          if (contact !== null && contact !== (before?.contactUserId ?? null)) {
            const member = await memberToTake(tx, contact)
            if (!member) throw new DomainError('invalid', 'contactUserId', 'dsg:breaches.settings.contactInvalid')
            if (!member.mayTakeOn) throw new DomainError('invalid', 'contactUserId', 'validation.ownerMayNotOwn')
          }
          if (before) {
            // The fund's one row: row-level security keeps the statement to it.
            await tx.update(dsgSettings).set({ breachNoticeHours, contactUserId: contact, version: sql`${dsgSettings.version} + 1`, updatedAt: new Date() })
          } else {
            // Two first saves at once: the second finds the row taken and is stale, like any late save.
            const [created] = await tx
              .insert(dsgSettings)
              .values({ customerId: access.customer.id, breachNoticeHours, contactUserId: contact })
              .onConflictDoNothing()
              .returning()
            if (!created) throw new DomainError('stale')
          }
          await writeAudit(tx, access, {
            component: 'dsgSettings',
            action: 'Updated',
            entityId: access.customer.id,
            changes: diff(
              { breachNoticeHours: before?.breachNoticeHours ?? DSG_BREACH_NOTICE_HOURS, contactUserId: before?.contactUserId ?? null },
              { breachNoticeHours, contactUserId: contact },
            ),
          })
        })
      },

      /**
       * The fund and the contact person for the notification under DSV Art. 15 para. 1 lit. g: the
       * fund's data protection contact (its DSG settings), else the fund's contact, and which it is
       * (`contactSource`: 'dsg', 'fund', or null when neither is set).
       */
      async fund() {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const [fund] = await tx
            .select({ name: customers.name, address: customers.address, contactId: customers.contactId })
            .from(customers)
            .where(eq(customers.id, access.customer.id))
          const [settings] = await tx.select({ contactUserId: dsgSettings.contactUserId }).from(dsgSettings)
          const person = async (id: string | null | undefined) =>
            id
              ? ((
                  await tx
                    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, functional: users.functional })
                    .from(users)
                    // A member of this fund (memberships are scoped to it).
                    .innerJoin(memberships, eq(memberships.userId, users.id))
                    .where(eq(users.id, id))
                )[0] ?? null)
              : null
          const dsgContact = await person(settings?.contactUserId)
          const contact = dsgContact ?? (await person(fund?.contactId))
          const contactSource = dsgContact ? ('dsg' as const) : contact ? ('fund' as const) : null
          return { name: fund?.name ?? '', address: fund?.address ?? '', contact, contactSource }
        })
      },
    }
  },
}

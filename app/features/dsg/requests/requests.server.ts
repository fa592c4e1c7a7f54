import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { DsgRequestKind, DsgRequestState } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isCheckViolation, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { dsgRequests } from '#models/schema/index.ts'
import { isLongExtension, requestDeadline, requestDueOn } from '../rules.ts'
import { dsgSql } from '../rules.server.ts'
import type { DsgRequestDueFilter, DsgRequestSort } from './options.ts'
import { numberFromSearch } from '#models/core/record-number.ts'

/*
 * Requests of data subjects (Art. 25-32 DSG): access, rectification, erasure, objection, data
 * portability. They hold personal data of insured persons, so only the dsg role and admins see them
 * at all (`permissionsOf(access).dsg.sensitive`); for everyone else a request does not exist (404)
 * and the list is refused (403). The deadlines come from ../rules.ts and ../rules.server.ts.
 */

export type DsgRequestFilter = {
  state?: DsgRequestState
  kind?: DsgRequestKind
  due?: DsgRequestDueFilter
  q?: string
  sort: DsgRequestSort
  dir: 'asc' | 'desc'
}

/** What the form gives; the due date is not among it: it is always received + 30 days (DSV Art. 18). */
export type DsgRequestInput = {
  kind: DsgRequestKind
  receivedOn: string
  requesterName: string
  requesterReference: string
  identityChecked: boolean
  note: string
}
/** `confirmLong`: the editor confirmed a deadline more than 60 days after the receipt. */
export type DsgRequestExtension = { to: string; reason: string; toldOn: string; confirmLong?: boolean }
export type DsgRequestAnswer = { answeredOn: string; how: string; healthProfessional: string }
/** A refusal (with its reason under Art. 26 DSG) or a withdrawal by the requester, and the day. */
export type DsgRequestClosing = { on: string; reason: string }

export type DsgRequest = typeof dsgRequests.$inferSelect

const CHECK_DUE_AFTER_RECEIPT = 'dsg_requests_due_after_receipt'

/** The table's own check refused the row (the service checks first; this is the last line). */
/**
 * Runs a write and turns the table's check "due on or after receipt" into a refusal at the receipt
 * field (400), never a failure (500).
 */
export async function refusingDueBeforeReceipt<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isCheckViolation(error, CHECK_DUE_AFTER_RECEIPT)) throw new DomainError('invalid', 'receivedOn', 'dsg:requests.error.dueBeforeReceipt')
    throw error
  }
}

/** A day the user gave must not lie in the future (receipt, told on, answered on). */
function notInFuture(day: string, field: string, today: string) {
  if (day > today) throw new DomainError('invalid', field, 'dsg:requests.error.future')
}

function notBeforeReceipt(day: string, request: { receivedOn: string }, field: string) {
  if (day < request.receivedOn) throw new DomainError('invalid', field, 'dsg:requests.error.beforeReceipt')
}

/**
 * The requester's name, reference and health professional are the least data the register needs
 * (Art. 25-32 DSG); the audit trail, which the application can never delete, records that they
 * changed but not their values.
 */
const PERSONAL = ['requesterName', 'requesterReference', 'healthProfessional']

export const DsgRequests = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).dsg
    const maySee = p.sensitive
    const mayWrite = p.sensitive && p.write
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    /** The row to change, locked; unknown, foreign or hidden ids are "not found", an old version "stale". */
    async function lock(tx: Tx, id: string, version: number | undefined) {
      // Out of sight it does not exist (404); in sight but not to be changed by this user, 403.
      if (!p.sensitive) throw new DomainError('not-found')
      return lockVersioned(tx, dsgRequests, id, version, { allowed: () => mayWrite })
    }

    function requireOpen(request: DsgRequest) {
      if (request.state !== 'open') throw new DomainError('conflict', undefined, 'dsg:requests.error.notOpen')
    }

    /** Changes fields of one request, one version up, with its audit entry. */
    async function change(tx: Tx, before: DsgRequest, set: Partial<DsgRequest>) {
      return updateVersioned(tx, access, { table: dsgRequests, before, set, audit: { component: 'dsgRequest', hidden: PERSONAL } })
    }

    /**
     * Refused (the reason under Art. 26 DSG, told to the requester) or withdrawn by the requester.
     * The day goes into `answeredOn` and the reason into `answerMethod`: the table has no columns of
     * their own, and a refusal is the request's answer.
     */
    async function close(id: string, state: 'refused' | 'withdrawn', c: DsgRequestClosing, version: number): Promise<DsgRequest> {
      const today = todayInZurich()
      return scoped(async (tx) => {
        const before = await lock(tx, id, version)
        requireOpen(before)
        if (!c.reason.trim()) throw new DomainError('invalid', 'reason', 'validation.required')
        notBeforeReceipt(c.on, before, 'on')
        notInFuture(c.on, 'on', today)
        return change(tx, before, { state, answeredOn: c.on, answerMethod: c.reason.trim(), healthProfessional: '' })
      })
    }

    return {
      maySee,
      mayWrite,

      list(f: DsgRequestFilter, page: { limit: number; offset: number }, today: string = todayInZurich()) {
        if (!maySee) throw new DomainError('forbidden')
        const conds: (SQL | undefined)[] = []
        if (f.state) conds.push(eq(dsgRequests.state, f.state))
        if (f.kind) conds.push(eq(dsgRequests.kind, f.kind))
        if (f.due === 'soon') conds.push(dsgSql.requestDueSoon(today))
        if (f.due === 'overdue') conds.push(dsgSql.requestOverdue(today))
        if (f.q) {
          const term = likeTerm(f.q)
          conds.push(
            or(ilike(dsgRequests.requesterName, term), ilike(dsgRequests.requesterReference, term), eq(dsgRequests.idkey, numberFromSearch(f.q, 'DR') ?? 0)),
          )
        }
        const where = and(...conds)
        const dir = f.dir === 'desc' ? desc : asc
        const order =
          f.sort === 'receivedOn'
            ? dsgRequests.receivedOn
            : f.sort === 'idkey'
              ? dsgRequests.idkey
              : f.sort === 'requesterName'
                ? dsgRequests.requesterName
                : f.sort === 'state'
                  ? dsgRequests.state
                  : dsgSql.requestDeadline()
        return scoped(async (tx) => {
          const rows = await tx
            .select({
              id: dsgRequests.id,
              idkey: dsgRequests.idkey,
              kind: dsgRequests.kind,
              state: dsgRequests.state,
              receivedOn: dsgRequests.receivedOn,
              requesterName: dsgRequests.requesterName,
              requesterReference: dsgRequests.requesterReference,
              identityChecked: dsgRequests.identityChecked,
              dueOn: dsgRequests.dueOn,
              extendedTo: dsgRequests.extendedTo,
              answeredOn: dsgRequests.answeredOn,
            })
            .from(dsgRequests)
            .where(where)
            .orderBy(dir(order), dir(dsgRequests.idkey))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(dsgRequests).where(where)
          return { rows, total: count }
        })
      },

      async get(id: string): Promise<DsgRequest | null> {
        if (!maySee || !isUuid(id)) return null
        return (await scoped((tx) => tx.query.dsgRequests.findFirst({ where: eq(dsgRequests.id, id) }))) ?? null
      },

      /** Records a request (id null) or corrects one; the due date follows the receipt. */
      async save(id: string | null, input: DsgRequestInput, version?: number): Promise<DsgRequest> {
        if (!mayWrite) throw new DomainError(id ? 'not-found' : 'forbidden')
        const today = todayInZurich()
        notInFuture(input.receivedOn, 'receivedOn', today)
        const values = { ...input, dueOn: requestDueOn(input.receivedOn) }
        return refusingDueBeforeReceipt(() =>
          scoped(async (tx) => {
            if (!id) {
              const [row] = await tx
                .insert(dsgRequests)
                .values({
                  ...values,
                  customerId: access.customer.id,
                  idkey: await nextNumber(tx, access.customer.id, 'dsg_request'),
                  createdByUserId: access.user.id,
                })
                .returning()
              await writeAudit(tx, access, {
                component: 'dsgRequest',
                action: 'Created',
                entityId: row.id,
                changes: diff(null, { idkey: row.idkey, ...values }, PERSONAL),
              })
              return row
            }
            const before = await lock(tx, id, version)
            // A later receipt must not overtake what already happened after it.
            const later = [before.extensionToldOn, before.answeredOn].filter((d): d is string => d !== null)
            if (later.some((d) => d < input.receivedOn)) throw new DomainError('invalid', 'receivedOn', 'dsg:requests.error.receivedAfterEvents')
            if (before.extendedTo !== null && before.extendedTo <= values.dueOn)
              throw new DomainError('invalid', 'receivedOn', 'dsg:requests.error.receivedAfterExtension')
            return change(tx, before, values)
          }),
        )
      },

      /**
       * A longer deadline (DSV Art. 18): the new date after the current deadline, the reason, and the
       * day the requester was told (not before the receipt, not in the future). A date more than 60
       * days after the receipt needs `confirmLong`; the reason is kept on the request and in its history.
       */
      async extend(id: string, e: DsgRequestExtension, version: number): Promise<DsgRequest> {
        const today = todayInZurich()
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          requireOpen(before)
          if (!e.reason.trim()) throw new DomainError('invalid', 'reason', 'validation.required')
          if (e.to <= requestDeadline(before)) throw new DomainError('invalid', 'to', 'dsg:requests.error.extendNotLater')
          // Beyond 60 days after the receipt only when confirmed (DSV Art. 18: a stated case, told to the requester).
          if (isLongExtension(before, e.to) && e.confirmLong !== true) throw new DomainError('invalid', 'confirmLong', 'dsg:requests.error.extendLong')
          notBeforeReceipt(e.toldOn, before, 'toldOn')
          notInFuture(e.toldOn, 'toldOn', today)
          return change(tx, before, { extendedTo: e.to, extensionReason: e.reason.trim(), extensionToldOn: e.toldOn })
        })
      },

      /**
       * Answered on a day (not before the receipt, not in the future), and how; health data may go
       * through a health professional the requester named (Art. 25 para. 3 DSG).
       */
      async answer(id: string, a: DsgRequestAnswer, version: number): Promise<DsgRequest> {
        const today = todayInZurich()
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          requireOpen(before)
          if (!a.how.trim()) throw new DomainError('invalid', 'how', 'validation.required')
          notBeforeReceipt(a.answeredOn, before, 'answeredOn')
          notInFuture(a.answeredOn, 'answeredOn', today)
          return change(tx, before, {
            state: 'answered',
            answeredOn: a.answeredOn,
            answerMethod: a.how.trim(),
            healthProfessional: a.healthProfessional.trim(),
          })
        })
      },

      close,

      refuse(id: string, c: DsgRequestClosing, version: number) {
        return close(id, 'refused', c, version)
      },

      withdraw(id: string, c: DsgRequestClosing, version: number) {
        return close(id, 'withdrawn', c, version)
      },

      /** Open again; the answer goes (the audit trail keeps it). */
      async reopen(id: string, version: number): Promise<DsgRequest> {
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          if (before.state === 'open') throw new DomainError('conflict', undefined, 'dsg:requests.error.alreadyOpen')
          return change(tx, before, { state: 'open', answeredOn: null, answerMethod: '', healthProfessional: '' })
        })
      },

      /** Deleting is allowed; the audit entry keeps the trace (number, kind, receipt, state, no name). */
      async remove(id: string, version: number) {
        await scoped(async (tx) => {
          const before = await lock(tx, id, version)
          await deleteVersioned(tx, access, { table: dsgRequests, before, audit: { component: 'dsgRequest', hidden: PERSONAL } })
        })
      },
    }
  },
}

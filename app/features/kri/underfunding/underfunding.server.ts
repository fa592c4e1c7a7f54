import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import type { UnderfundingDuty } from '#models/core/constants.ts'
import { UNDERFUNDING_DUTIES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { documentVisibility } from '#models/core/visibility.server.ts'
import { documents, underfundingCases, underfundingDuties, users } from '#models/schema/index.ts'
import { actorOf, closeIfRecovered } from '../alerts.server.ts'

export type DutyDone = { doneOn: string; evidence: string; documentId: string | null }

export type DutyRow = {
  id: string
  duty: UnderfundingDuty
  dueOn: string
  doneOn: string | null
  evidence: string
  documentId: string | null
  documentName: string | null
  doneBy: string | null
  version: number
  overdue: boolean
}

export type UnderfundingCase = { id: string; periodEnd: string; coverageRatio: string; closedOn: string | null; duties: DutyRow[] }

const COMPONENT = 'underfundingDuty'
const order = (d: UnderfundingDuty) => UNDERFUNDING_DUTIES.indexOf(d)

/**
 * The underfunding duties (Art. 65c–65d BVG, Art. 44 BVV 2; issue 27) bound to the acting access:
 * readers of RM see the cases (`kri.read`), writers record a duty done with its date and evidence
 * (`kri.enter`), the appetite's admins move a due date (`kri.appetite`). A case opens and closes with
 * the coverage ratio (../alerts.server.ts); recording the last duty done closes a case whose ratio is back.
 */
export const Underfunding = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).kri
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const readable = () => {
      if (!p.read) throw new DomainError('not-found')
    }

    /** A duty of this fund, locked, with its case; 404 for another fund's or an unknown id. */
    async function lockDuty(tx: Tx, id: string, version: number, allowed: boolean) {
      const before = await lockVersioned(tx, underfundingDuties, id, version, { allowed: () => allowed })
      const [kase] = await tx.select().from(underfundingCases).where(eq(underfundingCases.id, before.caseId))
      if (kase.closedOn) throw new DomainError('conflict', undefined, 'kri:underfunding.errors.closed')
      return { before, kase }
    }

    return {
      mayEnter: p.enter,
      mayMoveDue: p.appetite,

      /** Every case of the fund, the open one first, then the closed ones newest first, each with its duties: one statement. */
      async cases(today = todayInZurich()): Promise<UnderfundingCase[]> {
        readable()
        return scoped(async (tx) => {
          const rows = await tx
            .select({
              caseId: underfundingCases.id,
              periodEnd: underfundingCases.periodEnd,
              coverageRatio: underfundingCases.coverageRatio,
              closedOn: underfundingCases.closedOn,
              id: underfundingDuties.id,
              duty: underfundingDuties.duty,
              dueOn: underfundingDuties.dueOn,
              doneOn: underfundingDuties.doneOn,
              evidence: underfundingDuties.evidence,
              documentId: underfundingDuties.documentId,
              documentName: documents.name,
              doneByFirst: users.firstName,
              doneByLast: users.lastName,
              version: underfundingDuties.version,
            })
            .from(underfundingCases)
            .leftJoin(underfundingDuties, eq(underfundingDuties.caseId, underfundingCases.id))
            // The evidence's name only for a document the user may read (its category), as the documents' list.
            .leftJoin(documents, and(eq(documents.id, underfundingDuties.documentId), documentVisibility(permissionsOf(access))))
            .leftJoin(users, eq(users.id, underfundingDuties.doneByUserId))
            .orderBy(sql`${underfundingCases.closedOn} is not null`, desc(underfundingCases.periodEnd), asc(underfundingDuties.dueOn))
          const cases = new Map<string, UnderfundingCase>()
          for (const r of rows) {
            let c = cases.get(r.caseId)
            if (!c) {
              c = { id: r.caseId, periodEnd: r.periodEnd, coverageRatio: r.coverageRatio, closedOn: r.closedOn, duties: [] }
              cases.set(r.caseId, c)
            }
            if (r.id === null || r.duty === null || r.dueOn === null || r.evidence === null || r.version === null) continue
            c.duties.push({
              id: r.id,
              duty: r.duty,
              dueOn: r.dueOn,
              doneOn: r.doneOn,
              evidence: r.evidence,
              documentId: r.documentId,
              documentName: r.documentName,
              doneBy: r.doneByLast ? `${r.doneByFirst} ${r.doneByLast}` : null,
              version: r.version,
              overdue: !r.doneOn && r.dueOn < today && !r.closedOn,
            })
          }
          for (const c of cases.values()) c.duties.sort((a, b) => order(a.duty) - order(b.duty))
          return [...cases.values()]
        })
      },

      /** The fund's documents the user may read, to link as evidence. */
      async documents() {
        readable()
        return scoped((tx) =>
          tx
            .select({ id: documents.id, name: documents.name })
            .from(documents)
            .where(documentVisibility(permissionsOf(access)))
            .orderBy(asc(documents.name)),
        )
      },

      /** Records a duty done: its date (not in the future), the evidence (required), optionally a document of the fund. */
      async recordDone(id: string, input: DutyDone, version: number) {
        if (!p.read) throw new DomainError('not-found')
        const evidence = input.evidence.trim()
        if (!evidence) throw new DomainError('invalid', 'evidence', 'kri:underfunding.errors.evidence')
        if (input.doneOn > todayInZurich()) throw new DomainError('invalid', 'doneOn', 'kri:underfunding.errors.future')
        return scoped(async (tx) => {
          const { before, kase } = await lockDuty(tx, id, version, p.enter)
          if (input.documentId) {
            if (!isUuid(input.documentId)) throw new DomainError('invalid', 'documentId', 'kri:underfunding.errors.document')
            const [doc] = await tx
              .select({ id: documents.id })
              .from(documents)
              .where(and(eq(documents.id, input.documentId), documentVisibility(permissionsOf(access))))
            if (!doc) throw new DomainError('invalid', 'documentId', 'kri:underfunding.errors.document')
          }
          if (input.doneOn < kase.periodEnd) throw new DomainError('invalid', 'doneOn', 'kri:underfunding.errors.beforeCase')
          const after = await updateVersioned(tx, access, {
            table: underfundingDuties,
            before,
            set: { doneOn: input.doneOn, evidence, documentId: input.documentId, doneByUserId: access.user.id },
            audit: { component: COMPONENT },
          })
          await closeIfRecovered(tx, actorOf(access), kase.id)
          return after
        })
      },

      /** Moves a duty's due date (the appetite's admins: the supervisor granted more time, the council decided so). */
      async moveDue(id: string, dueOn: string, version: number) {
        if (!p.read) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const { before, kase } = await lockDuty(tx, id, version, p.appetite)
          if (dueOn < kase.periodEnd) throw new DomainError('invalid', 'dueOn', 'kri:underfunding.errors.beforeCase')
          return updateVersioned(tx, access, { table: underfundingDuties, before, set: { dueOn }, audit: { component: COMPONENT } })
        })
      },
    }
  },
}

import { and, asc, desc, eq, isNotNull, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { DsgDpiaState } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf, permissionsOfRights } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import {
  dsgActivities,
  dsgDpiaRisks,
  dsgDpias,
  dsgMeasureLinks,
  measures,
  memberships,
  probabilityLevels,
  severityLevels,
  users,
} from '#models/schema/index.ts'
import { choosableMember, rightsOf } from '#app/auth/users.server.ts'
import { mayDeleteDpia } from '../rules.ts'
import { dsgSql } from '../rules.server.ts'
import { approvalGaps, fdpicConsultationRequired, isDpiaRequired, residualStaysHigh, type Screening } from './assessment.ts'

import type { DpiaListState, DpiaSort } from './list-params.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'

export type { DpiaListState, DpiaSort } from './list-params.ts'

export type DpiaFilter = {
  state?: DpiaListState
  /** Only open assessments (screening or open, `dsgSql.dpiaOpen`). */
  open?: boolean
  activityId?: string
  sort: DpiaSort
  dir: 'asc' | 'desc'
}

export type ScreeningInput = Screening & { notRequiredReason: string }

export type AssessmentInput = {
  description: string
  residualProbabilityLevelId: string | null
  residualSeverityLevelId: string | null
  residualNote: string
  advisorConsulted: boolean
  fdpicConsultedOn: string | null
  fdpicReference: string
}

export type RiskInput = { description: string; probabilityLevelId: string; severityLevelId: string }
export type ApprovalInput = { approvedByUserId: string; approvedOn: string }

const COMPONENT = 'dsgDpia'

/**
 * The fund's data protection impact assessments (Art. 22/23 DSG), bound to the acting access: one per
 * processing activity, from its screening to its approval. Every operation runs inside
 * `withCustomer(access, …)`; reading needs `permissionsOf(access).dsg.read`, every change `dsg.write`,
 * and every change is audited (component `dsgDpia`, the assessment's id) in its transaction.
 */
export const DsgDpias = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).dsg
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    function mustWrite() {
      if (!p.write) throw new DomainError('forbidden')
    }

    /** An assessment that is required: its content may be changed (not one screened as not required). */
    async function lockAssessment(tx: Tx, id: string, version: number | undefined) {
      const before = await lockVersioned(tx, dsgDpias, id, version)
      if (before.state !== 'open' && before.state !== 'approved') throw new DomainError('conflict', undefined, 'dsg:dpia.error.notRequired')
      return before
    }

    /** A change of the assessment's content withdraws its approval: what was approved is no longer what stands. */
    const reopened = (before: { state: DsgDpiaState }) =>
      before.state === 'approved' ? { state: 'open' as const, approvedByUserId: null, approvedOn: null } : {}

    /**
     * An approved assessment changes only when the editor confirmed that its approval is withdrawn (the
     * form warns first, a checkbox that works without JavaScript); the history then says so in one line.
     */
    const mustConfirmWithdrawal = (before: { state: DsgDpiaState }, confirmed: boolean) => {
      if (before.state === 'approved' && !confirmed) throw new DomainError('invalid', 'withdrawApproval', 'dsg:dpia.error.confirmWithdrawal')
    }
    const withdrawal = (before: { state: DsgDpiaState }) =>
      before.state === 'approved' ? { ...diff(before, reopened(before)), approvalWithdrawn: { from: null, to: true } } : {}

    /** The fund's levels only: another fund's ids are invisible under row-level security. */
    async function checkLevels(tx: Tx, probabilityId: string | null, severityId: string | null, fields: [string, string]) {
      const prob = probabilityId ? await levelRef(tx, 'probability', probabilityId) : null
      if (probabilityId && !prob) throw new DomainError('invalid', fields[0], 'dsg:dpia.error.level')
      const sev = severityId ? await levelRef(tx, 'severity', severityId) : null
      if (severityId && !sev) throw new DomainError('invalid', fields[1], 'dsg:dpia.error.level')
      return { probability: prob, severity: sev }
    }

    function noFuture(day: string | null, field: string) {
      if (day && day > todayInZurich()) throw new DomainError('invalid', field, 'dsg:dpia.error.future')
    }

    return {
      mayRead: p.read,
      mayWrite: p.write,

      /**
       * Assessments with their activity, and (unless filtered out) the activities not yet screened,
       * as rows without an assessment: retired activities need none.
       */
      list(f: DpiaFilter, page: { limit: number; offset: number }) {
        if (!p.read) throw new DomainError('forbidden')
        const conds: (SQL | undefined)[] = [or(isNotNull(dsgDpias.id), ne(dsgActivities.state, 'retired'))]
        if (f.state === 'unscreened') conds.push(isNull(dsgDpias.id))
        else if (f.state) conds.push(eq(dsgDpias.state, f.state))
        if (f.open) conds.push(dsgSql.dpiaOpen())
        if (f.activityId) conds.push(isUuid(f.activityId) ? eq(dsgActivities.id, f.activityId) : sql`false`)
        const where = and(...conds)
        const dir = f.dir === 'desc' ? desc : asc
        const order =
          f.sort === 'state'
            ? sql`coalesce(${dsgDpias.state}::text, '')`
            : f.sort === 'screenedOn'
              ? dsgDpias.screenedOn
              : f.sort === 'approvedOn'
                ? dsgDpias.approvedOn
                : dsgActivities.name
        return scoped(async (tx) => {
          const rows = await tx
            .select({
              activityId: dsgActivities.id,
              activityIdkey: dsgActivities.idkey,
              activityName: dsgActivities.name,
              activityState: dsgActivities.state,
              sensitive: dsgActivities.sensitive,
              dpiaId: dsgDpias.id,
              state: dsgDpias.state,
              screenedOn: dsgDpias.screenedOn,
              approvedOn: dsgDpias.approvedOn,
              approverName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
            })
            .from(dsgActivities)
            .leftJoin(dsgDpias, eq(dsgDpias.activityId, dsgActivities.id))
            .leftJoin(users, eq(users.id, dsgDpias.approvedByUserId))
            .where(where)
            .orderBy(dir(order), asc(dsgActivities.name), asc(dsgActivities.idkey))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(dsgActivities)
            .leftJoin(dsgDpias, eq(dsgDpias.activityId, dsgActivities.id))
            .where(where)
          return { rows: rows.map((r) => ({ ...r, id: r.dpiaId ?? `activity-${r.activityId}` })), total: count }
        })
      },

      /** Every activity of the fund, for the list's filter. */
      activityOptions() {
        if (!p.read) throw new DomainError('forbidden')
        return scoped((tx) =>
          tx.select({ id: dsgActivities.id, idkey: dsgActivities.idkey, name: dsgActivities.name }).from(dsgActivities).orderBy(asc(dsgActivities.name)),
        )
      },

      /** The activities that may be screened (not retired, no assessment yet), for the screening page. */
      unscreenedActivities() {
        if (!p.read) throw new DomainError('forbidden')
        return scoped((tx) =>
          tx
            .select({ id: dsgActivities.id, idkey: dsgActivities.idkey, name: dsgActivities.name })
            .from(dsgActivities)
            .leftJoin(dsgDpias, eq(dsgDpias.activityId, dsgActivities.id))
            .where(and(isNull(dsgDpias.id), ne(dsgActivities.state, 'retired')))
            .orderBy(asc(dsgActivities.name)),
        )
      },

      /** One activity, with the id of its assessment if it has one; null when unknown. */
      async activity(id: string) {
        if (!p.read || !isUuid(id)) return null
        const [row] = await scoped((tx) =>
          tx
            .select({
              id: dsgActivities.id,
              idkey: dsgActivities.idkey,
              name: dsgActivities.name,
              state: dsgActivities.state,
              sensitive: dsgActivities.sensitive,
              dpiaId: dsgDpias.id,
            })
            .from(dsgActivities)
            .leftJoin(dsgDpias, eq(dsgDpias.activityId, dsgActivities.id))
            .where(eq(dsgActivities.id, id)),
        )
        return row ?? null
      },

      /** An assessment with its activity, risks, measures and what it derives; null when unknown. */
      async get(id: string) {
        if (!p.read || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx
            .select({ dpia: dsgDpias, activity: dsgActivities })
            .from(dsgDpias)
            .innerJoin(dsgActivities, eq(dsgActivities.id, dsgDpias.activityId))
            .where(eq(dsgDpias.id, id))
          if (!row) return null
          const { dpia, activity } = row
          const risks = await tx
            .select({
              id: dsgDpiaRisks.id,
              description: dsgDpiaRisks.description,
              probabilityLevelId: dsgDpiaRisks.probabilityLevelId,
              severityLevelId: dsgDpiaRisks.severityLevelId,
              probabilityRef: probabilityLevels.ref,
              severityRef: severityLevels.ref,
            })
            .from(dsgDpiaRisks)
            .leftJoin(probabilityLevels, eq(probabilityLevels.id, dsgDpiaRisks.probabilityLevelId))
            .leftJoin(severityLevels, eq(severityLevels.id, dsgDpiaRisks.severityLevelId))
            .where(eq(dsgDpiaRisks.dpiaId, id))
            .orderBy(asc(dsgDpiaRisks.position), asc(dsgDpiaRisks.createdAt))
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
            .where(eq(dsgMeasureLinks.dpiaId, id))
            .orderBy(asc(measures.dueDate), asc(measures.idkey))
          const residual = {
            probability: dpia.residualProbabilityLevelId ? await levelRef(tx, 'probability', dpia.residualProbabilityLevelId) : null,
            severity: dpia.residualSeverityLevelId ? await levelRef(tx, 'severity', dpia.residualSeverityLevelId) : null,
          }
          const names = async (userId: string | null) => {
            if (!userId) return null
            const [u] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId))
            return u ? `${u.firstName} ${u.lastName}` : null
          }
          return {
            dpia,
            activity: { id: activity.id, idkey: activity.idkey, name: activity.name, state: activity.state, retiredOn: activity.retiredOn },
            risks,
            measures: linked,
            approverName: await names(dpia.approvedByUserId),
            screenerName: await names(dpia.screenedByUserId),
            residualHigh: residualStaysHigh(residual.probability, residual.severity),
            consultationRequired: fdpicConsultationRequired(dpia, residual.probability, residual.severity),
            gaps: approvalGaps(dpia, risks.length, residual.probability, residual.severity),
            mayDelete: mayDeleteDpia(activity),
          }
        })
      },

      /** What the detail page's forms choose from: the fund's levels, the possible approvers, the DSG measures not yet linked. */
      async choices(dpiaId: string) {
        if (!p.read) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const probability = await tx
            .select({ id: probabilityLevels.id, ref: probabilityLevels.ref, name: probabilityLevels.name })
            .from(probabilityLevels)
            .orderBy(asc(probabilityLevels.ref))
          const severity = await tx
            .select({ id: severityLevels.id, ref: severityLevels.ref, name: severityLevels.size })
            .from(severityLevels)
            .orderBy(asc(severityLevels.ref))
          const [current] = isUuid(dpiaId) ? await tx.select({ approvedByUserId: dsgDpias.approvedByUserId }).from(dsgDpias).where(eq(dsgDpias.id, dpiaId)) : []
          const approvers = await approversOf(tx, current?.approvedByUserId)
          const linked = tx.select({ id: dsgMeasureLinks.measureId }).from(dsgMeasureLinks).where(eq(dsgMeasureLinks.dpiaId, dpiaId))
          const dsgMeasures = await tx
            .select({
              id: measures.id,
              idkey: measures.idkey,
              iteration: measures.iteration,
              title: measures.title,
              state: measures.state,
              dueDate: measures.dueDate,
            })
            .from(measures)
            .where(and(eq(measures.dsgMeasure, true), isUuid(dpiaId) ? notInArray(measures.id, linked) : undefined))
            .orderBy(asc(measures.dueDate), asc(measures.idkey))
          return { probability, severity, approvers, measures: dsgMeasures }
        })
      },

      /**
       * Screens an activity (creates its assessment, or screens it again): required when a criterion
       * of Art. 22 para. 2 holds and the processing is not required by law (para. 4); not required
       * needs a reason. Screened as not required, an approved assessment loses its approval: only when
       * the editor confirmed it (`withdrawApproval`), as for any other change of what was approved.
       * Answers the assessment's id.
       */
      async screen(activityId: string, input: ScreeningInput, version?: number, withdrawApproval = false): Promise<string> {
        mustWrite()
        if (!isUuid(activityId)) throw new DomainError('not-found')
        const required = isDpiaRequired(input)
        const reason = required ? '' : input.notRequiredReason.trim()
        if (!required && !reason) throw new DomainError('invalid', 'notRequiredReason', 'dsg:dpia.error.reasonRequired')
        return scoped(async (tx) => {
          // Locked: two first screenings of one activity at once wait for each other instead of both inserting.
          const [activity] = await tx.select().from(dsgActivities).where(eq(dsgActivities.id, activityId)).for('update')
          if (!activity) throw new DomainError('not-found')
          const values = {
            largeScaleSensitive: input.largeScaleSensitive,
            systematicMonitoring: input.systematicMonitoring,
            newTechnologies: input.newTechnologies,
            profilingHighRisk: input.profilingHighRisk,
            requiredByLaw: input.requiredByLaw,
            notRequiredReason: reason,
          }
          const [existing] = await tx.select({ id: dsgDpias.id }).from(dsgDpias).where(eq(dsgDpias.activityId, activityId))
          const screened = { screenedOn: todayInZurich(), screenedByUserId: access.user.id }
          if (!existing) {
            // A processing that has ended is no longer assessed; its earlier assessment stays.
            if (activity.state === 'retired') throw new DomainError('conflict', undefined, 'dsg:dpia.error.retired')
            const state: DsgDpiaState = required ? 'open' : 'notRequired'
            const [row] = await tx
              .insert(dsgDpias)
              .values({ ...values, ...screened, state, customerId: access.customer.id, activityId, createdByUserId: access.user.id })
              .returning()
            await writeAudit(tx, access, { component: COMPONENT, action: 'Created', entityId: row.id, changes: diff(null, { activityId, state, ...values }) })
            return row.id
          }
          const before = await lockVersioned(tx, dsgDpias, existing.id, version)
          // Still required: an approval stands (the assessment did not change); not required: it falls.
          const state: DsgDpiaState = required ? (before.state === 'approved' ? 'approved' : 'open') : 'notRequired'
          if (state === 'notRequired') mustConfirmWithdrawal(before, withdrawApproval)
          const approval = state === 'notRequired' ? { approvedByUserId: null, approvedOn: null } : {}
          const after = { ...values, state, ...approval }
          await updateVersioned(tx, access, {
            table: dsgDpias,
            before,
            set: { ...after, ...screened },
            audit: { component: COMPONENT, changes: diff(before, after) },
          })
          return before.id
        })
      },

      /** The assessment itself: description, residual risk on the fund's levels, the advisor and the FDPIC. */
      async saveAssessment(id: string, input: AssessmentInput, version: number, withdrawApproval = false) {
        mustWrite()
        noFuture(input.fdpicConsultedOn, 'fdpicConsultedOn')
        await scoped(async (tx) => {
          const before = await lockAssessment(tx, id, version)
          await checkLevels(tx, input.residualProbabilityLevelId, input.residualSeverityLevelId, ['residualProbabilityLevelId', 'residualSeverityLevelId'])
          const changes = diff(before, input)
          if (Object.keys(changes).length === 0) return
          mustConfirmWithdrawal(before, withdrawApproval)
          const after = { ...input, ...reopened(before) }
          await updateVersioned(tx, access, {
            table: dsgDpias,
            before,
            set: after,
            audit: { component: COMPONENT, changes: { ...diff(before, after), ...withdrawal(before) } },
          })
        })
      },

      /** Adds a risk to the personality or fundamental rights (riskId null) or changes one. */
      async saveRisk(id: string, riskId: string | null, input: RiskInput, version: number, withdrawApproval = false) {
        mustWrite()
        if (riskId !== null && !isUuid(riskId)) throw new DomainError('not-found')
        await scoped(async (tx) => {
          const before = await lockAssessment(tx, id, version)
          await checkLevels(tx, input.probabilityLevelId, input.severityLevelId, ['probabilityLevelId', 'severityLevelId'])
          let changes: Record<string, { from: unknown; to: unknown }>
          if (riskId === null) {
            mustConfirmWithdrawal(before, withdrawApproval)
            const [{ next }] = await tx
              .select({ next: sql<number>`coalesce(max(${dsgDpiaRisks.position}), 0)::int + 1` })
              .from(dsgDpiaRisks)
              .where(eq(dsgDpiaRisks.dpiaId, id))
            const [row] = await tx
              .insert(dsgDpiaRisks)
              .values({ ...input, customerId: access.customer.id, dpiaId: id, position: next })
              .returning()
            changes = { [`risk.${row.id}`]: { from: null, to: input } }
          } else {
            const [risk] = await tx
              .select()
              .from(dsgDpiaRisks)
              .where(and(eq(dsgDpiaRisks.id, riskId), eq(dsgDpiaRisks.dpiaId, id)))
            if (!risk) throw new DomainError('not-found')
            const d = diff(risk, input)
            if (Object.keys(d).length === 0) return
            mustConfirmWithdrawal(before, withdrawApproval)
            await tx
              .update(dsgDpiaRisks)
              .set({ ...input, updatedAt: new Date() })
              .where(eq(dsgDpiaRisks.id, riskId))
            changes = Object.fromEntries(Object.entries(d).map(([k, v]) => [`risk.${riskId}.${k}`, v]))
          }
          const state = reopened(before)
          await updateVersioned(tx, access, {
            table: dsgDpias,
            before,
            set: state,
            audit: { component: COMPONENT, changes: { ...changes, ...withdrawal(before) } },
          })
        })
      },

      async removeRisk(id: string, riskId: string, version: number, withdrawApproval = false) {
        mustWrite()
        if (!isUuid(riskId)) throw new DomainError('not-found')
        await scoped(async (tx) => {
          const before = await lockAssessment(tx, id, version)
          mustConfirmWithdrawal(before, withdrawApproval)
          const [risk] = await tx
            .delete(dsgDpiaRisks)
            .where(and(eq(dsgDpiaRisks.id, riskId), eq(dsgDpiaRisks.dpiaId, id)))
            .returning()
          if (!risk) throw new DomainError('not-found')
          const state = reopened(before)
          await updateVersioned(tx, access, {
            table: dsgDpias,
            before,
            set: state,
            audit: { component: COMPONENT, changes: { [`risk.${riskId}`]: { from: risk.description, to: null }, ...withdrawal(before) } },
          })
        })
      },

      /**
       * Approval by a named member of the fund who may edit the data protection area, with the date;
       * refused while the assessment is incomplete (`approvalGaps`).
       */
      async approve(id: string, input: ApprovalInput, version: number) {
        mustWrite()
        noFuture(input.approvedOn, 'approvedOn')
        await scoped(async (tx) => {
          const before = await lockAssessment(tx, id, version)
          if (before.screenedOn && input.approvedOn < before.screenedOn) throw new DomainError('invalid', 'approvedOn', 'dsg:dpia.error.beforeScreening')
          if (!isUuid(input.approvedByUserId) || !(await approversOf(tx, before.approvedByUserId)).some((a) => a.id === input.approvedByUserId))
            throw new DomainError('invalid', 'approvedByUserId', 'dsg:dpia.error.approver')
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(dsgDpiaRisks).where(eq(dsgDpiaRisks.dpiaId, id))
          const prob = before.residualProbabilityLevelId ? await levelRef(tx, 'probability', before.residualProbabilityLevelId) : null
          const sev = before.residualSeverityLevelId ? await levelRef(tx, 'severity', before.residualSeverityLevelId) : null
          if (approvalGaps(before, count, prob, sev).length > 0) throw new DomainError('invalid', undefined, 'dsg:dpia.error.incomplete')
          const after = { state: 'approved' as const, approvedByUserId: input.approvedByUserId, approvedOn: input.approvedOn }
          await updateVersioned(tx, access, { table: dsgDpias, before, set: after, audit: { component: COMPONENT, changes: diff(before, after) } })
        })
      },

      /** Links a DSG measure of the fund (another fund's is unknown: 404; one not flagged DSG is refused). */
      async linkMeasure(id: string, measureId: string, version: number, withdrawApproval = false) {
        mustWrite()
        if (!isUuid(measureId)) throw new DomainError('not-found')
        await scoped(async (tx) => {
          // The measures are part of the assessment: changing them withdraws an approval, like its risks.
          const before = await lockAssessment(tx, id, version)
          const [measure] = await tx
            .select({ id: measures.id, dsgMeasure: measures.dsgMeasure, title: measures.title })
            .from(measures)
            .where(eq(measures.id, measureId))
          if (!measure) throw new DomainError('not-found')
          if (!measure.dsgMeasure) throw new DomainError('invalid', 'measureId', 'dsg:dpia.error.notDsgMeasure')
          const [link] = await tx.insert(dsgMeasureLinks).values({ customerId: access.customer.id, dpiaId: id, measureId }).onConflictDoNothing().returning()
          if (!link) return
          mustConfirmWithdrawal(before, withdrawApproval)
          await updateVersioned(tx, access, {
            table: dsgDpias,
            before,
            set: reopened(before),
            audit: { component: COMPONENT, changes: { ...withdrawal(before), [`measure.${measureId}`]: { from: null, to: measure.title } } },
          })
        })
      },

      async unlinkMeasure(id: string, measureId: string, version: number, withdrawApproval = false) {
        mustWrite()
        if (!isUuid(measureId)) throw new DomainError('not-found')
        await scoped(async (tx) => {
          const before = await lockAssessment(tx, id, version)
          const [link] = await tx
            .delete(dsgMeasureLinks)
            .where(and(eq(dsgMeasureLinks.dpiaId, id), eq(dsgMeasureLinks.measureId, measureId)))
            .returning()
          if (!link) throw new DomainError('not-found')
          mustConfirmWithdrawal(before, withdrawApproval)
          await updateVersioned(tx, access, {
            table: dsgDpias,
            before,
            set: reopened(before),
            audit: { component: COMPONENT, changes: { ...withdrawal(before), [`measure.${measureId}`]: { from: 'linked', to: null } } },
          })
        })
      },

      /** Deletes an assessment, only once its activity is retired and two years have passed (DSV Art. 14). */
      async remove(id: string, version: number) {
        mustWrite()
        await scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgDpias, id, version)
          const [activity] = await tx.select().from(dsgActivities).where(eq(dsgActivities.id, before.activityId))
          if (!activity || !mayDeleteDpia(activity)) throw new DomainError('conflict', undefined, 'dsg:dpia.error.deleteBlocked')
          await deleteVersioned(tx, access, { table: dsgDpias, before, audit: { component: COMPONENT } })
        })
      },
    }
  },
}

async function levelRef(tx: Tx, kind: 'probability' | 'severity', id: string) {
  if (!isUuid(id)) return null
  const table = kind === 'probability' ? probabilityLevels : severityLevels
  const [row] = await tx.select({ ref: table.ref }).from(table).where(eq(table.id, id))
  return row ?? null
}

/** The members who may approve: active members of the fund who edit the data protection area. */
async function approversOf(tx: Tx, keep?: string | null) {
  // Who may take something on (no auditor, no ended membership) with the right to edit the data
  // protection area; `keep`, the current approver, stays whatever became of them.
  const kept = keep && isUuid(keep) ? keep : null
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, m: membershipWithRights })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(choosableMember(todayInZurich(), kept))
    .orderBy(asc(users.lastName), asc(users.firstName))
  return rows.filter(({ id, m }) => id === kept || permissionsOfRights(rightsOf(m)).dsg.write).map(({ m: _m, ...u }) => u)
}

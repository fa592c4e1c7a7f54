import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, notExists, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type CustomerAccess, effectiveUserId } from '#models/core/access.ts'
import { diff, removal, writeAudit } from '#models/core/audit.server.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import {
  type ControlFrequency,
  CONTROL_FREQUENCIES,
  EXECUTION_GRACE_DAYS,
  type ExecutionResult,
  type ExecutionViewState,
  type Language,
} from '#models/core/constants.ts'
import { type Permissions, permissionsOf, permissionsOfRights } from '#models/core/permissions.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { executionNumber } from '#models/core/record-number.ts'
import { asSystem, cursorWithCustomer, withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'
import {
  auditEntries,
  controlExecutions,
  customers,
  icsMainThemes,
  icsProcesses,
  icsSettings,
  measures,
  memberships,
  providers,
  storedFiles,
  users,
} from '#models/schema/index.ts'
import { dropFile, type FilePart, filesOf, keepFile, uploadLimit } from '#models/core/files.server.ts'
import { memberToTake } from '#app/auth/customers.server.ts'
import { choosableMember, mayOwnMembership, rightsOf } from '#app/auth/users.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { Measures } from '#app/features/measures/face.server.ts'
import { occasionOn, PLANNED_FREQUENCIES, type PlannedPeriod, periodsOf, viewStateOf, yearOf } from './periods.ts'

/*
 * The control executions register (issue 25, decisions 0061 and 0062), bound to the acting access like
 * every register: the plan of a key control (its frequency, performer, reviewer, procedure), the
 * executions it plans per period, their record by the performer (or a deputy acting for the performer)
 * and the second signature by the reviewer or an ICS admin who did not perform it. Approved, an
 * execution never changes again: the service refuses it, and migration 0037's trigger refuses it too.
 */

export type Execution = typeof controlExecutions.$inferSelect
type Process = typeof icsProcesses.$inferSelect

/** The audit component of an execution (its history panel, the trail). */
export const EXECUTION_COMPONENT = 'controlExecution'

/** Days a measure opened by a deficient result is proposed to be due in. */
export const DEFICIENCY_MEASURE_DAYS = 90

export const EXECUTION_SORTS = ['dueDate', 'number', 'process', 'period', 'performer', 'state'] as const
export type ExecutionSort = (typeof EXECUTION_SORTS)[number]

export type ExecutionFilter = {
  /** A year (2026) or one period (2026-Q1, 2026-03, 2026-H2). */
  period?: string
  mainThemeId?: string
  processId?: string
  performerUserId?: string
  reviewerUserId?: string
  view?: ExecutionViewState
  result?: ExecutionResult
  /** Only the providers' yearly assurance reviews (issue 28). */
  assurance?: boolean
  sort: ExecutionSort
  dir: 'asc' | 'desc'
}

export type PlanInput = {
  frequency: ControlFrequency
  performerUserId: string | null
  reviewerUserId: string | null
  testProcedure: string
  expectedResult: string
}

export type RecordInput = {
  performedOn: string | null
  result: ExecutionResult | null
  resultReason: string
  steps: string
  observation: string
  populationSize: number | null
  sampleSize: number | null
  sampleItems: string[]
}

/** Who may do what with one execution, for this access (decision 0062). */
export function executionRights(
  access: CustomerAccess,
  p: Permissions,
  e: Pick<Execution, 'state' | 'performerUserId' | 'reviewerUserId' | 'recordedByUserId'>,
) {
  const me = effectiveUserId(access)
  // The performer, whoever typed the record, and whoever acts for them never sign it.
  const people = [access.user.id, access.actingFor?.id].filter(Boolean)
  const involved = people.some((id) => id === e.performerUserId || id === e.recordedByUserId)
  const performs = e.performerUserId === null || e.performerUserId === me
  return {
    record: p.executions.record && performs && (e.state === 'planned' || e.state === 'returned'),
    sign: p.executions.review && !involved && (e.reviewerUserId === me || p.executions.reviewAny),
  }
}

/** The main process's name in a language. */
function mainName(language: Language) {
  return language === 'fr' ? icsMainThemes.nameFr : language === 'en' ? icsMainThemes.nameEn : icsMainThemes.nameDe
}

const performer = alias(users, 'performer')
const reviewer = alias(users, 'reviewer')
const reviewedBy = alias(users, 'reviewed_by')
const recordedBy = alias(users, 'recorded_by')
const fullName = (u: { firstName: SQLWrapper; lastName: SQLWrapper }) => sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`

function listColumns(language: Language) {
  return {
    id: controlExecutions.id,
    number: controlExecutions.number,
    processId: controlExecutions.processId,
    processIdkey: icsProcesses.idkey,
    processTitle: icsProcesses.title,
    mainNumber: icsMainThemes.leadingNumber,
    mainName: mainName(language),
    period: controlExecutions.period,
    periodStart: controlExecutions.periodStart,
    periodEnd: controlExecutions.periodEnd,
    dueDate: controlExecutions.dueDate,
    state: controlExecutions.state,
    result: controlExecutions.result,
    performedOn: controlExecutions.performedOn,
    performerUserId: controlExecutions.performerUserId,
    reviewerUserId: controlExecutions.reviewerUserId,
    performerName: fullName(performer),
    reviewerName: fullName(reviewer),
    reviewedAt: controlExecutions.reviewedAt,
    measureId: controlExecutions.measureId,
    providerId: controlExecutions.providerId,
    providerNumber: providers.number,
    providerName: providers.name,
  }
}

function listQuery(tx: Executor, language: Language) {
  return (
    tx
      .select(listColumns(language))
      .from(controlExecutions)
      .innerJoin(icsProcesses, eq(icsProcesses.id, controlExecutions.processId))
      .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsProcesses.mainThemeId))
      .leftJoin(performer, eq(performer.id, controlExecutions.performerUserId))
      .leftJoin(reviewer, eq(reviewer.id, controlExecutions.reviewerUserId))
      // A provider's assurance review names its provider (the table read here, not the providers feature).
      .leftJoin(providers, eq(providers.id, controlExecutions.providerId))
      .$dynamic()
  )
}

/** The view state as a condition (decision 0061): planned split by the day into planned, due and overdue. */
function viewWhere(view: ExecutionViewState, today: string): SQL {
  const planned = eq(controlExecutions.state, 'planned')
  switch (view) {
    case 'overdue':
      return and(planned, lt(controlExecutions.dueDate, today))!
    case 'due':
      return and(planned, lte(controlExecutions.periodEnd, today), gte(controlExecutions.dueDate, today))!
    case 'planned':
      return and(planned, sql`${controlExecutions.periodEnd} > ${today}`)!
    default:
      return eq(controlExecutions.state, view)
  }
}

function whereFor(f: ExecutionFilter, today: string): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.period) {
    conds.push(
      /^\d{4}$/.test(f.period)
        ? and(gte(controlExecutions.periodStart, `${f.period}-01-01`), lte(controlExecutions.periodStart, `${f.period}-12-31`))
        : eq(controlExecutions.period, f.period),
    )
  }
  if (f.mainThemeId && isUuid(f.mainThemeId)) conds.push(eq(icsProcesses.mainThemeId, f.mainThemeId))
  if (f.processId && isUuid(f.processId)) conds.push(eq(controlExecutions.processId, f.processId))
  if (f.performerUserId && isUuid(f.performerUserId)) conds.push(eq(controlExecutions.performerUserId, f.performerUserId))
  if (f.reviewerUserId && isUuid(f.reviewerUserId)) conds.push(eq(controlExecutions.reviewerUserId, f.reviewerUserId))
  if (f.view) conds.push(viewWhere(f.view, today))
  if (f.result) conds.push(eq(controlExecutions.result, f.result))
  if (f.assurance) conds.push(isNotNull(controlExecutions.providerId))
  return conds.length ? and(...conds) : undefined
}

function orderFor(f: ExecutionFilter): SQL[] {
  const dir = f.dir === 'desc' ? desc : asc
  switch (f.sort) {
    case 'number':
      return [dir(controlExecutions.number)]
    case 'process':
      return [dir(icsProcesses.idkey), asc(controlExecutions.periodStart), asc(controlExecutions.number)]
    case 'period':
      return [dir(controlExecutions.periodStart), asc(icsProcesses.idkey), asc(controlExecutions.number)]
    case 'performer':
      return [dir(performer.lastName), asc(controlExecutions.dueDate), asc(controlExecutions.number)]
    case 'state':
      return [dir(controlExecutions.state), asc(controlExecutions.dueDate), asc(controlExecutions.number)]
    default:
      return [dir(controlExecutions.dueDate), asc(icsProcesses.idkey), asc(controlExecutions.number)]
  }
}

/** The fund's grace days (ics_settings), 30 when it has none. */
async function graceDays(tx: Executor): Promise<number> {
  const [row] = await tx.select({ days: icsSettings.executionGraceDays }).from(icsSettings).limit(1)
  return row?.days ?? EXECUTION_GRACE_DAYS
}

/** The years a plan covers on `today`: the current one, and from December 1 the next one too (decision 0061). */
export function planYears(today: string): number[] {
  const year = yearOf(today)
  return today >= `${year}-12-01` ? [year, year + 1] : [year]
}

/** Who performs a process's executions: its performer, else its owner. */
const performerOf = (p: Pick<Process, 'performerUserId' | 'ownerUserId'>) => p.performerUserId ?? p.ownerUserId

/** The audit entry's access of the daily job: no person (the trail shows the system). */
type Auditor = Parameters<typeof writeAudit>[1] | null

async function auditCreated(tx: Executor, who: Auditor, row: Execution) {
  const changes = diff(null, { ...row, id: undefined, customerId: undefined, version: undefined, createdAt: undefined, updatedAt: undefined })
  if (who) {
    await writeAudit(tx, who, { component: EXECUTION_COMPONENT, action: 'Created', entityId: row.id, changes })
    return
  }
  await tx.insert(auditEntries).values({
    component: EXECUTION_COMPONENT,
    action: 'Created',
    entityId: row.id,
    changedFields: changes,
    userId: null,
    customerId: row.customerId,
  })
}

/** Inserts the executions of these periods a process does not have yet (the unique index (process, period) keeps it idempotent). */
async function insertPlanned(
  tx: Executor,
  who: Auditor,
  process: Pick<Process, 'id' | 'customerId' | 'performerUserId' | 'ownerUserId' | 'reviewerUserId'>,
  periods: PlannedPeriod[],
) {
  if (!periods.length) return []
  const have = await tx
    .select({ period: controlExecutions.period })
    .from(controlExecutions)
    .where(
      and(
        eq(controlExecutions.processId, process.id),
        inArray(
          controlExecutions.period,
          periods.map((x) => x.period),
        ),
      ),
    )
  const existing = new Set(have.map((h) => h.period))
  const made: Execution[] = []
  for (const x of periods.filter((x) => !existing.has(x.period))) {
    const [row] = await tx
      .insert(controlExecutions)
      .values({
        customerId: process.customerId,
        number: await nextNumber(tx, process.customerId, 'control_execution'),
        processId: process.id,
        period: x.period,
        periodStart: x.start,
        periodEnd: x.end,
        dueDate: x.due,
        performerUserId: performerOf(process),
        reviewerUserId: process.reviewerUserId,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) continue
    await auditCreated(tx, who, row)
    made.push(row)
  }
  return made
}

/** Nothing recorded yet: still planned, and no draft saved (decision 0061). */
const untouched = (e: Pick<Execution, 'state' | 'recordedByUserId'>) => e.state === 'planned' && e.recordedByUserId === null

/**
 * Re-plans a process after its plan changed (decision 0061): in the years the plan covers, the planned
 * executions nothing was recorded on whose period left the plan are deleted, the periods missing are
 * added; the planned ones take the process's performer and reviewer. Submitted, returned and approved
 * executions, and drafts, are never touched.
 */
async function replan(tx: Tx, access: CustomerAccess, process: Process, today: string) {
  const grace = await graceDays(tx)
  const years = planYears(today)
  const wanted = years.flatMap((y) => periodsOf(process.frequency, y, grace))
  const keep = new Set(wanted.map((w) => w.period))
  const current = await tx
    .select()
    .from(controlExecutions)
    .where(
      and(
        eq(controlExecutions.processId, process.id),
        isNotNull(controlExecutions.period),
        isNull(controlExecutions.providerId),
        gte(controlExecutions.periodStart, `${years[0]}-01-01`),
      ),
    )
  for (const e of current) {
    if (keep.has(e.period ?? '') || !untouched(e)) continue
    await tx.delete(controlExecutions).where(eq(controlExecutions.id, e.id))
    await writeAudit(tx, access, { component: EXECUTION_COMPONENT, action: 'Deleted', entityId: e.id, changes: removal(e) })
  }
  const have = new Set(current.map((e) => e.period))
  await insertPlanned(
    tx,
    access,
    process,
    wanted.filter((w) => !have.has(w.period)),
  )
  // The planned ones follow the plan's people.
  const planned = await tx
    .select()
    .from(controlExecutions)
    .where(and(eq(controlExecutions.processId, process.id), eq(controlExecutions.state, 'planned'), isNull(controlExecutions.providerId)))
  const people = { performerUserId: performerOf(process), reviewerUserId: process.reviewerUserId }
  for (const e of planned) {
    if (e.performerUserId === people.performerUserId && e.reviewerUserId === people.reviewerUserId) continue
    await updateVersioned(tx, access, { table: controlExecutions, before: e, set: people, audit: { component: EXECUTION_COMPONENT } })
  }
}

/** The members who may perform or review: active, neither auditors nor ended, with write on ICS (`keep` stays). */
async function planPeople(tx: Executor, keep: (string | null)[]) {
  const kept = keep.filter((k): k is string => Boolean(k && isUuid(k)))
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, m: membershipWithRights })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(choosableMember(todayInZurich(), kept[0]))
    .orderBy(users.lastName, users.firstName)
  return rows
    .filter(({ id, m }) => kept.includes(id) || permissionsOfRights(rightsOf(m)).tools.iks.write)
    .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }))
}

/** A performer or reviewer chosen anew: a member who may take something on, with write on ICS. */
async function checkPlanPerson(tx: Executor, userId: string, field: 'performerUserId' | 'reviewerUserId') {
  if (!isUuid(userId)) throw new DomainError('invalid', field)
  const member = await memberToTake(tx, userId)
  if (!member) throw new DomainError('invalid', field)
  if (!member.mayTakeOn) throw new DomainError('invalid', field, 'validation.ownerMayNotOwn')
  if (!permissionsOfRights(rightsOf(member.membership)).tools.iks.write) throw new DomainError('invalid', field, 'executions:validation.noIcsWrite')
}

/** A Postgres refusal of the approved row (migration 0037's trigger, restrict_violation). */
function isImmutable(error: unknown) {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23001') return true
  return false
}

/** Runs a change of an execution; the trigger's refusal of an approved one is a 409. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (isImmutable(error)) throw new DomainError('conflict', undefined, 'executions:approvedReadOnly')
    throw error
  }
}

function checkRecord(input: RecordInput, today: string, submit: boolean) {
  if (input.performedOn && input.performedOn > today) throw new DomainError('invalid', 'performedOn', 'executions:validation.performedInFuture')
  if (input.populationSize !== null && (!Number.isInteger(input.populationSize) || input.populationSize < 0))
    throw new DomainError('invalid', 'populationSize', 'executions:validation.count')
  if (input.sampleSize !== null && (!Number.isInteger(input.sampleSize) || input.sampleSize < 0))
    throw new DomainError('invalid', 'sampleSize', 'executions:validation.count')
  if (input.sampleSize !== null && input.populationSize !== null && input.sampleSize > input.populationSize)
    throw new DomainError('invalid', 'sampleSize', 'executions:validation.sampleTooLarge')
  if (input.result === 'notApplicable' && !input.resultReason.trim()) throw new DomainError('invalid', 'resultReason', 'executions:validation.reasonRequired')
  if (submit && !input.performedOn) throw new DomainError('invalid', 'performedOn', 'validation.required')
  if (submit && !input.result) throw new DomainError('invalid', 'result', 'validation.required')
}

/**
 * The control executions of one customer, bound to the acting access: every operation runs inside
 * `withCustomer(access, …)`, the rights come from `permissionsOf(access)` (decision 0057).
 */
export const Executions = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const readable = () => {
      if (!p.executions.read) throw new DomainError('forbidden')
    }

    /** Opens the ICS measure of a deficient result (decision 0062): linked to the process, owned by its owner. */
    async function openMeasure(tx: Tx, e: Execution, observation: string) {
      const [process] = await tx.select().from(icsProcesses).where(eq(icsProcesses.id, e.processId))
      const t = getFixedT(access.customer.language)
      const number = executionNumber(e.number)
      let owner = effectiveUserId(access)
      if (process.ownerUserId) {
        const member = await memberToTake(tx, process.ownerUserId)
        if (member?.mayTakeOn && permissionsOfRights(rightsOf(member.membership)).tools.iks.read) owner = process.ownerUserId
      }
      const measure = await Measures.for(access).create({
        source: 'iks',
        title: t('executions:measure.title', { number, process: `${process.idkey} ${process.title}` }).slice(0, 500),
        body: t('executions:measure.body', { number, period: e.period ?? e.periodStart, observation: observation || '—' }).slice(0, 4000),
        owner: { type: 'user', id: owner },
        dueDate: addDays(todayInZurich(), DEFICIENCY_MEASURE_DAYS),
        recurrence: 0,
        dsgMeasure: false,
        inEdit: false,
        iksId: process.id,
      })
      return measure.id
    }

    return {
      rights: p.executions,
      /** What this access may do with one execution. */
      may: (e: Pick<Execution, 'state' | 'performerUserId' | 'reviewerUserId' | 'recordedByUserId'>) => executionRights(access, p, e),

      /** A page of the fund's executions and the filter's total. */
      async page(f: ExecutionFilter, today: string, language: Language, page: { limit: number; offset: number }) {
        readable()
        const where = whereFor(f, today)
        return scoped(async (tx) => {
          const rows = await listQuery(tx, language)
            .where(where)
            .orderBy(...orderFor(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(controlExecutions)
            .innerJoin(icsProcesses, eq(icsProcesses.id, controlExecutions.processId))
            .where(where)
          return { rows: rows.map((r) => ({ ...r, view: viewStateOf(r, today) })), total: count }
        })
      },

      /** Every row of a filter in batches, for the exports (a cursor in a transaction of its own). */
      iterate(f: ExecutionFilter, today: string, language: Language, batch = 500) {
        readable()
        const where = whereFor(f, today)
        return cursorWithCustomer(access, batch, (tx) =>
          listQuery(tx, language)
            .where(where)
            .orderBy(...orderFor(f)),
        )
      },

      /** The filters' choices: main processes, and the people performing or reviewing. */
      async choices(language: Language) {
        readable()
        return scoped(async (tx) => {
          const mains = await tx
            .select({ id: icsMainThemes.id, number: icsMainThemes.leadingNumber, name: mainName(language) })
            .from(icsMainThemes)
            .orderBy(asc(icsMainThemes.leadingNumber))
          const people = await tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .innerJoin(memberships, eq(memberships.userId, users.id))
            .orderBy(users.lastName, users.firstName)
          return { mains, people }
        })
      },

      /** One execution with its process, people and measure; null when not there for this access. */
      async get(id: string, language: Language = 'de') {
        if (!p.executions.read || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx
            .select({
              execution: controlExecutions,
              processIdkey: icsProcesses.idkey,
              processTitle: icsProcesses.title,
              processOwnerUserId: icsProcesses.ownerUserId,
              frequency: icsProcesses.frequency,
              testProcedure: icsProcesses.testProcedure,
              expectedResult: icsProcesses.expectedResult,
              mainNumber: icsMainThemes.leadingNumber,
              mainName: mainName(language),
              performerName: fullName(performer),
              reviewerName: fullName(reviewer),
              reviewedByName: fullName(reviewedBy),
              recordedByName: fullName(recordedBy),
              measureIdkey: measures.idkey,
              measureTitle: measures.title,
              measureState: measures.state,
              providerNumber: providers.number,
              providerName: providers.name,
            })
            .from(controlExecutions)
            .innerJoin(icsProcesses, eq(icsProcesses.id, controlExecutions.processId))
            .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsProcesses.mainThemeId))
            .leftJoin(performer, eq(performer.id, controlExecutions.performerUserId))
            .leftJoin(reviewer, eq(reviewer.id, controlExecutions.reviewerUserId))
            .leftJoin(reviewedBy, eq(reviewedBy.id, controlExecutions.reviewedByUserId))
            .leftJoin(recordedBy, eq(recordedBy.id, controlExecutions.recordedByUserId))
            .leftJoin(measures, eq(measures.id, controlExecutions.measureId))
            .leftJoin(providers, eq(providers.id, controlExecutions.providerId))
            .where(eq(controlExecutions.id, id))
            .limit(1)
          return row ?? null
        })
      },

      /** Whether the process is there for this access (row-level security keeps to the fund). */
      async hasProcess(processId: string) {
        if (!isUuid(processId)) return false
        const [row] = await scoped((tx) => tx.select({ id: icsProcesses.id }).from(icsProcesses).where(eq(icsProcesses.id, processId)).limit(1))
        return Boolean(row)
      },

      /** The results of a process's executions recorded in a year (submitted or approved), beside its effectiveness rating. */
      async resultsOf(processId: string, year: number) {
        readable()
        if (!isUuid(processId)) return null
        return scoped(async (tx) => {
          const rows = await tx
            .select({ result: controlExecutions.result, state: controlExecutions.state, count: sql<number>`count(*)::int` })
            .from(controlExecutions)
            .where(
              and(
                eq(controlExecutions.processId, processId),
                gte(controlExecutions.periodStart, `${year}-01-01`),
                lte(controlExecutions.periodStart, `${year}-12-31`),
              ),
            )
            .groupBy(controlExecutions.result, controlExecutions.state)
          const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((n, r) => n + r.count, 0)
          const done = (r: (typeof rows)[number]) => r.state === 'submitted' || r.state === 'approved'
          return {
            year,
            planned: count(() => true),
            effective: count((r) => done(r) && r.result === 'effective'),
            deficient: count((r) => done(r) && r.result === 'deficient'),
            notApplicable: count((r) => done(r) && r.result === 'notApplicable'),
            approved: count((r) => r.state === 'approved'),
          }
        })
      },

      /** A process's plan, the people to choose from and its executions (the ICS stepper's "Execution" step). */
      async planOf(processId: string) {
        readable()
        if (!isUuid(processId)) return null
        return scoped(async (tx) => {
          const [process] = await tx.select().from(icsProcesses).where(eq(icsProcesses.id, processId))
          if (!process) return null
          const executions = await tx
            .select({
              id: controlExecutions.id,
              number: controlExecutions.number,
              period: controlExecutions.period,
              periodStart: controlExecutions.periodStart,
              periodEnd: controlExecutions.periodEnd,
              dueDate: controlExecutions.dueDate,
              state: controlExecutions.state,
              result: controlExecutions.result,
              performedOn: controlExecutions.performedOn,
              performerName: fullName(performer),
            })
            .from(controlExecutions)
            .leftJoin(performer, eq(performer.id, controlExecutions.performerUserId))
            .where(eq(controlExecutions.processId, processId))
            .orderBy(desc(controlExecutions.periodStart), desc(controlExecutions.number))
            .limit(200)
          const people = p.executions.record ? await planPeople(tx, [process.performerUserId, process.reviewerUserId]) : []
          const named = await tx
            .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
            .from(users)
            .where(
              inArray(
                users.id,
                [process.performerUserId, process.reviewerUserId, process.ownerUserId]
                  .filter((x): x is string => Boolean(x))
                  .concat(['00000000-0000-0000-0000-000000000000']),
              ),
            )
          const nameOf = (id: string | null) => (id ? (named.find((n) => n.id === id)?.name ?? null) : null)
          return {
            plan: {
              id: process.id,
              version: process.version,
              frequency: process.frequency,
              performerUserId: process.performerUserId,
              reviewerUserId: process.reviewerUserId,
              performerName: nameOf(performerOf(process)),
              reviewerName: nameOf(process.reviewerUserId),
              ownerName: nameOf(process.ownerUserId),
              testProcedure: process.testProcedure,
              expectedResult: process.expectedResult,
            },
            executions,
            people,
            mayPlan: p.executions.record,
          }
        })
      },

      /**
       * Sets a process's plan (decision 0061) and re-plans it: the current year's executions at once, never
       * touching those recorded. The reviewer must have write on ICS and must not be the performer.
       */
      async setPlan(processId: string, input: PlanInput, version: number, today = todayInZurich()) {
        if (!p.executions.record) throw new DomainError('forbidden')
        if (!(CONTROL_FREQUENCIES as readonly string[]).includes(input.frequency)) throw new DomainError('invalid', 'frequency')
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, icsProcesses, processId, version)
          if (input.performerUserId && input.performerUserId !== before.performerUserId) await checkPlanPerson(tx, input.performerUserId, 'performerUserId')
          if (input.reviewerUserId) {
            if (input.reviewerUserId !== before.reviewerUserId) await checkPlanPerson(tx, input.reviewerUserId, 'reviewerUserId')
            if (input.reviewerUserId === (input.performerUserId ?? before.ownerUserId))
              throw new DomainError('invalid', 'reviewerUserId', 'executions:validation.reviewerIsPerformer')
          }
          const after = await updateVersioned(tx, access, {
            table: icsProcesses,
            before,
            set: {
              frequency: input.frequency,
              performerUserId: input.performerUserId,
              reviewerUserId: input.reviewerUserId,
              testProcedure: input.testProcedure,
              expectedResult: input.expectedResult,
            },
            audit: { component: 'icsProcess' },
          })
          await guarded(() => replan(tx, access, after, today))
          return after
        })
      },

      /** An execution on occasion, for the day given (decision 0061): at any time, whatever the frequency. */
      async addOccasion(processId: string, day: string) {
        if (!p.executions.record) throw new DomainError('forbidden')
        if (!isUuid(processId)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const [process] = await tx.select().from(icsProcesses).where(eq(icsProcesses.id, processId))
          if (!process) throw new DomainError('not-found')
          const x = occasionOn(day)
          const [row] = await tx
            .insert(controlExecutions)
            .values({
              customerId: access.customer.id,
              number: await nextNumber(tx, access.customer.id, 'control_execution'),
              processId,
              period: null,
              periodStart: x.start,
              periodEnd: x.end,
              dueDate: x.due,
              performerUserId: performerOf(process),
              reviewerUserId: process.reviewerUserId,
            })
            .returning()
          await auditCreated(tx, access, row)
          return row
        })
      },

      /**
       * Records an execution (a draft) or submits it for review: the performer, or a deputy acting for the
       * performer (who is noted as the one who recorded it). A deficient result on submit opens its ICS measure.
       */
      async record(id: string, input: RecordInput, version: number, submit: boolean, today = todayInZurich()) {
        if (!p.executions.record) throw new DomainError('forbidden')
        checkRecord(input, today, submit)
        return guarded(() =>
          scoped(async (tx) => {
            const before = await lockVersioned(tx, controlExecutions, id, version, {
              allowed: (row) => row.state === 'approved' || row.state === 'submitted' || executionRights(access, p, row).record,
            })
            if (before.state === 'approved') throw new DomainError('conflict', undefined, 'executions:approvedReadOnly')
            if (before.state === 'submitted') throw new DomainError('conflict', undefined, 'executions:alreadySubmitted')
            const set: Partial<Execution> = {
              performedOn: input.performedOn,
              result: input.result,
              resultReason: input.result === 'notApplicable' ? input.resultReason.trim() : '',
              steps: input.steps,
              observation: input.observation,
              populationSize: input.populationSize,
              sampleSize: input.sampleSize,
              sampleItems: input.sampleItems,
              recordedByUserId: access.user.id,
              performerUserId: before.performerUserId ?? effectiveUserId(access),
            }
            if (submit) {
              set.state = 'submitted'
              set.submittedAt = new Date()
              if (input.result === 'deficient' && !before.measureId) set.measureId = await openMeasure(tx, before, input.observation)
            }
            return updateVersioned(tx, access, { table: controlExecutions, before, set, audit: { component: EXECUTION_COMPONENT } })
          }),
        )
      },

      /**
       * The second signature (decision 0062): the reviewer, or an ICS admin, who neither performed nor recorded
       * it nor acts for who did, approves it or returns it with a comment. Anyone else is refused (403).
       */
      /** The execution's evidence files, oldest first. */
      async files(id: string) {
        if (!p.executions.read || !isUuid(id)) return []
        return scoped((tx) => filesOf(tx, 'execution', id))
      },

      /**
       * Attaches evidence files (issue 25, decision 0063): the performer or their deputy, while the
       * execution is not signed. The rights are checked before the form's body is read; then `read`
       * reads the form as a stream and hands each file to `keep`, which writes it through the file
       * store with its audit entry, all in one transaction: a refused file leaves nothing behind.
       */
      async attach(id: string, read: (keep: (file: FilePart) => Promise<void>) => Promise<unknown>, limit = uploadLimit()) {
        if (!p.executions.record) throw new DomainError('forbidden')
        return scoped((tx) =>
          guarded(async () => {
            const [e] = await tx.select().from(controlExecutions).where(eq(controlExecutions.id, id)).for('update')
            if (!e) throw new DomainError('not-found')
            if (e.state === 'approved') throw new DomainError('conflict', undefined, 'executions:approvedReadOnly')
            if (!executionRights(access, p, e).record) throw new DomainError('forbidden')
            let kept = 0
            await read(async (file) => {
              await keepFile(tx, access, { kind: 'execution', id }, file, limit)
              kept++
            })
            if (!kept) throw new DomainError('invalid', 'files', 'files:missing')
            return kept
          }),
        )
      },

      /** Removes an evidence file while the execution is not signed (the database refuses it after). */
      async removeFile(id: string, fileId: string) {
        if (!p.executions.record) throw new DomainError('forbidden')
        if (!isUuid(fileId)) throw new DomainError('not-found')
        return scoped((tx) =>
          guarded(async () => {
            const [e] = await tx.select().from(controlExecutions).where(eq(controlExecutions.id, id)).for('update')
            if (!e) throw new DomainError('not-found')
            if (e.state === 'approved') throw new DomainError('conflict', undefined, 'executions:approvedReadOnly')
            if (!executionRights(access, p, e).record) throw new DomainError('forbidden')
            const [file] = await tx
              .select()
              .from(storedFiles)
              .where(and(eq(storedFiles.id, fileId), eq(storedFiles.executionId, id)))
            if (!file) throw new DomainError('not-found')
            await dropFile(tx, access, { ...file, ownerId: id })
          }),
        )
      },

      async review(id: string, decision: 'approve' | 'return', comment: string, version: number) {
        if (!p.executions.review) throw new DomainError('forbidden')
        const text = comment.trim()
        if (decision === 'return' && !text) throw new DomainError('invalid', 'reviewComment', 'executions:validation.commentRequired')
        return guarded(() =>
          scoped(async (tx) => {
            const before = await lockVersioned(tx, controlExecutions, id, version, { allowed: (row) => executionRights(access, p, row).sign })
            if (before.state === 'approved') throw new DomainError('conflict', undefined, 'executions:approvedReadOnly')
            if (before.state !== 'submitted') throw new DomainError('conflict', undefined, 'executions:notSubmitted')
            const now = new Date()
            return updateVersioned(tx, access, {
              table: controlExecutions,
              before,
              set: { state: decision === 'approve' ? 'approved' : 'returned', reviewedByUserId: access.user.id, reviewedAt: now, reviewComment: text },
              now,
              audit: { component: EXECUTION_COMPONENT },
            })
          }),
        )
      },
    }
  },
}

/** A provider's yearly assurance review to plan (issue 28): the provider's facts its execution is made of. */
export type AssuranceReviewInput = {
  customerId: string
  providerId: string
  /** The ICS process whose key control (the oversight of providers) the review is an execution of. */
  processId: string
  year: number
  /** The last day of the provider's due month in that year. */
  dueOn: string
  /** Who looks after the provider: performs the review when they may record executions. */
  ownerUserId: string | null
}

/** Whether a member of the fund may perform an execution: active, may take something on, with write on ICS. */
async function mayPerform(tx: Executor, customerId: string, userId: string | null, today: string) {
  if (!userId) return false
  const [row] = await tx
    .select({ state: users.state, m: membershipWithRights })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(users.id, userId), eq(memberships.customerId, customerId)))
    .limit(1)
  return Boolean(row && row.state === 'active' && mayOwnMembership(row.m, today) && permissionsOfRights(rightsOf(row.m)).executions.record)
}

/**
 * Plans a provider's assurance review of a year as an execution of the process's key control (issue 28):
 * period null, from January 1 to the due day, due that day (already past: it shows overdue), performed by
 * the provider's owner when they may record (else the process's performer or owner), signed by the
 * process's reviewer. One a provider and year (the unique index): an existing one is answered as it is.
 * Runs in the caller's transaction; `who` null is the system (the yearly job).
 */
export async function planAssuranceReview(tx: Executor, who: Auditor, input: AssuranceReviewInput, today = todayInZurich()) {
  const start = `${input.year}-01-01`
  const existing = async () => {
    const [row] = await tx
      .select()
      .from(controlExecutions)
      .where(and(eq(controlExecutions.providerId, input.providerId), eq(controlExecutions.periodStart, start)))
    return row
  }
  const had = await existing()
  if (had) return { execution: had, created: false }
  const [process] = await tx
    .select()
    .from(icsProcesses)
    .where(and(eq(icsProcesses.id, input.processId), eq(icsProcesses.customerId, input.customerId)))
  if (!process) throw new DomainError('not-found')
  const performerUserId = (await mayPerform(tx, input.customerId, input.ownerUserId, today)) ? input.ownerUserId : performerOf(process)
  const [row] = await tx
    .insert(controlExecutions)
    .values({
      customerId: input.customerId,
      number: await nextNumber(tx, input.customerId, 'control_execution'),
      processId: process.id,
      providerId: input.providerId,
      period: null,
      periodStart: start,
      periodEnd: input.dueOn,
      dueDate: input.dueOn,
      performerUserId,
      // The reviewer is never the performer (decision 0061): then an ICS admin signs.
      reviewerUserId: process.reviewerUserId === performerUserId ? null : process.reviewerUserId,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) return { execution: (await existing())!, created: false }
  await auditCreated(tx, who, row)
  return { execution: row, created: true }
}

/**
 * The daily job (decision 0061), once across processes and instances (server/jobs.ts holds its lock):
 * plans the current year for every process with a periodic frequency that has no execution in it yet,
 * and from December 1 the next year. Idempotent: the unique index (process, period) and the check for
 * existing periods keep a second run from adding anything.
 */
export async function planExecutions(now: Date = new Date()) {
  const today = todayInZurich(now)
  let planned = 0
  for (const year of planYears(today)) {
    const due = await asSystem('execution plan', (tx) =>
      tx
        .select({ process: icsProcesses, grace: icsSettings.executionGraceDays })
        .from(icsProcesses)
        .innerJoin(customers, eq(customers.id, icsProcesses.customerId))
        .leftJoin(icsSettings, eq(icsSettings.customerId, icsProcesses.customerId))
        .where(
          and(
            inArray(icsProcesses.frequency, [...PLANNED_FREQUENCIES]),
            eq(customers.state, 'active'),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(controlExecutions)
                .where(
                  and(
                    eq(controlExecutions.processId, icsProcesses.id),
                    isNotNull(controlExecutions.period),
                    gte(controlExecutions.periodStart, `${year}-01-01`),
                    lte(controlExecutions.periodStart, `${year}-12-31`),
                  ),
                ),
            ),
          ),
        ),
    )
    for (const { process, grace } of due) {
      const made = await asSystem('execution plan', (tx) => insertPlanned(tx, null, process, periodsOf(process.frequency, year, grace ?? EXECUTION_GRACE_DAYS)))
      planned += made.length
    }
  }
  return { day: today, planned }
}

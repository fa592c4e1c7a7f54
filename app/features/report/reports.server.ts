import type { Readable } from 'node:stream'
import { postgresFileStore } from '#models/core/files.server.ts'
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Language } from '#models/core/constants.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { logAuditReads } from '#app/accountability/read-log.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { band } from '#models/core/risk-score.ts'
import type { Tx } from '#models/core/db.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { activityNumber as formatActivityNumber, breachNumber, measureNumber as formatMeasureNumber, requestNumber } from '#models/core/record-number.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { type DecisionInput, decisionForApproval, decisionOptions } from '#models/core/decisions.server.ts'
import { documentVisibility } from '#models/core/visibility.server.ts'
import {
  auditEntries,
  icsMainThemes,
  probabilityLevels,
  reportApprovals,
  reportSnapshots,
  responsibleBodies,
  risks,
  severityLevels,
  users,
} from '#models/schema/index.ts'
import { addYears, breachNeedsNotice, isDpiaOpen, isRequestOverdue, isReviewDue } from '#app/features/dsg/face.ts'
import { readable as auditReadable } from '#app/accountability/visibility.server.ts'
import { AuditTrail } from '#app/accountability/trail.server.ts'
import { isOverdue } from '#app/features/measures/face.server.ts'
import { endOfDay, registersAsOf } from './as-of.server.ts'
import { executionsOfPeriod } from './executions.server.ts'
import { loyaltyOfPeriod } from './loyalty.server.ts'
import { kriOfPeriod } from './kri.server.ts'
import { governanceOfPeriod } from './governance.server.ts'
import { MAX_COMMENTARY } from './rules.ts'
import { compareRisks, governanceCounts, SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotRegisters, type SnapshotRisk } from './content.ts'

/*
 * Year-end snapshots (issue 11, docs/decisions/0006-rights.md "Report snapshots"): admins of either
 * tool freeze a snapshot and record the council's approval; whoever reads a tool reads them. A
 * snapshot never changes (the database refuses it, migration 0023); the approval is appended.
 */

/** The most characters the approval's names may have (the council's members, comma-separated). */
export const MAX_APPROVAL_NAMES = 2000

export { isLateFreeze } from './rules.ts'

/** The last 31 December on or before today in Zurich. */
export function defaultReportingDate(today: string = todayInZurich()): string {
  const year = Number(today.slice(0, 4))
  return today.slice(5) === '12-31' ? today : `${year - 1}-12-31`
}

function requireRead(access: CustomerAccess) {
  if (!permissionsOf(access).reports.read) throw new DomainError('forbidden')
}
function requireAdmin(access: CustomerAccess) {
  if (!permissionsOf(access).reports.write) throw new DomainError('forbidden')
}

/** The risk inventory as it stands, scored with the fund's own levels (risk-score.ts). */
async function currentRisks(tx: Tx): Promise<SnapshotRisk[]> {
  const rows = await tx
    .select({
      id: risks.id,
      idkey: risks.idkey,
      title: risks.title,
      state: risks.state,
      strategic: risks.strategic,
      probability: probabilityLevels.ref,
      severity: severityLevels.ref,
    })
    .from(risks)
    .leftJoin(probabilityLevels, eq(probabilityLevels.id, risks.probabilityLevelId))
    .leftJoin(severityLevels, eq(severityLevels.id, risks.severityLevelId))
    .orderBy(asc(risks.idkey))
  return rows.map((r) => {
    const scored = r.probability !== null && r.severity !== null
    return {
      ...r,
      score: scored ? r.probability! * r.severity! : null,
      band: scored ? band(r.probability!, r.severity!) : null,
    }
  })
}

/** A count per state plus one rule's count, as `{ [state]: n, [extra]: m }`. */
function countsByState<K extends string, R extends { state: string }>(rows: R[], extra: K, rule: (r: R) => boolean) {
  const result: Record<string, number> = { [extra]: 0 }
  for (const r of rows) {
    result[r.state] = (result[r.state] ?? 0) + 1
    if (rule(r)) result[extra] += 1
  }
  return result
}

const measureNumber = (m: { idkey: number; iteration: number }) => formatMeasureNumber(m.idkey, m.iteration)
const zurichDay = (v: Date | null | undefined) => (v ? todayInZurich(v) : null)

/**
 * The snapshot's content: every figure from the registers as they stood at the end of the reporting
 * date (as-of.server.ts), not from today's rows.
 */
async function readContent(access: CustomerAccess, tx: Tx, reportingDate: string, commentary = ''): Promise<SnapshotContent> {
  const periodFrom = addDays(addYears(reportingDate, -1), 1)
  const asOf = await registersAsOf(tx, reportingDate)
  const { end } = asOf
  const start = await endOfDay(tx, addDays(periodFrom, -1))
  const [probability, severity, themes, bodies] = await Promise.all([
    tx
      .select({ id: probabilityLevels.id, ref: probabilityLevels.ref, name: probabilityLevels.name })
      .from(probabilityLevels)
      .orderBy(asc(probabilityLevels.ref)),
    tx.select({ id: severityLevels.id, ref: severityLevels.ref, size: severityLevels.size }).from(severityLevels).orderBy(asc(severityLevels.ref)),
    tx
      .select({
        id: icsMainThemes.id,
        leadingNumber: icsMainThemes.leadingNumber,
        de: icsMainThemes.nameDe,
        fr: icsMainThemes.nameFr,
        en: icsMainThemes.nameEn,
      })
      .from(icsMainThemes)
      .orderBy(asc(icsMainThemes.leadingNumber)),
    tx.select({ id: responsibleBodies.id, name: responsibleBodies.name }).from(responsibleBodies),
  ])
  const pRef = new Map(probability.map((l) => [l.id, l.ref]))
  const sRef = new Map(severity.map((l) => [l.id, l.ref]))
  const userIds = [
    ...new Set(
      [
        ...asOf.risks.map((r) => r.ownerUserId),
        ...asOf.measures.map((m) => m.ownerUserId),
        ...asOf.activities.map((a) => a.responsibleUserId),
        ...asOf.assessments.map((d) => d.approvedByUserId),
      ].filter((id): id is string => typeof id === 'string'),
    ),
  ]
  const people = new Map(
    userIds.length
      ? (await tx.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, userIds))).map((u) => [
          u.id,
          `${u.first} ${u.last}`.trim(),
        ])
      : [],
  )
  const bodyName = new Map(bodies.map((b) => [b.id, b.name]))
  const who = (user: string | null | undefined, body?: string | null) => (user ? (people.get(user) ?? null) : body ? (bodyName.get(body) ?? null) : null)

  const measureRows = asOf.measures.sort((a, b) => a.idkey - b.idkey || a.iteration - b.iteration)
  const riskNumber = new Map(asOf.risks.map((r) => [r.id, r.idkey]))
  const riskRows: SnapshotRisk[] = asOf.risks.map((r) => {
    const p = r.probabilityLevelId ? (pRef.get(r.probabilityLevelId) ?? null) : null
    const sv = r.severityLevelId ? (sRef.get(r.severityLevelId) ?? null) : null
    const scored = p !== null && sv !== null
    return {
      id: r.id,
      idkey: r.idkey,
      title: r.title,
      state: r.state,
      probability: p,
      severity: sv,
      score: scored ? p * sv : null,
      band: scored ? band(p, sv) : null,
      grossProbability: r.grossProbabilityLevelId ? (pRef.get(r.grossProbabilityLevelId) ?? null) : null,
      grossSeverity: r.grossSeverityLevelId ? (sRef.get(r.grossSeverityLevelId) ?? null) : null,
      strategic: r.strategic,
      owner: who(r.ownerUserId),
      description: r.description ?? '',
      measures: measureRows
        .filter((m) => m.riskId === r.id)
        .map((m) => ({ number: measureNumber(m), title: m.title, state: m.state, dueDate: m.dueDate, overdue: isOverdue(m, reportingDate) })),
    }
  })

  const mainNumber = new Map(themes.map((m) => [m.id, m.leadingNumber]))
  const processes = asOf.icsProcesses
    .filter((p) => mainNumber.has(p.mainThemeId))
    .map((p) => ({
      id: p.id,
      idkey: p.idkey,
      title: p.title,
      mainNumber: mainNumber.get(p.mainThemeId)!,
      state: p.state,
      effectiveness: p.effectiveness,
      traceability: p.traceability,
      efficiency: p.efficiency,
    }))

  // Measures: open (pending) and overdue at the reporting date (the measures' own rule), confirmed in the period.
  const confirmedInPeriod = (m: (typeof measureRows)[number]) => !!m.confirmedAt && m.confirmedAt >= start && m.confirmedAt < end
  const bySource: SnapshotContent['measures']['bySource'] = {}
  for (const m of measureRows) {
    bySource[m.source] ??= { open: 0, overdue: 0, confirmedInPeriod: 0 }
    const f = bySource[m.source]
    if (m.state === 'pending') f.open++
    if (isOverdue(m, reportingDate)) f.overdue++
    if (confirmedInPeriod(m)) f.confirmedInPeriod++
  }
  const sum = (k: 'open' | 'overdue' | 'confirmedInPeriod') => Object.values(bySource).reduce((n, f) => n + f[k], 0)
  const overdueList = measureRows
    .filter((m) => isOverdue(m, reportingDate))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.idkey - b.idkey || a.iteration - b.iteration)
    .map((m) => ({ idkey: m.idkey, iteration: m.iteration, title: m.title, source: m.source, dueDate: m.dueDate }))
  const docs = asOf.documents
    .filter((d) => d.dueDate && d.dueDate < reportingDate)
    .sort((a, b) => a.dueDate!.localeCompare(b.dueDate!) || a.name.localeCompare(b.name))
    .map((d) => ({ name: d.name, category: d.category, dueDate: d.dueDate!, present: d.present }))

  // Breaches discovered and requests received in the period, and the earlier ones still open at the date.
  const breaches = asOf.breaches.filter((b) => b.discoveredAt >= start || b.state === 'open').sort((a, b) => a.idkey - b.idkey)
  const requests = asOf.requests.filter((r) => r.receivedOn >= periodFrom || r.state === 'open').sort((a, b) => a.idkey - b.idkey)
  const activityNumber = new Map(asOf.activities.map((a) => [a.id, `${formatActivityNumber(a.idkey)} ${a.name}`]))
  const dsg = {
    activities: countsByState(asOf.activities, 'reviewDue', (a) => isReviewDue(a, reportingDate)),
    assessments: countsByState(asOf.assessments, 'open', isDpiaOpen),
    breaches: countsByState(breaches, 'needsNotice', breachNeedsNotice),
    requests: countsByState(requests, 'overdue', (r) => isRequestOverdue(r, reportingDate)),
  } as SnapshotContent['dsg']

  const registers: SnapshotRegisters = {
    measures: measureRows.map((m) => ({
      number: measureNumber(m),
      title: m.title,
      source: m.source,
      state: m.state,
      owner: who(m.ownerUserId, m.ownerBodyId),
      dueDate: m.dueDate,
      overdue: isOverdue(m, reportingDate),
      confirmedOn: m.state === 'confirmed' ? zurichDay(m.confirmedAt) : null,
      risk: m.riskId ? (riskNumber.get(m.riskId) ?? null) : null,
      recurrence: m.recurrence,
      dsgMeasure: m.dsgMeasure,
    })),
    activities: asOf.activities
      .sort((a, b) => a.idkey - b.idkey)
      .map((a) => ({
        number: formatActivityNumber(a.idkey),
        name: a.name,
        purpose: a.purpose,
        role: a.role,
        state: a.state,
        responsible: who(a.responsibleUserId, a.responsibleBodyId),
        dataSubjects: a.dataSubjects,
        dataCategories: (a.dataCategories ?? []).map((c) => ({ name: c.name, sensitive: !!c.sensitive })),
        sensitive: a.sensitive,
        recipients: a.recipients,
        abroad: a.abroad,
        abroadCountries: a.abroadCountries,
        abroadSafeguard: a.abroadSafeguard,
        retention: a.retention,
        security: a.security,
        legalBasis: a.legalBasis,
        lastReviewedOn: a.lastReviewedOn,
        retiredOn: a.retiredOn,
        reviewDue: isReviewDue(a, reportingDate),
      })),
    assessments: asOf.assessments
      .map((d) => ({
        activity: activityNumber.get(d.activityId) ?? '',
        state: d.state,
        screenedOn: d.screenedOn,
        notRequiredReason: d.notRequiredReason,
        description: d.description,
        residualProbability: d.residualProbabilityLevelId ? (pRef.get(d.residualProbabilityLevelId) ?? null) : null,
        residualSeverity: d.residualSeverityLevelId ? (sRef.get(d.residualSeverityLevelId) ?? null) : null,
        residualNote: d.residualNote,
        advisorConsulted: d.advisorConsulted,
        fdpicConsultedOn: d.fdpicConsultedOn,
        approvedOn: d.approvedOn,
        approvedBy: who(d.approvedByUserId),
      }))
      .sort((a, b) => a.activity.localeCompare(b.activity, 'de', { numeric: true })),
    breaches: breaches.map((b) => ({
      number: breachNumber(b.idkey),
      title: b.title,
      state: b.state,
      discoveredAt: b.discoveredAt.toISOString(),
      description: b.description,
      period: b.period,
      subjectCategories: b.subjectCategories,
      dataCategories: b.dataCategories,
      subjectsCount: b.subjectsCount,
      recordsCount: b.recordsCount,
      consequences: b.consequences,
      measuresTaken: b.measuresTaken,
      highRisk: b.highRisk,
      fdpicNotifiedAt: b.fdpicNotifiedAt ? b.fdpicNotifiedAt.toISOString() : null,
      fdpicReference: b.fdpicReference,
      informSubjects: b.informSubjects,
      subjectsInformedOn: b.subjectsInformedOn,
      closedOn: b.closedOn,
    })),
    requests: requests.map((r) => ({
      number: requestNumber(r.idkey),
      kind: r.kind,
      state: r.state,
      receivedOn: r.receivedOn,
      dueOn: r.dueOn,
      extendedTo: r.extendedTo,
      extensionReason: r.extensionReason,
      identityChecked: r.identityChecked,
      answeredOn: r.answeredOn,
      answerMethod: r.answerMethod,
      overdue: isRequestOverdue(r, reportingDate),
    })),
  }

  const label = (u: (typeof asOf.uncertain)[number]): { number: string; title: string } => {
    const r = u.row as Record<string, unknown>
    const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))
    switch (u.register) {
      case 'measures':
        return { number: r.idkey ? measureNumber({ idkey: Number(r.idkey), iteration: Number(r.iteration ?? 1) }) : '', title: text(r.title) }
      case 'activities':
        return { number: r.idkey ? formatActivityNumber(text(r.idkey)) : '', title: text(r.name) }
      case 'documents':
        return { number: '', title: text(r.name) }
      case 'assessments':
        return { number: '', title: activityNumber.get(text(r.activityId)) ?? '' }
      case 'requests':
        return { number: r.idkey ? requestNumber(text(r.idkey)) : '', title: '' }
      case 'breaches':
        return { number: r.idkey ? breachNumber(text(r.idkey)) : '', title: text(r.title) }
      default:
        return { number: text(r.idkey), title: text(r.title) }
    }
  }
  const by = access.actingFor ?? access.user
  const frozenOn = todayInZurich()
  const executions = await executionsOfPeriod(tx, periodFrom, reportingDate, frozenOn)
  const loyalty = await loyaltyOfPeriod(tx, periodFrom, reportingDate, frozenOn)
  const kriFigures = await kriOfPeriod(tx, periodFrom, reportingDate, documentVisibility(permissionsOf(access)))
  const governance = await governanceOfPeriod(tx, periodFrom, reportingDate)
  // An acceptance whose risk's net score at the date lay above the appetite then or above the accepted one.
  const netAtDate = new Map(riskRows.map((r) => [r.idkey, r.score]))
  const kri = {
    ...kriFigures,
    acceptances: kriFigures.acceptances.map((a) => {
      const net = netAtDate.get(a.risk) ?? null
      return { ...a, reassess: net !== null && (net > kriFigures.scoreLimit || net > a.netScore) }
    }),
  }
  return {
    format: SNAPSHOT_FORMAT,
    reportingDate,
    frozenOn,
    commentary,
    asOf: { uncertain: asOf.uncertain.map((u) => ({ register: u.register, ...label(u), reason: u.reason })) },
    periodFrom,
    frozenBy: `${by.firstName} ${by.lastName}`.trim(),
    risks: riskRows,
    levels: { probability: probability.map(({ ref, name }) => ({ ref, name })), severity: severity.map(({ ref, size }) => ({ ref, size })) },
    icsProcesses: processes,
    quality: {
      councilMinimum: asOf.councilMinimum,
      mainProcesses: themes.map((t) => ({ leadingNumber: t.leadingNumber, names: { de: t.de, fr: t.fr, en: t.en }, level: asOf.quality.get(t.id) ?? null })),
    },
    controlMatrix: asOf.controlMatrix.map((r) => ({
      task: r.task,
      revision: r.revision,
      management: r.management,
      responsible: r.responsible,
      department: r.department,
      controller: r.controller,
      cycle: r.cycle,
      comment: r.comment,
    })),
    measures: { open: sum('open'), overdue: sum('overdue'), confirmedInPeriod: sum('confirmedInPeriod'), bySource, overdueList },
    documentsPastReference: docs,
    dsg,
    registers,
    executions,
    loyalty,
    kri,
    governance,
  }
}

const listColumns = {
  id: reportSnapshots.id,
  reportingDate: reportSnapshots.reportingDate,
  frozenAt: reportSnapshots.frozenAt,
  frozenBy: sql<string>`${reportSnapshots.content} ->> 'frozenBy'`,
  approvedOn: sql<
    string | null
  >`(select a.approved_on::text from report_approvals a where a.snapshot_id = report_snapshots.id order by a.recorded_at desc limit 1)`,
}

export type SnapshotListRow = { id: string; reportingDate: string; frozenAt: Date; frozenBy: string; approvedOn: string | null }

export const Reports = {
  for(access: CustomerAccess) {
    return {
      /**
       * Freezes the snapshot of a reporting date (not in the future, one per date), as the registers
       * stood at that date, with the admin's management summary (`commentary`, at most MAX_COMMENTARY).
       */
      async freeze(reportingDate: string = defaultReportingDate(), commentary = '') {
        requireAdmin(access)
        if (reportingDate > todayInZurich()) throw new DomainError('invalid', 'reportingDate', 'report:errors.future')
        const summary = commentary.replace(/\r\n/g, '\n').trim()
        if (summary.length > MAX_COMMENTARY) throw new DomainError('invalid', 'commentary', 'report:errors.commentaryTooLong')
        return withCustomer(
          access,
          async (tx) => {
            const [taken] = await tx.select({ id: reportSnapshots.id }).from(reportSnapshots).where(eq(reportSnapshots.reportingDate, reportingDate))
            if (taken) throw new DomainError('conflict', 'reportingDate', 'report:errors.duplicate')
            const content = await readContent(access, tx, reportingDate, summary)
            const [row] = await tx
              .insert(reportSnapshots)
              .values({ customerId: access.customer.id, reportingDate, frozenByUserId: access.user.id, formatVersion: SNAPSHOT_FORMAT, content })
              .onConflictDoNothing()
              .returning({ id: reportSnapshots.id, reportingDate: reportSnapshots.reportingDate, frozenAt: reportSnapshots.frozenAt })
            if (!row) throw new DomainError('conflict', 'reportingDate', 'report:errors.duplicate')
            await writeAudit(tx, access, {
              component: 'reportSnapshot',
              action: 'Created',
              entityId: row.id,
              changes: { reportingDate: { from: null, to: reportingDate } },
            })
            return row
          },
          // One state of the data for every part of the snapshot, however long the freeze reads.
          { consistent: true },
        )
      },

      /** What a freeze of this date would hold, without keeping it (bench/report-pdf.ts renders its report). */
      async preview(reportingDate: string = defaultReportingDate()) {
        requireAdmin(access)
        return withCustomer(access, (tx) => readContent(access, tx, reportingDate), { consistent: true })
      },

      async list(): Promise<SnapshotListRow[]> {
        requireRead(access)
        return withCustomer(access, (tx) => tx.select(listColumns).from(reportSnapshots).orderBy(desc(reportSnapshots.reportingDate)))
      },

      async get(id: string) {
        requireRead(access)
        if (!isUuid(id)) throw new DomainError('not-found')
        return withCustomer(access, async (tx) => {
          const [row] = await tx
            .select({
              id: reportSnapshots.id,
              reportingDate: reportSnapshots.reportingDate,
              frozenAt: reportSnapshots.frozenAt,
              content: reportSnapshots.content,
            })
            .from(reportSnapshots)
            .where(eq(reportSnapshots.id, id))
          if (!row) throw new DomainError('not-found')
          const approvals = await tx
            .select({
              id: reportApprovals.id,
              approvedOn: reportApprovals.approvedOn,
              names: reportApprovals.names,
              decisionId: reportApprovals.decisionId,
              decision: sql<{
                number: number
                reference: string
                title: string
              } | null>`(select json_build_object('number', d.number, 'reference', d.reference, 'title', d.title) from council_decisions d where d.id = ${reportApprovals.decisionId})`,
              recordedAt: reportApprovals.recordedAt,
              recordedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
            })
            .from(reportApprovals)
            .leftJoin(users, eq(users.id, reportApprovals.recordedByUserId))
            .where(eq(reportApprovals.snapshotId, id))
            .orderBy(desc(reportApprovals.recordedAt))
          return { ...row, content: row.content as SnapshotContent, approval: approvals[0] ?? null, approvals }
        })
      },

      /**
       * What the annual report and the auditor's pack need: the snapshot, the latest approval and the
       * content of the previous snapshot (the latest one before this reporting date), or null.
       */
      async report(id: string) {
        const snapshot = await this.get(id)
        const previous = await withCustomer(access, async (tx) => {
          const [row] = await tx
            .select({ content: reportSnapshots.content })
            .from(reportSnapshots)
            .where(lt(reportSnapshots.reportingDate, snapshot.reportingDate))
            .orderBy(desc(reportSnapshots.reportingDate))
            .limit(1)
          return row ? (row.content as SnapshotContent) : null
        })
        return { snapshot, previous }
      },

      /**
       * The fund's audit trail of a snapshot's period (from its first day to the end of the reporting
       * date in Zurich), oldest first, in batches through a cursor of its own (safe after the request
       * ended: a streamed download). Only for admins, and only the entries the trail shows them
       * (app/accountability/visibility.server.ts); anyone else gets null. A factory: each call opens
       * a fresh cursor (the pack reads the trail twice, for its CSV and its XLSX; a generator read
       * once is exhausted for the second).
       */
      /**
       * Opens the files of the snapshot's approved executions for the pack's evidence folder, for
       * readers of the ICS tool (the evidence is the ICS's); null for others, whose pack has none.
       * Each file is read through a cursor of its own, a few pieces at a time: an approved execution's files never change.
       */
      evidence(): ((fileId: string) => Readable) | null {
        requireRead(access)
        if (!permissionsOf(access).tools.iks.read) return null
        return (fileId) => postgresFileStore.open(access, fileId)
      },
      auditOfPeriod(content: Pick<SnapshotContent, 'periodFrom' | 'reportingDate'>, language: Language = 'de', batch = 1000) {
        requireRead(access)
        if (!permissionsOf(access).auditTrail.read) return null
        const start = sql`((${content.periodFrom}::date)::timestamp at time zone 'Europe/Zurich')`
        const end = sql`((${addDays(content.reportingDate, 1)}::date)::timestamp at time zone 'Europe/Zurich')`
        const period = (tx: Tx) =>
          and(auditReadable(tx, permissionsOf(access)), sql`${auditEntries.createdAt} >= ${start}`, sql`${auditEntries.createdAt} < ${end}`)
        // The same period as the trail's filter (Zurich days, both included), read as the admin trail reads it:
        // labels in the pack's language, values as the forms show them; no entry after the read was logged.
        let until: Date | undefined
        const open = () => AuditTrail.for(access).iterate({ from: content.periodFrom, to: content.reportingDate, until, dir: 'asc' }, language, batch)
        /**
         * The trail holds the entries' values: every record whose particularly sensitive data it
         * shows is logged as read through `via` (one INSERT … SELECT, in the request, decision 0036).
         */
        return Object.assign(open, {
          logRead: async (via: string) => {
            await logAuditReads(access, period, via)
            until = new Date()
          },
        })
      },

      /** The risk inventory now against the snapshot's. */
      async compare(id: string) {
        const snapshot = await this.get(id)
        const today = todayInZurich()
        const [now, governanceNow] = await withCustomer(access, async (tx) => [
          await currentRisks(tx),
          // The providers, findings and decisions counted as a snapshot of today would count them (the year ending today).
          governanceCounts(await governanceOfPeriod(tx, addDays(addYears(today, -1), 1), today)),
        ])
        const then = snapshot.content.governance ? governanceCounts(snapshot.content.governance) : null
        return {
          snapshot: { id: snapshot.id, reportingDate: snapshot.reportingDate },
          rows: compareRisks(snapshot.content.risks, now),
          governance: { then, now: governanceNow },
        }
      },

      /**
       * Records the foundation council's approval on a decision of the register (issue 28): one chosen
       * (`{ decisionId }`, of the subject annualReport or other) or one recorded with it. The approval's
       * date is the decision's, its names the decision's "decided by" (else its reference). A later record
       * supersedes (the earlier stay, appended only).
       */
      async recordApproval(id: string, input: DecisionInput) {
        requireAdmin(access)
        const snapshot = await this.get(id)
        const field = 'decisionId' in input ? 'decisionId' : 'decidedOn'
        if (!('decisionId' in input)) {
          if (!input.decidedBy?.trim()) throw new DomainError('invalid', 'decidedBy')
          if ((input.decidedBy ?? '').trim().length > MAX_APPROVAL_NAMES) throw new DomainError('invalid', 'decidedBy', 'report:errors.namesTooLong')
        } else if (!isUuid(input.decisionId)) throw new DomainError('not-found', 'decisionId')
        return withCustomer(access, async (tx) => {
          const decision = await decisionForApproval(tx, access, input, 'annualReport')
          const approvedOn = decision.decidedOn
          if (approvedOn > todayInZurich()) throw new DomainError('invalid', field, 'report:errors.future')
          if (approvedOn < snapshot.reportingDate) throw new DomainError('invalid', field, 'report:errors.beforeReportingDate')
          // The council approves what was frozen: not before the day of the freezing (Zurich).
          if (approvedOn < todayInZurich(snapshot.frozenAt)) throw new DomainError('invalid', field, 'report:errors.beforeFrozen')
          const names = (decision.decidedBy.trim() || decision.reference).slice(0, MAX_APPROVAL_NAMES)
          const [row] = await tx
            .insert(reportApprovals)
            .values({ customerId: access.customer.id, snapshotId: id, approvedOn, names, decisionId: decision.id, recordedByUserId: access.user.id })
            .returning({ id: reportApprovals.id })
          await writeAudit(tx, access, {
            component: 'reportApproval',
            action: 'Created',
            entityId: id,
            changes: {
              approvedOn: { from: snapshot.approval?.approvedOn ?? null, to: approvedOn },
              names: { from: snapshot.approval?.names ?? null, to: names },
              decisionId: { from: snapshot.approval?.decisionId ?? null, to: decision.id },
            },
          })
          return { ...row, decision }
        })
      },

      /** The decisions an approval may rest on (annual report or other), newest first, for the form's select. */
      async approvalDecisions() {
        requireAdmin(access)
        return withCustomer(access, (tx) => decisionOptions(tx, ['annualReport']))
      },
    }
  },
}

import { and, asc, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Language } from '#models/core/constants.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { logAuditReads } from '#app/features/read-log/read-log.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { band } from '#models/core/risk-score.ts'
import type { Tx } from '#models/core/db.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import {
  auditEntries,
  documents,
  dsgActivities,
  dsgBreaches,
  dsgDpias,
  dsgRequests,
  icsMainThemes,
  icsProcesses,
  measures,
  probabilityLevels,
  reportApprovals,
  reportSnapshots,
  risks,
  severityLevels,
  users,
} from '#models/schema/index.ts'
import { addYears } from '../dsg/rules.ts'
import { readable as auditReadable } from '../shell/audit-trail.server.ts'
import { AuditTrail } from '../history/trail.server.ts'
import { dsgSql } from '../dsg/rules.server.ts'
import { controlMatrix, qualityIndex } from '../ics/quality.server.ts'
import { overdueWhere } from '../measures/measures.server.ts'
import { compareRisks, SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotRisk } from './content.ts'

/*
 * Year-end snapshots (issue 11, docs/decisions/0006-rights.md "Report snapshots"): admins of either
 * tool freeze a snapshot and record the council's approval; whoever reads a tool reads them. A
 * snapshot never changes (the database refuses it, migration 0023); the approval is appended.
 */

/** The most characters the approval's names may have (the council's members, comma-separated). */
export const MAX_APPROVAL_NAMES = 2000

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

/** Counts per state plus one rule's count, as `{ [state]: n, [extra]: m }`. */
async function countsByState<K extends string>(
  tx: Tx,
  table: typeof dsgActivities | typeof dsgDpias | typeof dsgBreaches | typeof dsgRequests,
  extra: K,
  rule: ReturnType<typeof sql>,
) {
  const rows = await tx
    .select({ state: table.state, n: count(), extra: sql<number>`count(*) filter (where ${rule})::int` })
    .from(table)
    .groupBy(table.state)
  const result: Record<string, number> = { [extra]: 0 }
  for (const r of rows) {
    result[r.state] = r.n
    result[extra] += r.extra
  }
  return result
}

async function readContent(access: CustomerAccess, tx: Tx, reportingDate: string): Promise<SnapshotContent> {
  const periodFrom = addDays(addYears(reportingDate, -1), 1)
  // The end of the reporting date in Zurich, as an instant.
  const periodEnd = sql`((${addDays(reportingDate, 1)}::date)::timestamp at time zone 'Europe/Zurich')`
  const periodStart = sql`((${periodFrom}::date)::timestamp at time zone 'Europe/Zurich')`
  const riskRows = await currentRisks(tx)
  const [probability, severity] = await Promise.all([
    tx.select({ ref: probabilityLevels.ref, name: probabilityLevels.name }).from(probabilityLevels).orderBy(asc(probabilityLevels.ref)),
    tx.select({ ref: severityLevels.ref, size: severityLevels.size }).from(severityLevels).orderBy(asc(severityLevels.ref)),
  ])
  const processes = await tx
    .select({
      id: icsProcesses.id,
      idkey: icsProcesses.idkey,
      title: icsProcesses.title,
      mainNumber: icsMainThemes.leadingNumber,
      state: icsProcesses.state,
      effectiveness: icsProcesses.effectiveness,
      traceability: icsProcesses.traceability,
      efficiency: icsProcesses.efficiency,
    })
    .from(icsProcesses)
    .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsProcesses.mainThemeId))
    .orderBy(asc(icsProcesses.idkey))
  // The quality index through the ICS service (it joins this transaction), names in all three languages.
  const quality = await qualityIndex(access, 'de')
  const names = new Map(
    (await tx.select({ id: icsMainThemes.id, de: icsMainThemes.nameDe, fr: icsMainThemes.nameFr, en: icsMainThemes.nameEn }).from(icsMainThemes)).map(
      ({ id, ...n }) => [id, n],
    ),
  )
  const matrix = await controlMatrix(access)
  // Measures: open now, overdue at the reporting date (the measures' own rule), confirmed in the period.
  const confirmedInPeriod = and(isNotNull(measures.confirmedAt), sql`${measures.confirmedAt} >= ${periodStart}`, sql`${measures.confirmedAt} < ${periodEnd}`)
  const bySourceRows = await tx
    .select({
      source: measures.source,
      open: sql<number>`count(*) filter (where ${measures.state} = 'pending')::int`,
      overdue: sql<number>`count(*) filter (where ${overdueWhere(reportingDate)})::int`,
      confirmedInPeriod: sql<number>`count(*) filter (where ${confirmedInPeriod})::int`,
    })
    .from(measures)
    .groupBy(measures.source)
  const bySource = Object.fromEntries(bySourceRows.map(({ source, ...n }) => [source, n]))
  const sum = (k: 'open' | 'overdue' | 'confirmedInPeriod') => bySourceRows.reduce((s, r) => s + r[k], 0)
  const overdueList = await tx
    .select({ idkey: measures.idkey, iteration: measures.iteration, title: measures.title, source: measures.source, dueDate: measures.dueDate })
    .from(measures)
    .where(overdueWhere(reportingDate))
    .orderBy(asc(measures.dueDate), asc(measures.idkey), asc(measures.iteration))
  const docs = await tx
    .select({ name: documents.name, category: documents.category, dueDate: documents.dueDate, present: documents.present })
    .from(documents)
    .where(and(isNotNull(documents.dueDate), lt(documents.dueDate, reportingDate)))
    .orderBy(asc(documents.dueDate), asc(documents.name))
  const dsg = {
    activities: await countsByState(tx, dsgActivities, 'reviewDue', dsgSql.activityReviewDue(reportingDate)),
    assessments: await countsByState(tx, dsgDpias, 'open', dsgSql.dpiaOpen()),
    breaches: await countsByState(tx, dsgBreaches, 'needsNotice', dsgSql.breachNeedsNotice()),
    requests: await countsByState(tx, dsgRequests, 'overdue', dsgSql.requestOverdue(reportingDate)),
  } as SnapshotContent['dsg']
  const by = access.actingFor ?? access.user
  return {
    format: SNAPSHOT_FORMAT,
    reportingDate,
    periodFrom,
    frozenBy: `${by.firstName} ${by.lastName}`.trim(),
    risks: riskRows,
    levels: { probability, severity },
    icsProcesses: processes,
    quality: {
      councilMinimum: quality.councilMinimum,
      mainProcesses: quality.themes.map((t) => ({ leadingNumber: t.leadingNumber, names: names.get(t.id)!, level: t.level })),
    },
    controlMatrix: matrix.map(({ task, revision, management, responsible, department, controller, cycle, comment }) => ({
      task,
      revision,
      management,
      responsible,
      department,
      controller,
      cycle,
      comment,
    })),
    measures: { open: sum('open'), overdue: sum('overdue'), confirmedInPeriod: sum('confirmedInPeriod'), bySource, overdueList },
    documentsPastReference: docs.map((d) => ({ ...d, dueDate: d.dueDate! })),
    dsg,
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
      /** Freezes the snapshot of a reporting date (not in the future, one per date). */
      async freeze(reportingDate: string = defaultReportingDate()) {
        requireAdmin(access)
        if (reportingDate > todayInZurich()) throw new DomainError('invalid', 'reportingDate', 'report:errors.future')
        return withCustomer(
          access,
          async (tx) => {
            const [taken] = await tx.select({ id: reportSnapshots.id }).from(reportSnapshots).where(eq(reportSnapshots.reportingDate, reportingDate))
            if (taken) throw new DomainError('conflict', 'reportingDate', 'report:errors.duplicate')
            const content = await readContent(access, tx, reportingDate)
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
       * (app/features/shell/audit-trail.server.ts); anyone else gets null. A factory: each call opens
       * a fresh cursor (the pack reads the trail twice, for its CSV and its XLSX; a generator read
       * once is exhausted for the second).
       */
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
        const now = await withCustomer(access, (tx) => currentRisks(tx))
        return { snapshot: { id: snapshot.id, reportingDate: snapshot.reportingDate }, rows: compareRisks(snapshot.content.risks, now) }
      },

      /** Records the foundation council's approval; a later record supersedes (the earlier stay, appended only). */
      async recordApproval(id: string, approvedOn: string, names: string) {
        requireAdmin(access)
        const trimmed = names.trim()
        if (!trimmed) throw new DomainError('invalid', 'names')
        if (trimmed.length > MAX_APPROVAL_NAMES) throw new DomainError('invalid', 'names', 'report:errors.namesTooLong')
        if (approvedOn > todayInZurich()) throw new DomainError('invalid', 'approvedOn', 'report:errors.future')
        const snapshot = await this.get(id)
        if (approvedOn < snapshot.reportingDate) throw new DomainError('invalid', 'approvedOn', 'report:errors.beforeReportingDate')
        return withCustomer(access, async (tx) => {
          const [row] = await tx
            .insert(reportApprovals)
            .values({ customerId: access.customer.id, snapshotId: id, approvedOn, names: trimmed, recordedByUserId: access.user.id })
            .returning({ id: reportApprovals.id })
          await writeAudit(tx, access, {
            component: 'reportApproval',
            action: 'Created',
            entityId: id,
            changes: {
              approvedOn: { from: snapshot.approval?.approvedOn ?? null, to: approvedOn },
              names: { from: snapshot.approval?.names ?? null, to: trimmed },
            },
          })
          return row
        })
      },
    }
  },
}

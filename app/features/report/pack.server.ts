import { once } from 'node:events'
import { PassThrough, Readable } from 'node:stream'
import archiver from 'archiver'
import type { TFunction } from '#app/i18n/translate.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { attachment } from '#app/utils/content-disposition.ts'
import { type Cell, csvResponse, DayCell } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { QUALITY_TARGET } from '#models/core/constants.ts'
import { formatDate } from '#models/core/dates.ts'
import type { TrailRow } from '#app/accountability/trail.server.ts'
import { grossOf, type SnapshotContent, type SnapshotRegisters } from './content.ts'
import { type ReportApproval, type ReportSnapshot, reportFileName, reportPdf } from './pdf.server.ts'
import { measureNumber } from '#models/core/record-number.ts'

/*
 * The auditor's pack (issue 11, docs/decisions/0032-report-pdf-and-pack.md): the annual report,
 * the snapshot's inventories as CSV and XLSX (from the frozen content, never from today's data),
 * the audit trail of the period (admins only) and a README, as one ZIP streamed with archiver.
 * One entry is open at a time: the next one (and its database cursor, for the audit trail) starts
 * once the previous one is in the archive, and the archive reads its input only as fast as the
 * reader takes the ZIP, so memory stays bounded whatever the size of the trail.
 */

export type Table = {
  file: string
  sheet: string
  header: string[]
  rows: () => AsyncIterable<Cell[][]>
  /** What the file holds, for the README. */
  about: string
}

async function* once$<T>(rows: T[]): AsyncIterable<T[]> {
  yield rows
}

/** The snapshot's lists as tables: one CSV and one XLSX each in the pack. */
export function snapshotTables(t: TFunction, c: SnapshotContent, lang: 'de' | 'fr' | 'en'): Table[] {
  const rating = (v: string | null) => (v ? t(`iks:rating.${v}`) : '')
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'))
  const matrixCell = (v: string | null) => (v ? `${v} · ${t(`iks:matrix.cell.${v}`)}` : '')
  const sources = Object.keys(c.measures.bySource).sort()
  // Format 2 keeps the risk's owner, description and measures, and every register at the date.
  const detailed = c.format >= 2 && c.risks.every((r) => r.measures !== undefined)
  const tables: Table[] = [
    {
      file: t('report:pack.risksFile'),
      sheet: t('report:pack.sheetRisks'),
      header: [
        t('risk:field.idkey'),
        t('risk:field.title'),
        t('risk:field.state'),
        t('risk:field.probability'),
        t('risk:field.severity'),
        t('risk:field.score'),
        t('report:pack.columns.band'),
        t('risk:field.strategic'),
        t('risk:field.grossProbability'),
        t('risk:field.grossSeverity'),
        t('risk:field.grossScore'),
        ...(detailed ? [t('risk:field.owner'), t('risk:field.description'), t('report:pack.columns.measures')] : []),
      ],
      about: t('report:pack.about.risks'),
      rows: () =>
        once$(
          c.risks.map((r) => [
            r.idkey,
            r.title,
            t(`risk:state.${r.state}`),
            r.probability,
            r.severity,
            r.score,
            r.band ? t(`band.${r.band}`) : '',
            yes(r.strategic),
            grossOf(r)?.probability ?? null,
            grossOf(r)?.severity ?? null,
            grossOf(r)?.score ?? null,
            ...(detailed
              ? [
                  r.owner ?? '',
                  r.description ?? '',
                  (r.measures ?? [])
                    .map(
                      (m) =>
                        `${m.number} ${m.title} (${m.overdue ? t('measures.status.overdue') : t(`measures.state.${m.state}`)}, ${t('measures.field.dueDate')} ${m.dueDate ? formatDate(m.dueDate) : '–'})`,
                    )
                    .join('\n'),
                ]
              : []),
          ]),
        ),
    },
    {
      file: t('report:pack.icsFile'),
      about: t('report:pack.about.ics'),
      sheet: t('report:pack.sheetIcs'),
      header: [
        t('risk:field.idkey'),
        t('iks:field.title'),
        t('iks:field.main'),
        t('iks:field.state'),
        t('iks:field.effectiveness'),
        t('iks:field.traceability'),
        t('iks:field.efficiency'),
      ],
      rows: () =>
        once$(
          c.icsProcesses.map((p) => [
            p.idkey,
            p.title,
            p.mainNumber,
            t(`iks:state.${p.state}`),
            rating(p.effectiveness),
            rating(p.traceability),
            rating(p.efficiency),
          ]),
        ),
    },
    {
      file: t('report:pack.qualityFile'),
      about: t('report:pack.about.quality'),
      sheet: t('report:pack.sheetQuality'),
      header: [
        t('report:pack.columns.number'),
        t('report:pdf.quality.process'),
        t('report:pdf.quality.level'),
        t('report:pack.columns.minimum'),
        t('report:pdf.quality.status'),
      ],
      rows: () =>
        once$(
          c.quality.mainProcesses.map((m) => [
            m.leadingNumber,
            m.names[lang] ?? m.names.de,
            m.level,
            c.quality.councilMinimum,
            m.level === null
              ? t('report:pdf.quality.notAssessed')
              : m.level < c.quality.councilMinimum
                ? t('report:pdf.quality.below')
                : m.level >= QUALITY_TARGET
                  ? t('report:pdf.quality.target')
                  : t('report:pdf.quality.meets'),
          ]),
        ),
    },
    {
      file: t('report:pack.controlMatrixFile'),
      about: t('report:pack.about.controlMatrix'),
      sheet: t('report:pack.sheetControlMatrix'),
      header: [
        t('iks:matrix.task'),
        t('iks:matrix.responsible'),
        t('iks:matrix.management'),
        t('iks:matrix.revision'),
        t('iks:matrix.department'),
        t('iks:matrix.controller'),
        t('iks:matrix.cycle'),
        t('iks:matrix.comment'),
      ],
      rows: () =>
        once$(
          c.controlMatrix.map((r) => [
            r.task,
            matrixCell(r.responsible),
            matrixCell(r.management),
            matrixCell(r.revision),
            r.department,
            r.controller,
            r.cycle,
            r.comment,
          ]),
        ),
    },
    {
      file: t('report:pack.measuresFile'),
      about: t('report:pack.about.measures'),
      sheet: t('report:pack.sheetMeasures'),
      header: [t('measures.field.source'), t('report:pdf.measures.open'), t('report:pdf.measures.overdue'), t('report:pdf.measures.confirmed')],
      rows: () =>
        once$([
          ...sources.map((s) => {
            const f = c.measures.bySource[s]
            return [t(`measures.source.${s}`), f.open, f.overdue, f.confirmedInPeriod]
          }),
          [t('report:pdf.total'), c.measures.open, c.measures.overdue, c.measures.confirmedInPeriod],
        ]),
    },
    {
      file: t('report:pack.overdueFile'),
      about: t('report:pack.about.overdue'),
      sheet: t('report:pack.sheetOverdue'),
      header: [t('measures.field.number'), t('measures.field.iteration'), t('measures.field.title'), t('measures.field.source'), t('measures.field.dueDate')],
      rows: () =>
        once$(c.measures.overdueList.map((m) => [measureNumber(m.idkey), m.iteration, m.title, t(`measures.source.${m.source}`), new DayCell(m.dueDate)])),
    },
    {
      file: t('report:pack.documentsFile'),
      about: t('report:pack.about.documents'),
      sheet: t('report:pack.sheetDocuments'),
      header: [t('documents.field.name'), t('documents.field.category'), t('documents.field.dueDate'), t('documents.field.present')],
      rows: () => once$(c.documentsPastReference.map((d) => [d.name, t(`documents.tab.${d.category}`), new DayCell(d.dueDate), yes(d.present)])),
    },
  ]
  if (c.registers) tables.push(...registerTables(t, c.registers))
  if (c.executions) tables.push(executionsTable(t, c.executions))
  if (c.loyalty?.transactions.length) tables.push(transactionsTable(t, c.loyalty.transactions))
  if (c.kri?.indicators.length) tables.push(kriTable(t, c.kri, lang))
  if (c.governance) tables.push(...governanceTables(t, c.governance))
  return tables
}

/** The providers, the open findings and the decisions of the period at the reporting date (format 6): one CSV and one XLSX each, when it has rows. */
function governanceTables(t: TFunction, g: NonNullable<SnapshotContent['governance']>): Table[] {
  const col = (key: string) => t(`report:governance.column.${key}`)
  const pack = (key: string) => t(`report:governance.pack.${key}`)
  const day = (v: string | null) => (v ? new DayCell(v) : '')
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'))
  const tables: Table[] = []
  if (g.providers.length)
    tables.push({
      file: pack('providersFile'),
      sheet: pack('providersSheet'),
      about: pack('providersAbout'),
      header: [
        col('number'),
        col('provider'),
        col('criticality'),
        col('service'),
        col('dsgRole'),
        col('countries'),
        pack('abroad'),
        pack('safeguard'),
        col('contractEnd'),
        col('assurance'),
        pack('assuranceDueOn'),
        pack('assuranceApprovedOn'),
      ],
      rows: () =>
        once$(
          g.providers.map((p) => [
            p.number,
            p.name,
            t(`providers:criticality.${p.criticality}`),
            t(`providers:service.${p.service}`),
            t(`providers:dsgRole.${p.dsgRole}`),
            p.countries.join(', '),
            yes(p.abroad),
            p.safeguard ? t(`providers:safeguard.${p.safeguard}`) : '',
            day(p.contractEnd),
            t(`providers:assurance.${p.assurance}`),
            day(p.assuranceDueOn),
            day(p.assuranceApprovedOn),
          ]),
        ),
    })
  if (g.findings.length)
    tables.push({
      file: pack('findingsFile'),
      sheet: pack('findingsSheet'),
      about: pack('findingsAbout'),
      header: [col('number'), col('finding'), col('source'), col('severity'), pack('issuedOn'), col('deadline'), col('owner'), col('state'), pack('overdue')],
      rows: () =>
        once$(
          g.findings.map((f) => [
            f.number,
            f.title,
            t(`findings:source.${f.source}`),
            t(`findings:severity.${f.severity}`),
            new DayCell(f.issuedOn),
            day(f.deadline),
            f.owner ?? '',
            t(`findings:state.${f.state}`),
            yes(f.overdue),
          ]),
        ),
    })
  if (g.decisions.length)
    tables.push({
      file: pack('decisionsFile'),
      sheet: pack('decisionsSheet'),
      about: pack('decisionsAbout'),
      header: [col('decision'), col('decidedOn'), col('subject'), col('reference'), col('title')],
      rows: () => once$(g.decisions.map((d) => [d.number, new DayCell(d.decidedOn), t(`decisions:subject.${d.subject}`), d.reference, d.title])),
    })
  return tables
}

/** The KRIs' values of the trend's years (format 5): one row per value, each with the thresholds in force on its date. */
function kriTable(t: TFunction, k: NonNullable<SnapshotContent['kri']>, lang: 'de' | 'fr' | 'en'): Table {
  const col = (key: string) => t(`report:kri.column.${key}`)
  const num = (v: string | null) => (v === null ? '' : Number(v))
  return {
    file: t('report:kri.pack.file'),
    sheet: t('report:kri.pack.sheet'),
    about: t('report:kri.pack.about'),
    header: [
      col('kri'),
      t('report:kri.pack.key'),
      t('report:kri.pack.unit'),
      col('date'),
      col('value'),
      col('amber'),
      col('red'),
      col('status'),
      t('report:kri.pack.latest'),
    ],
    rows: () =>
      once$(
        k.indicators.flatMap((i) =>
          i.trend.map((p) => [
            i.names[lang] ?? i.names.de,
            i.key,
            t(`kri:unit.${i.unit}`),
            new DayCell(p.periodEnd),
            Number(p.value),
            num(p.amber),
            num(p.red),
            t(`kri:status.${p.status ?? 'none'}`),
            p.periodEnd === i.latest?.periodEnd ? t('common.yes') : t('common.no'),
          ]),
        ),
      ),
  }
}

/** The related-party transactions of the period (format 4), for the annex (Art. 51c BVG). */
function transactionsTable(t: TFunction, rows: NonNullable<SnapshotContent['loyalty']>['transactions']): Table {
  const k = (key: string) => t(`report:pdf.loyalty.${key}`)
  return {
    file: t('report:pack.transactionsFile'),
    sheet: t('report:pack.sheetTransactions'),
    about: t('report:pack.about.transactions'),
    header: [k('number'), k('counterparty'), k('relation'), k('subject'), k('amount'), k('date'), k('significant'), k('disclosed')],
    rows: () =>
      once$(
        rows.map((r) => [
          r.number,
          r.counterparty,
          r.relation,
          r.subject,
          r.amount === null ? '' : Number(r.amount),
          new DayCell(r.date),
          r.significant ? t('common.yes') : t('common.no'),
          r.disclosedToAuditorOn ? new DayCell(r.disclosedToAuditorOn) : '',
        ]),
      ),
  }
}

/** The period's control executions (format 3): one row each, as frozen. */
function executionsTable(t: TFunction, e: NonNullable<SnapshotContent['executions']>): Table {
  const k = (key: string) => t(`report:pack.executionColumns.${key}`)
  const day = (v: string | null) => (v ? new DayCell(v) : '')
  return {
    file: t('report:pack.executionsFile'),
    sheet: t('report:pack.sheetExecutions'),
    about: t('report:pack.about.executions'),
    header: [
      k('number'),
      k('process'),
      k('title'),
      k('period'),
      k('dueDate'),
      k('state'),
      k('performedOn'),
      k('result'),
      k('performer'),
      k('reviewer'),
      k('reviewedOn'),
      k('populationSize'),
      k('sampleSize'),
      k('measure'),
    ],
    rows: () =>
      once$(
        e.rows.map((r) => [
          r.number,
          r.process,
          r.processTitle,
          r.period,
          new DayCell(r.dueDate),
          t(`report:pack.executionState.${r.state}`),
          day(r.performedOn),
          r.result ? t(`report:pack.executionResult.${r.result}`) : '',
          r.performer ?? '',
          r.reviewer ?? '',
          day(r.reviewedOn),
          r.populationSize ?? '',
          r.sampleSize ?? '',
          r.measure ?? '',
        ]),
      ),
  }
}

const day = (iso: string | null | undefined) => (iso ? new DayCell(iso) : '')

/** The registers of the period as they stood at the reporting date (format 2): one CSV and one XLSX each. */
function registerTables(t: TFunction, r: SnapshotRegisters): Table[] {
  const yes = (v: boolean | null) => (v === null ? '' : v ? t('common.yes') : t('common.no'))
  const a = (k: string) => t(`dsg:processing.field.${k}`)
  const d = (k: string) => t(`dsg:dpia.field.${k}`)
  const b = (k: string) => t(`dsg:breaches.field.${k}`)
  const q = (k: string) => t(`dsg:requests.field.${k}`)
  return [
    {
      file: t('report:pack.measureListFile'),
      sheet: t('report:pack.sheetMeasureList'),
      about: t('report:pack.about.measureList'),
      header: [
        t('measures.field.number'),
        t('measures.field.title'),
        t('measures.field.source'),
        t('measures.field.status'),
        t('measures.field.owner'),
        t('measures.field.dueDate'),
        t('measures.status.overdue'),
        t('measures.field.confirmedAt'),
        t('report:pack.columns.risk'),
        t('measures.field.recurrence'),
        t('measures.field.dsgMeasure'),
      ],
      rows: () =>
        once$(
          r.measures.map((m) => [
            m.number,
            m.title,
            t(`measures.source.${m.source}`),
            t(`measures.state.${m.state}`),
            m.owner ?? '',
            day(m.dueDate),
            yes(m.overdue),
            day(m.confirmedOn),
            m.risk ?? '',
            t(`recurrence.${m.recurrence}`, { defaultValue: String(m.recurrence) }),
            yes(m.dsgMeasure),
          ]),
        ),
    },
    {
      file: t('report:pack.activitiesFile'),
      sheet: t('report:pack.sheetActivities'),
      about: t('report:pack.about.activities'),
      header: [
        a('number'),
        a('name'),
        a('purpose'),
        a('role'),
        a('state'),
        a('responsible'),
        a('dataSubjects'),
        a('dataCategories'),
        a('sensitive'),
        a('recipients'),
        a('abroad'),
        a('abroadCountries'),
        a('abroadSafeguard'),
        a('retention'),
        a('security'),
        a('legalBasis'),
        a('lastReviewedOn'),
        a('retiredOn'),
        t('dsg:processing.reviewDue'),
      ],
      rows: () =>
        once$(
          r.activities.map((x) => [
            x.number,
            x.name,
            x.purpose,
            t(`dsg:processing.role.${x.role}`),
            t(`dsg:processing.state.${x.state}`),
            x.responsible ?? '',
            x.dataSubjects,
            x.dataCategories.map((c) => (c.sensitive ? `${c.name} (${t('dsg:processing.sensitiveMark')})` : c.name)).join(', '),
            yes(x.sensitive),
            x.recipients,
            yes(x.abroad),
            x.abroadCountries,
            x.abroadSafeguard ? t(`dsg:processing.safeguard.${x.abroadSafeguard}`) : '',
            x.retention,
            x.security,
            x.legalBasis,
            day(x.lastReviewedOn),
            day(x.retiredOn),
            yes(x.reviewDue),
          ]),
        ),
    },
    {
      file: t('report:pack.assessmentsFile'),
      sheet: t('report:pack.sheetAssessments'),
      about: t('report:pack.about.assessments'),
      header: [
        d('activity'),
        d('state'),
        d('screenedOn'),
        d('notRequiredReason'),
        d('description'),
        d('probability'),
        d('severity'),
        d('residualNote'),
        d('advisorConsulted'),
        d('fdpicConsultedOn'),
        d('approvedOn'),
        d('approvedBy'),
      ],
      rows: () =>
        once$(
          r.assessments.map((x) => [
            x.activity,
            t(`dsg:dpia.state.${x.state}`),
            day(x.screenedOn),
            x.notRequiredReason,
            x.description,
            x.residualProbability,
            x.residualSeverity,
            x.residualNote,
            yes(x.advisorConsulted),
            day(x.fdpicConsultedOn),
            day(x.approvedOn),
            x.approvedBy ?? '',
          ]),
        ),
    },
    {
      file: t('report:pack.breachesFile'),
      sheet: t('report:pack.sheetBreaches'),
      about: t('report:pack.about.breaches'),
      header: [
        b('idkey'),
        b('title'),
        b('state'),
        b('discoveredAt'),
        b('description'),
        b('period'),
        b('subjectCategories'),
        b('dataCategories'),
        b('subjectsCount'),
        b('recordsCount'),
        b('consequences'),
        b('measuresTaken'),
        b('highRisk'),
        b('fdpicNotifiedAt'),
        b('fdpicReference'),
        b('informSubjects'),
        b('subjectsInformedOn'),
        b('closedOn'),
      ],
      rows: () =>
        once$(
          r.breaches.map((x) => [
            x.number,
            x.title,
            t(`dsg:breaches.state.${x.state}`),
            formatDateTime(x.discoveredAt),
            x.description,
            x.period,
            x.subjectCategories,
            x.dataCategories,
            x.subjectsCount,
            x.recordsCount,
            x.consequences,
            x.measuresTaken,
            yes(x.highRisk),
            x.fdpicNotifiedAt ? formatDateTime(x.fdpicNotifiedAt) : '',
            x.fdpicReference,
            yes(x.informSubjects),
            day(x.subjectsInformedOn),
            day(x.closedOn),
          ]),
        ),
    },
    {
      file: t('report:pack.requestsFile'),
      sheet: t('report:pack.sheetRequests'),
      about: t('report:pack.about.requests'),
      header: [
        q('idkey'),
        q('kind'),
        q('state'),
        q('receivedOn'),
        q('dueOn'),
        q('extendedTo'),
        q('extensionReason'),
        q('identityChecked'),
        q('answeredOn'),
        q('how'),
        t('report:pack.columns.deadlinePassed'),
      ],
      rows: () =>
        once$(
          r.requests.map((x) => [
            x.number,
            t(`dsg:requests.kind.${x.kind}`),
            t(`dsg:requests.state.${x.state}`),
            day(x.receivedOn),
            day(x.dueOn),
            day(x.extendedTo),
            x.extensionReason,
            yes(x.identityChecked),
            day(x.answeredOn),
            x.answerMethod,
            yes(x.overdue),
          ]),
        ),
    },
  ]
}

/** One entry of the trail as the admin trail reads it (labels, values as the forms show them). */
export type AuditRow = TrailRow

/** The audit trail of the period as a table; `open` starts its cursor (called when its entry's turn comes). */
export function auditTable(t: TFunction, open: () => AsyncIterable<AuditRow[]>): Table {
  const k = (key: string) => t(`report:pack.auditColumns.${key}`)
  return {
    file: t('report:pack.auditFile'),
    sheet: t('report:pack.sheetAudit'),
    about: t('report:pack.about.audit'),
    header: [k('createdAt'), k('component'), k('action'), k('entityId'), k('user'), k('actingFor'), k('changes'), k('id')],
    rows: async function* () {
      for await (const batch of open()) {
        yield batch.map((a) => [
          a.when,
          a.componentLabel,
          a.actionLabel,
          // The record as it is named (number and title), its technical id last, as in the trail's export.
          a.record,
          a.user,
          a.actingFor,
          a.changes.map((c) => t('history.change', { label: c.label, from: c.from, to: c.to })).join('\n'),
          a.entityId,
        ])
      }
    },
  }
}

/** The pack's folder of evidence files (the same name in every language, as the manifest's paths). */
export const EVIDENCE_FOLDER = 'evidence'

type Evidence = NonNullable<SnapshotContent['executions']>['evidence'][number]

/**
 * Each file's place in the evidence folder, named by process number, period and execution, then its
 * own name: "02.07_2026-Q1_KD-12_Abstimmung.pdf". Unique even when two files of one execution share a name.
 */
export function evidenceEntries(files: Evidence[]): (Evidence & { path: string })[] {
  const taken = new Set<string>()
  return files.map((f) => {
    const safe = (v: string) => v.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_')
    const base = `${safe(f.process)}_${safe(f.period)}_${safe(f.execution)}_${safe(f.name)}`
    let path = `${EVIDENCE_FOLDER}/${base}`
    for (let n = 2; taken.has(path); n++) path = `${EVIDENCE_FOLDER}/${base.replace(/(\.[A-Za-z0-9]{1,8})?$/, (ext) => ` (${n})${ext}`)}`
    taken.add(path)
    return { ...f, path }
  })
}

/** The pack's name in its language, e.g. Pruefpaket-2025-12-31.zip. */
export function packFileName(t: TFunction, reportingDate: string) {
  return `${t('report:pack.file')}-${reportingDate}.zip`
}

/**
 * The auditor's pack as a streamed ZIP response. The report is rendered when its entry's turn
 * comes; the tables are written through the CSV and XLSX writers of the exports.
 */
export function auditorPackResponse(opts: {
  t: TFunction
  lang: 'de' | 'fr' | 'en'
  snapshot: ReportSnapshot
  previous: SnapshotContent | null
  approval: ReportApproval
  logo: Buffer | null
  /** null: the reader may not see the trail (not an admin); the README says so. */
  audit: (() => AsyncIterable<AuditRow[]>) | null
  /** Opens a stored file's content (the evidence of the approved executions); absent: no evidence folder. */
  evidence?: ((fileId: string) => Readable) | null
}): Response {
  const { t, snapshot } = opts
  const c = snapshot.content
  const date = c.reportingDate
  const tables = snapshotTables(t, c, opts.lang)
  if (opts.audit) tables.push(auditTable(t, opts.audit))
  const evidence = opts.evidence && c.executions ? evidenceEntries(c.executions.evidence) : []
  const manifestName = `${EVIDENCE_FOLDER}/${t('report:pack.manifestName')}.csv`
  const pdfName = reportFileName(t, date)
  const readmeName = `${t('report:pack.readmeName')}.txt`
  // Every file of the pack, with what it holds.
  const files: [string, string][] = [
    [readmeName, t('report:pack.about.readme')],
    [pdfName, t('report:pack.about.report')],
    ...tables.flatMap((table): [string, string][] => [
      [`${table.file}-${date}.csv`, table.about],
      [`${table.file}-${date}.xlsx`, table.about],
    ]),
    ...(evidence.length ? [[`${EVIDENCE_FOLDER}/`, t('report:pack.about.evidence', { count: evidence.length })] as [string, string]] : []),
  ]
  const readme = [
    t('report:pack.readme', {
      date: formatDate(date),
      fund: snapshot.fund,
      at: formatDateTime(snapshot.frozenAt),
      by: c.frozenBy,
      from: formatDate(c.periodFrom),
    }),
    '',
    ...(c.frozenOn ? [t('report:pack.readmeAsOf', { date: formatDate(date), on: formatDate(c.frozenOn) }), ''] : []),
    ...(c.asOf?.uncertain.length ? [t('report:pack.readmeUncertain', { count: c.asOf.uncertain.length }), ''] : []),
    t('report:pack.readmeFiles'),
    ...files.map(([n, about]) => `- ${n}: ${about}`),
    ...(opts.audit ? [] : ['', t('report:pack.auditNone')]),
    '',
  ].join('\r\n')

  const archive = archiver('zip', { zlib: { level: 6 } })
  const out = new PassThrough()
  archive.pipe(out)
  // A reader that went away ends the entry being written (its cursor with it) and every later one.
  const aborted = new AbortController()
  let gone = false
  let current: Readable | null = null
  out.on('close', () => {
    if (out.readableEnded) return
    gone = true
    aborted.abort()
    current?.destroy()
    archive.abort()
  })
  // Every entry carries the moment of the freezing, not of the download.
  const entry = (name: string) => ({ name, date: snapshot.frozenAt })
  /** Adds one entry and waits until the archive took all of it; `store`: kept as it is, not deflated. */
  async function add(source: Buffer | Readable, name: string, store = false) {
    const added = once(archive, 'entry', { signal: aborted.signal })
    current = source instanceof Readable ? source : null
    // A source that fails (the trail's cursor) fails the pack: archiver does not pass its error on,
    // the entry would never end and the error would go unhandled.
    const failed = current ? new Promise<never>((_, reject) => current?.once('error', reject)) : null
    archive.append(source, { ...entry(name), store })
    await (failed ? Promise.race([added, failed]) : added)
    current = null
  }
  async function fill() {
    await add(Buffer.from(readme, 'utf8'), readmeName)
    if (gone) return
    const pdf = await reportPdf({ t, snapshot, previous: opts.previous, approval: opts.approval, logo: opts.logo })
    await add(pdf, pdfName)
    for (const table of tables) {
      for (const kind of ['csv', 'xlsx'] as const) {
        if (gone) return
        const name = `${table.file}-${date}.${kind}`
        const response = kind === 'csv' ? csvResponse(name, table.header, table.rows()) : xlsxResponse(name, table.sheet, table.header, table.rows())
        await add(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), name)
      }
    }
    // The approved executions' files, one at a time, each streamed from the store, then their manifest.
    // Stored, not deflated: scans, PDFs and Office files are compressed already, and the auditor's
    // SHA-256 of an entry is the one of the manifest either way.
    for (const file of evidence) {
      if (gone || !opts.evidence) return
      await add(opts.evidence(file.fileId), file.path, true)
    }
    if (evidence.length) {
      const k = (key: string) => t(`report:pack.manifestColumns.${key}`)
      const manifest = csvResponse(
        manifestName,
        [k('file'), k('execution'), k('process'), k('period'), k('size'), k('sha256')],
        once$(evidence.map((f) => [f.path.slice(EVIDENCE_FOLDER.length + 1), f.execution, f.process, f.period, f.size, f.sha256])),
      )
      await add(Readable.fromWeb(manifest.body as import('node:stream/web').ReadableStream<Uint8Array>), manifestName)
    }
    await archive.finalize()
  }
  fill().catch((error) => {
    // A reader who went away aborts on purpose; anything else is a failure to see in the server's log
    // (the reader only gets a cut-off ZIP).
    if (gone) return
    console.error(`[report] auditor's pack ${packFileName(t, date)} failed:`, error)
    archive.abort()
    out.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(packFileName(t, date)),
      'Cache-Control': 'no-store',
    },
  })
}

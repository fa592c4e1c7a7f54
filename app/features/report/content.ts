/*
 * The frozen content of a year-end snapshot (report_snapshots.content) and the comparison of the
 * risk inventory with it. Plain data: the PDF, the history charts and the compare view read it.
 * Bump SNAPSHOT_FORMAT when the shape changes; readers branch on `format`.
 */
import type {
  AbroadSafeguard,
  AssuranceState,
  DecisionSubject,
  DsgActivityRole,
  DsgActivityState,
  DsgBreachState,
  DsgDpiaState,
  DsgRequestState,
  FindingSeverity,
  FindingSource,
  FindingState,
  IcsState,
  KriDirection,
  KriFrequency,
  KriStatus,
  KriUnit,
  ProviderCriticality,
  ProviderDsgRole,
  ProviderService,
  RiskState,
  UnderfundingDuty,
} from '#models/core/constants.ts'

export const SNAPSHOT_FORMAT = 6

type Names = { de: string; fr: string; en: string }

export type SnapshotRisk = {
  id: string
  idkey: string
  title: string
  state: RiskState
  probability: number | null
  severity: number | null
  /** probability × severity, null while either is not set. */
  score: number | null
  band: 'low' | 'medium' | 'high' | 'critical' | null
  /**
   * From format 5: the gross rating (before the risk's controls) beside the net one above. A snapshot frozen
   * before it lacks them: read with grossOf, which answers null.
   */
  grossProbability?: number | null
  grossSeverity?: number | null
  strategic: boolean
  /** From format 2: the risk owner's name at the reporting date, its description and its linked measures. */
  owner?: string | null
  description?: string
  measures?: SnapshotRiskMeasure[]
}

/** The gross rating of a frozen risk (probability, severity, score), or null when not set or frozen before format 5. */
export function grossOf(r: Pick<SnapshotRisk, 'grossProbability' | 'grossSeverity'>): { probability: number; severity: number; score: number } | null {
  const p = r.grossProbability ?? null
  const s = r.grossSeverity ?? null
  return p !== null && s !== null ? { probability: p, severity: s, score: p * s } : null
}

/** A measure linked to a risk, as it stood at the reporting date (format 2). */
export type SnapshotRiskMeasure = {
  /** The measure's number as shown everywhere (e.g. M-23). */
  number: string
  title: string
  state: 'pending' | 'confirmed'
  dueDate: string | null
  /** Pending and past its due date at the reporting date. */
  overdue: boolean
}

export type SnapshotContent = {
  format: 1 | 2 | 3 | 4 | 5 | 6
  reportingDate: string
  /** From format 2: the day (Zurich) the snapshot was frozen, which may be long after the reporting date. */
  frozenOn?: string
  /** From format 2: the management summary the admin wrote before freezing (may be empty). */
  commentary?: string
  /**
   * From format 2: how the state at the reporting date was found. Figures count what existed and happened
   * up to the reporting date, from the records' own dates and the audit trail; `uncertain` lists the
   * records whose state at the date cannot be known (the report says so in words).
   */
  asOf?: {
    uncertain: {
      register: 'risks' | 'icsProcesses' | 'measures' | 'documents' | 'activities' | 'assessments' | 'breaches' | 'requests'
      number: string
      title: string
      reason: 'noHistory' | 'deletedWithoutValues'
    }[]
  }
  /** The period the report covers: the year ending on the reporting date. */
  periodFrom: string
  frozenBy: string
  risks: SnapshotRisk[]
  levels: { probability: { ref: number; name: string }[]; severity: { ref: number; size: string }[] }
  icsProcesses: {
    id: string
    idkey: string
    title: string
    mainNumber: string
    state: IcsState
    effectiveness: string | null
    traceability: string | null
    efficiency: string | null
  }[]
  quality: { councilMinimum: number; mainProcesses: { leadingNumber: string; names: Names; level: number | null }[] }
  controlMatrix: {
    task: string
    revision: string | null
    management: string | null
    responsible: string | null
    department: string
    controller: string
    cycle: string
    comment: string
  }[]
  measures: {
    open: number
    overdue: number
    confirmedInPeriod: number
    bySource: Record<string, { open: number; overdue: number; confirmedInPeriod: number }>
    overdueList: { idkey: number; iteration: number; title: string; source: string; dueDate: string }[]
  }
  documentsPastReference: { name: string; category: string; dueDate: string; present: boolean }[]
  dsg: {
    activities: Partial<Record<DsgActivityState, number>> & { reviewDue: number }
    assessments: Partial<Record<DsgDpiaState, number>> & { open: number }
    breaches: Partial<Record<DsgBreachState, number>> & { needsNotice: number }
    requests: Partial<Record<DsgRequestState, number>> & { overdue: number }
  }
  /**
   * From format 2: every register as it stood at the reporting date, for the auditor's pack (record of
   * processing activities, impact assessments, breach documentation, request log, the full measure list).
   * Names are resolved when frozen; values as the records hold them (enum keys, ISO days).
   */
  registers?: SnapshotRegisters
  /** From format 3: the proof that the key controls ran in the period (issue 25). */
  executions?: SnapshotExecutions
  /** From format 4, loyalty and integrity (issue 26): the reporting year's declarations and related-party transactions. */
  loyalty?: SnapshotLoyalty
  /** From format 5, KRIs and the risk appetite (issue 27): each KRI at the reporting date with its trend, the appetite, accepted risks, underfunding. */
  kri?: SnapshotKri
  /** From format 6, providers, findings and the council's decisions (issue 28). */
  governance?: SnapshotGovernance
}

/**
 * The providers, the findings and the council's decisions at the reporting date (format 6), as they
 * stood when the snapshot was frozen: a later edit of a record does not change it.
 */
export type SnapshotGovernance = {
  /** The providers engaged at the reporting date (started by then, not ended), high criticality first. */
  providers: {
    number: string
    name: string
    service: ProviderService
    criticality: ProviderCriticality
    dsgRole: ProviderDsgRole
    /** Where the data is kept (ISO alpha-2); abroad when any is not CH. */
    countries: string[]
    abroad: boolean
    safeguard: AbroadSafeguard | null
    /** null: runs until notice. */
    contractEnd: string | null
    /** The assurance of the reporting date's year judged at the reporting date. */
    assurance: AssuranceState
    assuranceDueOn: string | null
    /** The day the year's review was signed (by the reporting date). */
    assuranceApprovedOn: string | null
  }[]
  /** Findings issued by the reporting date and not closed by then, oldest deadline first. */
  findings: {
    number: string
    title: string
    source: FindingSource
    severity: FindingSeverity
    issuedOn: string
    deadline: string | null
    owner: string | null
    /** Open or in progress (a finding closed after the date reads as open). */
    state: FindingState
    /** Its deadline had passed at the reporting date (escalated). */
    overdue: boolean
  }[]
  /** The council's decisions of the period (decided from its first day up to the reporting date), oldest first. */
  decisions: { number: string; decidedOn: string; subject: DecisionSubject; reference: string; title: string }[]
}

/** The governance figures the page, the PDF's summary and the compare view count. */
export function governanceCounts(g: SnapshotGovernance) {
  return {
    providers: g.providers.length,
    providersAttention: g.providers.filter((p) => p.assurance === 'overdue' || p.assurance === 'deficient').length,
    findingsOpen: g.findings.length,
    findingsOverdue: g.findings.filter((f) => f.overdue).length,
    decisions: g.decisions.length,
  }
}

/** A KRI's figure at a reporting date, judged by the thresholds in force on that date. Numbers as decimal text with a point ("102.4"). */
export type SnapshotKriPoint = {
  periodEnd: string
  value: string
  /** The thresholds in force on the value's date (null: none set then) and the status they give. */
  amber: string | null
  red: string | null
  status: KriStatus | null
}

/**
 * The KRIs and the risk appetite at the reporting date (format 5), as they stood when the snapshot was
 * frozen: a value entered after the freeze is not in it.
 */
export type SnapshotKri = {
  indicators: {
    key: string
    names: Names
    unit: KriUnit
    direction: KriDirection
    frequency: KriFrequency
    legalBasis: string
    /** The latest value on or before the reporting date, judged by the thresholds in force on its own date; null without one. */
    latest: SnapshotKriPoint | null
    /** The thresholds in force on the latest value's date (without a value: on the reporting date); null when none were set. */
    thresholds: { validFrom: string; amber: string; red: string } | null
    /**
     * Every value of the KRI_TREND_YEARS years ending on the reporting date (each quarter's or month's),
     * oldest first, each judged by the thresholds in force on its date; kriYearEnds picks the year ends.
     */
    trend: SnapshotKriPoint[]
  }[]
  /** The council's approval of the appetite in force at the reporting date (the latest on or before it), or null. */
  appetite: { approvedOn: string; decisionReference: string; approvedBy: string; scoreLimit: number; remark: string } | null
  /** The net score up to which a risk was inside the appetite at the reporting date (the approval's, else the product's default). */
  scoreLimit: number
  /** Risks whose acceptance by the council was in force at the reporting date. */
  acceptances: {
    risk: string
    title: string
    acceptedBy: string
    acceptedOn: string
    validUntil: string
    decisionReference: string
    justification: string
    netScore: number
    /**
     * The risk's net score at the reporting date lay above the appetite's limit then or above the accepted
     * one: to be judged anew (absent in snapshots frozen before it was kept).
     */
    reassess?: boolean
  }[]
  /** Underfunding cases open at some time in the period, with their duties; empty when the fund was never underfunded in it. */
  underfunding: {
    periodEnd: string
    coverageRatio: string
    closedOn: string | null
    duties: { duty: UnderfundingDuty; dueOn: string; doneOn: string | null; evidence: string; document: string | null }[]
  }[]
}

/**
 * The trend's year ends: for each of the KRI_TREND_YEARS years ending on the reporting date (oldest
 * first) the year's end and the latest value of that year (null without one).
 */
export function kriYearEnds(reportingDate: string, trend: SnapshotKriPoint[], years: number): { yearEnd: string; point: SnapshotKriPoint | null }[] {
  const out: { yearEnd: string; point: SnapshotKriPoint | null }[] = []
  for (let i = years - 1; i >= 0; i--) {
    const yearEnd = shiftYears(reportingDate, -i)
    const from = shiftYears(reportingDate, -i - 1)
    const inYear = trend.filter((p) => p.periodEnd > from && p.periodEnd <= yearEnd)
    out.push({ yearEnd, point: inYear.length ? inYear[inYear.length - 1] : null })
  }
  return out
}

/** The same day n years on (29 February to the 28th in a common year). */
function shiftYears(day: string, n: number): string {
  const y = Number(day.slice(0, 4)) + n
  const md = day.slice(5)
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`
}

/**
 * The loyalty declarations of the reporting year's campaign (Art. 48l BVV 2) and the related-party
 * transactions of the period (Art. 51c BVG, for the annex), as they stood when the snapshot was frozen.
 */
export type SnapshotLoyalty = {
  /** The campaign of the reporting date's year; null when the fund opened none. */
  campaign: { year: number; dueDate: string; reviewedOn: string | null; reviewReference: string } | null
  /** Declarations asked for in that campaign. */
  due: number
  /** Signed (declared or reviewed). */
  received: number
  /** Reviewed by the supreme body. */
  reviewed: number
  /** Not signed and past the due date on the day of the freeze. */
  overdue: number
  /** Findings of the supreme body's reviews (any year) not yet resolved. */
  openFindings: number
  transactions: {
    number: string
    counterparty: string
    /** The person the counterparty is related through, and how. */
    relation: string
    subject: string
    amount: string | null
    date: string
    significant: boolean
    disclosedToAuditorOn: string | null
  }[]
}

/**
 * The control executions of the period (their period ends within it, or on occasion within it), as
 * they stood when the snapshot was frozen: a year's last quarter is signed after the reporting date.
 */
export type SnapshotExecutions = {
  /** Per main process, in the catalogue's order; only main processes with executions. */
  byMain: {
    leadingNumber: string
    names: Names
    planned: number
    /** Recorded and submitted or approved. */
    done: number
    effective: number
    deficient: number
    notApplicable: number
    /** Not done and past the due date on the day of the freeze. */
    overdue: number
    /** Signed by the second person. */
    approved: number
  }[]
  rows: {
    number: string
    process: string
    processTitle: string
    mainNumber: string
    /** 2026-Q1 …; empty for an execution on occasion. */
    period: string
    dueDate: string
    state: 'planned' | 'due' | 'overdue' | 'submitted' | 'returned' | 'approved'
    performedOn: string | null
    result: 'effective' | 'deficient' | 'notApplicable' | null
    performer: string | null
    reviewer: string | null
    reviewedOn: string | null
    populationSize: number | null
    sampleSize: number | null
    /** The measure a deficient result opened (its number). */
    measure: string | null
  }[]
  /** The files of the approved executions, for the pack's evidence folder and its manifest. */
  evidence: { fileId: string; execution: string; process: string; period: string; name: string; size: number; sha256: string }[]
}

export type SnapshotRegisters = {
  measures: {
    number: string
    title: string
    source: string
    state: 'pending' | 'confirmed'
    owner: string | null
    dueDate: string
    overdue: boolean
    /** The day (Zurich) it was confirmed, if by the reporting date. */
    confirmedOn: string | null
    /** The risk it belongs to (its number), if any. */
    risk: string | null
    recurrence: number
    dsgMeasure: boolean
  }[]
  activities: {
    number: string
    name: string
    purpose: string
    role: DsgActivityRole
    state: DsgActivityState
    responsible: string | null
    dataSubjects: string
    dataCategories: { name: string; sensitive: boolean }[]
    sensitive: boolean
    recipients: string
    abroad: boolean
    abroadCountries: string
    abroadSafeguard: string | null
    retention: string
    security: string
    legalBasis: string
    lastReviewedOn: string | null
    retiredOn: string | null
    reviewDue: boolean
  }[]
  assessments: {
    /** The activity assessed, e.g. V-6 Verwaltung der Versicherten. */
    activity: string
    state: DsgDpiaState
    screenedOn: string | null
    notRequiredReason: string
    description: string
    residualProbability: number | null
    residualSeverity: number | null
    residualNote: string
    advisorConsulted: boolean
    fdpicConsultedOn: string | null
    approvedOn: string | null
    approvedBy: string | null
  }[]
  breaches: {
    number: string
    title: string
    state: DsgBreachState
    /** ISO instant. */
    discoveredAt: string
    description: string
    period: string
    subjectCategories: string
    dataCategories: string
    subjectsCount: number | null
    recordsCount: number | null
    consequences: string
    measuresTaken: string
    highRisk: boolean | null
    fdpicNotifiedAt: string | null
    fdpicReference: string
    informSubjects: boolean | null
    subjectsInformedOn: string | null
    closedOn: string | null
  }[]
  /** Without the requester's name: the log shows the handling, not the person. */
  requests: {
    number: string
    kind: string
    state: DsgRequestState
    receivedOn: string
    dueOn: string
    extendedTo: string | null
    extensionReason: string
    identityChecked: boolean
    answeredOn: string | null
    answerMethod: string
    overdue: boolean
  }[]
}

export type RiskChange = 'new' | 'removed' | 'up' | 'down' | 'unchanged'

export type RiskComparison = {
  id: string
  idkey: string
  title: string
  change: RiskChange
  before: { score: number | null; state: RiskState /** The gross score frozen with it (format 5), else null. */; grossScore: number | null } | null
  after: { score: number | null; state: RiskState } | null
}

/**
 * Each risk now against the snapshot: new (not in the snapshot), removed (in the snapshot, gone now),
 * score up or down, or unchanged. A score that was not set counts as 0.
 */
/** The snapshot's key figures (translation key, value), as the page and the PDF's management summary show them. */
export function keyFigures(c: SnapshotContent): [string, number][] {
  const below = c.quality.mainProcesses.filter((m) => m.level !== null && m.level < c.quality.councilMinimum).length
  return [
    ['report:summary.risks', c.risks.length],
    ['report:summary.highRisks', c.risks.filter((r) => r.band === 'high' || r.band === 'critical').length],
    ['report:summary.icsProcesses', c.icsProcesses.length],
    ['report:summary.belowMinimum', below],
    ['report:summary.measuresOpen', c.measures.open],
    ['report:summary.measuresOverdue', c.measures.overdue],
    ['report:summary.measuresConfirmed', c.measures.confirmedInPeriod],
    ['report:summary.documentsPast', c.documentsPastReference.length],
    ['report:summary.dsgActivities', c.dsg.activities.active ?? 0],
    ['report:summary.dsgBreachesOpen', c.dsg.breaches.open ?? 0],
    ['report:summary.dsgRequestsOpen', c.dsg.requests.open ?? 0],
  ]
}

export function compareRisks(then: SnapshotRisk[], now: SnapshotRisk[]): RiskComparison[] {
  const before = new Map(then.map((r) => [r.id, r]))
  const rows: RiskComparison[] = []
  for (const r of now) {
    const old = before.get(r.id)
    before.delete(r.id)
    const change: RiskChange = !old ? 'new' : (r.score ?? 0) > (old.score ?? 0) ? 'up' : (r.score ?? 0) < (old.score ?? 0) ? 'down' : 'unchanged'
    rows.push({
      id: r.id,
      idkey: r.idkey,
      title: r.title,
      change,
      before: old ? { score: old.score, state: old.state, grossScore: grossOf(old)?.score ?? null } : null,
      after: { score: r.score, state: r.state },
    })
  }
  for (const old of before.values()) {
    rows.push({
      id: old.id,
      idkey: old.idkey,
      title: old.title,
      change: 'removed',
      before: { score: old.score, state: old.state, grossScore: grossOf(old)?.score ?? null },
      after: null,
    })
  }
  return rows.sort((a, b) => a.idkey.localeCompare(b.idkey, 'de', { numeric: true }))
}

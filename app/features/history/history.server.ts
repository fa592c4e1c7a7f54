import { type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import type { Language } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { formatDate } from '#models/core/dates.ts'
import { auditReadKind, logEntryReads, type ReadKind } from '#models/core/read-log.server.ts'
import { activityNumber, breachNumber, measureNumber, RECORD_PREFIX, requestNumber } from '#models/core/record-number.ts'

/*
 * A readable history (issue 12, decision 0034): the audit entries of one record, with who, when, on
 * behalf of whom, and each changed field as "label: old → new" in the reader's language. The field
 * labels are the forms' labels; values are resolved to what the forms show (names of people, bodies
 * and levels, translated enum values, Ja/Nein, dd.mm.yyyy). What the audit keeps only for the
 * machine (ids of the record itself, its catalogue entry, versions, the block saved) is left out;
 * a field no table knows is shown under a generic label, never by its technical name.
 */

/** How a field's values read: as they are, an enum's label, yes/no, a date, an id resolved to a name, or a record's number (decision 0043). */
type Kind = 'text' | 'bool' | 'date' | 'ref' | 'list' | 'categories' | { enum: string } | ((idkey: number | string) => string)
type FieldSpec = { label: string; kind?: Kind; dsg?: boolean }
type Table = Record<string, FieldSpec | null>

/** A key prefix of common's enum labels (a prefix, not a key: the key test reads whole quoted keys). */
const prefix = (...parts: string[]) => parts.join('.')

const dsgBlock: Table = {
  dsgRelevant: { label: 'risk:field.dsgRelevant', kind: 'bool', dsg: true },
  hasPersonalData: { label: 'risk:field.hasPersonalData', kind: 'bool', dsg: true },
  hasProtectableData: { label: 'risk:field.hasProtectableData', kind: 'bool', dsg: true },
  dsgMeasureNeeded: { label: 'risk:field.dsgMeasureNeeded', kind: 'bool', dsg: true },
}
/** Kept by the audit for the machine, not shown. */
const technical: Table = {
  id: null,
  customerId: null,
  catalogId: null,
  version: null,
  block: null,
  createdAt: null,
  updatedAt: null,
  previousId: null,
  templateId: null,
}

/** The field tables, one per audit component (the `component` of writeAudit). */
export const FIELD_TABLES: Record<string, Table> = {
  risk: {
    ...technical,
    ...dsgBlock,
    idkey: { label: 'risk:field.idkey', dsg: true },
    title: { label: 'risk:field.title', dsg: true },
    state: { label: 'risk:field.state', kind: { enum: 'risk:state' }, dsg: true },
    ownerUserId: { label: 'risk:field.owner', kind: 'ref' },
    tags: { label: 'risk:field.tags', kind: 'list' },
    themeId: { label: 'risk:field.theme', kind: 'ref', dsg: true },
    description: { label: 'risk:field.description' },
    relevance: { label: 'risk:field.relevance', kind: { enum: 'risk:relevance' } },
    strategic: { label: 'risk:field.strategic', kind: 'bool' },
    probabilityLevelId: { label: 'risk:field.probability', kind: 'ref' },
    severityLevelId: { label: 'risk:field.severity', kind: 'ref' },
    reaction: { label: 'risk:field.reaction' },
    answer: { label: 'risk:field.answer', kind: { enum: 'risk:answer' } },
    measureNeeded: { label: 'risk:field.measureNeeded', kind: 'bool' },
    controlling: { label: 'risk:field.controlling' },
  },
  icsProcess: {
    ...technical,
    ...dsgBlock,
    idkey: { label: 'risk:field.idkey', dsg: true },
    title: { label: 'iks:field.title', dsg: true },
    state: { label: 'iks:field.state', kind: { enum: 'iks:state' }, dsg: true },
    ownerUserId: { label: 'iks:field.owner', kind: 'ref' },
    tags: { label: 'risk:field.tags', kind: 'list' },
    mainThemeId: { label: 'iks:field.main', kind: 'ref', dsg: true },
    subThemeId: { label: 'iks:field.sub', kind: 'ref', dsg: true },
    description: { label: 'iks:field.description' },
    controlTarget: { label: 'iks:field.controlTarget' },
    controlActivity: { label: 'iks:field.controlActivity' },
    assessmentCurrentState: { label: 'iks:field.assessmentCurrentState' },
    effectiveness: { label: 'iks:field.effectiveness', kind: { enum: 'iks:rating' } },
    traceability: { label: 'iks:field.traceability', kind: { enum: 'iks:rating' } },
    efficiency: { label: 'iks:field.efficiency', kind: { enum: 'iks:rating' } },
    furtherObjectives: { label: 'iks:field.furtherObjectives' },
    measureNeeded: { label: 'risk:field.measureNeeded', kind: 'bool' },
  },
  measure: {
    ...technical,
    idkey: { label: 'measures.field.number', kind: (n) => measureNumber(n) },
    source: { label: 'measures.field.source', kind: { enum: prefix('measures', 'source') } },
    title: { label: 'measures.field.title' },
    body: { label: 'measures.field.body' },
    state: { label: 'measures.field.status', kind: { enum: prefix('measures', 'view') } },
    ownerUserId: { label: 'measures.field.owner', kind: 'ref' },
    ownerBodyId: { label: 'measures.field.owner', kind: 'ref' },
    dueDate: { label: 'measures.field.dueDate', kind: 'date' },
    recurrence: { label: 'measures.field.recurrence', kind: { enum: 'recurrence' } },
    iteration: { label: 'measures.field.iteration' },
    dsgMeasure: { label: 'measures.field.dsgMeasure', kind: 'bool' },
    inEdit: { label: 'measures.field.inEdit', kind: 'bool' },
    confirmedAt: { label: 'measures.field.confirmedAt', kind: 'date' },
    confirmedByUserId: { label: 'measures.field.confirmedBy', kind: 'ref' },
    confirmationText: { label: 'measures.field.confirmationText' },
    riskId: null,
    iksId: null,
    riskCatalogId: null,
    cleanup: null,
    createdByUserId: null,
  },
  document: {
    ...technical,
    category: { label: 'documents.field.category', kind: { enum: prefix('documents', 'tab') } },
    name: { label: 'documents.field.name' },
    link: { label: 'documents.field.link' },
    linkText: { label: 'documents.field.linkText' },
    comment: { label: 'field.comment' },
    dueDate: { label: 'documents.field.dueDate', kind: 'date' },
    present: { label: 'documents.field.present', kind: 'bool' },
    riskId: null,
    iksId: null,
  },
  workProcess: {
    ...technical,
    title: { label: 'work:field.title' },
    state: { label: 'work:field.state', kind: { enum: 'work:state' } },
    link: { label: 'documents.field.link' },
    enforcementDate: { label: 'work:field.enforcementDate', kind: 'date' },
    businessCase: { label: 'work:field.businessCase' },
    processRef: { label: 'work:field.processRef' },
    ownerUserId: { label: 'work:field.owner', kind: 'ref' },
    mainThemeId: { label: 'iks:field.main', kind: 'ref' },
    subThemeId: { label: 'iks:field.sub', kind: 'ref' },
  },
  dsgActivity: {
    ...technical,
    idkey: { label: 'dsg:processing.field.number', kind: activityNumber },
    name: { label: 'dsg:processing.field.name' },
    purpose: { label: 'dsg:processing.field.purpose' },
    role: { label: 'dsg:processing.field.role', kind: { enum: 'dsg:processing.role' } },
    state: { label: 'dsg:processing.field.state', kind: { enum: 'dsg:processing.state' } },
    responsibleUserId: { label: 'dsg:processing.field.responsible', kind: 'ref' },
    responsibleBodyId: { label: 'dsg:processing.field.responsible', kind: 'ref' },
    dataSubjects: { label: 'dsg:processing.field.dataSubjects', kind: 'list' },
    dataCategories: { label: 'dsg:processing.field.dataCategories', kind: 'categories' },
    sensitive: { label: 'dsg:processing.field.sensitive', kind: 'bool' },
    recipients: { label: 'dsg:processing.field.recipients', kind: 'list' },
    abroad: { label: 'dsg:processing.field.abroad', kind: 'bool' },
    abroadCountries: { label: 'dsg:processing.field.abroadCountries', kind: 'list' },
    abroadSafeguard: { label: 'dsg:processing.field.abroadSafeguard', kind: { enum: 'dsg:processing.safeguard' } },
    abroadNote: { label: 'dsg:processing.field.abroadNote' },
    retention: { label: 'dsg:processing.field.retention' },
    security: { label: 'dsg:processing.field.security' },
    legalBasis: { label: 'dsg:processing.field.legalBasis' },
    lastReviewedOn: { label: 'dsg:processing.field.lastReviewedOn', kind: 'date' },
    retiredOn: { label: 'dsg:processing.field.retiredOn', kind: 'date' },
  },
  membership: {
    ...technical,
    userId: { label: 'history.field.userId', kind: 'ref' },
    riskEnabled: { label: 'history.field.riskEnabled', kind: 'bool' },
    riskRole: { label: 'history.field.riskRole', kind: { enum: 'role' } },
    iksEnabled: { label: 'history.field.iksEnabled', kind: 'bool' },
    iksRole: { label: 'history.field.iksRole', kind: { enum: 'role' } },
    kind: { label: 'history.field.kind', kind: { enum: 'history.kind' } },
    endsOn: { label: 'history.field.endsOn', kind: 'date' },
  },
  deputy: {
    ...technical,
    deputyUserId: { label: 'history.field.deputy', kind: 'ref' },
    active: { label: 'history.field.active', kind: 'bool' },
    startsOn: { label: 'history.field.startsOn', kind: 'date' },
    endsOn: { label: 'history.field.endsOn', kind: 'date' },
    actingFor: { label: 'history.field.actingFor', kind: 'ref' },
  },
  invitation: {
    ...technical,
    email: { label: 'field.email' },
    riskEnabled: { label: 'history.field.riskEnabled', kind: 'bool' },
    riskRole: { label: 'history.field.riskRole', kind: { enum: 'role' } },
    iksEnabled: { label: 'history.field.iksEnabled', kind: 'bool' },
    iksRole: { label: 'history.field.iksRole', kind: { enum: 'role' } },
    kind: { label: 'history.field.kind', kind: { enum: 'history.kind' } },
    endsOn: { label: 'history.field.endsOn', kind: 'date' },
    answer: { label: 'history.field.answer', kind: { enum: 'history.answer' } },
  },
  session: {
    ...technical,
    customer: { label: 'history.field.customer', kind: 'ref' },
    client: { label: 'history.field.ipAddress' },
    userAgent: { label: 'history.field.userAgent' },
    method: { label: 'history.field.method', kind: { enum: 'history.method' } },
    email: { label: 'field.email' },
    reason: { label: 'history.field.reason', kind: { enum: 'history.reason' } },
    recoveryCode: { label: 'history.field.recoveryCode', kind: 'bool' },
    refusal: { label: 'history.field.refusal', kind: { enum: 'history.refusal' } },
    providerId: { label: 'history.field.providerId', kind: 'ref' },
  },
  dsgActivityLink: {
    ...technical,
    activityId: null,
    riskId: { label: 'dsg:processing.section.risks', kind: 'ref' },
    icsProcessId: { label: 'dsg:processing.section.processes', kind: 'ref' },
  },
  // A fund's own OpenID provider (decision 0038): the secret only ever as '***'.
  identityProvider: {
    ...technical,
    issuer: { label: 'history.field.issuer' },
    clientId: { label: 'history.field.clientId' },
    clientSecret: { label: 'history.field.clientSecret' },
    allowedDomains: { label: 'history.field.allowedDomains', kind: 'list' },
    enabled: { label: 'history.field.providerEnabled', kind: 'bool' },
    sessionsEnded: { label: 'history.field.sessionsEnded' },
  },
  user: {
    ...technical,
    firstName: { label: 'field.firstName' },
    lastName: { label: 'field.lastName' },
    email: { label: 'field.email' },
    phone: { label: 'field.phone' },
    position: { label: 'field.position', kind: { enum: 'position' } },
    functional: { label: 'field.functional' },
    language: { label: 'field.language', kind: { enum: 'language' } },
    remindersEnabled: { label: 'field.remindersEnabled', kind: 'bool' },
    password: null,
    passwordHash: null,
    // The second factor (issue 12): on or off and the recovery codes, never a secret.
    secondFactor: { label: 'history.field.secondFactor', kind: 'bool' },
    recoveryCodesCreated: { label: 'history.field.recoveryCodesCreated', kind: 'bool' },
    recoveryCodesLeft: { label: 'history.field.recoveryCodesLeft' },
    sessionsEnded: { label: 'history.field.sessionsEnded' },
  },
  customer: {
    ...technical,
    requireSecondFactor: { label: 'history.field.requireSecondFactor', kind: 'bool' },
    name: { label: 'field.name' },
    address: { label: 'field.address' },
    comment: { label: 'field.comment' },
    contactId: { label: 'history.field.contact', kind: 'ref' },
    logoVersion: { label: 'history.field.logo' },
    // Entries from before decision 0053, when the logo was an address.
    logoUrl: { label: 'history.field.logoUrl' },
    language: { label: 'field.language', kind: { enum: 'language' } },
    state: { label: 'history.field.customerState', kind: { enum: 'sadmin:customers' } },
    provisionedAt: null,
  },
  dsgBreach: {
    ...technical,
    idkey: { label: 'dsg:breaches.field.idkey', kind: breachNumber },
    measureIds: { label: 'dsg:breaches.field.measures', kind: 'ref' },
    title: { label: 'dsg:breaches.field.title' },
    state: { label: 'dsg:breaches.field.state', kind: { enum: 'dsg:breaches.state' } },
    discoveredAt: { label: 'dsg:breaches.field.discoveredAt', kind: 'date' },
    description: { label: 'dsg:breaches.field.description' },
    period: { label: 'dsg:breaches.field.period' },
    subjectCategories: { label: 'dsg:breaches.field.subjectCategories' },
    dataCategories: { label: 'dsg:breaches.field.dataCategories' },
    subjectsCount: { label: 'dsg:breaches.field.subjectsCount' },
    recordsCount: { label: 'dsg:breaches.field.recordsCount' },
    consequences: { label: 'dsg:breaches.field.consequences' },
    measuresTaken: { label: 'dsg:breaches.field.measuresTaken' },
    highRisk: { label: 'dsg:breaches.field.highRisk', kind: 'bool' },
    fdpicNotifiedAt: { label: 'dsg:breaches.field.fdpicNotifiedAt', kind: 'date' },
    fdpicReference: { label: 'dsg:breaches.field.fdpicReference' },
    informSubjects: { label: 'dsg:breaches.field.informSubjects', kind: 'bool' },
    subjectsInformedOn: { label: 'dsg:breaches.field.subjectsInformedOn', kind: 'date' },
    closedOn: { label: 'dsg:breaches.field.closedOn', kind: 'date' },
    reportedAt: { label: 'dsg:breaches.field.reportedAt', kind: 'date' },
    createdByUserId: null,
  },
  dsgRequest: {
    ...technical,
    idkey: { label: 'dsg:requests.field.idkey', kind: requestNumber },
    kind: { label: 'dsg:requests.field.kind', kind: { enum: 'dsg:requests.kind' } },
    state: { label: 'dsg:requests.field.state', kind: { enum: 'dsg:requests.state' } },
    receivedOn: { label: 'dsg:requests.field.receivedOn', kind: 'date' },
    requesterName: { label: 'dsg:requests.field.requesterName' },
    requesterReference: { label: 'dsg:requests.field.requesterReference' },
    identityChecked: { label: 'dsg:requests.field.identityChecked', kind: 'bool' },
    dueOn: { label: 'dsg:requests.field.dueOn', kind: 'date' },
    extendedTo: { label: 'dsg:requests.field.extendedTo', kind: 'date' },
    extensionReason: { label: 'dsg:requests.field.extensionReason' },
    extensionToldOn: { label: 'dsg:requests.field.extensionToldOn', kind: 'date' },
    answeredOn: { label: 'dsg:requests.field.answeredOn', kind: 'date' },
    answerMethod: { label: 'dsg:requests.field.how' },
    healthProfessional: { label: 'dsg:requests.field.healthProfessional' },
    note: { label: 'dsg:requests.field.note' },
    createdByUserId: null,
  },
  dsgDpia: {
    ...technical,
    activityId: { label: 'dsg:dpia.field.activity', kind: 'ref' },
    state: { label: 'dsg:dpia.field.state', kind: { enum: 'dsg:dpia.state' } },
    largeScaleSensitive: { label: 'dsg:dpia.screening.largeScaleSensitive', kind: 'bool' },
    systematicMonitoring: { label: 'dsg:dpia.screening.systematicMonitoring', kind: 'bool' },
    newTechnologies: { label: 'dsg:dpia.screening.newTechnologies', kind: 'bool' },
    profilingHighRisk: { label: 'dsg:dpia.screening.profilingHighRisk', kind: 'bool' },
    requiredByLaw: { label: 'dsg:dpia.screening.requiredByLaw', kind: 'bool' },
    notRequiredReason: { label: 'dsg:dpia.field.notRequiredReason' },
    screenedOn: { label: 'dsg:dpia.field.screenedOn', kind: 'date' },
    screenedByUserId: { label: 'history.field.screenedBy', kind: 'ref' },
    description: { label: 'dsg:dpia.field.description' },
    residualProbabilityLevelId: { label: 'dsg:dpia.field.probability', kind: 'ref' },
    residualSeverityLevelId: { label: 'dsg:dpia.field.severity', kind: 'ref' },
    residualNote: { label: 'dsg:dpia.field.residualNote' },
    advisorConsulted: { label: 'dsg:dpia.field.advisorConsulted', kind: 'bool' },
    fdpicConsultedOn: { label: 'dsg:dpia.field.fdpicConsultedOn', kind: 'date' },
    fdpicReference: { label: 'dsg:dpia.field.fdpicReference' },
    approvedByUserId: { label: 'dsg:dpia.field.approvedBy', kind: 'ref' },
    approvedOn: { label: 'dsg:dpia.field.approvedOn', kind: 'date' },
    /** Written with a change of an approved assessment: the one line that says its approval fell. */
    approvalWithdrawn: { label: 'dsg:dpia.field.approvalWithdrawn', kind: 'bool' },
    createdByUserId: null,
  },
  dsgSettings: {
    ...technical,
    breachNoticeHours: { label: 'dsg:breaches.settings.hours' },
    contactUserId: { label: 'dsg:breaches.settings.contact', kind: 'ref' },
  },
  responsibleBody: {
    ...technical,
    name: { label: 'field.name' },
  },
  riskProcessLink: {
    ...technical,
    processId: { label: 'history.field.linkedProcess', kind: 'ref' },
  },
  controlMatrix: {
    ...technical,
    position: { label: 'history.field.position' },
    task: { label: 'iks:matrix.task' },
    revision: { label: 'iks:matrix.revision' },
    management: { label: 'iks:matrix.management' },
    responsible: { label: 'iks:matrix.responsible' },
    department: { label: 'iks:matrix.department' },
    controller: { label: 'iks:matrix.controller' },
    cycle: { label: 'iks:matrix.cycle' },
    comment: { label: 'field.comment' },
  },
  icsQuality: {
    ...technical,
    level: { label: 'iks:quality.level' },
  },
  icsSettings: {
    ...technical,
    councilMinimum: { label: 'iks:quality.minimum' },
  },
  probabilityLevel: {
    ...technical,
    name: { label: 'risk:level.name' },
    range: { label: 'risk:level.range' },
    description: { label: 'risk:level.description' },
  },
  severityLevel: {
    ...technical,
    size: { label: 'risk:level.size' },
    effect: { label: 'risk:level.effect' },
    description: { label: 'risk:level.description' },
  },
  reportApproval: {
    ...technical,
    approvedOn: { label: 'history.field.approvedOn', kind: 'date' },
    names: { label: 'history.field.approvedBy' },
  },
  reportSnapshot: {
    ...technical,
    reportingDate: { label: 'history.field.reportingDate', kind: 'date' },
  },
  import: {
    ...technical,
    kind: { label: 'history.field.importKind', kind: { enum: 'import:title' } },
    file: { label: 'history.field.importFile' },
    created: { label: 'history.field.importCreated' },
    updated: { label: 'history.field.importUpdated' },
  },
}

export type HistoryChange = { field: string; label: string; from: string; to: string }
export type HistoryEntry = {
  id: string
  at: string
  /** dd.mm.yyyy hh:mm in Zurich */
  when: string
  action: string
  actionLabel: string
  user: string | null
  actingFor: string | null
  changes: HistoryChange[]
}

export type Row = {
  id: string
  entity_id: string | null
  created_at: string
  when: string
  component: string
  action: string
  changed_fields: Record<string, { from: unknown; to: unknown }>
  user_name: string | null
  acting_for: string | null
  names: Record<string, string> | null
  total: number
  /** Which record's particularly sensitive data the entry shows (its reading is logged), or null. */
  read_kind: ReadKind | null
  /** The entry's own record as it is named now (`recordName`); null when it is gone or its kind has no name. */
  record: string | null
}

/** The latest entries the panel shows; admins follow a link to the full trail. */
const HISTORY_LIMIT = 50

/**
 * One statement: the record's latest entries with the names of who acted and for whom, and the
 * names of every id their changed values hold (people, bodies, levels, themes), so no value needs
 * a second query. Row-level security keeps everything to the customer.
 */
function historyRows(tx: Executor, targets: HistoryTarget[], language: Language) {
  const where = sql`(component, entity_id) in (${sql.join(
    targets.map((x) => sql`(${x.component}, ${x.entityId})`),
    sql`, `,
  )})`
  return entryRows(tx, where, { limit: HISTORY_LIMIT, offset: 0, total: true }, language)
}

/**
 * Audit entries matching `where` (on the table's own name, as drizzle's columns render), newest first, with the names of who acted and for
 * whom and of every id their values hold: one statement. `total` counts all matches (a window over
 * the filtered entries) for the panel and the trail's pager; the export leaves it out.
 */
export function entryRows(tx: Executor, where: SQL, page: { limit: number; offset: number; total: boolean; dir?: 'asc' | 'desc' }, language: Language) {
  const suffix = language === 'fr' ? 'fr' : language === 'en' ? 'en' : 'de'
  const theme = (table: string, number: string) => sql.raw(`(select t.${number} || ' ' || t.name_${suffix} from ${table} t where t.id = v.id)`)
  const dir = sql.raw(page.dir === 'asc' ? 'asc' : 'desc')
  return tx.execute<Row>(sql`
    with e as (
      select id, created_at, component, action::text as action, entity_id, changed_fields, user_id, acting_for_user_id,
             ${page.total ? sql`count(*) over ()::int` : sql`null::int`} as total,
             ${auditReadKind} as read_kind,
             -- The entry's own record by its primary key (the pattern makes the cast safe).
             case when entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then entity_id::uuid end as eid
        from audit_entries
       where ${where}
       order by created_at ${dir}, id ${dir}
       limit ${page.limit} offset ${page.offset}
    ),
    v as (
      -- Cast once here (the pattern makes it safe), so each name below is found by its primary key.
      select distinct x.val, x.val::uuid as id
        from e, jsonb_each(e.changed_fields) f,
             lateral (select f.value ->> 'from' as val union all select f.value ->> 'to'
                      -- A list of ids (a breach's linked measures): each id.
                      union all select jsonb_array_elements_text(case when jsonb_typeof(f.value -> 'from') = 'array' then f.value -> 'from' else '[]' end)
                      union all select jsonb_array_elements_text(case when jsonb_typeof(f.value -> 'to') = 'array' then f.value -> 'to' else '[]' end)) x
       where x.val ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    ),
    n as (
      select v.val, coalesce(
        (select u.first_name || ' ' || u.last_name from users u where u.id = v.id),
        (select l.ref || ' – ' || l.name from probability_levels l where l.id = v.id),
        (select l.ref || ' – ' || l.size from severity_levels l where l.id = v.id),
        (select b.name from responsible_bodies b where b.id = v.id),
        -- The fund a sign-in entered.
        (select c.name from customers c where c.id = v.id),
        -- A fund's identity provider (a refused sign-in through it), by its fund's name.
        (select c.name from identity_providers ip join customers c on c.id = ip.customer_id where ip.id = v.id),
        -- A linked record by its number only: its title is for who reads its tool.
        (select r.idkey from risks r where r.id = v.id),
        (select p.idkey from ics_processes p where p.id = v.id),
        -- A linked measure by its number, as measureNumber writes it.
        (select '${sql.raw(RECORD_PREFIX.measure)}-' || m.idkey || case when m.iteration > 1 then '/' || m.iteration else '' end from measures m where m.id = v.id),
        ${theme('risk_themes', 'leading_number')},
        ${theme('ics_main_themes', 'leading_number')},
        ${theme('ics_sub_themes', 'key')}
      ) as name
        from v
    )
    select e.id, e.created_at::text as created_at,
           to_char(e.created_at at time zone 'Europe/Zurich', 'DD.MM.YYYY HH24:MI') as "when",
           e.component, e.action, e.entity_id, e.changed_fields, e.total, e.read_kind,
           (select u.first_name || ' ' || u.last_name from users u where u.id = e.user_id) as user_name,
           (select u.first_name || ' ' || u.last_name from users u where u.id = e.acting_for_user_id) as acting_for,
           (select jsonb_object_agg(n.val, n.name) from n where n.name is not null) as names,
           ${recordName(suffix)} as record
      from e
     order by e.created_at ${dir}, e.id ${dir}
  `)
}

export type T = ReturnType<typeof getFixedT>

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T|$)/

/** One value as the form shows it. */
function readValue(t: T, value: unknown, kind: Kind, names: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '—'
  if (value === '***') return '***'
  if (typeof kind === 'function') return typeof value === 'number' || typeof value === 'string' ? kind(value) : String(value)
  // A processing activity's data categories: their names, the particularly sensitive ones marked.
  if (kind === 'categories' && Array.isArray(value)) {
    const names = value.map((c) => {
      const category = c as { name?: unknown; sensitive?: unknown }
      const name = typeof category?.name === 'string' ? category.name : String(c)
      return category?.sensitive === true ? `${name} (${t('dsg:processing.sensitiveMark')})` : name
    })
    return names.length ? names.join(', ') : '—'
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => readValue(t, v, kind === 'list' ? 'text' : kind, names)).join(', ') : '—'
  if (kind === 'bool' || typeof value === 'boolean') return value ? t('common.yes') : t('common.no')
  if (typeof value === 'number' && typeof kind === 'object') return readValue(t, String(value), kind, names)
  if (typeof value === 'string') {
    if (kind === 'ref' || isUuid(value)) return names[value] ?? t('history.unknownRef')
    if (kind === 'date' || ISO_DATE.test(value)) return ISO_DATE.test(value) ? formatDate(value.slice(0, 10)) : value
    if (typeof kind === 'object') {
      const key = `${kind.enum}.${value}`
      const label = t(key)
      return label === key || label.endsWith(`.${value}`) ? value : label
    }
    return value
  }
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** An entry's changes, readable; `dsgOnly`: the reader sees only the data protection view's fields. */
export function readChanges(
  t: T,
  component: string,
  changes: Record<string, { from: unknown; to: unknown }>,
  names: Record<string, string>,
  dsgOnly = false,
): HistoryChange[] {
  const table = FIELD_TABLES[component] ?? {}
  const out: HistoryChange[] = []
  for (const [field, change] of Object.entries(changes ?? {})) {
    const dpiaRisk = component === 'dsgDpia' ? DPIA_RISK.exec(field) : null
    const spec = dpiaRisk ? DPIA_RISK_FIELDS[dpiaRisk[1] ?? ''] : field in table ? table[field] : (technical[field] ?? undefined)
    if (spec === null || (dpiaRisk ? !spec : field in technical)) continue
    if (dsgOnly && !spec?.dsg) continue
    const kind = spec?.kind ?? 'text'
    // A DPIA's risk added: its description stands for it.
    const value = (v: unknown) => (dpiaRisk && v && typeof v === 'object' && 'description' in v ? (v as { description: unknown }).description : v)
    out.push({
      field,
      label: spec ? t(spec.label) : t('history.otherField'),
      from: readValue(t, value(change?.from), kind, names),
      to: readValue(t, value(change?.to), kind, names),
    })
  }
  return out
}

/** A DPIA's risks are audited as `risk.<id>` (added or removed) and `risk.<id>.<field>` (changed). */
const DPIA_RISK = /^risk\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.(\w+))?$/i
/**
 * The components whose entries name their record (`recordName`): the trail and its exports show
 * the record's number and title as its tool does (decision 0043), "deleted" once it is gone.
 */
export const NAMED_COMPONENTS = [
  'risk',
  'icsProcess',
  'measure',
  'document',
  'dsgActivity',
  'dsgDpia',
  'dsgBreach',
  'dsgRequest',
  'workProcess',
  'responsibleBody',
  'news',
  'user',
  'membership',
  'session',
  'customer',
  'riskTheme',
  'icsMainTheme',
  'icsSubTheme',
  'probabilityLevel',
  'severityLevel',
] as const satisfies readonly string[]

/**
 * An entry's own record as it is named now, in SQL over the entry `e` (its id cast as `e.eid`):
 * a risk or ICS process by its catalogue number and title, a measure, activity, breach by its number
 * and title, a request of a data subject by its number only (its requester is not for the trail), an
 * impact assessment by its activity, people by their names; null when the record is gone.
 */
function recordName(suffix: string) {
  const theme = (table: string, number: string) => sql.raw(`(select t.${number} || ' ' || t.name_${suffix} from ${table} t where t.id = e.eid)`)
  const prefix = (p: string) => sql.raw(`'${p}-'`)
  return sql`case e.component
    when 'risk' then (select r.idkey || ' ' || r.title from risks r where r.id = e.eid)
    when 'icsProcess' then (select p.idkey || ' ' || p.title from ics_processes p where p.id = e.eid)
    when 'measure' then (select ${prefix(RECORD_PREFIX.measure)} || m.idkey || case when m.iteration > 1 then '/' || m.iteration else '' end || ' ' || m.title
                           from measures m where m.id = e.eid)
    when 'document' then (select d.name from documents d where d.id = e.eid)
    when 'dsgActivity' then (select ${prefix(RECORD_PREFIX.activity)} || a.idkey || ' ' || a.name from dsg_activities a where a.id = e.eid)
    when 'dsgDpia' then (select ${prefix(RECORD_PREFIX.activity)} || a.idkey || ' ' || a.name from dsg_dpias d join dsg_activities a on a.id = d.activity_id where d.id = e.eid)
    when 'dsgBreach' then (select ${prefix(RECORD_PREFIX.breach)} || b.idkey || ' ' || b.title from dsg_breaches b where b.id = e.eid)
    when 'dsgRequest' then (select ${prefix(RECORD_PREFIX.request)} || r.idkey from dsg_requests r where r.id = e.eid)
    when 'workProcess' then (select w.title from work_processes w where w.id = e.eid)
    when 'responsibleBody' then (select b.name from responsible_bodies b where b.id = e.eid)
    when 'news' then (select n.title from news n where n.id = e.eid)
    when 'user' then (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = e.eid)
    when 'session' then (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = e.eid)
    when 'membership' then (select trim(u.first_name || ' ' || u.last_name) from memberships m join users u on u.id = m.user_id where m.id = e.eid)
    when 'customer' then (select c.name from customers c where c.id = e.eid)
    when 'riskTheme' then ${theme('risk_themes', 'leading_number')}
    when 'icsMainTheme' then ${theme('ics_main_themes', 'leading_number')}
    when 'icsSubTheme' then ${theme('ics_sub_themes', 'key')}
    when 'probabilityLevel' then (select l.ref || ' – ' || l.name from probability_levels l where l.id = e.eid)
    when 'severityLevel' then (select l.ref || ' – ' || l.size from severity_levels l where l.id = e.eid)
  end`
}

const DPIA_RISK_FIELDS: Table = {
  '': { label: 'dsg:dpia.field.riskDescription' },
  description: { label: 'dsg:dpia.field.riskDescription' },
  probabilityLevelId: { label: 'dsg:dpia.field.probability', kind: 'ref' },
  severityLevelId: { label: 'dsg:dpia.field.severity', kind: 'ref' },
}

/** A row of `entryRows`, readable. */
export function readEntry(t: T, r: Row, dsgOnly = false): HistoryEntry {
  return {
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    when: r.when,
    action: r.action,
    actionLabel: actionLabel(t, r.action),
    user: r.user_name,
    actingFor: r.acting_for,
    changes: readChanges(t, r.component, r.changed_fields, r.names ?? {}, dsgOnly),
  }
}

/** The component's name as the reader says it (the admin trail's filter and column). */
export function componentLabel(t: T, component: string) {
  const key = `history.component.${component}`
  const label = t(key)
  return label === key || label.endsWith(component) ? t('history.component.other') : label
}

export function actionLabel(t: T, action: string) {
  const key = `history.action.${action}`
  const label = t(key)
  return label === key || label.endsWith(action) ? action : label
}

/**
 * The history of records, bound to the acting user. The caller has shown the record to this user
 * (its own service answered it: a record one cannot see is 404 before its history is asked for);
 * `dsgOnly` narrows the fields to the data protection view's.
 */
export const History = {
  for(access: CustomerAccess) {
    return {
      /** One record's history: its component and id. */
      of(component: string, entityId: string, language: Language, opts: HistoryOptions = {}) {
        return this.ofAll([{ component, entityId }], language, opts)
      },
      /**
       * The history of records shown on one page as one (a user: the account and the membership).
       * Entries that show particularly sensitive data (a DSG block's values, a breach, a request, a
       * sensitive activity) are a read of their record: logged through `via`, the panel's page, in
       * the request's transaction (decision 0036), except the record the page itself logged.
       */
      async ofAll(targets: HistoryTarget[], language: Language, opts: HistoryOptions = {}) {
        const t = getFixedT(language)
        const { rows } = await withCustomer(access, async (tx) => {
          const found = await historyRows(tx, targets, language)
          if (found.rows.some((r) => r.read_kind && r.entity_id !== opts.loggedByPage)) {
            // Fail closed: a page that shows sensitive history must say where it is.
            if (!opts.via) throw new Error('a history with sensitive data needs the page it is read through')
            await logEntryReads(access, found.rows, opts.via, opts.loggedByPage)
          }
          return found
        })
        const entries = rows.map((r) => readEntry(t, r, opts.dsgOnly))
        return { entries, total: rows[0]?.total ?? 0, limit: HISTORY_LIMIT }
      },
    }
  },
}

export type HistoryTarget = { component: string; entityId: string }
/**
 * `via`: the page the panel is on (`viaOf(request)`), for the read log; `loggedByPage`: the id of a
 * record whose reading the page logs itself; `dsgOnly`: the data protection view's fields only.
 */
export type HistoryOptions = { via?: string; loggedByPage?: string; dsgOnly?: boolean }

/** The link to the fund's full trail filtered to a record: for admins only (null for everyone else). */
export function trailLink(access: CustomerAccess, component: string, entityId: string) {
  return permissionsOf(access).auditTrail.read ? `/app/admin/audit?${new URLSearchParams({ component, entity: entityId })}` : null
}

/** The panel is open (`?history=1`): only then does a page read the history. */
export function historyRequested(request: Request) {
  return new URL(request.url).searchParams.get('history') === '1'
}

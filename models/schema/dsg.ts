import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  DSG_ACTIVITY_ROLES,
  DSG_ACTIVITY_STATES,
  DSG_BREACH_NOTICE_HOURS,
  DSG_BREACH_STATES,
  DSG_DPIA_STATES,
  DSG_REQUEST_KINDS,
  DSG_REQUEST_STATES,
  DSG_SAFEGUARDS,
} from '../core/constants.ts'
import { icsProcesses } from './ics.ts'
import { measures, responsibleBodies } from './measures.ts'
import { probabilityLevels, risks, severityLevels } from './risks.ts'
import { customers, users } from './users.ts'

/*
 * The data protection area (docs/decisions/0029-data-protection-area.md): the record of processing
 * activities with its catalogue of templates, impact assessments, breaches and requests of data
 * subjects. Every table but the templates belongs to one customer and has row-level security
 * (migration 0020).
 */

export const dsgActivityStateEnum = pgEnum('dsg_activity_state', DSG_ACTIVITY_STATES)
export const dsgActivityRoleEnum = pgEnum('dsg_activity_role', DSG_ACTIVITY_ROLES)
export const dsgSafeguardEnum = pgEnum('dsg_safeguard', DSG_SAFEGUARDS)
export const dsgDpiaStateEnum = pgEnum('dsg_dpia_state', DSG_DPIA_STATES)
export const dsgBreachStateEnum = pgEnum('dsg_breach_state', DSG_BREACH_STATES)
export const dsgRequestKindEnum = pgEnum('dsg_request_kind', DSG_REQUEST_KINDS)
export const dsgRequestStateEnum = pgEnum('dsg_request_state', DSG_REQUEST_STATES)

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

const customer = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' })

/** A category of personal data in a template, in three languages; `sensitive`: Art. 5 lit. c DSG. */
export type DsgTemplateCategory = { de: string; fr: string; en: string; sensitive: boolean }
/** A category of personal data in a fund's activity; `sensitive`: Art. 5 lit. c DSG. */
export type DsgDataCategory = { name: string; sensitive: boolean }

/** The operator's catalogue of processing activities typical for a Swiss pension fund (no customer: shared). */
export const dsgTemplates = pgTable(
  'dsg_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its place in the catalogue and its stable key for seeding. */
    position: integer('position').notNull(),
    key: text('key').notNull(),
    nameDe: text('name_de').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    purposeDe: text('purpose_de').notNull().default(''),
    purposeFr: text('purpose_fr').notNull().default(''),
    purposeEn: text('purpose_en').notNull().default(''),
    role: dsgActivityRoleEnum('role').notNull().default('controller'),
    dataSubjectsDe: text('data_subjects_de').notNull().default(''),
    dataSubjectsFr: text('data_subjects_fr').notNull().default(''),
    dataSubjectsEn: text('data_subjects_en').notNull().default(''),
    dataCategories: jsonb('data_categories').$type<DsgTemplateCategory[]>().notNull().default([]),
    recipientsDe: text('recipients_de').notNull().default(''),
    recipientsFr: text('recipients_fr').notNull().default(''),
    recipientsEn: text('recipients_en').notNull().default(''),
    retentionDe: text('retention_de').notNull().default(''),
    retentionFr: text('retention_fr').notNull().default(''),
    retentionEn: text('retention_en').notNull().default(''),
    securityDe: text('security_de').notNull().default(''),
    securityFr: text('security_fr').notNull().default(''),
    securityEn: text('security_en').notNull().default(''),
    legalBasisDe: text('legal_basis_de').notNull().default(''),
    legalBasisFr: text('legal_basis_fr').notNull().default(''),
    legalBasisEn: text('legal_basis_en').notNull().default(''),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('dsg_templates_key').on(t.key), index('dsg_templates_position').on(t.position)],
)

/** A processing activity in the fund's record (Art. 12 DSG). */
export const dsgActivities = pgTable(
  'dsg_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Running number per customer (counter `dsg_activity`). */
    idkey: integer('idkey').notNull(),
    templateId: uuid('template_id').references(() => dsgTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    purpose: text('purpose').notNull().default(''),
    role: dsgActivityRoleEnum('role').notNull().default('controller'),
    responsibleUserId: uuid('responsible_user_id').references(() => users.id, { onDelete: 'set null' }),
    responsibleBodyId: uuid('responsible_body_id').references(() => responsibleBodies.id, { onDelete: 'set null' }),
    dataSubjects: text('data_subjects').notNull().default(''),
    dataCategories: jsonb('data_categories').$type<DsgDataCategory[]>().notNull().default([]),
    /** Some category is particularly sensitive (kept by the service from `dataCategories`). */
    sensitive: boolean('sensitive').notNull().default(false),
    recipients: text('recipients').notNull().default(''),
    abroad: boolean('abroad').notNull().default(false),
    abroadCountries: text('abroad_countries').notNull().default(''),
    abroadSafeguard: dsgSafeguardEnum('abroad_safeguard'),
    abroadNote: text('abroad_note').notNull().default(''),
    retention: text('retention').notNull().default(''),
    security: text('security').notNull().default(''),
    legalBasis: text('legal_basis').notNull().default(''),
    state: dsgActivityStateEnum('state').notNull().default('draft'),
    lastReviewedOn: date('last_reviewed_on'),
    /** When the processing ended (state retired): its assessment is kept two more years. */
    retiredOn: date('retired_on'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('dsg_activities_id_customer').on(t.id, t.customerId),
    uniqueIndex('dsg_activities_customer_idkey').on(t.customerId, t.idkey),
    index('dsg_activities_customer_state').on(t.customerId, t.state, t.name),
    index('dsg_activities_responsible').on(t.responsibleUserId),
  ],
)

/** Risks and ICS processes an activity is linked with. */
export const dsgActivityLinks = pgTable(
  'dsg_activity_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => dsgActivities.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id').references(() => risks.id, { onDelete: 'cascade' }),
    icsProcessId: uuid('ics_process_id').references(() => icsProcesses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dsg_activity_links_one', sql`num_nonnulls(${t.riskId}, ${t.icsProcessId}) = 1`),
    uniqueIndex('dsg_activity_links_risk').on(t.activityId, t.riskId),
    uniqueIndex('dsg_activity_links_process').on(t.activityId, t.icsProcessId),
    index('dsg_activity_links_customer').on(t.customerId),
  ],
)

/** A data protection impact assessment of one activity (Art. 22/23 DSG), from screening to approval. */
export const dsgDpias = pgTable(
  'dsg_dpias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** One assessment per activity; an activity with one cannot be deleted (it is retired instead). */
    activityId: uuid('activity_id')
      .notNull()
      .references(() => dsgActivities.id, { onDelete: 'restrict' }),
    state: dsgDpiaStateEnum('state').notNull().default('screening'),
    // Screening: the criteria of Art. 22 para. 2 and the exemption of para. 4.
    largeScaleSensitive: boolean('large_scale_sensitive').notNull().default(false),
    systematicMonitoring: boolean('systematic_monitoring').notNull().default(false),
    newTechnologies: boolean('new_technologies').notNull().default(false),
    profilingHighRisk: boolean('profiling_high_risk').notNull().default(false),
    requiredByLaw: boolean('required_by_law').notNull().default(false),
    /** Why no assessment is required (state notRequired). */
    notRequiredReason: text('not_required_reason').notNull().default(''),
    screenedOn: date('screened_on'),
    screenedByUserId: uuid('screened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    // The assessment.
    description: text('description').notNull().default(''),
    residualProbabilityLevelId: uuid('residual_probability_level_id').references(() => probabilityLevels.id, { onDelete: 'set null' }),
    residualSeverityLevelId: uuid('residual_severity_level_id').references(() => severityLevels.id, { onDelete: 'set null' }),
    residualNote: text('residual_note').notNull().default(''),
    /** The data protection advisor was consulted (Art. 23 para. 4): no consultation of the FDPIC needed. */
    advisorConsulted: boolean('advisor_consulted').notNull().default(false),
    fdpicConsultedOn: date('fdpic_consulted_on'),
    fdpicReference: text('fdpic_reference').notNull().default(''),
    approvedByUserId: uuid('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedOn: date('approved_on'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('dsg_dpias_activity').on(t.activityId), index('dsg_dpias_customer_state').on(t.customerId, t.state)],
)

/** A risk to the personality or fundamental rights of the data subjects, rated on the fund's levels. */
export const dsgDpiaRisks = pgTable(
  'dsg_dpia_risks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    dpiaId: uuid('dpia_id')
      .notNull()
      .references(() => dsgDpias.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    description: text('description').notNull(),
    probabilityLevelId: uuid('probability_level_id').references(() => probabilityLevels.id, { onDelete: 'set null' }),
    severityLevelId: uuid('severity_level_id').references(() => severityLevels.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('dsg_dpia_risks_dpia').on(t.dpiaId, t.position), index('dsg_dpia_risks_customer').on(t.customerId)],
)

/** The fund's settings for its data protection duties. */
export const dsgSettings = pgTable('dsg_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** Hours after discovery within which a high-risk breach is to be reported to the FDPIC. */
  breachNoticeHours: integer('breach_notice_hours').notNull().default(DSG_BREACH_NOTICE_HOURS),
  /** The fund's data protection contact, named in the breach notification (DSV Art. 15 para. 1 lit. g); null: the fund's contact. */
  contactUserId: uuid('contact_user_id').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  ...timestamps,
})

/** A data security breach (Art. 24 DSG) and its notification. */
export const dsgBreaches = pgTable(
  'dsg_breaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Running number per customer (counter `dsg_breach`). */
    idkey: integer('idkey').notNull(),
    title: text('title').notNull(),
    state: dsgBreachStateEnum('state').notNull().default('open'),
    discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull(),
    description: text('description').notNull().default(''),
    /** When it began and how long it lasted, as far as known (DSV Art. 15 para. 1 lit. b). */
    period: text('period').notNull().default(''),
    /** Categories of the personal data concerned (lit. c) and of the data subjects (lit. d). */
    subjectCategories: text('subject_categories').notNull().default(''),
    dataCategories: text('data_categories').notNull().default(''),
    subjectsCount: integer('subjects_count'),
    recordsCount: integer('records_count'),
    consequences: text('consequences').notNull().default(''),
    measuresTaken: text('measures_taken').notNull().default(''),
    /** Likely a high risk for the data subjects; null until assessed. */
    highRisk: boolean('high_risk'),
    fdpicNotifiedAt: timestamp('fdpic_notified_at', { withTimezone: true }),
    fdpicReference: text('fdpic_reference').notNull().default(''),
    /** The data subjects must be informed (Art. 24 para. 4); null until decided. */
    informSubjects: boolean('inform_subjects'),
    subjectsInformedOn: date('subjects_informed_on'),
    closedOn: date('closed_on'),
    /** When it was reported in the fund's record: the two years of DSV Art. 15 para. 4 run from here. */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('dsg_breaches_customer_idkey').on(t.customerId, t.idkey), index('dsg_breaches_customer_state').on(t.customerId, t.state, t.discoveredAt)],
)

/** A request of a data subject (Art. 25-32 DSG), with the least data needed about the requester. */
export const dsgRequests = pgTable(
  'dsg_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Running number per customer (counter `dsg_request`). */
    idkey: integer('idkey').notNull(),
    kind: dsgRequestKindEnum('kind').notNull(),
    state: dsgRequestStateEnum('state').notNull().default('open'),
    receivedOn: date('received_on').notNull(),
    requesterName: text('requester_name').notNull(),
    requesterReference: text('requester_reference').notNull().default(''),
    identityChecked: boolean('identity_checked').notNull().default(false),
    /** Received + 30 days (DSV Art. 18). */
    dueOn: date('due_on').notNull(),
    /** An extension: the new due date, why, and when the requester was told. */
    extendedTo: date('extended_to'),
    extensionReason: text('extension_reason').notNull().default(''),
    extensionToldOn: date('extension_told_on'),
    answeredOn: date('answered_on'),
    answerMethod: text('answer_method').notNull().default(''),
    /** Health data disclosed through a health professional the requester named (Art. 25 para. 3). */
    healthProfessional: text('health_professional').notNull().default(''),
    note: text('note').notNull().default(''),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('dsg_requests_customer_idkey').on(t.customerId, t.idkey),
    index('dsg_requests_customer_state').on(t.customerId, t.state, t.dueOn),
    check('dsg_requests_due_after_receipt', sql`${t.dueOn} >= ${t.receivedOn}`),
  ],
)

/** Measures (of the measures tool, DSG measures) linked with an impact assessment or a breach. */
export const dsgMeasureLinks = pgTable(
  'dsg_measure_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    measureId: uuid('measure_id')
      .notNull()
      .references(() => measures.id, { onDelete: 'cascade' }),
    dpiaId: uuid('dpia_id').references(() => dsgDpias.id, { onDelete: 'cascade' }),
    breachId: uuid('breach_id').references(() => dsgBreaches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dsg_measure_links_one', sql`num_nonnulls(${t.dpiaId}, ${t.breachId}) = 1`),
    uniqueIndex('dsg_measure_links_dpia').on(t.dpiaId, t.measureId),
    uniqueIndex('dsg_measure_links_breach').on(t.breachId, t.measureId),
    index('dsg_measure_links_customer').on(t.customerId),
  ],
)

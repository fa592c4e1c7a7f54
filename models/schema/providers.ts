import { sql } from 'drizzle-orm'
import { boolean, check, date, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  ABROAD_SAFEGUARDS,
  FINDING_SEVERITIES,
  FINDING_SOURCES,
  FINDING_STATES,
  PROVIDER_CRITICALITIES,
  PROVIDER_DSG_ROLES,
  PROVIDER_SERVICES,
} from '../core/constants.ts'
import { councilDecisions } from './decisions.ts'
import { dsgActivities, dsgBreaches } from './dsg.ts'
import { icsProcesses } from './ics.ts'
import { measures } from './measures.ts'
import { risks } from './risks.ts'
import { customers, users } from './users.ts'

/*
 * Third parties and findings (issue 28, decision 0068): the fund's providers with their contracts, DSG
 * role, location of data, exit plan and yearly assurance (a control execution, `control_executions.provider_id`),
 * incidents at a provider, and the findings of the auditor, the pension expert, the supervisor and the
 * internal review with their deadlines and escalation. All are tenant tables.
 */

export const providerServiceEnum = pgEnum('provider_service', PROVIDER_SERVICES)
export const providerCriticalityEnum = pgEnum('provider_criticality', PROVIDER_CRITICALITIES)
export const providerDsgRoleEnum = pgEnum('provider_dsg_role', PROVIDER_DSG_ROLES)
export const abroadSafeguardEnum = pgEnum('abroad_safeguard', ABROAD_SAFEGUARDS)
export const findingSourceEnum = pgEnum('finding_source', FINDING_SOURCES)
export const findingSeverityEnum = pgEnum('finding_severity', FINDING_SEVERITIES)
export const findingStateEnum = pgEnum('finding_state', FINDING_STATES)

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

const customer = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' })

/** A provider of the fund (outsourcing, Art. 9 DSG for processors, Art. 16 DSG for data kept abroad). */
export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Cited as DL-3. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    service: providerServiceEnum('service').notNull(),
    criticality: providerCriticalityEnum('criticality').notNull(),
    description: text('description').notNull().default(''),
    /** Who at the fund looks after the provider (performs the yearly assurance review). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contractStart: date('contract_start'),
    /** The fixed end of the contract; null: runs until notice. */
    contractEnd: date('contract_end'),
    /** The notice period in months (null: none agreed). */
    noticeMonths: integer('notice_months'),
    /** The data processing agreement (Art. 9 DSG): signed on, and its end if it has one. */
    dpaSignedOn: date('dpa_signed_on'),
    dpaEnd: date('dpa_end'),
    dsgRole: providerDsgRoleEnum('dsg_role').notNull().default('processor'),
    /** Where the fund's data is kept: ISO 3166-1 alpha-2 country codes, 'CH' first. */
    dataCountries: text('data_countries').array().notNull().default(sql`'{CH}'::text[]`),
    /** The safeguard of Art. 16 DSG, required when any country is not CH. */
    abroadSafeguard: abroadSafeguardEnum('abroad_safeguard'),
    abroadSafeguardNote: text('abroad_safeguard_note').notNull().default(''),
    exitPlan: text('exit_plan').notNull().default(''),
    /** A yearly ISAE 3402 / SOC report is required, received and reviewed as a control execution. */
    assuranceRequired: boolean('assurance_required').notNull().default(false),
    /** The month (1–12) by whose end the year's report is to be reviewed. */
    assuranceDueMonth: integer('assurance_due_month').notNull().default(6),
    /** The ICS process whose key control the assurance review is an execution of. */
    assuranceProcessId: uuid('assurance_process_id').references(() => icsProcesses.id, { onDelete: 'set null' }),
    /** The relationship ended (kept for the record; no more reminders or assurance). */
    endedOn: date('ended_on'),
    /** Reminders sent (contract end/notice, assurance due), once each per date reminded of. */
    noticeRemindedFor: date('notice_reminded_for'),
    assuranceRemindedFor: date('assurance_reminded_for'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('providers_id_customer').on(t.id, t.customerId),
    uniqueIndex('providers_customer_number').on(t.customerId, t.number),
    index('providers_customer_name').on(t.customerId, t.name),
    check('providers_name', sql`${t.name} <> ''`),
    check('providers_notice', sql`${t.noticeMonths} is null or ${t.noticeMonths} between 0 and 120`),
    check('providers_due_month', sql`${t.assuranceDueMonth} between 1 and 12`),
    check('providers_contract_order', sql`${t.contractStart} is null or ${t.contractEnd} is null or ${t.contractStart} <= ${t.contractEnd}`),
    check('providers_countries', sql`cardinality(${t.dataCountries}) >= 1`),
    check('providers_safeguard', sql`${t.dsgRole} = 'none' or ${t.dataCountries} <@ '{CH}'::text[] or ${t.abroadSafeguard} is not null`),
  ],
)

/** The risks, ICS processes and processing activities that depend on a provider (exactly one per row). */
export const providerLinks = pgTable(
  'provider_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    providerId: uuid('provider_id').notNull(),
    riskId: uuid('risk_id'),
    processId: uuid('process_id'),
    activityId: uuid('activity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.providerId, t.customerId], foreignColumns: [providers.id, providers.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.riskId, t.customerId], foreignColumns: [risks.id, risks.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.processId, t.customerId], foreignColumns: [icsProcesses.id, icsProcesses.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.activityId, t.customerId], foreignColumns: [dsgActivities.id, dsgActivities.customerId] }).onDelete('cascade'),
    check('provider_links_one', sql`num_nonnulls(${t.riskId}, ${t.processId}, ${t.activityId}) = 1`),
    uniqueIndex('provider_links_risk').on(t.providerId, t.riskId).where(sql`${t.riskId} is not null`),
    uniqueIndex('provider_links_process').on(t.providerId, t.processId).where(sql`${t.processId} is not null`),
    uniqueIndex('provider_links_activity').on(t.providerId, t.activityId).where(sql`${t.activityId} is not null`),
    index('provider_links_customer').on(t.customerId, t.providerId),
    index('provider_links_activity_of').on(t.activityId).where(sql`${t.activityId} is not null`),
  ],
)

/** An incident at a provider; with personal data concerned, it links to the fund's breach register. */
export const providerIncidents = pgTable(
  'provider_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Cited as VF-2. */
    number: integer('number').notNull(),
    providerId: uuid('provider_id').notNull(),
    occurredOn: date('occurred_on').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    personalData: boolean('personal_data').notNull().default(false),
    /** The breach of the DSG register (Art. 24) this incident is recorded as. */
    breachId: uuid('breach_id').references(() => dsgBreaches.id, { onDelete: 'set null' }),
    closedOn: date('closed_on'),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('provider_incidents_customer_number').on(t.customerId, t.number),
    index('provider_incidents_customer_provider').on(t.customerId, t.providerId, t.occurredOn),
    foreignKey({ columns: [t.providerId, t.customerId], foreignColumns: [providers.id, providers.customerId] }).onDelete('no action'),
    check('provider_incidents_title', sql`${t.title} <> ''`),
    check('provider_incidents_breach', sql`${t.breachId} is null or ${t.personalData}`),
  ],
)

/** A finding with its deadline; escalated (derived) when the deadline passed while open or in progress. */
export const findings = pgTable(
  'findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Cited as FS-5. */
    number: integer('number').notNull(),
    source: findingSourceEnum('source').notNull(),
    /** Where it was found: "Management Letter 2025, Ziff. 3", the supervisor's order of … */
    reference: text('reference').notNull().default(''),
    issuedOn: date('issued_on').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    severity: findingSeverityEnum('severity').notNull(),
    /** The deadline the finder set (null: none set). */
    deadline: date('deadline'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    state: findingStateEnum('state').notNull().default('open'),
    /** What was done, or why the council accepts it. */
    response: text('response').notNull().default(''),
    doneOn: date('done_on'),
    /** The council's decision accepting the finding as it stands (state accepted). */
    acceptanceDecisionId: uuid('acceptance_decision_id'),
    /** When the escalation of the passed deadline was sent (once per deadline). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    escalatedFor: date('escalated_for'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('findings_id_customer').on(t.id, t.customerId),
    uniqueIndex('findings_customer_number').on(t.customerId, t.number),
    index('findings_customer_state').on(t.customerId, t.state, t.deadline),
    foreignKey({ columns: [t.acceptanceDecisionId, t.customerId], foreignColumns: [councilDecisions.id, councilDecisions.customerId] }).onDelete('no action'),
    check('findings_title', sql`${t.title} <> ''`),
    check('findings_deadline', sql`${t.deadline} is null or ${t.deadline} >= ${t.issuedOn}`),
    check('findings_done', sql`${t.state} <> 'done' or ${t.doneOn} is not null`),
    check('findings_accepted', sql`${t.state} <> 'accepted' or ${t.acceptanceDecisionId} is not null`),
  ],
)

/** The risks, ICS processes (controls) and measures a finding concerns (exactly one per row). */
export const findingLinks = pgTable(
  'finding_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    findingId: uuid('finding_id').notNull(),
    riskId: uuid('risk_id'),
    processId: uuid('process_id'),
    measureId: uuid('measure_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.findingId, t.customerId], foreignColumns: [findings.id, findings.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.riskId, t.customerId], foreignColumns: [risks.id, risks.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.processId, t.customerId], foreignColumns: [icsProcesses.id, icsProcesses.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.measureId, t.customerId], foreignColumns: [measures.id, measures.customerId] }).onDelete('cascade'),
    check('finding_links_one', sql`num_nonnulls(${t.riskId}, ${t.processId}, ${t.measureId}) = 1`),
    uniqueIndex('finding_links_risk').on(t.findingId, t.riskId).where(sql`${t.riskId} is not null`),
    uniqueIndex('finding_links_process').on(t.findingId, t.processId).where(sql`${t.processId} is not null`),
    uniqueIndex('finding_links_measure').on(t.findingId, t.measureId).where(sql`${t.measureId} is not null`),
    index('finding_links_customer').on(t.customerId, t.findingId),
  ],
)

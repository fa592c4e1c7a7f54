import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { KRI_COMPUTED, KRI_DIRECTIONS, KRI_FREQUENCIES, KRI_UNITS, KRI_VALUE_SOURCES, UNDERFUNDING_DUTIES } from '../core/constants.ts'
import { councilDecisions } from './decisions.ts'
import { documents } from './measures.ts'
import { risks } from './risks.ts'
import { customers, users } from './users.ts'

/*
 * Key risk indicators and the risk appetite (issue 27, decision 0067): the operator's KRI catalogue,
 * a fund's chosen KRIs with their thresholds in force by date (the appetite), the council's approval of
 * the appetite, the values per reporting date, the underfunding duties (Art. 65c–65d BVG, Art. 44 BVV 2)
 * and the council's acceptance of risks inside the appetite. All but the catalogue are tenant tables.
 */

export const kriUnitEnum = pgEnum('kri_unit', KRI_UNITS)
export const kriDirectionEnum = pgEnum('kri_direction', KRI_DIRECTIONS)
export const kriComputedEnum = pgEnum('kri_computed', KRI_COMPUTED)
export const kriFrequencyEnum = pgEnum('kri_frequency', KRI_FREQUENCIES)
export const kriValueSourceEnum = pgEnum('kri_value_source', KRI_VALUE_SOURCES)
export const underfundingDutyEnum = pgEnum('underfunding_duty', UNDERFUNDING_DUTIES)

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

const customer = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' })

/**
 * The operator's KRI catalogue, shared by all funds: names and descriptions in the three languages,
 * the unit, which way is better, and where the law sets a limit the default thresholds (amber, red).
 * `computed`: the product fills the KRI from its own records.
 */
export const kriCatalog = pgTable(
  'kri_catalog',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A stable key (`coverageRatio`, `shareEquities`, …): the import and the seed name a KRI by it. */
    key: text('key').notNull(),
    nameDe: text('name_de').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionDe: text('description_de').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** The legal basis of the figure or its limit (`Art. 55 lit. b BVV 2`). */
    legalBasis: text('legal_basis').notNull().default(''),
    unit: kriUnitEnum('unit').notNull(),
    direction: kriDirectionEnum('direction').notNull(),
    computed: kriComputedEnum('computed'),
    /** Default thresholds a fund starts from; the red one is the legal limit where the law sets one. */
    defaultAmber: numeric('default_amber', { precision: 14, scale: 4 }),
    defaultRed: numeric('default_red', { precision: 14, scale: 4 }),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('kri_catalog_key').on(t.key), check('kri_catalog_key_form', sql`${t.key} ~ '^[a-zA-Z][a-zA-Z0-9]{1,39}$'`)],
)

/** A KRI a fund follows: from the catalogue, with its owner and how often it is reported. */
export const kris = pgTable(
  'kris',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => kriCatalog.id),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    frequency: kriFrequencyEnum('frequency').notNull().default('quarterly'),
    /** No longer followed: kept with its values for the trend and the report, no longer asked for. */
    active: boolean('active').notNull().default(true),
    note: text('note').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [unique('kris_id_customer').on(t.id, t.customerId), uniqueIndex('kris_customer_catalog').on(t.customerId, t.catalogId)],
)

/**
 * A KRI's thresholds from a day on: the appetite's bounds. A figure is judged by the row in force on its
 * date (the latest `valid_from` not after it). Higher is better: below `amber` amber, below `red` red;
 * lower is better: above `amber` amber, above `red` red. Rows are kept: changing the bounds adds a row.
 */
export const kriThresholds = pgTable(
  'kri_thresholds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    kriId: uuid('kri_id').notNull(),
    validFrom: date('valid_from').notNull(),
    amber: numeric('amber', { precision: 14, scale: 4 }).notNull(),
    red: numeric('red', { precision: 14, scale: 4 }).notNull(),
    setByUserId: uuid('set_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.kriId, t.customerId], foreignColumns: [kris.id, kris.customerId] }).onDelete('cascade'),
    uniqueIndex('kri_thresholds_kri_from').on(t.kriId, t.validFrom),
    index('kri_thresholds_customer').on(t.customerId),
  ],
)

/**
 * The council's approval of the risk appetite (the KRIs' thresholds in force on the day and the net
 * score up to which a risk is inside the appetite): date, decision reference, who approved.
 */
export const riskAppetiteApprovals = pgTable(
  'risk_appetite_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    approvedOn: date('approved_on').notNull(),
    decisionReference: text('decision_reference').notNull(),
    approvedBy: text('approved_by').notNull(),
    /** Net score (probability × severity) up to which a risk is inside the appetite. */
    scoreLimit: integer('score_limit').notNull(),
    remark: text('remark').notNull().default(''),
    /** The council's decision this rests on (issue 28, the register of decisions). */
    decisionId: uuid('decision_id'),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.decisionId, t.customerId], foreignColumns: [councilDecisions.id, councilDecisions.customerId] }).onDelete('no action'),
    index('risk_appetite_approvals_decision').on(t.decisionId).where(sql`${t.decisionId} is not null`),
    index('risk_appetite_approvals_customer').on(t.customerId, t.approvedOn),
    check('risk_appetite_approvals_score', sql`${t.scoreLimit} between 1 and 25`),
    check('risk_appetite_approvals_texts', sql`${t.decisionReference} <> '' and ${t.approvedBy} <> ''`),
  ],
)

/** A KRI's value at a reporting date (a month's or quarter's end), with where it came from and a comment. */
export const kriValues = pgTable(
  'kri_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    kriId: uuid('kri_id').notNull(),
    periodEnd: date('period_end').notNull(),
    value: numeric('value', { precision: 14, scale: 4 }).notNull(),
    source: kriValueSourceEnum('source').notNull().default('manual'),
    comment: text('comment').notNull().default(''),
    enteredByUserId: uuid('entered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the KRI's owner was told of this value outside the appetite (once per value). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.kriId, t.customerId], foreignColumns: [kris.id, kris.customerId] }).onDelete('cascade'),
    uniqueIndex('kri_values_kri_period').on(t.kriId, t.periodEnd),
    index('kri_values_customer_period').on(t.customerId, t.periodEnd),
  ],
)

/** Which risks a KRI watches (a value outside the appetite proposes a measure on each). */
export const kriRisks = pgTable(
  'kri_risks',
  {
    customerId: customer(),
    kriId: uuid('kri_id').notNull(),
    riskId: uuid('risk_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kriId, t.riskId] }),
    foreignKey({ columns: [t.kriId, t.customerId], foreignColumns: [kris.id, kris.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.riskId, t.customerId], foreignColumns: [risks.id, risks.customerId] }).onDelete('cascade'),
    index('kri_risks_customer').on(t.customerId, t.kriId),
    index('kri_risks_risk').on(t.riskId),
  ],
)

/**
 * A spell of underfunding: opened by a coverage ratio below 100 % at a reporting date; closed when the
 * duties are done and the coverage ratio is back at 100 % or more.
 */
export const underfundingCases = pgTable(
  'underfunding_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** The reporting date whose coverage ratio opened the case, and that ratio. */
    periodEnd: date('period_end').notNull(),
    coverageRatio: numeric('coverage_ratio', { precision: 14, scale: 4 }).notNull(),
    closedOn: date('closed_on'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('underfunding_cases_id_customer').on(t.id, t.customerId),
    uniqueIndex('underfunding_cases_customer_period').on(t.customerId, t.periodEnd),
    // At most one open case per fund.
    uniqueIndex('underfunding_cases_open').on(t.customerId).where(sql`${t.closedOn} is null`),
  ],
)

/** One duty of an underfunding case, due by a date; done with its date and evidence (a text, a document). */
export const underfundingDuties = pgTable(
  'underfunding_duties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    caseId: uuid('case_id').notNull(),
    duty: underfundingDutyEnum('duty').notNull(),
    dueOn: date('due_on').notNull(),
    doneOn: date('done_on'),
    evidence: text('evidence').notNull().default(''),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    doneByUserId: uuid('done_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.caseId, t.customerId], foreignColumns: [underfundingCases.id, underfundingCases.customerId] }).onDelete('cascade'),
    uniqueIndex('underfunding_duties_case_duty').on(t.caseId, t.duty),
    index('underfunding_duties_customer_due').on(t.customerId, t.dueOn),
    check('underfunding_duties_done', sql`${t.doneOn} is null or ${t.evidence} <> ''`),
  ],
)

/**
 * The council's acceptance of a risk whose net rating is inside the appetite: who, when, why, until when.
 * In force from `accepted_on` to `valid_until` unless revoked; a reminder goes out before it lapses.
 */
export const riskAcceptances = pgTable(
  'risk_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    riskId: uuid('risk_id').notNull(),
    acceptedOn: date('accepted_on').notNull(),
    acceptedBy: text('accepted_by').notNull(),
    decisionReference: text('decision_reference').notNull().default(''),
    justification: text('justification').notNull(),
    validUntil: date('valid_until').notNull(),
    /** The net score when accepted (probability × severity). */
    netScore: integer('net_score').notNull(),
    /** The council's decision this rests on (issue 28, the register of decisions). */
    decisionId: uuid('decision_id'),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedOn: date('revoked_on'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.riskId, t.customerId], foreignColumns: [risks.id, risks.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.decisionId, t.customerId], foreignColumns: [councilDecisions.id, councilDecisions.customerId] }).onDelete('no action'),
    index('risk_acceptances_decision').on(t.decisionId).where(sql`${t.decisionId} is not null`),
    index('risk_acceptances_risk').on(t.riskId, t.validUntil),
    index('risk_acceptances_customer_until').on(t.customerId, t.validUntil),
    check('risk_acceptances_term', sql`${t.acceptedOn} < ${t.validUntil}`),
    check('risk_acceptances_texts', sql`${t.acceptedBy} <> '' and ${t.justification} <> ''`),
  ],
)

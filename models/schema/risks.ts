import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { RISK_ANSWERS, RISK_RELEVANCES, RISK_STATES } from '../core/constants.ts'
import { customers, users } from './users.ts'

export const riskStateEnum = pgEnum('risk_state', RISK_STATES)
export const riskRelevanceEnum = pgEnum('risk_relevance', RISK_RELEVANCES)
export const riskAnswerEnum = pgEnum('risk_answer', RISK_ANSWERS)

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/** Risk themes, shared by all customers; names in the three languages. */
export const riskThemes = pgTable(
  'risk_themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadingNumber: text('leading_number').notNull(),
    nameDe: text('name_de').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('risk_themes_leading_number').on(t.leadingNumber), check('risk_themes_leading_two', sql`char_length(${t.leadingNumber}) = 2`)],
)

/** The risk catalogue: one entry, its texts in each language. */
export const riskCatalog = pgTable(
  'risk_catalog',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idkey: text('idkey').notNull(),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => riskThemes.id),
    titleDe: text('title_de').notNull(),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionDe: text('description_de').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    reactionDe: text('reaction_de').notNull().default(''),
    reactionFr: text('reaction_fr').notNull().default(''),
    reactionEn: text('reaction_en').notNull().default(''),
    controllingDe: text('controlling_de').notNull().default(''),
    controllingFr: text('controlling_fr').notNull().default(''),
    controllingEn: text('controlling_en').notNull().default(''),
    probability: integer('probability'),
    severity: integer('severity'),
    strategic: boolean('strategic').notNull().default(false),
    dsgRelevant: boolean('dsg_relevant').notNull().default(false),
    hasPersonalData: boolean('has_personal_data').notNull().default(false),
    hasProtectableData: boolean('has_protectable_data').notNull().default(false),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('risk_catalog_idkey').on(t.idkey)],
)

/** Severity levels per customer (SPEC.md §3): ref, size, effect, description. */
export const severityLevels = pgTable(
  'severity_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ref: integer('ref').notNull(),
    size: text('size').notNull(),
    effect: text('effect').notNull().default(''),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('severity_levels_ref').on(t.customerId, t.ref)],
)

/** Probability levels per customer (SPEC.md §3): ref, range, description, and a short name. */
export const probabilityLevels = pgTable(
  'probability_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ref: integer('ref').notNull(),
    name: text('name').notNull(),
    range: text('range').notNull().default(''),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('probability_levels_ref').on(t.customerId, t.ref)],
)

/** The risk inventory of a customer. */
export const risks = pgTable(
  'risks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    idkey: text('idkey').notNull(),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => riskThemes.id),
    catalogId: uuid('catalog_id').references(() => riskCatalog.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    probabilityLevelId: uuid('probability_level_id').references(() => probabilityLevels.id, { onDelete: 'set null' }),
    severityLevelId: uuid('severity_level_id').references(() => severityLevels.id, { onDelete: 'set null' }),
    /**
     * The gross rating (Bruttorisiko, issue 27): before the risk's controls. The columns above are the net
     * rating (Nettorisiko), after them: every rating before issue 27 became the net rating.
     */
    grossProbabilityLevelId: uuid('gross_probability_level_id').references(() => probabilityLevels.id, { onDelete: 'set null' }),
    grossSeverityLevelId: uuid('gross_severity_level_id').references(() => severityLevels.id, { onDelete: 'set null' }),
    state: riskStateEnum('state').notNull().default('analyse'),
    relevance: riskRelevanceEnum('relevance'),
    strategic: boolean('strategic').notNull().default(false),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    dsgRelevant: boolean('dsg_relevant').notNull().default(false),
    dsgMeasureNeeded: boolean('dsg_measure_needed').notNull().default(false),
    hasPersonalData: boolean('has_personal_data').notNull().default(false),
    hasProtectableData: boolean('has_protectable_data').notNull().default(false),
    reaction: text('reaction').notNull().default(''),
    answer: riskAnswerEnum('answer'),
    controlling: text('controlling').notNull().default(''),
    measureNeeded: boolean('measure_needed').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('risks_customer_idkey').on(t.customerId, t.idkey),
    unique('risks_id_customer').on(t.id, t.customerId),
    uniqueIndex('risks_customer_catalog').on(t.customerId, t.catalogId),
    index('risks_customer_state').on(t.customerId, t.state),
    index('risks_owner').on(t.ownerUserId),
  ],
)

/**
 * Who edits which block: one block per record, one block per user. A lock ends
 * on save or cancel, or when it expires (15 minutes).
 */
export const blockLocks = pgTable(
  'block_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    block: text('block').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('block_locks_entity').on(t.entityType, t.entityId),
    uniqueIndex('block_locks_user').on(t.userId),
    index('block_locks_customer').on(t.customerId, t.entityType, t.entityId),
  ],
)

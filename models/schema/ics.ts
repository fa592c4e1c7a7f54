import { sql } from 'drizzle-orm'
import { boolean, check, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { CONTROL_FREQUENCIES, EXECUTION_GRACE_DAYS, ICS_RATINGS, ICS_STATES, MATRIX_CELLS } from '../core/constants.ts'
import { councilDecisions } from './decisions.ts'
import { customers, users } from './users.ts'

export const icsStateEnum = pgEnum('ics_state', ICS_STATES)
export const icsRatingEnum = pgEnum('ics_rating', ICS_RATINGS)
export const matrixCellEnum = pgEnum('matrix_cell', MATRIX_CELLS)
export const controlFrequencyEnum = pgEnum('control_frequency', CONTROL_FREQUENCIES)

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/** ICS main processes (Hauptprozesse), shared by all customers. */
export const icsMainThemes = pgTable(
  'ics_main_themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadingNumber: text('leading_number').notNull(),
    nameDe: text('name_de').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('ics_main_themes_number').on(t.leadingNumber), check('ics_main_themes_two', sql`char_length(${t.leadingNumber}) = 2`)],
)

/** ICS sub-processes (Teilprozesse) of a main process. */
export const icsSubThemes = pgTable(
  'ics_sub_themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    mainThemeId: uuid('main_theme_id')
      .notNull()
      .references(() => icsMainThemes.id),
    nameDe: text('name_de').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('ics_sub_themes_key').on(t.key)],
)

/** The ICS catalogue: key controls with default control target and activity, in each language. */
export const icsCatalog = pgTable(
  'ics_catalog',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idkey: text('idkey').notNull(),
    mainThemeId: uuid('main_theme_id')
      .notNull()
      .references(() => icsMainThemes.id),
    subThemeId: uuid('sub_theme_id')
      .notNull()
      .references(() => icsSubThemes.id),
    titleDe: text('title_de').notNull(),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionDe: text('description_de').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    defaultControlTargetDe: text('default_control_target_de').notNull().default(''),
    defaultControlTargetFr: text('default_control_target_fr').notNull().default(''),
    defaultControlTargetEn: text('default_control_target_en').notNull().default(''),
    defaultControlActivityDe: text('default_control_activity_de').notNull().default(''),
    defaultControlActivityFr: text('default_control_activity_fr').notNull().default(''),
    defaultControlActivityEn: text('default_control_activity_en').notNull().default(''),
    /** How often the key control runs, and how it is tested (issue 25): the defaults a fund's process starts from. */
    defaultFrequency: controlFrequencyEnum('default_frequency').notNull().default('none'),
    defaultProcedureDe: text('default_procedure_de').notNull().default(''),
    defaultProcedureFr: text('default_procedure_fr').notNull().default(''),
    defaultProcedureEn: text('default_procedure_en').notNull().default(''),
    dsgRelevant: boolean('dsg_relevant').notNull().default(false),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('ics_catalog_idkey').on(t.idkey)],
)

/** The process inventory of a customer. */
export const icsProcesses = pgTable(
  'ics_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    idkey: text('idkey').notNull(),
    mainThemeId: uuid('main_theme_id')
      .notNull()
      .references(() => icsMainThemes.id),
    subThemeId: uuid('sub_theme_id').references(() => icsSubThemes.id),
    catalogId: uuid('catalog_id').references(() => icsCatalog.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    state: icsStateEnum('state').notNull().default('analyse'),
    controlTarget: text('control_target').notNull().default(''),
    controlActivity: text('control_activity').notNull().default(''),
    assessmentCurrentState: text('assessment_current_state').notNull().default(''),
    effectiveness: icsRatingEnum('effectiveness'),
    traceability: icsRatingEnum('traceability'),
    efficiency: icsRatingEnum('efficiency'),
    furtherObjectives: text('further_objectives').notNull().default(''),
    measureNeeded: boolean('measure_needed').notNull().default(false),
    dsgRelevant: boolean('dsg_relevant').notNull().default(false),
    dsgMeasureNeeded: boolean('dsg_measure_needed').notNull().default(false),
    hasPersonalData: boolean('has_personal_data').notNull().default(false),
    hasProtectableData: boolean('has_protectable_data').notNull().default(false),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The plan of executions (issue 25, decision 0061): how often, by whom (the owner when empty), checked by whom. */
    frequency: controlFrequencyEnum('frequency').notNull().default('none'),
    performerUserId: uuid('performer_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerUserId: uuid('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    testProcedure: text('test_procedure').notNull().default(''),
    expectedResult: text('expected_result').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ics_processes_customer_idkey').on(t.customerId, t.idkey),
    uniqueIndex('ics_processes_customer_catalog').on(t.customerId, t.catalogId),
    unique('ics_processes_id_customer').on(t.id, t.customerId),
    index('ics_processes_owner').on(t.ownerUserId),
  ],
)

/** Texts of the five quality (maturity) levels, shared by all customers. */
export const qualityLevelTexts = pgTable('quality_level_texts', {
  level: integer('level').primaryKey(),
  titleDe: text('title_de').notNull(),
  titleFr: text('title_fr').notNull(),
  titleEn: text('title_en').notNull(),
  textDe: text('text_de').notNull(),
  textFr: text('text_fr').notNull(),
  textEn: text('text_en').notNull(),
})

/** A customer's quality level per main process (the quality index). */
export const icsQuality = pgTable(
  'ics_quality',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mainThemeId: uuid('main_theme_id')
      .notNull()
      .references(() => icsMainThemes.id),
    level: integer('level').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('ics_quality_theme').on(t.customerId, t.mainThemeId), check('ics_quality_level', sql`${t.level} between 1 and 5`)],
)

/** The foundation council's minimum quality level, per customer (stored; SPEC.md §3). */
export const icsSettings = pgTable(
  'ics_settings',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    councilMinimum: integer('council_minimum').notNull().default(3),
    /** The council's decision setting the minimum level (issue 28, the register of decisions). */
    minimumDecisionId: uuid('minimum_decision_id'),
    /** Days after a period's end until its execution is due (issue 25). */
    executionGraceDays: integer('execution_grace_days').notNull().default(EXECUTION_GRACE_DAYS),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('ics_settings_minimum', sql`${t.councilMinimum} between 1 and 5`),
    check('ics_settings_grace', sql`${t.executionGraceDays} between 0 and 365`),
    foreignKey({ columns: [t.minimumDecisionId, t.customerId], foreignColumns: [councilDecisions.id, councilDecisions.customerId] }).onDelete('no action'),
    index('ics_settings_minimum_decision').on(t.minimumDecisionId).where(sql`${t.minimumDecisionId} is not null`),
  ],
)

/** Rows of a customer's control matrix (competences: E decision, A proposal, M cooperation). */
export const controlMatrixRows = pgTable(
  'control_matrix_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    task: text('task').notNull(),
    revision: matrixCellEnum('revision'),
    management: matrixCellEnum('management'),
    responsible: matrixCellEnum('responsible'),
    department: text('department').notNull().default(''),
    controller: text('controller').notNull().default(''),
    cycle: text('cycle').notNull().default(''),
    comment: text('comment').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('control_matrix_customer').on(t.customerId, t.position)],
)

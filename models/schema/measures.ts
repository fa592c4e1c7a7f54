import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { DOCUMENT_CATEGORIES, MEASURE_SOURCES, MEASURE_STATES } from '../core/constants.ts'
import { risks } from './risks.ts'
import { customers, users } from './users.ts'

export const measureSourceEnum = pgEnum('measure_source', MEASURE_SOURCES)
export const measureStateEnum = pgEnum('measure_state', MEASURE_STATES)
export const documentCategoryEnum = pgEnum('document_category', DOCUMENT_CATEGORIES)

/** Per-customer running numbers (measures, risks, …), taken atomically. */
export const customerCounters = pgTable(
  'customer_counters',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.name] })],
)

/** A virtual responsible party: a name only, per customer. */
export const responsibleBodies = pgTable(
  'responsible_bodies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('responsible_bodies_name').on(t.customerId, t.name)],
)

export const measures = pgTable(
  'measures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The measure's number, unique per customer. */
    idkey: integer('idkey').notNull(),
    source: measureSourceEnum('source').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    state: measureStateEnum('state').notNull().default('pending'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerBodyId: uuid('owner_body_id').references(() => responsibleBodies.id, { onDelete: 'set null' }),
    dueDate: date('due_date').notNull(),
    recurrence: integer('recurrence').notNull().default(0),
    iteration: integer('iteration').notNull().default(1),
    /** The measure this iteration follows (recurring measures). */
    previousId: uuid('previous_id'),
    dsgMeasure: boolean('dsg_measure').notNull().default(false),
    inEdit: boolean('in_edit').notNull().default(false),
    cleanup: boolean('cleanup').notNull().default(false),
    riskId: uuid('risk_id').references(() => risks.id, { onDelete: 'set null' }),
    iksId: uuid('iks_id'),
    riskCatalogId: text('risk_catalog_id'),
    /** The KRI whose value outside the appetite proposed this measure (issue 27). */
    kriId: uuid('kri_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedByUserId: uuid('confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmationText: text('confirmation_text'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('measures_customer_idkey').on(t.customerId, t.idkey, t.iteration),
    unique('measures_id_customer').on(t.id, t.customerId),
    // The lists' orders (due date, number, iteration), per tab and for "my measures": a page reads
    // its fifty rows from the index in order instead of sorting the customer's measures.
    index('measures_customer_state_due').on(t.customerId, t.state, t.dueDate, t.idkey, t.iteration),
    index('measures_customer_source_state_due').on(t.customerId, t.source, t.state, t.dueDate, t.idkey, t.iteration),
    index('measures_customer_dsg_state_due').on(t.customerId, t.state, t.dueDate, t.idkey, t.iteration).where(sql`${t.dsgMeasure}`),
    index('measures_customer_owner_state_due').on(t.customerId, t.ownerUserId, t.state, t.dueDate, t.idkey, t.iteration),
    index('measures_owner_user').on(t.ownerUserId),
    check('measures_recurrence', sql`${t.recurrence} in (0, 7, 30, 91, 182, 365)`),
    check('measures_confirmed', sql`${t.state} = 'pending' or (${t.confirmedAt} is not null and ${t.confirmationText} is not null)`),
  ],
)

/** One digest per owner, customer and day: a restart or a second app instance sends none twice. */
export const reminderLog = pgTable(
  'reminder_log',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    measureCount: integer('measure_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerId, t.day] })],
)

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: documentCategoryEnum('category').notNull(),
    name: text('name').notNull(),
    link: text('link'),
    linkText: text('link_text').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** Reference date of the document. */
    dueDate: date('due_date'),
    present: boolean('present').notNull().default(false),
    riskId: uuid('risk_id').references(() => risks.id, { onDelete: 'set null' }),
    iksId: uuid('iks_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_customer_category').on(t.customerId, t.category), unique('documents_id_customer').on(t.id, t.customerId)],
)

import { sql } from 'drizzle-orm'
import { check, date, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { DECISION_SUBJECTS } from '../core/constants.ts'
import { documents } from './measures.ts'
import { customers, users } from './users.ts'

/*
 * The supreme body's decisions (issue 28, decision 0068): the register the areas link their approvals
 * to (the risk appetite, the loyalty review, accepted risks and findings, the annual report, the ICS
 * minimum level, the risk policy), with the documents that carry them.
 */

export const decisionSubjectEnum = pgEnum('decision_subject', DECISION_SUBJECTS)

const customer = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' })

/** One decision of the foundation council: when, under which reference (minutes, item), what it decided. */
export const councilDecisions = pgTable(
  'council_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Cited as SB-7. */
    number: integer('number').notNull(),
    subject: decisionSubjectEnum('subject').notNull(),
    decidedOn: date('decided_on').notNull(),
    /** The minutes and item, e.g. "SR-Protokoll 2026/2, Traktandum 4". */
    reference: text('reference').notNull(),
    title: text('title').notNull(),
    /** The text decided, as in the minutes. */
    text: text('text').notNull().default(''),
    /** Who decided (the council members present, or "Stiftungsrat"). */
    decidedBy: text('decided_by').notNull().default(''),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('council_decisions_id_customer').on(t.id, t.customerId),
    uniqueIndex('council_decisions_customer_number').on(t.customerId, t.number),
    index('council_decisions_customer_date').on(t.customerId, t.decidedOn),
    check('council_decisions_reference', sql`${t.reference} <> '' and ${t.title} <> ''`),
  ],
)

/** The documents of the fund that carry a decision (minutes, the approved policy). */
export const councilDecisionDocuments = pgTable(
  'council_decision_documents',
  {
    customerId: customer(),
    decisionId: uuid('decision_id').notNull(),
    documentId: uuid('document_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.decisionId, t.documentId] }),
    index('council_decision_documents_customer').on(t.customerId),
    index('council_decision_documents_document').on(t.documentId),
    foreignKey({ columns: [t.decisionId, t.customerId], foreignColumns: [councilDecisions.id, councilDecisions.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.documentId, t.customerId], foreignColumns: [documents.id, documents.customerId] }).onDelete('cascade'),
  ],
)

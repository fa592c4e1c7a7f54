import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { EXECUTION_RESULTS, EXECUTION_STATES, FILE_OWNERS } from '../core/constants.ts'
import { icsProcesses } from './ics.ts'
import { loyaltyDeclarations, relatedTransactions } from './loyalty.ts'
import { documents, measures } from './measures.ts'
import { providers } from './providers.ts'
import { customers, users } from './users.ts'

export const executionStateEnum = pgEnum('execution_state', EXECUTION_STATES)
export const executionResultEnum = pgEnum('execution_result', EXECUTION_RESULTS)
export const fileOwnerEnum = pgEnum('file_owner', FILE_OWNERS)

/**
 * One execution of a key control (issue 25, decision 0061): planned per period from the process's
 * frequency (or added on occasion), recorded by the performer, signed by a second person. Approved, it
 * never changes again (migration 0037's trigger).
 */
export const controlExecutions = pgTable(
  'control_executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The execution's number, unique per customer (cited as D-12). */
    number: integer('number').notNull(),
    processId: uuid('process_id').notNull(),
    /** The planned period (2026-03, 2026-Q1, 2026-H2, 2026); null for an execution on occasion. */
    period: text('period'),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    dueDate: date('due_date').notNull(),
    state: executionStateEnum('state').notNull().default('planned'),
    performerUserId: uuid('performer_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerUserId: uuid('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    performedOn: date('performed_on'),
    result: executionResultEnum('result'),
    /** Why the control did not apply (required with notApplicable). */
    resultReason: text('result_reason').notNull().default(''),
    /** The test procedure as carried out. */
    steps: text('steps').notNull().default(''),
    observation: text('observation').notNull().default(''),
    populationSize: integer('population_size'),
    sampleSize: integer('sample_size'),
    sampleItems: text('sample_items').array().notNull().default(sql`'{}'::text[]`),
    /** Who typed the record: the performer, or a deputy acting for the performer. */
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewComment: text('review_comment').notNull().default(''),
    /** The ICS measure a deficient result opened. */
    measureId: uuid('measure_id').references(() => measures.id, { onDelete: 'set null' }),
    /** A provider's yearly assurance review (issue 28): the execution of the provider's oversight control for it. */
    providerId: uuid('provider_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('control_executions_customer_number').on(t.customerId, t.number),
    unique('control_executions_id_customer').on(t.id, t.customerId),
    // The process of the same fund, whatever the caller passes (the key holds both columns).
    foreignKey({ columns: [t.processId, t.customerId], foreignColumns: [icsProcesses.id, icsProcesses.customerId] }).onDelete('cascade'),
    uniqueIndex('control_executions_process_period').on(t.processId, t.period).where(sql`${t.period} is not null`),
    index('control_executions_customer_due').on(t.customerId, t.dueDate, t.number),
    index('control_executions_customer_state_due').on(t.customerId, t.state, t.dueDate),
    index('control_executions_performer').on(t.performerUserId, t.state, t.dueDate),
    index('control_executions_reviewer').on(t.reviewerUserId, t.state),
    index('control_executions_process').on(t.processId, t.periodStart),
    foreignKey({ columns: [t.providerId, t.customerId], foreignColumns: [providers.id, providers.customerId] }).onDelete('no action'),
    // One assurance review of a provider per year (period_start is the year's first day).
    uniqueIndex('control_executions_provider_year').on(t.providerId, t.periodStart).where(sql`${t.providerId} is not null`),
    check('control_executions_period_order', sql`${t.periodStart} <= ${t.periodEnd} and ${t.periodEnd} <= ${t.dueDate}`),
    check(
      'control_executions_sample',
      sql`(${t.populationSize} is null or ${t.populationSize} >= 0) and (${t.sampleSize} is null or (${t.sampleSize} >= 0 and (${t.populationSize} is null or ${t.sampleSize} <= ${t.populationSize})))`,
    ),
    check('control_executions_reason', sql`${t.result} is distinct from 'notApplicable' or ${t.resultReason} <> ''`),
    check(
      'control_executions_recorded',
      sql`${t.state} in ('planned', 'returned') or (${t.performedOn} is not null and ${t.result} is not null and ${t.submittedAt} is not null)`,
    ),
    check('control_executions_signed', sql`${t.state} <> 'approved' or ${t.reviewedAt} is not null`),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * The one file store (issue 25, decision 0063): a file's facts here, its content in chunks below, both
 * under the tenant's row-level security. A file belongs to exactly one execution, document or measure.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    owner: fileOwnerEnum('owner').notNull(),
    executionId: uuid('execution_id'),
    documentId: uuid('document_id'),
    measureId: uuid('measure_id'),
    declarationId: uuid('declaration_id'),
    transactionId: uuid('transaction_id'),
    /** The original name, sanitised (no path, no control characters). */
    name: text('name').notNull(),
    /** The type detected from the content (never the browser's word). */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 of the content, hexadecimal. */
    sha256: text('sha256').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_customer').on(t.customerId, t.createdAt),
    unique('stored_files_id_customer').on(t.id, t.customerId),
    // The owner of the same fund, whatever the caller passes.
    foreignKey({ columns: [t.executionId, t.customerId], foreignColumns: [controlExecutions.id, controlExecutions.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.documentId, t.customerId], foreignColumns: [documents.id, documents.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.measureId, t.customerId], foreignColumns: [measures.id, measures.customerId] }).onDelete('cascade'),
    index('stored_files_execution').on(t.executionId).where(sql`${t.executionId} is not null`),
    index('stored_files_document').on(t.documentId).where(sql`${t.documentId} is not null`),
    index('stored_files_measure').on(t.measureId).where(sql`${t.measureId} is not null`),
    foreignKey({ columns: [t.declarationId, t.customerId], foreignColumns: [loyaltyDeclarations.id, loyaltyDeclarations.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.transactionId, t.customerId], foreignColumns: [relatedTransactions.id, relatedTransactions.customerId] }).onDelete('cascade'),
    index('stored_files_declaration').on(t.declarationId).where(sql`${t.declarationId} is not null`),
    index('stored_files_transaction').on(t.transactionId).where(sql`${t.transactionId} is not null`),
    // Exactly one owner column is set, the one `owner` names (issue 26 added declarations and transactions).
    check(
      'stored_files_one_owner',
      sql`num_nonnulls(${t.executionId}, ${t.documentId}, ${t.measureId}, ${t.declarationId}, ${t.transactionId}) = 1
        and case ${t.owner}::text when 'execution' then ${t.executionId} when 'document' then ${t.documentId} when 'measure' then ${t.measureId}
          when 'declaration' then ${t.declarationId} when 'transaction' then ${t.transactionId} end is not null`,
    ),
    check('stored_files_size', sql`${t.size} >= 0`),
    check('stored_files_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)

/** A stored file's content in pieces of at most 256 KiB, so that uploads and downloads stream. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid('file_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.seq] }),
    index('stored_file_chunks_customer').on(t.customerId),
    foreignKey({ columns: [t.fileId, t.customerId], foreignColumns: [storedFiles.id, storedFiles.customerId] }).onDelete('cascade'),
  ],
)

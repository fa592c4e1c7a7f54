import { sql } from 'drizzle-orm'
import { date, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { councilDecisions } from './decisions.ts'
import { customers, users } from './users.ts'

/**
 * A frozen year-end snapshot of a customer (issue 11): everything the annual report shows, read in one
 * transaction and never changed afterwards (a trigger refuses UPDATE and DELETE, migration
 * 0023_report_snapshots_rls_immutable, except the cascade of the customer's deletion).
 * `content` is `SnapshotContent` of app/features/report/content.ts, versioned by `content.format`.
 */
export const reportSnapshots = pgTable(
  'report_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reportingDate: date('reporting_date').notNull(),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull().defaultNow(),
    frozenByUserId: uuid('frozen_by_user_id').references(() => users.id, { onDelete: 'restrict' }),
    formatVersion: integer('format_version').notNull(),
    content: jsonb('content').notNull(),
  },
  (t) => [uniqueIndex('report_snapshots_customer_date').on(t.customerId, t.reportingDate)],
)

/** The foundation council's approval of a snapshot's report; appended only (a trigger refuses changes). */
export const reportApprovals = pgTable(
  'report_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => reportSnapshots.id, { onDelete: 'cascade' }),
    approvedOn: date('approved_on').notNull(),
    names: text('names').notNull(),
    /** The council's decision this rests on (issue 28, the register of decisions). */
    decisionId: uuid('decision_id'),

    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'restrict' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('report_approvals_customer_snapshot').on(t.customerId, t.snapshotId, t.recordedAt),
    foreignKey({ columns: [t.decisionId, t.customerId], foreignColumns: [councilDecisions.id, councilDecisions.customerId] }).onDelete('no action'),
    index('report_approvals_decision').on(t.decisionId).where(sql`${t.decisionId} is not null`),
  ],
)

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { customers } from './users.ts'

/**
 * Reads of particularly sensitive personal data (DSV Art. 4; issue 12): who read which record, when,
 * through which page or export. Apart from the audit trail of changes, and append-only: the
 * application's roles may insert and read, and delete only entries past the retention
 * (READ_LOG_KEEP_DAYS); a trigger refuses every update and any younger deletion (migration 0028),
 * except the cascade of the customer's deletion. Who read is kept as written then (`userLabel`), so
 * the entry outlives the account; no foreign key to users on purpose.
 */
export const readLog = pgTable(
  'read_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').notNull(),
    /** "First Last <e-mail>" of the reader when they read. */
    userLabel: text('user_label').notNull(),
    /** The principal, when the reader acted as deputy. */
    actingForUserId: uuid('acting_for_user_id'),
    /** What was read: 'risk' (its data protection block), 'icsProcess' (likewise), 'dsgBreach', 'dsgRequest', 'dsgActivity'. */
    recordKind: text('record_kind').notNull(),
    recordId: text('record_id').notNull(),
    /** The page or export it was read through (its path, without the query). */
    via: text('via').notNull(),
  },
  (t) => [index('read_log_customer_read').on(t.customerId, t.readAt), index('read_log_customer_record').on(t.customerId, t.recordKind, t.recordId, t.readAt)],
)

import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { customers, users } from './users.ts'

/**
 * A file being imported into an inventory (issue 11, docs/decisions/0033-import.md): parsed once on
 * upload, its header and rows kept here (never the file) until the user confirms or leaves it; the
 * column mapping the user chose. Drafts older than a day are deleted on the next upload and by the
 * daily job.
 */
export const importDrafts = pgTable(
  'import_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'risks' or 'measures'. */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    /** The data rows, each cell a string, a number, a day (yyyy-mm-dd as { d }), a boolean, null or a formula marker ({ f }). */
    rows: jsonb('rows').notNull(),
    /** Target field → index of the file's column (absent: ignored); null until mapped. */
    mapping: jsonb('mapping').$type<Record<string, number> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_drafts_customer_user').on(t.customerId, t.userId, t.createdAt)],
)

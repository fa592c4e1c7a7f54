import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { languageEnum } from './enums.ts'

/** Mail templates: one row per template key and language. Bodies use {{placeholders}}. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    key: text('key').notNull(),
    language: languageEnum('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] })],
)

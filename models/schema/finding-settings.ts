import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { customers } from './users.ts'

/**
 * The fund's settings of the findings register (issue 28): whom of the foundation council the
 * escalation of a passed deadline reaches, besides the fund's admins. One row per fund, written by an
 * admin; no row: only the admins are told.
 */
export const findingSettings = pgTable('finding_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  councilContactEmail: text('council_contact_email').notNull().default(''),
  councilContactName: text('council_contact_name').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

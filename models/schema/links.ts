import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { icsProcesses } from './ics.ts'
import { risks } from './risks.ts'
import { customers } from './users.ts'

/** A risk and an ICS process that controls it (SPEC.md §3: linked ICS catalogues / linked risks). */
export const riskProcessLinks = pgTable(
  'risk_process_links',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id')
      .notNull()
      .references(() => risks.id, { onDelete: 'cascade' }),
    processId: uuid('process_id')
      .notNull()
      .references(() => icsProcesses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_process_links_pair').on(t.riskId, t.processId),
    index('risk_process_links_process').on(t.processId),
    index('risk_process_links_customer_risk').on(t.customerId, t.riskId),
  ],
)

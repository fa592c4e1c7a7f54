import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auditActionEnum } from './enums.ts'
import { customers, users } from './users.ts'

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    component: text('component').notNull(),
    action: auditActionEnum('action').notNull(),
    entityId: text('entity_id'),
    changedFields: jsonb('changed_fields').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    actingForUserId: uuid('acting_for_user_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('audit_customer_created').on(t.customerId, t.createdAt),
    // One record's history (the risk's score chart, history panels) without reading the fund's whole trail.
    index('audit_customer_entity_created').on(t.customerId, t.entityId, t.createdAt),
  ],
)

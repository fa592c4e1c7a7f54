import { date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { WORK_PROCESS_STATES } from '../core/constants.ts'
import { icsMainThemes, icsSubThemes } from './ics.ts'
import { customers, users } from './users.ts'

export const workProcessStateEnum = pgEnum('work_process_state', WORK_PROCESS_STATES)

/** A documented work process of a customer (Arbeitsprozess), filed under an ICS main and sub-process. */
export const workProcesses = pgTable(
  'work_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    state: workProcessStateEnum('state').notNull().default('draft'),
    link: text('link'),
    enforcementDate: date('enforcement_date'),
    businessCase: text('business_case').notNull().default(''),
    processRef: text('process_ref').notNull().default(''),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    mainThemeId: uuid('main_theme_id').references(() => icsMainThemes.id),
    subThemeId: uuid('sub_theme_id').references(() => icsSubThemes.id),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_processes_customer').on(t.customerId, t.state)],
)

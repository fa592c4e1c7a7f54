import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { NEWS_AUDIENCES } from '../core/constants.ts'
import { customers } from './users.ts'

export const newsAudienceEnum = pgEnum('news_audience', NEWS_AUDIENCES)

/** News of the operator to its customers, shown on the dashboard while valid. */
export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // title, lead and body are the German text, which every news item has; French and English are
    // optional, and a reader whose language has none gets the German.
    title: text('title').notNull(),
    lead: text('lead').notNull().default(''),
    body: text('body').notNull().default(''),
    titleFr: text('title_fr').notNull().default(''),
    leadFr: text('lead_fr').notNull().default(''),
    bodyFr: text('body_fr').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    leadEn: text('lead_en').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    date: date('date').notNull(),
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    visibleFor: newsAudienceEnum('visible_for').notNull().default('all'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_valid').on(t.validFrom, t.validUntil),
    index('news_customer_valid').on(t.customerId, t.validFrom),
    check('news_customer_target', sql`(${t.visibleFor} = 'customer') = (${t.customerId} is not null)`),
  ],
)

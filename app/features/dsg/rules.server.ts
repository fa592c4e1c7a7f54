import { and, eq, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import { addDays } from '#models/core/dates.ts'
import { DSG_REQUEST_DUE_SOON_DAYS, DSG_REVIEW_MONTHS } from '#models/core/constants.ts'
import { dsgActivities, dsgBreaches, dsgDpias, dsgRequests } from '#models/schema/index.ts'
import { addMonths } from './rules.ts'

/**
 * The rules of `rules.ts` as conditions for PostgreSQL, for lists, counts and the reminder digest.
 * `today` is the day in Zurich ('YYYY-MM-DD'), `now` the instant; both are passed in so that a
 * statement and the page around it judge by the same moment.
 */
export const dsgSql = {
  /** Active and not reviewed (or, never reviewed, not recorded) within the last 12 months. */
  activityReviewDue(today: string): SQL {
    const limit = addMonths(today, -DSG_REVIEW_MONTHS)
    return and(
      eq(dsgActivities.state, 'active'),
      sql`coalesce(${dsgActivities.lastReviewedOn}, (${dsgActivities.createdAt} at time zone 'Europe/Zurich')::date) <= ${limit}::date`,
    ) as SQL
  },

  dpiaOpen(): SQL {
    return or(eq(dsgDpias.state, 'screening'), eq(dsgDpias.state, 'open')) as SQL
  },

  breachOpen(): SQL {
    return eq(dsgBreaches.state, 'open')
  },

  /** High risk, not notified, and past discovery + `hours`. */
  breachOverdue(hours: number, now: Date): SQL {
    return and(
      eq(dsgBreaches.highRisk, true),
      isNull(dsgBreaches.fdpicNotifiedAt),
      sql`${dsgBreaches.discoveredAt} + make_interval(hours => ${hours}::int) < ${now.toISOString()}::timestamptz`,
    ) as SQL
  },

  /** The due date that counts: the extension's, else the original. */
  requestDeadline(): SQL<string> {
    return sql<string>`coalesce(${dsgRequests.extendedTo}, ${dsgRequests.dueOn})`
  },

  requestOverdue(today: string): SQL {
    return and(eq(dsgRequests.state, 'open'), lt(dsgSql.requestDeadline(), sql`${today}::date`)) as SQL
  },

  requestDueSoon(today: string): SQL {
    return and(
      eq(dsgRequests.state, 'open'),
      gte(dsgSql.requestDeadline(), sql`${today}::date`),
      lte(dsgSql.requestDeadline(), sql`${addDays(today, DSG_REQUEST_DUE_SOON_DAYS)}::date`),
    ) as SQL
  },
}

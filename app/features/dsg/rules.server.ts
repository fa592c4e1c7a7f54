import { and, eq, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import { DSG_REQUEST_DUE_SOON_DAYS, DSG_REVIEW_MONTHS } from '#models/core/constants.ts'
import { dsgActivities, dsgBreaches, dsgDpias, dsgRequests } from '#models/schema/index.ts'

/**
 * The rules of `rules.ts` as conditions for PostgreSQL, for lists, counts and the reminder digest.
 * `today` is the day in Zurich ('YYYY-MM-DD'), `now` the instant; both are passed in so that a
 * statement and the page around it judge by the same moment. Each may also be an SQL expression (a
 * placeholder of a statement built once, `statementFamily`), as may the breach notice hours (the
 * fund's setting read in the same statement): the day arithmetic therefore happens in PostgreSQL,
 * whose month arithmetic ends on the month's last day as `addMonths` does (rules.server.test.ts
 * holds the two together on edge dates).
 */
type Day = string | SQL
type Instant = Date | SQL

const day = (today: Day): SQL => (typeof today === 'string' ? sql`${today}::date` : sql`(${today})::date`)
const instant = (now: Instant): SQL => (now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`(${now})::timestamptz`)

export const dsgSql = {
  /** Active and not reviewed (or, never reviewed, not recorded) within the last 12 months. */
  activityReviewDue(today: Day): SQL {
    return and(
      eq(dsgActivities.state, 'active'),
      sql`coalesce(${dsgActivities.lastReviewedOn}, (${dsgActivities.createdAt} at time zone 'Europe/Zurich')::date) <= (${day(today)} - make_interval(months => ${DSG_REVIEW_MONTHS}))::date`,
    ) as SQL
  },

  dpiaOpen(): SQL {
    return or(eq(dsgDpias.state, 'screening'), eq(dsgDpias.state, 'open')) as SQL
  },

  breachOpen(): SQL {
    return eq(dsgBreaches.state, 'open')
  },

  /** High risk, not notified, and past discovery + `hours`. */
  breachOverdue(hours: number | SQL, now: Instant): SQL {
    return and(dsgSql.breachNeedsNotice(), sql`${dsgBreaches.discoveredAt} + make_interval(hours => (${hours})::int) < ${instant(now)}`) as SQL
  },

  /** The due date that counts: the extension's, else the original. */
  requestDeadline(): SQL<string> {
    return sql<string>`coalesce(${dsgRequests.extendedTo}, ${dsgRequests.dueOn})`
  },

  requestOverdue(today: Day): SQL {
    return and(eq(dsgRequests.state, 'open'), lt(dsgSql.requestDeadline(), day(today))) as SQL
  },

  requestDueSoon(today: Day): SQL {
    return and(
      eq(dsgRequests.state, 'open'),
      gte(dsgSql.requestDeadline(), day(today)),
      lte(dsgSql.requestDeadline(), sql`${day(today)} + ${DSG_REQUEST_DUE_SOON_DAYS}::int`),
    ) as SQL
  },

  /**
   * An open breach whose notice may still be owed and whose target lies ahead (`clockOf`'s `left` or
   * `soon`): high risk or not yet judged, not notified, discovery + `hours` still to come.
   */
  breachCountingDown(hours: number | SQL, now: Instant): SQL {
    return sql`${dsgBreaches.state} = 'open' and ${dsgBreaches.fdpicNotifiedAt} is null and ${dsgBreaches.highRisk} is not false and ${dsgBreaches.discoveredAt} + make_interval(hours => (${hours})::int) >= ${instant(now)}`
  },

  /** The FDPIC must be told: a high-risk breach not yet notified (`breachNeedsNotice`). */
  breachNeedsNotice(): SQL {
    return and(eq(dsgBreaches.highRisk, true), isNull(dsgBreaches.fdpicNotifiedAt)) as SQL
  },
}

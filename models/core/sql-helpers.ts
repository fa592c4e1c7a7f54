import { type Column, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
/** Small helpers every service needs: id shape, LIKE patterns, unique-index refusals. */

/** Ids are UUIDs; anything else is "not found" before it reaches PostgreSQL (which would reject the cast). */
export function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

/** A contains-pattern for ILIKE with the user's %, _ and \ taken literally. */
export function likeTerm(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** PostgreSQL refused the row by a constraint with this SQLSTATE (found also inside the query builder's wrapping error). */
function isViolation(error: unknown, code: string, constraint: string) {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code && (!e.constraint || e.constraint === constraint)) return true
  }
  return false
}

/** A unique index refused the row (also when two requests race past the check before). */
export function isUniqueViolation(error: unknown, constraint: string) {
  return isViolation(error, '23505', constraint)
}

/** A table's check constraint refused the row. */
export function isCheckViolation(error: unknown, constraint: string) {
  return isViolation(error, '23514', constraint)
}

/**
 * A filter on an id column: an id from the query string that is no id at all matches nothing rather than
 * failing. `bound` is what the statement compares with (a placeholder of a statement built once).
 */
export function idEquals(column: Column, value: string, bound: string | SQLWrapper = value): SQL {
  return isUuid(value) ? eq(column, bound) : sql`false`
}

/** A list as one JSON array (`[]` when empty), its objects in `order`. */
export function jsonList(object: SQL, from: SQL, order: SQL) {
  return sql`(select coalesce(json_agg(${object} order by ${order}), '[]'::json) from (${from}) t)`
}

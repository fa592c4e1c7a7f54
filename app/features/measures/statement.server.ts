import { fillPlaceholders, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Executor } from '#models/core/db.server.ts'
import type { ToolMode } from '#models/core/permissions.ts'

const dialect = new PgDialect()

/** Shapes built at most per statement family, so that a shape key that varies without end cannot grow memory. */
const MAX_SHAPES = 64

/**
 * One SQL statement whose text is built once per shape, for the overview pages that read several
 * lists in a single round trip (a statement of scalar subqueries, each list as JSON). Drizzle
 * builds a query's text anew on every call, and every statement is a round trip to PostgreSQL
 * (about 0.15 to 0.25 ms of CPU on both sides); `builtOnce` in models/core/db.server.ts does the
 * same for drizzle's query builders, this does it for a `sql` template.
 *
 * `build(shape)` returns the statement of one shape (what varies with the rights or the language);
 * its varying values are `sql.placeholder(...)`s, filled from `values` on each call. Every other
 * value is a constant of the shape and is written into the text: the statement is prepared, and
 * PostgreSQL keeps one generic plan for it only where that costs no more than planning each call
 * anew; with `dsg_measure = $3` instead of `dsg_measure = true` the generic plan cannot use the
 * partial index of DSG measures, so every call was planned again (1 ms). The rows come
 * as node-postgres gives them: json parsed, dates as 'YYYY-MM-DD' strings, timestamps as Dates.
 * It runs on the executor it is given (the request's transaction), like `builtOnce`.
 */
export function statementFamily<S, V extends Record<string, unknown>, R>(key: (shape: S) => string, build: (shape: S) => SQL) {
  const built = new Map<string, { sql: string; params: unknown[] }>()
  return async (executor: Executor, shape: S, values: V): Promise<R[]> => {
    const k = key(shape)
    let query = built.get(k)
    if (!query) {
      query = dialect.sqlToQuery(build(shape).inlineParams())
      if (built.size < MAX_SHAPES) built.set(k, query)
    }
    const { client } = (executor as unknown as { session: { client: pg.ClientBase } }).session
    const result = await client.query({ text: query.sql, values: fillPlaceholders(query.params, values) })
    return result.rows as R[]
  }
}

/** The kit's visibility of an inventory record for a tool mode (app/features/inventory/kit.server.ts). */
export function inventoryVisible(mode: ToolMode, dsgRelevant: AnyPgColumn) {
  return mode === 'none' ? sql`false` : mode === 'dsg' ? sql`${dsgRelevant} = true` : sql`true`
}

/** A list as one JSON array (`[]` when empty), its objects in `order`. */
export function jsonList(object: SQL, from: SQL, order: SQL) {
  return sql`(select coalesce(json_agg(${object} order by ${order}), '[]'::json) from (${from}) t)`
}

import { fillPlaceholders, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Executor } from '#models/core/db.server.ts'

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
 * its varying values are `sql.placeholder(...)`s, filled from `values` on each call. The rows come
 * as node-postgres gives them: json parsed, dates as 'YYYY-MM-DD' strings, timestamps as Dates.
 * It runs on the executor it is given (the request's transaction), like `builtOnce`.
 */
export function statementFamily<S, V extends Record<string, unknown>, R>(key: (shape: S) => string, build: (shape: S) => SQL) {
  const built = new Map<string, { sql: string; params: unknown[] }>()
  return async (executor: Executor, shape: S, values: V): Promise<R[]> => {
    const k = key(shape)
    let query = built.get(k)
    if (!query) {
      query = dialect.sqlToQuery(build(shape))
      if (built.size < MAX_SHAPES) built.set(k, query)
    }
    const { client } = (executor as unknown as { session: { client: pg.ClientBase } }).session
    const result = await client.query({ text: query.sql, values: fillPlaceholders(query.params, values) })
    return result.rows as R[]
  }
}

import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import type { DB } from '#models/core/db.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import * as schema from '#models/schema/index.ts'

type Query = (...args: unknown[]) => Promise<pg.QueryResult>

/**
 * The database as a test's own setup and checks see it: every customer's rows. The test pool
 * connects as the app does (tests/integration/setup-db.ts), where a query outside a scope sees no
 * tenant row; each statement run through `system()` runs in its own asSystem transaction, so a
 * test reads and writes across customers while the services under test keep to their scopes.
 * Use it only for what the test itself does, never as the executor handed to a service.
 */
export function system(): DB {
  holder.__vorsorgeSystemDb ??= drizzle(
    {
      query: (...args: unknown[]) =>
        asSystem('test: setup and checks', (tx) => ((tx as unknown as { session: { client: { query: Query } } }).session.client.query as Query)(...args)),
    } as unknown as pg.Client,
    { schema },
  )
  return holder.__vorsorgeSystemDb
}

const holder = globalThis as typeof globalThis & { __vorsorgeSystemDb?: DB }

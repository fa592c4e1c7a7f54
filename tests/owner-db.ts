import pg from 'pg'
import { inject } from 'vitest'
import { pool } from '#models/core/db.server.ts'

/**
 * One piece of work on this test file's database as the tables' owner (the migrating superuser),
 * for what the app's role may not do by design (docs/decisions/0049): delete a customer, which
 * cascades to its records, or a risk that a test makes go away between two snapshots.
 */
export async function asOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { rows } = await pool().query<{ db: string }>('select current_database() as db')
  const url = new URL(inject('adminUrl'))
  url.pathname = `/${rows[0]!.db}`
  const client = new pg.Client(url.toString())
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

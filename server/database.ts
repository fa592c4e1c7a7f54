import path from 'node:path'
import { connectDatabase, disconnectDatabase, migrateDatabase, type DB } from '../models/db.server.ts'
import { startEmbeddedPostgres } from '../models/embedded-postgres.server.ts'

export function dataDir() {
  return path.resolve(process.env.DATA_DIR || 'data')
}

/**
 * DATABASE_URL when set (an empty value counts as unset); otherwise the
 * bundled PostgreSQL with its data in DATA_DIR/postgres. Migrations run here.
 */
export async function openDatabase(): Promise<{ db: DB; close: () => Promise<void>; embedded: boolean }> {
  const external = process.env.DATABASE_URL?.trim()
  let stopEmbedded: (() => Promise<void>) | null = null
  let url: string
  if (external) {
    url = external
  } else {
    const dir = path.join(dataDir(), 'postgres')
    const port = process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : undefined
    const server = await startEmbeddedPostgres(dir, { port })
    url = server.url()
    stopEmbedded = server.stop
    console.log(`[db] bundled PostgreSQL on port ${server.port}, data in ${dir}`)
  }
  const db = connectDatabase(url)
  await migrateDatabase(db)
  return {
    db,
    embedded: Boolean(stopEmbedded),
    close: async () => {
      await disconnectDatabase()
      if (stopEmbedded) await stopEmbedded()
    },
  }
}

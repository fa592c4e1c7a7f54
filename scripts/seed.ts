// npm run seed: the demo data, on demand; safe to run again. The server loads it at its first
// start into an empty database through seedIfEmpty: the one way in to models/seed outside tests.
import { pathToFileURL } from 'node:url'
import type { DB } from '../models/core/db.server.ts'
import { isDatabaseEmpty, seed } from '../models/seed/index.ts'
import { openDatabase } from '../server/database.ts'

/** Loads the demo data when the database has no user yet; true when it did. */
export async function seedIfEmpty(db: DB, log: (m: string) => void) {
  if (!(await isDatabaseEmpty(db))) return false
  log('empty database: loading the demo data')
  await seed({ log })
  return true
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { close } = await openDatabase()
  await seed({ log: (m) => console.log(`[seed] ${m}`) })
  console.log('[seed] done')
  await close()
}

// npm run seed: the demo data, on demand; safe to run again.
import { openDatabase } from '../server/database.ts'
import { seed } from '../models/seed/index.ts'

const { db, close } = await openDatabase()
await seed(db, { log: (m) => console.log(`[seed] ${m}`) })
console.log('[seed] done')
await close()

// npm run restore FILE: a backup of `npm run backup` into an empty DATA_DIR (the bundled PostgreSQL)
// or, with DATABASE_URL, into an external database without rows. Docs: README "Backup and restore".
import { restore } from '../server/backup.ts'

const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run restore FILE   (into an empty DATA_DIR, or with DATABASE_URL into an empty external database)')
  process.exit(2)
}
try {
  const r = await restore(file, (m) => console.log(`[restore] ${m}`))
  console.log(`[restore] ${r.rows} rows in ${r.tables} tables restored in ${(r.ms / 1000).toFixed(1)} s`)
  for (const note of r.notes) console.log(`[restore] ${note}`)
  console.log('[restore] start the app (npm start): it applies the newer migrations of this release, if any')
  process.exit(0)
} catch (e) {
  console.error(`[restore] refused or failed: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
}

// npm run backup [FILE or FOLDER]: one backup of the running (or stopped) installation: the
// database, the bundled PostgreSQL's passwords and the sealing key, in one file of mode 0600
// (default DATA_DIR/backups/vorsorge-<time>.tar.gz). Docs: README "Backup and restore", decision 0046.
import path from 'node:path'
import { backup, recordBackupRun } from '../server/backup.ts'

const started = Date.now()
try {
  const r = await backup(process.argv[2])
  console.log(
    `[backup] ${r.file}: ${r.rows} rows in ${r.tables} tables, ${(r.size / 1024 / 1024).toFixed(1)} MB in ${(r.ms / 1000).toFixed(1)} s` +
      (r.manifest.key === 'SECRET_KEY' ? ' (the sealing key is SECRET_KEY: keep it with the backup, it is not inside)' : ''),
  )
  try {
    recordBackupRun({ at: new Date().toISOString(), ok: true, file: path.basename(r.file), size: r.size, ms: r.ms, error: null })
  } catch {}
  process.exit(0)
} catch (e) {
  const error = e instanceof Error ? e.message : String(e)
  console.error(`[backup] failed: ${error}`)
  try {
    recordBackupRun({ at: new Date().toISOString(), ok: false, file: null, size: null, ms: Date.now() - started, error })
  } catch {}
  process.exit(1)
}

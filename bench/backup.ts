// The backup of a bench installation (issue 23): `npm run backup` on data/bench (the large bench
// customer) or data/bench-scale (1,300 funds), with the app stopped, into a temporary folder, and
// its restore into a temporary empty DATA_DIR. Prints time and size; npm run bench runs it after the
// report (BENCH_BACKUP=0 leaves it out), `--scale` on the 1,300 funds too.
//   DATA_DIR=data/bench node --import tsx bench/backup.ts
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { backup, restore } from '../server/backup.ts'

const source = path.resolve(process.env.DATA_DIR || 'data')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-bench-backup-'))
fs.chmodSync(tmp, 0o755)
try {
  const made = await backup(tmp)
  const mb = made.size / 1024 / 1024
  console.log(`[bench] backup of ${source}: ${made.rows} rows in ${made.tables} tables, ${mb.toFixed(1)} MB in ${(made.ms / 1000).toFixed(1)} s`)
  process.env.DATA_DIR = path.join(tmp, 'restored')
  const back = await restore(made.file)
  console.log(`[bench] restore into an empty DATA_DIR: ${(back.ms / 1000).toFixed(1)} s`)
  if (process.env.BENCH_BACKUP_OUT)
    fs.writeFileSync(
      process.env.BENCH_BACKUP_OUT,
      JSON.stringify({ rows: made.rows, tables: made.tables, bytes: made.size, backupSeconds: made.ms / 1000, restoreSeconds: back.ms / 1000 }),
    )
} finally {
  fs.rmSync(tmp, { recursive: true, force: true })
}

// The record of the last backup (DATA_DIR/backups/last-run.json) and the daily job's settings, apart
// from server/backup.ts so that the diagnostics page and the metrics read them without loading the
// backup itself (decision 0046).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { StartupError } from './embedded-postgres.server.ts'

/** What the last backup of this installation did: the daily job's or `npm run backup`'s. */
export type BackupRun = { at: string; ok: boolean; file: string | null; size: number | null; ms: number; error: string | null }

export function dataDir() {
  return path.resolve(process.env.DATA_DIR || 'data')
}

export function backupsDir() {
  return path.join(dataDir(), 'backups')
}

const LAST_RUN = 'last-run.json'

/** The last backup's record (the daily job's or `npm run backup`'s), or null when none ran: for the diagnostics page and the metrics. */
export function lastBackup(): BackupRun | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(backupsDir(), LAST_RUN), 'utf8')) as BackupRun
  } catch {
    return null
  }
}

export function recordBackupRun(run: BackupRun) {
  fs.mkdirSync(backupsDir(), { recursive: true, mode: 0o700 })
  const file = path.join(backupsDir(), LAST_RUN)
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(tmp, `${JSON.stringify(run)}\n`, { mode: 0o600 })
  fs.renameSync(tmp, file)
}

/** The daily job's settings: BACKUP_HOUR (Zurich, 0-23, default 2; `off` switches it off) and BACKUP_KEEP (default 14). */
export function backupSchedule(env = process.env): { hour: number | null; keep: number } {
  const rawHour = env.BACKUP_HOUR?.trim()
  const hour = rawHour === 'off' || rawHour === 'false' ? null : rawHour ? Number(rawHour) : 2
  if (hour !== null && (!Number.isInteger(hour) || hour < 0 || hour > 23))
    throw new StartupError(`BACKUP_HOUR must be an hour from 0 to 23 or "off" (it is "${rawHour}"): correct it, or leave it unset.`)
  const rawKeep = env.BACKUP_KEEP?.trim()
  const keep = rawKeep ? Number(rawKeep) : 14
  if (!Number.isInteger(keep) || keep < 1)
    throw new StartupError(`BACKUP_KEEP must be a whole number of 1 or more (it is "${rawKeep}"): correct it, or leave it unset.`)
  return { hour, keep }
}

/**
 * Seconds since the newest complete backup in `DATA_DIR/backups` was written (a backup is written
 * beside its place and renamed, so every `vorsorge-*.tar.gz` there is whole), or null when there is
 * none: /metrics reports it as `vorsorge_backup_age_seconds`, an alert's natural input. The last run's
 * record alone would not do: after a failed run it no longer says when the last good one was.
 */
export function backupAgeSeconds(now = Date.now()): number | null {
  let newest = 0
  try {
    for (const name of fs.readdirSync(backupsDir())) {
      if (!/^vorsorge-.*\.tar\.gz$/.test(name)) continue
      newest = Math.max(newest, fs.statSync(path.join(backupsDir(), name)).mtimeMs)
    }
  } catch {
    return null
  }
  return newest ? Math.max(0, Math.round((now - newest) / 1000)) : null
}

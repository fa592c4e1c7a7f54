import fs from 'node:fs'
import path from 'node:path'
import { max, sql } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import { MIGRATIONS_FOLDER, pool, requestPool } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { asOperator } from '#models/core/scope.server.ts'
import { reminderLog } from '#models/schema/index.ts'
import { type BackupRun, backupSchedule, lastBackup } from '#models/core/backup-record.server.ts'
import pkg from '../../../package.json' with { type: 'json' }

/**
 * What the operator needs to see of a running installation (issue 12, decision 0036): version,
 * migrations, database, mail transport, the reminders' last run. Never a credential: the database is
 * named by host, port and name, the mail transport by host and port.
 */
export type Diagnostics = {
  version: string
  commit: string | null
  migrations: { applied: number | null; latest: string | null; shipped: number; latestShipped: string | null }
  database: {
    kind: 'bundled' | 'external'
    where: string | null
    server: string | null
    size: number | null
    pools: { name: string; total: number; idle: number; waiting: number; max: number }[]
  }
  mail: { kind: 'smtp'; where: string } | { kind: 'outbox' }
  reminders: { lastSentAt: string | null; lastDay: string | null; digests: number }
  /** The daily backup of the bundled mode (decision 0046) and the last backup's record. */
  backup: { kind: 'daily' | 'off' | 'external'; hour: number | null; keep: number; last: BackupRun | null }
}

function backupOf(external: boolean): Diagnostics['backup'] {
  let schedule = { hour: null as number | null, keep: 14 }
  try {
    schedule = backupSchedule()
  } catch {
    // A wrong BACKUP_HOUR stops the start; here it reads as off.
  }
  const kind = external ? 'external' : schedule.hour === null ? 'off' : 'daily'
  return { kind, hour: schedule.hour, keep: schedule.keep, last: lastBackup() }
}

type Journal = { entries: { idx: number; when: number; tag: string }[] }

function journal(): Journal['entries'] {
  try {
    return (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal).entries
  } catch {
    return []
  }
}

/** host:port/name of a connection URL, without user or password. */
export function whereOf(url: string | undefined): string | null {
  if (!url?.trim()) return null
  try {
    const u = new URL(url)
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`
  } catch {
    return null
  }
}

function mailOf(): Diagnostics['mail'] {
  const { SMTP_URL, SMTP_HOST, SMTP_PORT } = process.env
  if (SMTP_URL) {
    try {
      const u = new URL(SMTP_URL)
      return { kind: 'smtp', where: `${u.hostname}:${u.port || (u.protocol === 'smtps:' ? '465' : '587')}` }
    } catch {
      return { kind: 'smtp', where: '?' }
    }
  }
  if (SMTP_HOST) return { kind: 'smtp', where: `${SMTP_HOST}:${SMTP_PORT ?? 587}` }
  return { kind: 'outbox' }
}

function poolFigures(): Diagnostics['database']['pools'] {
  const figures: Diagnostics['database']['pools'] = []
  for (const [name, get] of [
    ['main', pool],
    ['requests', requestPool],
  ] as const) {
    try {
      const p = get()
      figures.push({ name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount, max: (p.options as { max?: number }).max ?? 0 })
    } catch {
      // Not connected (yet): no figures.
    }
  }
  return figures
}

/** The diagnostics: the operator only (the page answers 404 to everyone else before calling this). */
export async function diagnostics(access: Pick<Access, 'user' | 'rights'>): Promise<Diagnostics> {
  if (!permissionsOf(access).operator) throw new DomainError('forbidden')
  const shipped = journal()
  const external = process.env.DATABASE_URL?.trim()
  const figures = await asOperator(access as Access, 'diagnostics', async (tx) => {
    const [[db], [reminder]] = await Promise.all([
      tx
        .execute<{ server: string; size: string }>(sql`select current_setting('server_version') as server, pg_database_size(current_database())::text as size`)
        .then((r) => r.rows),
      tx
        .select({ lastSentAt: max(reminderLog.sentAt), lastDay: max(reminderLog.day), digests: sql<number>`count(*)::int` })
        .from(reminderLog)
        .where(sql`${reminderLog.day} = (select max(day) from ${reminderLog})`),
    ])
    // drizzle's own table: the application role may not read it (the bundled database's owner migrates).
    const applied = await tx
      .transaction((sp) =>
        sp.execute<{ applied: number; latest: string | null }>(
          sql`select count(*)::int as applied, (select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1) as latest from drizzle.__drizzle_migrations`,
        ),
      )
      .then((r) => r.rows[0])
      .catch(() => null)
    return { db, reminder, applied }
  })
  const latestApplied = figures.applied?.latest ? (shipped.find((e) => String(e.when) === figures.applied?.latest)?.tag ?? null) : null
  return {
    version: pkg.version,
    commit: (import.meta.env?.VITE_GIT_COMMIT as string | undefined) || process.env.GIT_COMMIT || null,
    migrations: {
      applied: figures.applied?.applied ?? null,
      latest: latestApplied,
      shipped: shipped.length,
      latestShipped: shipped.at(-1)?.tag ?? null,
    },
    database: {
      kind: external ? 'external' : 'bundled',
      where: external ? whereOf(external) : null,
      server: figures.db?.server ?? null,
      size: figures.db ? Number(figures.db.size) : null,
      pools: poolFigures(),
    },
    mail: mailOf(),
    reminders: {
      lastSentAt: figures.reminder?.lastSentAt ? new Date(figures.reminder.lastSentAt).toISOString() : null,
      lastDay: figures.reminder?.lastDay ?? null,
      digests: figures.reminder?.digests ?? 0,
    },
    backup: backupOf(Boolean(external)),
  }
}

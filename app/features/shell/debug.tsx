import { notFound, requireUser } from '#app/auth/guards.server.ts'
import { formatDateTime, formatNumber } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card } from '#app/ui/card.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { permissionsOf } from '#models/core/permissions.ts'
import { diagnostics } from './diagnostics.server.ts'
import type { Route } from './+types/debug'

/**
 * Diagnostics of the installation, for super admins only (issue 12, decision 0036). Everyone else gets
 * 404, not 403: the page does not exist for them. No session, no audit trail, no credential.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireUser({ request, context })
  if (!permissionsOf(access).operator) notFound(request)
  return { diagnostics: await diagnostics(access) }
}

export const handle: TitleHandle = { title: 'account:diagnostics.title' }

function megabytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toLocaleString('de-CH', { maximumFractionDigits: 1 })} MB`
}

export default function Diagnostics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const d = loaderData.diagnostics
  const last = d.backup.last
  const unknown = t('account:diagnostics.unknown')
  const rows: [string, string][] = [
    [t('account:diagnostics.version'), d.commit ? `${d.version} (${d.commit.slice(0, 12)})` : d.version],
    // The application role may not read drizzle's table (the bundled database's owner migrates); the
    // server applies every shipped migration before it starts, or does not start.
    [
      t('account:diagnostics.migrations'),
      d.migrations.applied === null ? `${d.migrations.shipped} (${t('account:diagnostics.appliedAtStart')})` : String(d.migrations.applied),
    ],
    [t('account:diagnostics.latestMigration'), d.migrations.latest ?? d.migrations.latestShipped ?? unknown],
    [t('account:diagnostics.shippedMigrations'), `${d.migrations.shipped}${d.migrations.latestShipped ? ` (${d.migrations.latestShipped})` : ''}`],
    [
      t('account:diagnostics.database'),
      d.database.kind === 'bundled'
        ? t('account:diagnostics.bundled')
        : `${t('account:diagnostics.external')}${d.database.where ? ` (${d.database.where})` : ''}`,
    ],
    [t('account:diagnostics.server'), d.database.server ?? unknown],
    [t('account:diagnostics.size'), d.database.size === null ? unknown : megabytes(d.database.size)],
    ...d.database.pools.map((p): [string, string] => [
      t('account:diagnostics.pool', { name: p.name }),
      t('account:diagnostics.poolFigures', { total: p.total, idle: p.idle, waiting: p.waiting, max: p.max }),
    ]),
    [t('account:diagnostics.mail'), d.mail.kind === 'smtp' ? d.mail.where : t('account:diagnostics.mailOutbox')],
    [
      t('account:diagnostics.reminders'),
      d.reminders.lastSentAt
        ? t('account:diagnostics.remindersRun', { when: formatDateTime(d.reminders.lastSentAt), count: d.reminders.digests })
        : t('account:diagnostics.remindersNever'),
    ],
    [
      t('account:diagnostics.backups'),
      d.backup.kind === 'daily'
        ? t('account:diagnostics.backupsDaily', { hour: d.backup.hour, keep: d.backup.keep })
        : t(d.backup.kind === 'off' ? 'account:diagnostics.backupsOff' : 'account:diagnostics.backupsExternal'),
    ],
    [
      t('account:diagnostics.lastBackup'),
      !last
        ? t('account:diagnostics.lastBackupNever')
        : last.ok
          ? t('account:diagnostics.lastBackupOk', {
              when: formatDateTime(last.at),
              size: megabytes(last.size ?? 0),
              seconds: formatNumber(Math.round(last.ms / 100) / 10, i18n.language),
              file: last.file,
            })
          : t('account:diagnostics.lastBackupFailed', { when: formatDateTime(last.at), error: last.error }),
    ],
  ]
  return (
    <>
      <h1>{t('account:diagnostics.title')}</h1>
      <Card title={t('account:diagnostics.installation')}>
        <dl data-testid="diagnostics">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  )
}

import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import type { HistoryEntry } from './history.server.ts'
import * as css from './history.css.ts'

export type PanelHistory = { entries: HistoryEntry[]; total: number; limit: number }

/** One entry's line: when, who (for whom), what; its changed fields as "label: old → new". */
export function HistoryEntryView({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation()
  return (
    <>
      <p className={css.meta}>
        <time dateTime={entry.at}>{entry.when}</time> · {entry.user ?? t('history.unknownUser')}
        {entry.actingFor ? ` (${t('history.actingFor', { name: entry.actingFor })})` : ''} · {entry.actionLabel}
      </p>
      {entry.changes.length ? (
        <ul className={css.changes}>
          {entry.changes.map((c) => (
            <li key={c.field}>{t('history.change', { label: c.label, from: c.from, to: c.to })}</li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

/**
 * A record's history, rendered on the server in a <details> (no JavaScript needed): the latest
 * entries, and for admins a link to the fund's full trail filtered to the record.
 */
export function HistoryPanel({ history, trail }: { history: PanelHistory | null | undefined; trail?: string | null }) {
  const { t } = useTranslation()
  if (!history) return null
  return (
    <details className={css.panel} data-testid="history-panel">
      <summary>
        {t('history.title')} ({history.total})
      </summary>
      {history.entries.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <ol className={css.entries}>
          {history.entries.map((e) => (
            <li key={e.id}>
              <HistoryEntryView entry={e} />
            </li>
          ))}
        </ol>
      )}
      {history.total > history.entries.length ? <p>{t('history.latest', { count: history.entries.length, total: history.total })}</p> : null}
      {trail ? <AppLink to={trail}>{t('history.fullTrail')}</AppLink> : null}
    </details>
  )
}

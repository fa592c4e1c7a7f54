import { useLocation } from 'react-router'
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

/** The page's address with `history` set or removed (the other parameters stay). */
function toggled(search: string, open: boolean) {
  const q = new URLSearchParams(search)
  if (open) q.set('history', '1')
  else q.delete('history')
  const s = q.toString()
  return s ? `?${s}` : '?'
}

/**
 * A record's history, rendered on the server (no JavaScript needed). Closed it is a link that costs
 * the page nothing; `?history=1` opens it with the latest entries (the loader reads them in one
 * statement), and for admins a link to the fund's full trail filtered to the record.
 */
export function HistoryPanel({ history, trail }: { history: PanelHistory | null | undefined; trail?: string | null }) {
  const { t } = useTranslation()
  const { search } = useLocation()
  if (!history) {
    return (
      <p className={css.panel} data-testid="history-panel">
        <AppLink to={toggled(search, true)} preventScrollReset>
          {t('history.show')}
        </AppLink>
      </p>
    )
  }
  return (
    <section className={css.panel} data-testid="history-panel" aria-labelledby="history-title">
      <h2 id="history-title">
        {t('history.title')} ({history.total})
      </h2>
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
      <p>
        <AppLink to={toggled(search, false)} preventScrollReset>
          {t('history.hide')}
        </AppLink>
        {trail ? (
          <>
            {' · '}
            <AppLink to={trail}>{t('history.fullTrail')}</AppLink>
          </>
        ) : null}
      </p>
    </section>
  )
}

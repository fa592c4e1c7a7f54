import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'

import { formatDate } from '#app/i18n/config.ts'
import { ScoreBadge } from '#app/ui/score-badge.tsx'
import * as css from '#app/ui/page.css.ts'
import { Badge } from '#app/ui/badges.tsx'
import { stackOnPhone, tableScroll } from '#app/styles/layout.css.ts'
import { measureNumber } from '#models/core/record-number.ts'

type MeasureRow = {
  id: string
  idkey: number
  iteration?: number
  title: string
  dueDate: string
  source: string
  dsgMeasure: boolean
  ownerName?: string
  overdue: boolean
}

/** A short list of measures for overview pages (dashboard, data protection); its links are row links (AppLink). */
export function MeasureSummaryTable({ rows, testId, showOwner = false }: { rows: MeasureRow[]; testId: string; showOwner?: boolean }) {
  const { t } = useTranslation()
  if (!rows.length) return <p>{t('table.empty')}</p>
  return (
    <div className={tableScroll}>
      <table className={`${css.table} ${stackOnPhone}`} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('measures.field.dueDate')}</th>
            <th scope="col">{t('measures.field.source')}</th>
            <th scope="col">{t('measures.field.number')}</th>
            <th scope="col">{t('measures.field.title')}</th>
            {showOwner ? <th scope="col">{t('measures.field.owner')}</th> : <th scope="col">{t('measures.field.dsg')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id}>
              <td className={css.nowrap} data-label={t('measures.field.dueDate')}>
                <span>
                  {formatDate(m.dueDate)} {m.overdue ? <Badge tone="danger">{t('measures.status.overdue')}</Badge> : null}
                </span>
              </td>
              <td data-label={t('measures.field.source')}>{t(`measures.source.${m.source}`)}</td>
              <td className={css.nowrap} data-label={t('measures.field.number')}>
                {measureNumber(m.idkey, m.iteration)}
              </td>
              <td data-label={t('measures.field.title')}>
                <AppLink to={`/app/measures/${m.id}`}>{m.title}</AppLink>
              </td>
              {showOwner ? (
                <td data-label={t('measures.field.owner')}>{m.ownerName || '—'}</td>
              ) : (
                <td data-label={t('measures.field.dsg')}>{m.dsgMeasure ? <Badge>{t('measures.dsgBadge')}</Badge> : null}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type RiskRow = { id: string; idkey: string; title: string; state: string; probability: number | null; severity: number | null; measureNeeded: boolean }

/** A short list of risks for overview pages; `step` opens the risk at that block. Its links are row links (AppLink). */
export function RiskSummaryTable({
  rows,
  testId,
  step,
  showMeasureNeeded = false,
}: {
  rows: RiskRow[]
  testId: string
  step?: string
  showMeasureNeeded?: boolean
}) {
  const { t } = useTranslation()
  if (!rows.length) return <p>{t('table.empty')}</p>
  return (
    <div className={tableScroll}>
      <table className={`${css.table} ${stackOnPhone}`} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('risk:field.idkey')}</th>
            <th scope="col">{t('risk:field.title')}</th>
            <th scope="col">{t('risk:field.state')}</th>
            <th scope="col">{t('risk:field.score')}</th>
            {showMeasureNeeded ? <th scope="col">{t('risk:field.measureNeeded')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className={css.nowrap} data-label={t('risk:field.idkey')}>
                {r.idkey}
              </td>
              <td data-label={t('risk:field.title')}>
                <AppLink to={`/app/risk/${r.id}${step ? `?step=${step}` : ''}`}>{r.title}</AppLink>
              </td>
              <td data-label={t('risk:field.state')}>{t(`risk:state.${r.state}`)}</td>
              <td data-label={t('risk:field.score')}>
                <ScoreBadge probability={r.probability} severity={r.severity} />
              </td>
              {showMeasureNeeded ? <td data-label={t('risk:field.measureNeeded')}>{r.measureNeeded ? t('common.yes') : t('common.no')}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

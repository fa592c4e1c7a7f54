import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { StepChart } from '#app/ui/line-chart.tsx'
import type { HistoryPoint } from './history.server.ts'
import * as css from '#app/ui/register.css.ts'

/** The risk's score over time (snapshots and changes), or a sentence while there are fewer than two points. */
export function ScoreHistory({ points, max, today }: { points: HistoryPoint[]; max: number; today: string }) {
  const { t, i18n } = useTranslation()
  if (points.length < 2) return <p data-testid="score-history-few">{t('risk:history.tooFew')}</p>
  const score = (p: HistoryPoint) => (p.score === null ? t('notEvaluated') : String(p.score))
  const source = (p: HistoryPoint) => (p.reportingDate ? t('risk:history.snapshotOf', { date: formatDate(p.reportingDate) }) : t(`risk:history.${p.source}`))
  const last = points[points.length - 1]
  const end = Date.parse(`${today}T12:00:00Z`)
  const month = new Intl.DateTimeFormat(`${i18n.language}-CH`, { month: 'short', year: 'numeric', timeZone: 'UTC' })
  const year = new Intl.DateTimeFormat(`${i18n.language}-CH`, { year: 'numeric', timeZone: 'UTC' })
  return (
    <section className={css.history} data-testid="score-history">
      <h3>{t('risk:history.title')}</h3>
      <StepChart
        // A snapshot's point is at its reporting date (history.server.ts), a change's when it was made.
        points={points.map((p, i) => ({
          key: `${p.at}-${i}`,
          x: Date.parse(p.at),
          value: p.score,
          marker: p.source === 'snapshot' ? 'square' : 'circle',
          label: `${formatDate(p.date)}, ${source(p)}: ${score(p)}`,
        }))}
        max={max}
        end={end > Date.parse(last.at) ? end : undefined}
        xLabel={(x) => formatDate(new Date(x))}
        xTickLabel={(x, unit) => (unit === 'year' ? year : month).format(new Date(x))}
        axis={{ x: t('risk:history.time'), y: t('risk:field.score') }}
        legend={{ circle: t('risk:history.change'), square: t('risk:history.snapshot') }}
        title={t('risk:history.title')}
        description={t('risk:history.description', { from: formatDate(points[0].date), to: formatDate(last.date), score: score(last) })}
        table={{
          caption: t('risk:history.title'),
          headers: [
            t('risk:history.date'),
            t('risk:field.source'),
            t('risk:field.probability'),
            t('risk:field.severity'),
            t('risk:field.score'),
            t('risk:field.state'),
          ],
          rows: points.map((p) => [
            formatDate(p.date),
            source(p),
            p.probability === null ? '—' : String(p.probability),
            p.severity === null ? '—' : String(p.severity),
            score(p),
            t(`risk:state.${p.state}`),
          ]),
        }}
      />
    </section>
  )
}

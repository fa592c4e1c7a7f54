import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card } from '#app/ui/card.tsx'
import { SmallMultiples } from '#app/ui/line-chart.tsx'
import { QUALITY_TARGET } from '#models/core/constants.ts'
import type { QualityTrend as Trend } from './trend.server.ts'

/*
 * Why small multiples: a fund has ten or more main processes, and one line each in one chart is a
 * tangle where no line can be followed; a grouped bar chart per snapshot puts ten bars side by side
 * per year, and a process's trend has to be read by hopping between groups. One small panel per main
 * process, all on the same scale with the council's minimum (dashed) and level 4, the target
 * (dotted), lets each trend be read at a glance and the panels be compared by position. Levels
 * under the minimum are squares in vermillion, the others circles in blue (Okabe–Ito: shape and
 * colour, so it holds without colour). The numbers are in one hidden table, process × snapshot.
 */
export function QualityTrend({ trend }: { trend: Trend }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language === 'fr' || i18n.language === 'en' ? i18n.language : 'de'
  const minimum = trend.minimums[trend.minimums.length - 1] ?? 3
  // Each snapshot is measured against the minimum it recorded; a constant minimum is one level line.
  const minimums = trend.minimums.every((m) => m === minimum) ? minimum : trend.minimums
  const dates = trend.dates.map((d) => formatDate(d))
  return (
    <Card title={t('report:trend.title')}>
      {trend.dates.length < 2 ? (
        <p data-testid="quality-trend-few">{t('report:trend.tooFew')}</p>
      ) : (
        <SmallMultiples
          columns={dates}
          series={trend.processes.map((p) => ({
            key: p.leadingNumber,
            label: `${p.leadingNumber} ${p.names[lang]}`,
            short: p.leadingNumber,
            values: p.levels,
          }))}
          max={5}
          threshold={minimums}
          lines={[
            { value: minimums, label: t('report:trend.minimum', { level: minimum }), dash: '4 2' },
            { value: QUALITY_TARGET, label: t('report:trend.target', { level: QUALITY_TARGET }), dash: '1 2' },
          ]}
          title={t('report:trend.title')}
          description={t('report:trend.description', { from: dates[0], to: dates[dates.length - 1], minimum, target: QUALITY_TARGET })}
          valueLabel={(v) => (v === null ? t('report:trend.notAssessed') : String(v))}
          table={{ caption: t('report:trend.caption'), name: t('report:trend.mainProcess') }}
        />
      )}
    </Card>
  )
}

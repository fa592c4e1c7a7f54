import { useTranslation } from '#app/i18n/use-translation.ts'
import { Link } from 'react-router'
import { band } from '#models/core/risk-score.ts'
import { bandColor } from '#app/ui/register.css.ts'
import { Card } from '#app/ui/card.tsx'
import { HeatMap, type HeatTone } from '#app/ui/heat-map.tsx'
import { BarChart } from '#app/ui/bar-chart.tsx'
import * as css from '#app/ui/page.css.ts'
import type { MeasureFigures, MeasureFigureTab, QualityFigures, RiskCells } from './dashboard.server.ts'
import { TOP_LINKS } from './links.ts'

export type TopRowData = { measures: MeasureFigures; soon: string; riskCells: RiskCells | null; quality: QualityFigures | null }

/** The level the quality index aims at (SPEC: target level 4), drawn as a line beside the council's minimum. */
export const QUALITY_TARGET = 4

const PATTERN = { low: 'none', medium: 'dots', high: 'hatch', critical: 'cross' } as const

/** The risk map's colours (risk.css.ts) and bands (risk-score.ts), plus a pattern per band. */
function toneOf(t: (key: string) => string) {
  return (p: number, s: number): HeatTone => {
    const b = band(p, s)
    return { ...bandColor[b], pattern: PATTERN[b], label: t(`band.${b}`) }
  }
}

/** The dashboard's top row for readers of a tool: measures due per tab, the risk map, the quality index. */
export function TopRow({ top }: { top: TopRowData }) {
  const { t } = useTranslation()
  const tabs = Object.keys(top.measures) as MeasureFigureTab[]
  return (
    <div className={css.grid} data-testid="dashboard-top-row">
      {tabs.length ? (
        <Card title={t('dashboard.top.measures')}>
          <table data-testid="top-measures">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.top.area')}</th>
                <th scope="col">{t('measures.status.overdue')}</th>
                <th scope="col">{t('dashboard.top.dueSoon')}</th>
              </tr>
            </thead>
            <tbody>
              {tabs.map((tab) => {
                const f = top.measures[tab] ?? { overdue: 0, dueSoon: 0 }
                return (
                  <tr key={tab}>
                    <th scope="row">{t(`measures.tab.${tab}`)}</th>
                    <td>
                      <Link
                        to={TOP_LINKS.measuresOverdue(tab)}
                        aria-label={t('dashboard.top.overdueLabel', { area: t(`measures.tab.${tab}`), count: f.overdue })}
                      >
                        {f.overdue}
                      </Link>
                    </td>
                    <td>
                      <Link
                        to={TOP_LINKS.measuresDueSoon(tab, top.soon)}
                        aria-label={t('dashboard.top.dueSoonLabel', { area: t(`measures.tab.${tab}`), count: f.dueSoon })}
                      >
                        {f.dueSoon}
                      </Link>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </Card>
      ) : null}
      {top.riskCells ? (
        <Card title={t('dashboard.top.riskMap')}>
          <HeatMap
            probability={top.riskCells.probability}
            severity={top.riskCells.severity}
            counts={top.riskCells.counts}
            tone={toneOf(t)}
            href={TOP_LINKS.riskCell}
            title={t('dashboard.top.riskMap')}
            description={t('dashboard.top.riskMapDescription', { count: top.riskCells.counts.reduce((n, c) => n + c.count, 0) })}
            axis={{ probability: t('dashboard.top.probability'), severity: t('dashboard.top.severity') }}
            cellLabel={(p, s, count, tone) => t('dashboard.top.cellLabel', { p: p.ref, s: s.ref, band: tone.label, count })}
            table={{ caption: t('dashboard.top.riskMap') }}
            legend
          />
          <p>
            <Link to={TOP_LINKS.risks}>{t('dashboard.top.openRisks')}</Link>
          </p>
        </Card>
      ) : null}
      {top.quality ? (
        <Card title={t('dashboard.top.quality')}>
          <BarChart
            bars={top.quality.themes.map((m) => ({ key: m.id, label: String(m.leadingNumber), value: m.level }))}
            max={5}
            threshold={top.quality.councilMinimum}
            lines={[
              { value: top.quality.councilMinimum, label: t('dashboard.top.minimum', { level: top.quality.councilMinimum }), dash: '4 2', anchor: 'end' },
              { value: QUALITY_TARGET, label: t('dashboard.top.target', { level: QUALITY_TARGET }), dash: '1 2', anchor: 'start' },
            ]}
            title={t('dashboard.top.quality')}
            description={t('dashboard.top.qualityDescription', {
              minimum: top.quality.councilMinimum,
              target: QUALITY_TARGET,
              below: top.quality.themes.filter((m) => m.level !== null && m.level < (top.quality?.councilMinimum ?? 0)).length,
            })}
            valueLabel={(b) => (b.value === null ? t('dashboard.top.notAssessed') : String(b.value))}
            table={{ caption: t('dashboard.top.quality'), name: t('dashboard.top.mainProcess'), value: t('dashboard.top.level') }}
          />
          <p>
            <Link to={TOP_LINKS.quality}>{t('dashboard.top.openQuality')}</Link>
          </p>
        </Card>
      ) : null}
    </div>
  )
}

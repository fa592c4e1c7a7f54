import type { KriDirection, KriStatus } from '#models/core/constants.ts'
import * as css from './kri.css.ts'

/*
 * Server-drawn charts of a KRI (no JavaScript): a sparkline for the list and the trend with the
 * threshold bands for the KRI's page. Both are pictures of figures a table beside them gives in full.
 */

const STATUS_COLOR: Record<KriStatus, string> = { green: '#2e7d32', amber: '#b26a00', red: '#c62828' }
const BAND_COLOR: Record<KriStatus, string> = { green: '#e3f2e5', amber: '#fff1d0', red: '#fbe0de' }
const LINE = '#1f4e79'

/** The last values as a small line, the newest point coloured by its status. Decorative: the row says the value. */
export function Sparkline({ points, width = 96, height = 24 }: { points: { value: string; status: KriStatus | null }[]; width?: number; height?: number }) {
  if (points.length === 0) return null
  const ys = points.map((p) => Number(p.value))
  const min = Math.min(...ys)
  const max = Math.max(...ys)
  const span = max - min || 1
  const step = points.length > 1 ? (width - 6) / (points.length - 1) : 0
  const xy = ys.map((y, i) => [3 + i * step, 3 + (height - 6) * (1 - (y - min) / span)] as const)
  const last = xy[xy.length - 1]
  const status = points[points.length - 1].status
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" data-testid="kri-sparkline">
      {xy.length > 1 ? <polyline points={xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} fill="none" stroke={LINE} strokeWidth="1.5" /> : null}
      <circle cx={last[0]} cy={last[1]} r="2.5" fill={status ? STATUS_COLOR[status] : LINE} />
    </svg>
  )
}

export type TrendValue = { periodEnd: string; value: string; status: KriStatus | null }
export type TrendThreshold = { validFrom: string; amber: string; red: string }

const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000

/**
 * The trend of a KRI with the bands of its appetite as they were: green, amber and red areas from each
 * thresholds row's day to the next, so a change of the bounds shows where it happened. Labels on the
 * axes; `title` and `desc` name the picture for screen readers, the table below gives the figures.
 */
export function TrendChart({
  values,
  thresholds,
  direction,
  title,
  desc,
  format,
  formatDay,
}: {
  values: TrendValue[]
  thresholds: TrendThreshold[]
  direction: KriDirection
  title: string
  desc: string
  format: (v: number) => string
  formatDay: (d: string) => string
}) {
  const W = 720
  const H = 280
  const left = 64
  const right = 12
  const top = 12
  const bottom = 36
  if (values.length === 0) return null
  const first = day(values[0].periodEnd)
  const lastDay = day(values[values.length - 1].periodEnd)
  const x0 = values.length > 1 ? first : first - 45
  const x1 = values.length > 1 ? lastDay : lastDay + 45
  // The bounds in force somewhere in the chart's time span.
  const spans = thresholds
    .map((t, i) => ({ ...t, from: day(t.validFrom), to: i + 1 < thresholds.length ? day(thresholds[i + 1].validFrom) : Number.POSITIVE_INFINITY }))
    .filter((t) => t.to > x0 && t.from <= x1)
  const numbers = [...values.map((v) => Number(v.value)), ...spans.flatMap((t) => [Number(t.amber), Number(t.red)])]
  let min = Math.min(...numbers)
  let max = Math.max(...numbers)
  const pad = (max - min || Math.abs(max) || 1) * 0.1
  min -= pad
  max += pad
  const sx = (d: number) => left + ((d - x0) / (x1 - x0 || 1)) * (W - left - right)
  const sy = (v: number) => top + (1 - (v - min) / (max - min)) * (H - top - bottom)
  const clampY = (v: number) => Math.min(Math.max(v, min), max)
  const bands = spans.flatMap((t) => {
    const xa = sx(Math.max(t.from, x0))
    const xb = sx(Math.min(t.to, x1))
    const amber = clampY(Number(t.amber))
    const red = clampY(Number(t.red))
    // Higher is better: green above amber, amber between, red below red; lower is better the other way round.
    const zones: [KriStatus, number, number][] =
      direction === 'higher'
        ? [
            ['green', amber, max],
            ['amber', red, amber],
            ['red', min, red],
          ]
        : [
            ['green', min, amber],
            ['amber', amber, red],
            ['red', red, max],
          ]
    return zones
      .filter(([, lo, hi]) => hi > lo)
      .map(([status, lo, hi]) => (
        <rect
          key={`${t.validFrom}-${status}`}
          x={xa}
          width={Math.max(xb - xa, 1)}
          y={sy(hi)}
          height={sy(lo) - sy(hi)}
          fill={BAND_COLOR[status]}
          data-band={status}
        />
      ))
  })
  const ticks = [min + pad, (min + max) / 2, max - pad]
  const path = values.map((v) => `${sx(day(v.periodEnd)).toFixed(1)},${sy(Number(v.value)).toFixed(1)}`).join(' ')
  const labelEvery = Math.max(1, Math.ceil(values.length / 8))
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={css.chart} role="img" aria-labelledby="kri-trend-title kri-trend-desc" data-testid="kri-trend">
      <title id="kri-trend-title">{title}</title>
      <desc id="kri-trend-desc">{desc}</desc>
      <rect x={left} y={top} width={W - left - right} height={H - top - bottom} fill="#fafafa" stroke="#ccc" />
      {bands}
      {ticks.map((v) => (
        <g key={v}>
          <line x1={left} x2={W - right} y1={sy(v)} y2={sy(v)} stroke="#ddd" strokeDasharray="3 3" />
          <text x={left - 6} y={sy(v) + 4} textAnchor="end" fontSize="11" fill="#555">
            {format(v)}
          </text>
        </g>
      ))}
      {values.length > 1 ? <polyline points={path} fill="none" stroke={LINE} strokeWidth="2" /> : null}
      {values.map((v, i) => (
        <g key={v.periodEnd}>
          <circle cx={sx(day(v.periodEnd))} cy={sy(Number(v.value))} r="3.5" fill={v.status ? STATUS_COLOR[v.status] : LINE} />
          {(i % labelEvery === 0 && values.length - 1 - i >= labelEvery / 2 + 0.5) || i === values.length - 1 ? (
            <text
              x={sx(day(v.periodEnd))}
              y={H - bottom + 16}
              textAnchor={values.length > 1 && i === values.length - 1 ? 'end' : values.length > 1 && i === 0 ? 'start' : 'middle'}
              fontSize="11"
              fill="#555"
            >
              {formatDay(v.periodEnd)}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  )
}

/** The bands' colours named: a swatch drawn like the bands, and its words. */
export function BandLegend({ labels }: { labels: Record<KriStatus, string> }) {
  return (
    <p className={css.legend}>
      {(['green', 'amber', 'red'] as const).map((status) => (
        <span key={status} className={css.legendItem}>
          <svg width="14" height="14" aria-hidden="true" focusable="false">
            <rect width="14" height="14" fill={BAND_COLOR[status]} stroke={STATUS_COLOR[status]} />
          </svg>
          {labels[status]}
        </span>
      ))}
    </p>
  )
}

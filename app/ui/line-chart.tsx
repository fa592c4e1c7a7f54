import { useId } from 'react'

/** A point: its place in time (ms), its value (null: none, drawn on the axis) and its marker. */
export type StepPoint = {
  key: string
  x: number
  value: number | null
  marker: 'circle' | 'square'
  /** The point in words (its date and value), as the marker's tooltip. */
  label?: string
}

export type StepChartProps = {
  /** Oldest first. */
  points: StepPoint[]
  /** The scale's top (e.g. 25 for 5 × 5 levels). */
  max: number
  /** Where the time axis ends (today): the last value is drawn on to it. */
  end?: number
  /** A time's label (a date): the ends of a short axis. */
  xLabel: (x: number) => string
  /** A tick's label on a time axis that spans months: a month ("Jan. 2026") or, ticking by years, a year. */
  xTickLabel?: (x: number, unit: 'month' | 'year') => string
  /** The ticks of the value axis; default 0, half and the top. */
  yTicks?: number[]
  axis: { x: string; y: string }
  /** What the two markers stand for, drawn as a legend under the chart. */
  legend: { circle: string; square: string }
  title: string
  description: string
  /** The visually hidden table: one row per point, cells as the caller words them. */
  table: { caption: string; headers: string[]; rows: string[][] }
  /** Okabe–Ito colours; the markers differ in shape as well, so colour is never the only cue. */
  colors?: { line: string; circle: string; square: string; text: string; grid: string }
}

const OKABE_ITO = { line: '#0072B2', circle: '#0072B2', square: '#E69F00', text: '#1a1a1a', grid: '#c8c8c8' }
const DAY = 86_400_000

/**
 * The ticks of a time axis from x0 to x1 (ms): the first days of months (every 1, 2, 3, 6 months) or
 * of years (every 1, 2, 5, 10), at most `most` of them, in UTC. Fewer than two fit (a span of a few
 * weeks): none, and the axis labels its two ends.
 */
export function timeTicks(x0: number, x1: number, most = 6): { x: number; unit: 'month' | 'year' }[] {
  const start = new Date(x0)
  const startYear = start.getUTCFullYear()
  for (const months of [1, 2, 3, 6, 12, 24, 60, 120]) {
    const unit = months >= 12 ? 'year' : 'month'
    // The first tick: the first start of a step at or after x0 (January, April … for quarters; a year divisible by the step).
    const y = unit === 'year' ? Math.ceil(startYear / (months / 12)) * (months / 12) : startYear
    const m = unit === 'year' ? 0 : Math.ceil(start.getUTCMonth() / months) * months
    const ticks: { x: number; unit: 'month' | 'year' }[] = []
    for (let at = Date.UTC(y, m, 1); at <= x1; at = Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth() + months, 1)) {
      if (at >= x0) ticks.push({ x: at, unit })
    }
    if (ticks.length <= most) return ticks.length >= 2 ? ticks : []
  }
  return []
}

/**
 * A step line of values over time as plain SVG, drawn on the server: a value holds until the next
 * point, points sit at their time on a time scale (a snapshot at its reporting date), the time axis
 * ticks by months or years, the axes are labelled, and the numbers are repeated in a visually hidden
 * table. Props in, SVG out.
 */
export function StepChart(props: StepChartProps) {
  const id = useId().replace(/:/g, '')
  const c = props.colors ?? OKABE_ITO
  const left = 44
  const right = 16
  const top = 12
  const plotW = 600
  const plotH = 220
  const width = left + plotW + right
  const height = top + plotH + 66
  const xs = props.points.map((p) => p.x)
  let x0 = Math.min(...xs)
  let x1 = Math.max(...xs, props.end ?? Number.NEGATIVE_INFINITY)
  // All on one day: a day either side, so the points stand in the middle of a readable axis.
  if (x1 - x0 < DAY) {
    x0 -= DAY
    x1 += DAY
  }
  const span = x1 - x0
  const xOf = (x: number) => left + ((x - x0) / span) * plotW
  const yOf = (v: number | null) => top + plotH - ((v ?? 0) / (props.max || 1)) * plotH
  const step = Math.max(1, Math.ceil(props.max / 5))
  const ticks = props.yTicks ?? Array.from({ length: Math.floor(props.max / step) + 1 }, (_, i) => i * step)
  let d = ''
  props.points.forEach((p, i) => {
    const x = xOf(p.x)
    const y = yOf(p.value)
    d += i === 0 ? `M${x},${y}` : `H${x}V${y}`
  })
  if (props.points.length && props.end !== undefined && props.end > props.points[props.points.length - 1].x) d += `H${xOf(props.end)}`
  const timed = props.xTickLabel ? timeTicks(x0, x1) : []
  const xTicks = timed.length
    ? timed.map((tick) => ({ x: tick.x, label: props.xTickLabel!(tick.x, tick.unit), anchor: 'middle' as const }))
    : [
        { x: x0, label: props.xLabel(x0), anchor: 'start' as const },
        { x: x1, label: props.xLabel(x1), anchor: 'end' as const },
      ]
  const axisY = top + plotH
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        // Scales down to a narrow column (a phone) and keeps its proportions.
        style={{ maxWidth: '100%', height: 'auto' }}
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        data-testid="step-chart"
      >
        <title id={`${id}-t`}>{props.title}</title>
        <desc id={`${id}-d`}>{props.description}</desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={left} x2={left + plotW} y1={yOf(v)} y2={yOf(v)} stroke={c.grid} strokeWidth="0.6" />
            <text x={left - 6} y={yOf(v) + 4} fontSize="12" textAnchor="end" fill={c.text}>
              {v}
            </text>
          </g>
        ))}
        <text x="12" y={top + plotH / 2} fontSize="12" textAnchor="middle" transform={`rotate(-90 12 ${top + plotH / 2})`} fill={c.text}>
          {props.axis.y}
        </text>
        <line x1={left} x2={left + plotW} y1={axisY} y2={axisY} stroke={c.text} strokeWidth="0.8" />
        {xTicks.map((tick) => (
          <g key={tick.x} data-tick={new Date(tick.x).toISOString().slice(0, 10)}>
            <line x1={xOf(tick.x)} x2={xOf(tick.x)} y1={axisY} y2={axisY + 4} stroke={c.text} strokeWidth="0.8" />
            <text x={xOf(tick.x)} y={axisY + 17} fontSize="12" textAnchor={tick.anchor} fill={c.text}>
              {tick.label}
            </text>
          </g>
        ))}
        <text x={left + plotW / 2} y={axisY + 34} fontSize="12" textAnchor="middle" fill={c.text}>
          {props.axis.x}
        </text>
        <path d={d} fill="none" stroke={c.line} strokeWidth="2.5" />
        {props.points.map((p) =>
          p.marker === 'square' ? (
            <rect key={p.key} x={xOf(p.x) - 5} y={yOf(p.value) - 5} width="10" height="10" fill={c.square} stroke={c.text} strokeWidth="0.8" data-point={p.key}>
              {p.label ? <title>{p.label}</title> : null}
            </rect>
          ) : (
            <circle key={p.key} cx={xOf(p.x)} cy={yOf(p.value)} r="4.5" fill={c.circle} stroke="#fff" strokeWidth="1" data-point={p.key}>
              {p.label ? <title>{p.label}</title> : null}
            </circle>
          ),
        )}
        <g transform={`translate(${left}, ${height - 10})`} fontSize="12" fill={c.text}>
          <circle cx="5" cy="-4" r="4.5" fill={c.circle} />
          <text x="14" y="0">
            {props.legend.circle}
          </text>
          <rect x={plotW / 2} y="-9" width="10" height="10" fill={c.square} stroke={c.text} strokeWidth="0.8" />
          <text x={plotW / 2 + 15} y="0">
            {props.legend.square}
          </text>
        </g>
      </svg>
      {/* A hidden table keeps a width of its own; the box around it does not (a phone would scroll sideways). */}
      <div className="visually-hidden">
        <table data-testid="step-chart-table">
          <caption>{props.table.caption}</caption>
          <thead>
            <tr>
              {props.table.headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.table.rows.map((row, i) => (
              <tr key={props.points[i]?.key ?? i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    <td key={j}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

/** One series of small multiples: its label and a value per column (null: none). */
export type Series = {
  key: string
  label: string /** On the panel (the number); the label is its title and the table's. */
  short?: string
  values: (number | null)[]
}

export type SmallMultiplesProps = {
  /** The columns (the snapshots' dates), oldest first. */
  columns: string[]
  series: Series[]
  /** The scale's top (e.g. 5 levels, drawn from 1 to 5 with half a level of room on each side). */
  max: number
  /**
   * Reference lines across every panel (the council's minimum, the target): one value, or one per
   * column (a minimum that changed between snapshots), which the hidden table lists as a row of its own.
   */
  lines: { value: number | number[]; label: string; dash: string }[]
  /** Values under this (one, or one per column) are marked (vermillion squares) instead of blue circles. */
  threshold: number | number[]
  title: string
  description: string
  /** The text of a value in the hidden table (null: not assessed). */
  valueLabel: (value: number | null) => string
  table: { caption: string; name: string }
  colors?: { line: string; ok: string; below: string; text: string; ref: string }
}

const SMALL = { line: '#0072B2', ok: '#0072B2', below: '#D55E00', text: '#1a1a1a', ref: '#1a1a1a' }

/**
 * Small multiples: one small panel per series (a main process), the same scale and reference lines
 * in each, the values over the columns as a line with points; values under the threshold as squares
 * in another colour. One visually hidden table holds every value (series × columns).
 */
export function SmallMultiples(props: SmallMultiplesProps) {
  const id = useId().replace(/:/g, '')
  const c = props.colors ?? SMALL
  const w = 120
  const h = 64
  const pad = { left: 14, right: 8, top: 18, bottom: 6 }
  const plotW = w - pad.left - pad.right
  const plotH = h - pad.top - pad.bottom
  const n = props.columns.length
  const xOf = (i: number) => pad.left + (n > 1 ? (i / (n - 1)) * plotW : plotW / 2)
  const yOf = (v: number) => pad.top + plotH - ((v - 0.5) / props.max) * plotH
  const at = (v: number | number[], i: number) => (Array.isArray(v) ? (v[i] ?? v[v.length - 1] ?? 0) : v)
  /** A reference line: level across the panel, or stepping at the middle between columns. */
  const refPath = (v: number | number[]) => {
    if (!Array.isArray(v) || n < 2) return `M${pad.left},${yOf(at(v, n - 1))}H${pad.left + plotW}`
    let d = `M${pad.left},${yOf(at(v, 0))}`
    for (let i = 1; i < n; i++) d += `H${(xOf(i - 1) + xOf(i)) / 2}V${yOf(at(v, i))}`
    return `${d}H${pad.left + plotW}`
  }
  return (
    <figure style={{ margin: 0 }} aria-labelledby={`${id}-t`} data-testid="small-multiples">
      <figcaption id={`${id}-t`}>
        <span className="visually-hidden">{props.title}. </span>
        {props.description}
      </figcaption>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} aria-hidden="true">
        {props.series.map((s) => {
          let d = ''
          s.values.forEach((v, i) => {
            if (v === null) return
            d += `${d ? 'L' : 'M'}${xOf(i)},${yOf(v)}`
          })
          return (
            <svg key={s.key} viewBox={`0 0 ${w} ${h}`} width={w} height={h} style={{ maxWidth: '100%', height: 'auto' }}>
              <title>{s.label}</title>
              <text x="2" y="10" fontSize="9" fontWeight="700" fill={c.text}>
                {s.short ?? s.label}
              </text>
              <rect x={pad.left} y={pad.top} width={plotW} height={plotH} fill="none" stroke="#c8c8c8" strokeWidth="0.6" />
              {props.lines.map((l) => (
                <path key={l.label} d={refPath(l.value)} fill="none" stroke={c.ref} strokeWidth="0.9" strokeDasharray={l.dash} />
              ))}
              <path d={d} fill="none" stroke={c.line} strokeWidth="1.5" />
              {s.values.map((v, i) =>
                v === null ? null : v < at(props.threshold, i) ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one point per column
                  <rect key={i} x={xOf(i) - 3} y={yOf(v) - 3} width="6" height="6" fill={c.below} />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one point per column
                  <circle key={i} cx={xOf(i)} cy={yOf(v)} r="2.8" fill={c.ok} />
                ),
              )}
            </svg>
          )
        })}
      </div>
      <ul style={{ listStyle: 'none', padding: 0, margin: '4px 0 0', fontSize: '0.85em' }} aria-hidden="true">
        {props.lines.map((l) => (
          <li key={l.label}>
            <svg width="24" height="8" aria-hidden="true">
              <line x1="0" x2="24" y1="4" y2="4" stroke={c.ref} strokeWidth="1.2" strokeDasharray={l.dash} />
            </svg>{' '}
            {l.label}
          </li>
        ))}
      </ul>
      <div className="visually-hidden">
        <table data-testid="small-multiples-table">
          <caption>{props.table.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{props.table.name}</th>
              {props.columns.map((col) => (
                <th key={col} scope="col">
                  {col}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.series.map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.label}</th>
                {s.values.map((v, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column
                  <td key={i}>{props.valueLabel(v)}</td>
                ))}
              </tr>
            ))}
            {props.lines
              .filter((l) => Array.isArray(l.value))
              .map((l) => (
                <tr key={l.label}>
                  <th scope="row">{l.label}</th>
                  {props.columns.map((col, i) => (
                    <td key={col}>{at(l.value, i)}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

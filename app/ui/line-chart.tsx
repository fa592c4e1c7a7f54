import { useId } from 'react'

/** A point: its place in time (ms), its value (null: none, drawn on the axis) and its marker. */
export type StepPoint = { key: string; x: number; value: number | null; marker: 'circle' | 'square' }

export type StepChartProps = {
  /** Oldest first. */
  points: StepPoint[]
  /** The scale's top (e.g. 25 for 5 × 5 levels). */
  max: number
  /** Where the time axis ends (today): the last value is drawn on to it. */
  end?: number
  /** A time's label on the axis (a date). */
  xLabel: (x: number) => string
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

/**
 * A step line of values over time as plain SVG, drawn on the server: a value holds until the next
 * point, points are marked (circles and squares for two kinds of points), the axes are labelled,
 * and the numbers are repeated in a visually hidden table. Props in, SVG out.
 */
export function StepChart(props: StepChartProps) {
  const id = useId().replace(/:/g, '')
  const c = props.colors ?? OKABE_ITO
  const left = 30
  const right = 12
  const top = 10
  const plotW = 280
  const plotH = 110
  const width = left + plotW + right
  const height = top + plotH + 44
  const xs = props.points.map((p) => p.x)
  const x0 = Math.min(...xs)
  const x1 = Math.max(...xs, props.end ?? Number.NEGATIVE_INFINITY)
  const span = x1 - x0 || 1
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
  const xTicks = [...new Set([x0, x1])]
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
            <text x={left - 4} y={yOf(v) + 3} fontSize="9" textAnchor="end" fill={c.text}>
              {v}
            </text>
          </g>
        ))}
        <text x="8" y={top + plotH / 2} fontSize="9" textAnchor="middle" transform={`rotate(-90 8 ${top + plotH / 2})`} fill={c.text}>
          {props.axis.y}
        </text>
        <line x1={left} x2={left + plotW} y1={top + plotH} y2={top + plotH} stroke={c.text} strokeWidth="0.8" />
        {xTicks.map((x, i) => (
          <text key={x} x={xOf(x)} y={top + plotH + 12} fontSize="9" textAnchor={i === 0 ? 'start' : 'end'} fill={c.text}>
            {props.xLabel(x)}
          </text>
        ))}
        <text x={left + plotW / 2} y={top + plotH + 24} fontSize="9" textAnchor="middle" fill={c.text}>
          {props.axis.x}
        </text>
        <path d={d} fill="none" stroke={c.line} strokeWidth="2" />
        {props.points.map((p) =>
          p.marker === 'square' ? (
            <rect key={p.key} x={xOf(p.x) - 4} y={yOf(p.value) - 4} width="8" height="8" fill={c.square} stroke={c.text} strokeWidth="0.8" />
          ) : (
            <circle key={p.key} cx={xOf(p.x)} cy={yOf(p.value)} r="3.5" fill={c.circle} stroke="#fff" strokeWidth="1" />
          ),
        )}
        <g transform={`translate(${left}, ${height - 8})`} fontSize="9" fill={c.text}>
          <circle cx="4" cy="-3" r="3.5" fill={c.circle} />
          <text x="11" y="0">
            {props.legend.circle}
          </text>
          <rect x={plotW / 2} y="-7" width="8" height="8" fill={c.square} stroke={c.text} strokeWidth="0.8" />
          <text x={plotW / 2 + 12} y="0">
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

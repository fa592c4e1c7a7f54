import { useId } from 'react'

export type Bar = { key: string; label: string; value: number | null }

export type BarChartProps = {
  bars: Bar[]
  /** The scale's top (e.g. 5 levels). */
  max: number
  /** Reference lines drawn across the bars (the council's minimum, the target level). */
  lines: { value: number; label: string; dash: string; anchor?: 'start' | 'middle' | 'end' }[]
  /** Bars under this value are drawn in the warning colour and hatched. */
  threshold: number
  title: string
  description: string
  /** The text of one bar for the hidden table and the bar's label; null: not assessed. */
  valueLabel: (bar: Bar) => string
  table: { caption: string; name: string; value: string }
  /** Okabe–Ito colours: told apart by readers with deuteranopia and protanopia, and hatched below the threshold. */
  colors?: { ok: string; below: string; text: string; line: string }
}

const OKABE_ITO = { ok: '#0072B2', below: '#D55E00', text: '#1a1a1a', line: '#1a1a1a' }

/**
 * A horizontal bar chart against reference lines as plain SVG, drawn on the server, with a
 * visually hidden table of its numbers. Props in, SVG out.
 */
export function BarChart(props: BarChartProps) {
  const id = useId().replace(/:/g, '')
  const c = props.colors ?? OKABE_ITO
  const labelWidth = 34
  const plot = 200
  const barH = 14
  const gap = 6
  const top = 16
  const height = top + props.bars.length * (barH + gap) + 4
  const width = labelWidth + plot + 30
  const xOf = (v: number) => labelWidth + (v / props.max) * plot
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
        data-testid="bar-chart"
      >
        <title id={`${id}-t`}>{props.title}</title>
        <desc id={`${id}-d`}>{props.description}</desc>
        <defs>
          <pattern id={`${id}-below`} width="6" height="6" patternUnits="userSpaceOnUse">
            <rect width="6" height="6" fill={c.below} />
            <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke="#fff" strokeWidth="1.2" />
          </pattern>
        </defs>
        {props.bars.map((b, i) => {
          const y = top + i * (barH + gap)
          const below = b.value !== null && b.value < props.threshold
          return (
            <g key={b.key}>
              <text x={labelWidth - 4} y={y + barH - 3} fontSize="10" textAnchor="end" fill={c.text}>
                {b.label}
              </text>
              {b.value !== null ? (
                <rect x={labelWidth} y={y} width={xOf(b.value) - labelWidth} height={barH} fill={below ? `url(#${id}-below)` : c.ok} />
              ) : null}
              <text x={xOf(b.value ?? 0) + 3} y={y + barH - 3} fontSize="10" fill={c.text}>
                {b.value ?? '–'}
              </text>
            </g>
          )
        })}
        {props.lines.map((l) => (
          <g key={l.label}>
            <line x1={xOf(l.value)} x2={xOf(l.value)} y1={top - 4} y2={height - 2} stroke={c.line} strokeWidth="1.5" strokeDasharray={l.dash} />
            <text x={xOf(l.value)} y={top - 6} fontSize="9" textAnchor={l.anchor ?? 'middle'} fill={c.text}>
              {l.label}
            </text>
          </g>
        ))}
      </svg>
      {/* A hidden table keeps a width of its own; the box around it does not (a phone would scroll sideways). */}
      <div className="visually-hidden">
        <table>
          <caption>{props.table.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{props.table.name}</th>
              <th scope="col">{props.table.value}</th>
            </tr>
          </thead>
          <tbody>
            {props.bars.map((b) => (
              <tr key={b.key}>
                <th scope="row">{b.label}</th>
                <td>{props.valueLabel(b)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

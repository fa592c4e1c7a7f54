import { useId } from 'react'
import { matrixAxes } from './risk-matrix.ts'

/** A cell's look: fill and text colour, and a pattern so that the band does not rest on colour alone. */
export type HeatTone = { background: string; color: string; pattern: 'none' | 'dots' | 'hatch' | 'cross'; label: string }
export type HeatLevel = { ref: number; label: string }

export type HeatMapProps = {
  /** Columns, from the lowest ref at the left (risk-matrix.ts: the one orientation of every matrix). */
  probability: HeatLevel[]
  /** Rows, drawn from the highest ref at the top. */
  severity: HeatLevel[]
  counts: { probability: number; severity: number; count: number }[]
  tone: (probability: number, severity: number) => HeatTone
  /** A cell's link (the list filtered to it); none: the map is a picture. */
  href?: (probability: number, severity: number) => string
  title: string
  description: string
  axis: { probability: string; severity: string }
  /** Under the map, the levels' names by number on each axis ("1 unbedeutend · 2 gering …"). */
  legend?: boolean
  /** The label of one cell for screen readers and the table, e.g. "3 × 4: 2". */
  cellLabel: (probability: HeatLevel, severity: HeatLevel, count: number, tone: HeatTone) => string
  /** The headers of the visually hidden table of the numbers. */
  table: { caption: string }
  cellSize?: number
}

/** One pattern per distinct patterned tone (a band), not per cell. */
const patternId = (id: string, tone: HeatTone) => `${id}-${tone.pattern}-${tone.background.replace(/[^0-9a-z]/gi, '')}`
function distinct(tones: HeatTone[]) {
  const seen = new Map<string, HeatTone>()
  for (const tone of tones) if (tone.pattern !== 'none') seen.set(`${tone.pattern}${tone.background}`, tone)
  return [...seen.values()]
}

/**
 * A heat map of counts per probability × severity cell as plain SVG, drawn on the server: each
 * cell shows its number, its band as colour and pattern, and the numbers are repeated in a
 * visually hidden table. Props in, SVG out: no data reads, no translations.
 */
export function HeatMap(props: HeatMapProps) {
  const id = useId().replace(/:/g, '')
  const size = props.cellSize ?? 36
  const gap = 3
  // Room for the axis name (rotated) and the level numbers at the left, the numbers and the axis name below.
  const left = 34
  const top = 4
  const { rows, cols } = matrixAxes({ probability: props.probability, severity: props.severity })
  const width = left + cols.length * (size + gap) + 4
  const height = top + rows.length * (size + gap) + 32
  const middleY = top + (rows.length * (size + gap)) / 2
  const countOf = (p: number, s: number) => props.counts.find((c) => c.probability === p && c.severity === s)?.count ?? 0
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        // Scales down to a narrow column (a phone) and keeps its proportions.
        style={{ maxWidth: '100%', height: 'auto' }}
        role={props.href ? 'group' : 'img'}
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        data-testid="heat-map"
      >
        <title id={`${id}-t`}>{props.title}</title>
        <desc id={`${id}-d`}>{props.description}</desc>
        <defs>
          {distinct(rows.flatMap((s) => cols.map((p) => props.tone(p.ref, s.ref)))).map((tone) => (
            <pattern key={patternId(id, tone)} id={patternId(id, tone)} width="6" height="6" patternUnits="userSpaceOnUse">
              <rect width="6" height="6" fill={tone.background} />
              {tone.pattern === 'dots' ? <circle cx="3" cy="3" r="0.9" fill={tone.color} opacity="0.35" /> : null}
              {tone.pattern === 'hatch' || tone.pattern === 'cross' ? (
                <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke={tone.color} strokeWidth="0.8" opacity="0.35" />
              ) : null}
              {tone.pattern === 'cross' ? <path d="M-1,5 l2,2 M0,0 l6,6 M5,-1 l2,2" stroke={tone.color} strokeWidth="0.8" opacity="0.35" /> : null}
            </pattern>
          ))}
        </defs>
        <text x="8" y={middleY} fontSize="10" textAnchor="middle" transform={`rotate(-90 8 ${middleY})`} data-axis="vertical">
          {props.axis.severity} →
        </text>
        {rows.map((s, i) => (
          <text key={s.ref} x={left - 6} y={top + i * (size + gap) + size / 2 + 4} fontSize="11" textAnchor="end">
            <title>{s.label}</title>
            {s.ref}
          </text>
        ))}
        {cols.map((p, j) => (
          <text key={p.ref} x={left + j * (size + gap) + size / 2} y={top + rows.length * (size + gap) + 10} fontSize="11" textAnchor="middle">
            <title>{p.label}</title>
            {p.ref}
          </text>
        ))}
        {rows.map((s, i) =>
          cols.map((p, j) => {
            const tone = props.tone(p.ref, s.ref)
            const count = countOf(p.ref, s.ref)
            const x = left + j * (size + gap)
            const y = top + i * (size + gap)
            const fill = tone.pattern === 'none' ? tone.background : `url(#${patternId(id, tone)})`
            const cell = (
              <>
                <rect x={x} y={y} width={size} height={size} rx="3" fill={fill} stroke={tone.color} strokeOpacity="0.25" />
                <text x={x + size / 2} y={y + size / 2 + 5} fontSize="14" fontWeight="700" textAnchor="middle" fill={tone.color}>
                  {count || ''}
                </text>
              </>
            )
            const label = props.cellLabel(p, s, count, tone)
            const key = `${p.ref}-${s.ref}`
            return props.href && count ? (
              <a key={key} href={props.href(p.ref, s.ref)} aria-label={label} data-cell={key}>
                {cell}
              </a>
            ) : (
              <g key={key} data-cell={key}>
                {cell}
              </g>
            )
          }),
        )}
        <text x={left + (cols.length * (size + gap)) / 2} y={height - 6} fontSize="10" textAnchor="middle" data-axis="horizontal">
          {props.axis.probability} →
        </text>
      </svg>
      {props.legend ? (
        <dl style={{ margin: '4px 0 0', fontSize: '0.8em', lineHeight: 1.4 }} data-testid="heat-map-legend">
          <dt style={{ fontWeight: 600 }}>{props.axis.severity}</dt>
          <dd style={{ margin: 0 }}>{rows.map((s) => `${s.ref} ${s.label}`).join(' · ')}</dd>
          <dt style={{ fontWeight: 600 }}>{props.axis.probability}</dt>
          <dd style={{ margin: 0 }}>{cols.map((p) => `${p.ref} ${p.label}`).join(' · ')}</dd>
        </dl>
      ) : null}
      {/* A hidden table keeps a width of its own; the box around it does not (a phone would scroll sideways). */}
      <div className="visually-hidden">
        <table>
          <caption>{props.table.caption}</caption>
          <tbody>
            {rows.flatMap((s) =>
              cols
                .filter((p) => countOf(p.ref, s.ref) > 0)
                .map((p) => (
                  <tr key={`${p.ref}-${s.ref}`}>
                    <td>{props.cellLabel(p, s, countOf(p.ref, s.ref), props.tone(p.ref, s.ref))}</td>
                  </tr>
                )),
            )}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

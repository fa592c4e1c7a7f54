import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SmallMultiples, StepChart } from './line-chart.tsx'

/** The cells of the hidden table of a rendered chart, row by row. */
function tableRows(html: string, testId: string) {
  const table = html.slice(html.indexOf(`data-testid="${testId}"`))
  const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'))
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]))
}

describe('the step chart', () => {
  const day = (d: string) => Date.parse(`${d}T12:00:00Z`)
  const html = renderToString(
    <StepChart
      points={[
        { key: 'a', x: day('2024-12-31'), value: 9, marker: 'square' },
        { key: 'b', x: day('2025-03-01'), value: 25, marker: 'circle' },
        { key: 'c', x: day('2025-12-31'), value: null, marker: 'square' },
      ]}
      max={25}
      end={day('2026-11-23')}
      xLabel={(x) => new Date(x).toISOString().slice(0, 10)}
      axis={{ x: 'Zeit', y: 'Risikowert' }}
      legend={{ circle: 'Änderung', square: 'Jahresabschluss' }}
      title="Risikowert im Verlauf"
      description="Risikowert vom 31.12.2024 bis zum 31.12.2025"
      table={{
        caption: 'Verlauf',
        headers: ['Datum', 'Herkunft', 'Risikowert'],
        rows: [
          ['31.12.2024', 'Jahresabschluss', '9'],
          ['01.03.2025', 'Änderung', '25'],
          ['31.12.2025', 'Jahresabschluss', 'nicht bewertet'],
        ],
      }}
    />,
  )

  it('holds every point in its text alternative, with a title and description', () => {
    expect(tableRows(html, 'step-chart-table')).toEqual([
      ['31.12.2024', 'Jahresabschluss', '9'],
      ['01.03.2025', 'Änderung', '25'],
      ['31.12.2025', 'Jahresabschluss', 'nicht bewertet'],
    ])
    expect(html).toContain('<title id=')
    expect(html).toContain('Risikowert im Verlauf')
    expect(html).toContain('role="img"')
    expect(html).toContain('class="visually-hidden"')
  })

  it('draws a step line to the end of the axis, a marker per point and labelled axes', () => {
    // Two squares and a circle, plus one of each in the legend.
    expect(html.match(/<rect /g)).toHaveLength(3)
    expect(html.match(/<circle /g)).toHaveLength(2)
    const d = html.match(/<path d="([^"]+)"/)?.[1] ?? ''
    expect(d).toMatch(/^M[\d.]+,[\d.]+H[\d.]+V[\d.]+H[\d.]+V[\d.]+H310$/)
    for (const label of ['Zeit', 'Risikowert', '2024-12-31', '2026-11-23', '>0<', '>25<']) expect(html).toContain(label)
    // Scales down to a phone's column.
    expect(html).toContain('max-width:100%')
  })
})

describe('small multiples', () => {
  it('draws one panel per series and holds every value in one table, series by column', () => {
    const html = renderToString(
      <SmallMultiples
        columns={['31.12.2024', '31.12.2025']}
        series={[
          { key: '01', label: '01 Führung', values: [2, 3] },
          { key: '02', label: '02 Vermögen', values: [4, null] },
        ]}
        max={5}
        threshold={3}
        lines={[
          { value: 3, label: 'Minimum 3', dash: '4 2' },
          { value: 4, label: 'Ziel 4', dash: '1 2' },
        ]}
        title="Qualitätsindex"
        description="Ein Feld je Hauptprozess"
        valueLabel={(v) => (v === null ? 'nicht beurteilt' : String(v))}
        table={{ caption: 'Qualitätsindex je Hauptprozess', name: 'Hauptprozess' }}
      />,
    )
    expect(tableRows(html, 'small-multiples-table')).toEqual([
      ['01 Führung', '2', '3'],
      ['02 Vermögen', '4', 'nicht beurteilt'],
    ])
    expect(html.match(/<svg viewBox/g)).toHaveLength(2)
    // Below the minimum: a square; at or above: a circle.
    expect(html.match(/<rect x="[\d.]+" y="[\d.]+" width="6"/g)).toHaveLength(1)
    expect(html).toContain('Minimum 3')
    expect(html).toContain('Ziel 4')
  })

  it('measures each column against its own minimum when it changed, and lists the minimums in the table', () => {
    const html = renderToString(
      <SmallMultiples
        columns={['31.12.2024', '31.12.2025']}
        series={[{ key: '01', label: '01 Führung', values: [3, 3] }]}
        max={5}
        threshold={[3, 4]}
        lines={[{ value: [3, 4], label: 'Minimum', dash: '4 2' }]}
        title="Qualitätsindex"
        description="Ein Feld je Hauptprozess"
        valueLabel={(v) => (v === null ? 'nicht beurteilt' : String(v))}
        table={{ caption: 'Qualitätsindex je Hauptprozess', name: 'Hauptprozess' }}
      />,
    )
    expect(tableRows(html, 'small-multiples-table')).toEqual([
      ['01 Führung', '3', '3'],
      ['Minimum', '3', '4'],
    ])
    // Level 3 meets 2024's minimum (circle) and misses 2025's (square).
    expect(html.match(/<rect x="[\d.]+" y="[\d.]+" width="6"/g)).toHaveLength(1)
    expect(html.match(/<circle /g)).toHaveLength(1)
    // The minimum's line steps between the columns.
    expect(html).toMatch(/<path d="M[\d.]+,[\d.]+H[\d.]+V[\d.]+H[\d.]+"[^>]*stroke-dasharray="4 2"/)
  })
})

import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SmallMultiples, StepChart, timeTicks } from './line-chart.tsx'

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
    expect(d).toMatch(/^M[\d.]+,[\d.]+H[\d.]+V[\d.]+H[\d.]+V[\d.]+H644$/)
    for (const label of ['Zeit', 'Risikowert', '2024-12-31', '2026-11-23', '>0<', '>25<']) expect(html).toContain(label)
    // Scales down to a phone's column.
    expect(html).toContain('max-width:100%')
  })
})

describe('the step chart’s time axis', () => {
  const day = (d: string) => Date.parse(`${d}T12:00:00Z`)
  /** The snapshots of the issue: reporting dates 31.12.2025 and 27.11.2026, both frozen on 28.11.2026, seen on 28.11.2026. */
  const html = renderToString(
    <StepChart
      points={[
        { key: 'a', x: day('2025-12-31'), value: 6, marker: 'square', label: '31.12.2025, Jahresabschluss: 6' },
        { key: 'b', x: day('2026-11-27'), value: 12, marker: 'square', label: '27.11.2026, Jahresabschluss: 12' },
      ]}
      max={25}
      end={day('2026-11-28')}
      xLabel={(x) => new Date(x).toISOString().slice(0, 10)}
      xTickLabel={(x, unit) => `${unit}:${new Date(x).toISOString().slice(0, 7)}`}
      axis={{ x: 'Zeit', y: 'Risikowert' }}
      legend={{ circle: 'Änderung', square: 'Jahresabschluss' }}
      title="Risikowert im Verlauf"
      description="d"
      table={{ caption: 'Verlauf', headers: ['Datum'], rows: [['31.12.2025'], ['27.11.2026']] }}
    />,
  )
  const xOf = (key: string) => Number(html.match(new RegExp(`<rect x="([\\d.]+)"[^>]*data-point="${key}"`))?.[1]) + 5

  it('places the points at their dates on a time scale, not side by side', () => {
    const [a, b] = [xOf('a'), xOf('b')]
    const end = 644
    // From 31.12.2025 to 28.11.2026: 332 days; 27.11.2026 is one day before the end.
    expect(a).toBeCloseTo(44, 0)
    expect((end - b) / (end - a)).toBeCloseTo(1 / 332, 3)
    expect(html).toContain('<title>31.12.2025, Jahresabschluss: 6</title>')
    expect(html).toContain('<title>27.11.2026, Jahresabschluss: 12</title>')
  })

  it('labels the time axis with months in between, each tick where its month starts', () => {
    const ticks = [...html.matchAll(/data-tick="([\d-]+)"/g)].map((m) => m[1])
    expect(ticks).toEqual(['2026-01-01', '2026-03-01', '2026-05-01', '2026-07-01', '2026-09-01', '2026-11-01'])
    expect(html).toContain('>month:2026-01<')
    expect(html).toContain('>month:2026-11<')
    // Large enough to read: 660 wide, 12-point labels.
    expect(html).toContain('width="660"')
  })

  it('ticks by months or by years, and labels the ends of a short span', () => {
    expect(timeTicks(day('2020-01-15'), day('2026-06-30')).map((t) => [new Date(t.x).toISOString().slice(0, 10), t.unit])).toEqual([
      ['2021-01-01', 'year'],
      ['2022-01-01', 'year'],
      ['2023-01-01', 'year'],
      ['2024-01-01', 'year'],
      ['2025-01-01', 'year'],
      ['2026-01-01', 'year'],
    ])
    expect(timeTicks(day('2026-11-10'), day('2026-11-28'))).toEqual([])
    const short = renderToString(
      <StepChart
        points={[
          { key: 'a', x: day('2026-11-28'), value: 6, marker: 'square' },
          { key: 'b', x: day('2026-11-28') + 1000, value: 12, marker: 'circle' },
        ]}
        max={25}
        xLabel={(x) => new Date(x).toISOString().slice(0, 10)}
        xTickLabel={() => 'never'}
        axis={{ x: 'Zeit', y: 'Risikowert' }}
        legend={{ circle: 'Änderung', square: 'Jahresabschluss' }}
        title="t"
        description="d"
        table={{ caption: 'c', headers: ['Datum'], rows: [['28.11.2026'], ['28.11.2026']] }}
      />,
    )
    // One day: the axis spans a day either side, from the 27th to the 29th, with the points in the middle.
    expect(short).toContain('>2026-11-27<')
    expect(short).toContain('>2026-11-29<')
    expect(short).not.toContain('never')
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

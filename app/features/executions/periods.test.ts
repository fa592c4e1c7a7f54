import { describe, expect, it } from 'vitest'
import { CONTROL_FREQUENCIES } from '#models/core/constants.ts'
import { occasionOn, PERIOD_PATTERN, periodsOf, viewStateOf } from './periods.ts'

describe('the periods of a frequency in a year (decision 0061)', () => {
  it('plans twelve months, each due its last day plus the grace', () => {
    const months = periodsOf('monthly', 2026, 30)
    expect(months.map((m) => m.period)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`))
    expect(months[0]).toEqual({ period: '2026-01', start: '2026-01-01', end: '2026-01-31', due: '2026-03-02' })
    expect(months[1]).toEqual({ period: '2026-02', start: '2026-02-01', end: '2026-02-28', due: '2026-03-30' })
    expect(months[11]).toEqual({ period: '2026-12', start: '2026-12-01', end: '2026-12-31', due: '2027-01-30' })
    // A leap year's February ends on the 29th.
    expect(periodsOf('monthly', 2028, 0)[1]).toEqual({ period: '2028-02', start: '2028-02-01', end: '2028-02-29', due: '2028-02-29' })
  })

  it('plans quarters, half-years and the year', () => {
    expect(periodsOf('quarterly', 2026, 30)).toEqual([
      { period: '2026-Q1', start: '2026-01-01', end: '2026-03-31', due: '2026-04-30' },
      { period: '2026-Q2', start: '2026-04-01', end: '2026-06-30', due: '2026-07-30' },
      { period: '2026-Q3', start: '2026-07-01', end: '2026-09-30', due: '2026-10-30' },
      { period: '2026-Q4', start: '2026-10-01', end: '2026-12-31', due: '2027-01-30' },
    ])
    expect(periodsOf('semiannual', 2026, 10)).toEqual([
      { period: '2026-H1', start: '2026-01-01', end: '2026-06-30', due: '2026-07-10' },
      { period: '2026-H2', start: '2026-07-01', end: '2026-12-31', due: '2027-01-10' },
    ])
    expect(periodsOf('annual', 2026)).toEqual([{ period: '2026', start: '2026-01-01', end: '2026-12-31', due: '2027-01-30' }])
  })

  it('plans nothing for none and on occasion, nor for a year out of range; a bad grace is the default', () => {
    expect(periodsOf('none', 2026)).toEqual([])
    expect(periodsOf('occasional', 2026)).toEqual([])
    expect(periodsOf('annual', 1899)).toEqual([])
    expect(periodsOf('annual', 2026, -5)[0]?.due).toBe('2027-01-30')
  })

  it('names every period so the list filter takes it', () => {
    for (const f of CONTROL_FREQUENCIES) for (const p of periodsOf(f, 2026)) expect(PERIOD_PATTERN.test(p.period), p.period).toBe(true)
    expect(PERIOD_PATTERN.test('2026')).toBe(true)
    expect(PERIOD_PATTERN.test('2026-Q5')).toBe(false)
    expect(PERIOD_PATTERN.test('2026-13')).toBe(false)
    expect(PERIOD_PATTERN.test("2026' or 1=1")).toBe(false)
  })

  it('an execution on occasion is that day', () => {
    expect(occasionOn('2026-05-04')).toEqual({ period: null, start: '2026-05-04', end: '2026-05-04', due: '2026-05-04' })
  })

  it('reads a planned execution against the day: planned, due from its last day, overdue after its due date', () => {
    const q1 = { state: 'planned' as const, periodEnd: '2026-03-31', dueDate: '2026-04-30' }
    expect(viewStateOf(q1, '2026-03-30')).toBe('planned')
    expect(viewStateOf(q1, '2026-03-31')).toBe('due')
    expect(viewStateOf(q1, '2026-04-30')).toBe('due')
    expect(viewStateOf(q1, '2026-05-01')).toBe('overdue')
    for (const state of ['submitted', 'returned', 'approved'] as const) expect(viewStateOf({ ...q1, state }, '2027-01-01')).toBe(state)
  })
})

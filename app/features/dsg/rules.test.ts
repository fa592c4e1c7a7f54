import { describe, expect, it } from 'vitest'
import {
  addMonths,
  addYears,
  breachNoticeDeadline,
  isBreachOverdue,
  isRequestDueSoon,
  isRequestOverdue,
  isReviewDue,
  mayDeleteBreach,
  mayDeleteDpia,
  requestDueOn,
} from './rules.ts'

describe('data protection deadlines', () => {
  it('adds months and years on the calendar, the 31st becoming the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2026-03-15', -12)).toBe('2025-03-15')
    expect(addYears('2024-02-29', 2)).toBe('2026-02-28')
  })

  it('counts an active activity due for review after 12 months, from its last review or else its recording', () => {
    const base = { state: 'active' as const, createdAt: new Date('2025-01-10T10:00:00Z') }
    expect(isReviewDue({ ...base, lastReviewedOn: '2025-11-23' }, '2026-11-22')).toBe(false)
    expect(isReviewDue({ ...base, lastReviewedOn: '2025-11-23' }, '2026-11-23')).toBe(true)
    expect(isReviewDue({ ...base, lastReviewedOn: null }, '2026-01-09')).toBe(false)
    expect(isReviewDue({ ...base, lastReviewedOn: null }, '2026-01-10')).toBe(true)
    expect(isReviewDue({ ...base, state: 'draft', lastReviewedOn: null }, '2027-01-10')).toBe(false)
  })

  it('keeps an assessment two years after its processing ended', () => {
    expect(mayDeleteDpia({ state: 'active', retiredOn: null }, '2030-01-01')).toBe(false)
    expect(mayDeleteDpia({ state: 'retired', retiredOn: '2024-06-30' }, '2026-06-29')).toBe(false)
    expect(mayDeleteDpia({ state: 'retired', retiredOn: '2024-06-30' }, '2026-06-30')).toBe(true)
  })

  it('runs the breach clock in elapsed hours across the change to summer time', () => {
    // Found at 01:30 in Zurich on the night of 29 March 2026, when clocks jump from 02:00 to 03:00.
    const found = new Date('2026-03-29T00:30:00Z')
    const deadline = breachNoticeDeadline(found, 72)
    expect(deadline.toISOString()).toBe('2026-04-01T00:30:00.000Z') // 02:30 summer time, 72 real hours later
    const breach = { state: 'open' as const, highRisk: true, fdpicNotifiedAt: null, discoveredAt: found }
    expect(isBreachOverdue(breach, 72, new Date('2026-04-01T00:30:00Z'))).toBe(false)
    expect(isBreachOverdue(breach, 72, new Date('2026-04-01T00:30:01Z'))).toBe(true)
    expect(isBreachOverdue({ ...breach, fdpicNotifiedAt: new Date('2026-03-30T08:00:00Z') }, 72, new Date('2026-05-01'))).toBe(false)
    expect(isBreachOverdue({ ...breach, highRisk: false }, 72, new Date('2026-05-01'))).toBe(false)
  })

  it('blocks deleting a breach for two years after its report', () => {
    const reportedAt = new Date('2024-11-23T23:30:00Z') // 24 November in Zurich
    expect(mayDeleteBreach({ reportedAt }, new Date('2026-11-23T12:00:00Z'))).toBe(false)
    expect(mayDeleteBreach({ reportedAt }, new Date('2026-11-24T08:00:00Z'))).toBe(true)
  })

  it('gives a request 30 days, counting an extension, due soon within 7 days', () => {
    expect(requestDueOn('2026-11-23')).toBe('2026-12-23')
    const r = { state: 'open' as const, dueOn: '2026-12-01', extendedTo: null }
    expect(isRequestDueSoon(r, '2026-11-24')).toBe(true)
    expect(isRequestDueSoon(r, '2026-11-23')).toBe(false)
    expect(isRequestOverdue(r, '2026-12-01')).toBe(false)
    expect(isRequestOverdue(r, '2026-12-02')).toBe(true)
    expect(isRequestOverdue({ ...r, extendedTo: '2027-01-30' }, '2026-12-02')).toBe(false)
    expect(isRequestOverdue({ ...r, state: 'answered' }, '2027-01-01')).toBe(false)
  })
})

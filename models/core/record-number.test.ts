import { describe, expect, it } from 'vitest'
import { activityNumber, breachNumber, measureNumber, numberFromSearch, requestNumber } from './record-number.ts'

describe('record numbers (decision 0043)', () => {
  it('writes one form per kind, the same in every language', () => {
    expect(measureNumber(23)).toBe('M-23')
    expect(measureNumber(23, 1)).toBe('M-23')
    expect(measureNumber(23, 2)).toBe('M-23/2')
    expect(activityNumber(6)).toBe('V-6')
    expect(breachNumber(4)).toBe('DB-4')
    expect(requestNumber(3)).toBe('DR-3')
    // No two kinds share a prefix, and none is a bare number a risk or ICS process could have.
    const forms = [measureNumber(1), activityNumber(1), breachNumber(1), requestNumber(1)]
    expect(new Set(forms.map((f) => f.split('-')[0])).size).toBe(forms.length)
    for (const f of forms) expect(f).toMatch(/^[A-Z]+-1$/)
  })

  it('reads the running number back from a search as the lists offer it', () => {
    expect(numberFromSearch('M-12', 'M')).toBe(12)
    expect(numberFromSearch('m12', 'M')).toBe(12)
    expect(numberFromSearch(' 12 ', 'M')).toBe(12)
    expect(numberFromSearch('DB-4', 'DB')).toBe(4)
    expect(numberFromSearch('db4', 'DB')).toBe(4)
    expect(numberFromSearch('DR-3', 'DR')).toBe(3)
    expect(numberFromSearch('Laptop', 'DB')).toBeUndefined()
    expect(numberFromSearch('0', 'M')).toBeUndefined()
    expect(numberFromSearch('1.5', 'M')).toBeUndefined()
  })
})

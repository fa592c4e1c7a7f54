import { describe, expect, it } from 'vitest'
import { boundsInOrder, judge } from './status.ts'

describe('judge', () => {
  it('judges a higher-is-better figure: below red red, below amber amber, on a bound the better side', () => {
    const b = { amber: '105', red: '100' }
    expect(judge(99.9, 'higher', b)).toBe('red')
    expect(judge(100, 'higher', b)).toBe('amber')
    expect(judge('104.99', 'higher', b)).toBe('amber')
    expect(judge(105, 'higher', b)).toBe('green')
  })
  it('judges a lower-is-better figure: above red red, above amber amber', () => {
    const b = { amber: 45, red: 50 }
    expect(judge(50.01, 'lower', b)).toBe('red')
    expect(judge(50, 'lower', b)).toBe('amber')
    expect(judge(45, 'lower', b)).toBe('green')
  })
  it('has no judgement without thresholds or with a figure that is no number', () => {
    expect(judge(1, 'higher', null)).toBeNull()
    expect(judge('x', 'higher', { amber: 1, red: 0 })).toBeNull()
  })
  it('knows bounds in the wrong order', () => {
    expect(boundsInOrder('higher', { amber: 105, red: 100 })).toBe(true)
    expect(boundsInOrder('higher', { amber: 100, red: 105 })).toBe(false)
    expect(boundsInOrder('lower', { amber: 45, red: 50 })).toBe(true)
  })
})

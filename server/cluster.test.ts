import { describe, expect, it } from 'vitest'
import { webConcurrency, workerPoolSize } from './cluster.ts'

describe('WEB_CONCURRENCY', () => {
  it('defaults to one process per core; auto says the same; 1 is the single process', () => {
    expect(webConcurrency(undefined, 2)).toBe(2)
    expect(webConcurrency('', 1)).toBe(1)
    expect(webConcurrency('auto', 4)).toBe(4)
    expect(webConcurrency(' 1 ', 2)).toBe(1)
    expect(webConcurrency('3', 2)).toBe(3)
  })

  it('refuses what is not a whole number from 1 to 64, in one line saying what to do', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '65']) expect(() => webConcurrency(bad, 2)).toThrow(/WEB_CONCURRENCY must be a whole number/)
  })

  it('keeps the workers within about 60 database connections unless DATABASE_POOL_SIZE is set', () => {
    expect(workerPoolSize(2, undefined)).toBe('10')
    expect(workerPoolSize(4, undefined)).toBe('7')
    expect(workerPoolSize(16, '')).toBe('2')
    expect(workerPoolSize(16, '12')).toBe('12')
  })
})

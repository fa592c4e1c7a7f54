import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { dateField } from '#app/utils/validation.ts'
import { parseByteLimit } from './request-gate.server.ts'
import { M, optionalString, requiredString, versionField } from './validation.ts'

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value)
  return r.success ? [] : r.error.issues.map((i) => i.message)
}

describe('the field helpers', () => {
  it('refuse control characters with a field message, keep tab and line breaks', () => {
    for (const v of ['a\u0000b', 'a\u0001', '\u001bx', 'x\u007f']) {
      expect(issues(requiredString(), v)).toEqual([M.controlChars])
      expect(issues(optionalString(), v)).toEqual([M.controlChars])
    }
    expect(issues(optionalString(), 'line\r\nnext\tcol')).toEqual([])
  })

  it('limit dates to the years 1900 to 2999', () => {
    for (const v of ['01.01.0000', '0000-01-01', '31.12.1899', '3000-01-01']) expect(issues(dateField(), v), v).toEqual(['validation.date'])
    expect(dateField().parse('01.01.1900')).toBe('1900-01-01')
    expect(dateField().parse('2999-12-31')).toBe('2999-12-31')
  })

  it('bound versions to PostgreSQL integers', () => {
    expect(issues(versionField(), '2147483648')).toEqual([M.invalid])
    expect(versionField().parse('2147483647')).toBe(2147483647)
  })

  it('read the body limit as bytes, kb or mb', () => {
    expect(parseByteLimit(undefined, 7)).toBe(7)
    expect(parseByteLimit('2mb', 7)).toBe(2 * 1024 * 1024)
    expect(parseByteLimit('512kb', 7)).toBe(512 * 1024)
    expect(parseByteLimit('1000', 7)).toBe(1000)
    expect(parseByteLimit('lots', 7)).toBe(7)
  })
})

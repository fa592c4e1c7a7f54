import { describe, expect, it } from 'vitest'
import { seal, unseal } from './seal.server.ts'

describe('seal', () => {
  it('gives back what it sealed, different each time, and refuses a tampered value', () => {
    const a = seal('JBSWY3DPEHPK3PXP')
    const b = seal('JBSWY3DPEHPK3PXP')
    expect(a).not.toBe(b)
    expect(a).not.toContain('JBSWY3DPEHPK3PXP')
    expect(unseal(a)).toBe('JBSWY3DPEHPK3PXP')
    const parts = a.split(':')
    const body = Buffer.from(parts[3] as string, 'base64url')
    body[0] = (body[0] as number) ^ 1
    expect(() => unseal([parts[0], parts[1], parts[2], body.toString('base64url')].join(':'))).toThrow()
    expect(() => unseal('plain')).toThrow()
  })
})

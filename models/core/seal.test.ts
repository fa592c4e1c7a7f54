import { describe, expect, it } from 'vitest'
import { checkSealingKey, seal, unseal, unsealOrNull } from './seal.server.ts'

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

  it('answers null, not an error, for a value sealed with another key, and names the key in use', () => {
    const other = seal('JBSWY3DPEHPK3PXP').split(':')
    // Another key's value: same shape, a tag this key cannot match.
    const foreign = [other[0], other[1], Buffer.alloc(16, 7).toString('base64url'), other[3]].join(':')
    expect(unsealOrNull(foreign, 'a test secret')).toBeNull()
    expect(unsealOrNull(seal('x'), 'a test secret')).toBe('x')
    expect(checkSealingKey()).toBe('SECRET_KEY')
  })
})

import { describe, expect, it } from 'vitest'
import { attachment } from './content-disposition.ts'

describe('attachment', () => {
  it('keeps an ASCII name as the one parameter', () => {
    expect(attachment('Jahresbericht-2025-12-31.pdf')).toBe('attachment; filename="Jahresbericht-2025-12-31.pdf"')
  })

  it('adds the UTF-8 name of RFC 5987 next to an ASCII fallback', () => {
    expect(attachment('Prüfpaket-2025-12-31.zip')).toBe(`attachment; filename="Prufpaket-2025-12-31.zip"; filename*=UTF-8''Pr%C3%BCfpaket-2025-12-31.zip`)
    expect(attachment('Révision (copie) l’an.pdf')).toBe(
      `attachment; filename="Revision (copie) l_an.pdf"; filename*=UTF-8''R%C3%A9vision%20%28copie%29%20l%E2%80%99an.pdf`,
    )
    expect(attachment('a"b\\c.csv')).toBe(`attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`)
  })
})

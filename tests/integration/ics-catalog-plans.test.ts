import { describe, expect, it } from 'vitest'
import { icsCatalog, icsProcedures } from '../../models/reference/ics-catalog/index.ts'

describe('the ICS catalogue’s default plans', () => {
  it('give every key control a frequency and a numbered test procedure in three languages', () => {
    expect(icsCatalog).toHaveLength(45)
    for (const entry of icsCatalog) {
      const plan = icsProcedures[entry.idkey]
      expect(plan, entry.idkey).toBeDefined()
      expect(plan.frequency, entry.idkey).not.toBe('none')
      for (const language of ['de', 'fr', 'en'] as const) {
        const lines = plan.procedure[language].split('\n')
        expect(lines.length, `${entry.idkey} ${language}`).toBeGreaterThanOrEqual(2)
        expect(lines.length, `${entry.idkey} ${language}`).toBeLessThanOrEqual(5)
        for (const [i, line] of lines.entries()) expect(line, `${entry.idkey} ${language}`).toMatch(new RegExp(`^${i + 1}\\. \\S.{20,}$`))
      }
      expect(plan.procedure.de, entry.idkey).not.toContain('ß')
    }
    expect(Object.keys(icsProcedures).sort()).toEqual(icsCatalog.map((e) => e.idkey).sort())
  })

  it('plan more than once a year where money moves every month', () => {
    expect(icsProcedures['05.1.01'].frequency).toBe('monthly')
    expect(icsProcedures['04.3.01'].frequency).toBe('monthly')
    expect(icsProcedures['06.1.01'].frequency).toBe('semiannual')
  })
})

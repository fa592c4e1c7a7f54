import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { system } from '../system-db.ts'
import { db } from '../../models/core/db.server.ts'
import { seedIcsCatalog } from '../../models/reference/catalogs.server.ts'
import { icsCatalog as catalogTable } from '../../models/schema/index.ts'
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

  it('stand in migration 0038 as they stand in the reference data', () => {
    const migration = fs.readFileSync('models/migrations/0038_catalog_default_plans.sql', 'utf8')
    const literal = (text: string) => `'${text.replace(/'/g, "''")}'`
    for (const [idkey, plan] of Object.entries(icsProcedures)) {
      const row = `(${[idkey, plan.frequency, plan.procedure.de, plan.procedure.fr, plan.procedure.en].map(literal).join(', ')})`
      expect(migration.includes(row), idkey).toBe(true)
    }
  })

  it.each([
    ['the seed', () => seedIcsCatalog(db())],
    ['migration 0038', async () => void (await system().execute(sql.raw(fs.readFileSync('models/migrations/0038_catalog_default_plans.sql', 'utf8'))))],
  ])('reach a database written before they existed by %s, and leave what the operator set', async (_, fill) => {
    await seedIcsCatalog(db())
    const blank = { defaultFrequency: 'none' as const, defaultProcedureDe: '', defaultProcedureFr: '', defaultProcedureEn: '' }
    // As before the plans: an entry without any; and one whose frequency the operator chose by hand.
    await system().update(catalogTable).set(blank).where(eq(catalogTable.idkey, '08.3.01'))
    await system()
      .update(catalogTable)
      .set({ ...blank, defaultFrequency: 'monthly' })
      .where(eq(catalogTable.idkey, '08.2.02'))
    await fill()
    const row = async (idkey: string) => (await system().select().from(catalogTable).where(eq(catalogTable.idkey, idkey)))[0]
    expect(await row('08.3.01')).toMatchObject({
      defaultFrequency: icsProcedures['08.3.01'].frequency,
      defaultProcedureDe: icsProcedures['08.3.01'].procedure.de,
      defaultProcedureFr: icsProcedures['08.3.01'].procedure.fr,
    })
    expect(await row('08.2.02')).toMatchObject({ defaultFrequency: 'monthly', defaultProcedureDe: '' })
    await system()
      .update(catalogTable)
      .set({
        defaultFrequency: icsProcedures['08.2.02'].frequency,
        defaultProcedureDe: icsProcedures['08.2.02'].procedure.de,
        defaultProcedureFr: icsProcedures['08.2.02'].procedure.fr,
        defaultProcedureEn: icsProcedures['08.2.02'].procedure.en,
      })
      .where(eq(catalogTable.idkey, '08.2.02'))
  })
})

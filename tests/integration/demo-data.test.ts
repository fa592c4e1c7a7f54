import { and, eq, gt, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { system } from '../system-db.ts'
import { measures } from '../../models/schema/index.ts'
import { seed } from '../../models/seed/index.ts'

describe('the demo data', () => {
  beforeAll(async () => {
    await seed()
  }, 120_000)

  it('gives every confirmed recurring measure its next iteration, as confirming it in the app does', async () => {
    const confirmed = await system()
      .select()
      .from(measures)
      .where(and(eq(measures.state, 'confirmed'), gt(measures.recurrence, 0)))
    expect(confirmed.length).toBeGreaterThan(0)
    for (const m of confirmed) {
      const [next] = await system().select().from(measures).where(eq(measures.previousId, m.id))
      expect(next, `${m.idkey} ${m.title}`).toBeDefined()
      expect(next).toMatchObject({ idkey: m.idkey, iteration: m.iteration + 1, recurrence: m.recurrence, customerId: m.customerId })
      // due one recurrence after the confirmed one
      const days = (Date.parse(next.dueDate) - Date.parse(m.dueDate)) / 86_400_000
      expect(Math.round(days)).toBe(m.recurrence)
    }
  })

  it('leaves no open measure without its number history', async () => {
    const orphans = await system()
      .select({ id: measures.id })
      .from(measures)
      .where(and(gt(measures.iteration, 1), isNull(measures.previousId)))
    expect(orphans).toHaveLength(0)
  })
})

import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { membershipToolRights } from '#models/schema/index.ts'
import { system } from '../../tests/system-db.ts'
import { createCustomer, memberFactory, membershipRow } from '../../tests/factories/index.ts'

/*
 * A membership's rights are rows of its own customer (decision 0057): the database refuses a row that
 * names another fund, whoever writes it, so row-level security never shows one fund's right in another.
 */
describe('rights rows of a membership', () => {
  it('belong to the membership’s customer: a row naming another fund is refused', async () => {
    const alpha = await createCustomer({ name: 'Alpha Rechte', language: 'de' })
    const beta = await createCustomer({ name: 'Beta Rechte', language: 'de' })
    const member = await memberFactory({ customer: alpha.id, traits: ['read'] })
    const [membership] = await membershipRow({ userId: member.user.id, customerId: alpha.id })
    expect(membership?.riskRole).toBe('read')
    await system()
      .delete(membershipToolRights)
      .where(and(eq(membershipToolRights.membershipId, membership!.id), eq(membershipToolRights.tool, 'iks')))
    const foreign = system()
      .insert(membershipToolRights)
      .values({ membershipId: membership!.id, customerId: beta.id, tool: 'iks', enabled: true, role: 'admin' })
    await expect(foreign).rejects.toMatchObject({ cause: { code: '23503' } }) // foreign_key_violation
    const own = system().insert(membershipToolRights).values({ membershipId: membership!.id, customerId: alpha.id, tool: 'iks', enabled: true, role: 'write' })
    await expect(own).resolves.toBeDefined()
    const [after] = await membershipRow({ id: membership!.id })
    expect([after?.riskRole, after?.iksRole]).toEqual(['read', 'write'])
  })
})

import { asSystem } from '../../models/core/scope.server.ts'
import { nextNumber } from '../../models/core/counters.server.ts'
import type { Language, LoyaltyFunction } from '../../models/core/constants.ts'
import { loyaltyCampaigns, loyaltyDeclarations, loyaltyPersons } from '../../models/schema/index.ts'
import { type CustomerRef, customerId } from './customers.ts'
import { tag } from './traits.ts'

/*
 * The loyalty declarations' rows, made directly (the campaign's own service is not needed to test a
 * declaration): a person, a campaign of a year, and the person's requested declaration in it.
 */

export type LoyaltyPerson = typeof loyaltyPersons.$inferSelect
export type LoyaltyCampaign = typeof loyaltyCampaigns.$inferSelect
export type LoyaltyDeclaration = typeof loyaltyDeclarations.$inferSelect

/** A person subject to the loyalty rules; `userId` links a member's account. */
export async function loyaltyPersonFactory(opts: {
  customer: CustomerRef
  userId?: string | null
  firstName?: string
  lastName?: string
  function?: LoyaltyFunction
  language?: Language
}): Promise<LoyaltyPerson> {
  const [row] = await asSystem('test factory: loyalty person', (tx) =>
    tx
      .insert(loyaltyPersons)
      .values({
        customerId: customerId(opts.customer),
        firstName: opts.firstName ?? 'Vera',
        lastName: opts.lastName ?? `Treu-${tag(3)}`,
        function: opts.function ?? 'council',
        organisation: 'Stiftungsrat',
        email: `person-${tag(4)}@example.test`,
        language: opts.language ?? 'de',
        userId: opts.userId ?? null,
        fromDate: '2020-01-01',
      })
      .returning(),
  )
  return row
}

/** The campaign of a year (a random free year unless given), open unless `closed`. */
export async function loyaltyCampaignFactory(opts: { customer: CustomerRef; year?: number; closed?: boolean }): Promise<LoyaltyCampaign> {
  const id = customerId(opts.customer)
  return asSystem('test factory: loyalty campaign', async (tx) => {
    for (let attempt = 0; ; attempt++) {
      const year = opts.year ?? 2000 + Math.floor(Math.random() * 100)
      const [row] = await tx
        .insert(loyaltyCampaigns)
        .values({ customerId: id, year, dueDate: `${year}-03-31`, closedAt: opts.closed ? new Date() : null })
        .onConflictDoNothing()
        .returning()
      if (row) return row
      if (opts.year || attempt > 50) throw new Error(`campaign ${year} exists`)
    }
  })
}

/** A requested declaration of a person in a campaign (both made when not given). */
export async function loyaltyDeclarationFactory(opts: {
  customer: CustomerRef
  person?: LoyaltyPerson
  campaign?: LoyaltyCampaign
  userId?: string | null
  language?: Language
}): Promise<{ declaration: LoyaltyDeclaration; person: LoyaltyPerson; campaign: LoyaltyCampaign }> {
  const person = opts.person ?? (await loyaltyPersonFactory({ customer: opts.customer, userId: opts.userId, language: opts.language }))
  const campaign = opts.campaign ?? (await loyaltyCampaignFactory({ customer: opts.customer }))
  const id = customerId(opts.customer)
  const [declaration] = await asSystem('test factory: loyalty declaration', async (tx) =>
    tx
      .insert(loyaltyDeclarations)
      .values({
        customerId: id,
        number: await nextNumber(tx, id, 'loyalty_declaration'),
        campaignId: campaign.id,
        personId: person.id,
        personName: `${person.firstName} ${person.lastName}`,
        personFunction: person.function,
      })
      .returning(),
  )
  return { declaration, person, campaign }
}

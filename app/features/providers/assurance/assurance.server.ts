import { eq } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import type { Tx } from '#models/core/db.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { providers } from '#models/schema/index.ts'
import { planAssuranceReview } from '#app/features/executions/face.server.ts'
import { assuranceDueOn } from '#models/core/assurance-state.server.ts'

type Provider = typeof providers.$inferSelect

/** Whether a provider's yearly assurance is asked for on a day: required, and the relationship not ended. */
export const assuranceAsked = (p: Pick<Provider, 'assuranceRequired' | 'endedOn'>, today: string) =>
  p.assuranceRequired && (p.endedOn === null || p.endedOn > today)

/** The facts of this year's review of a provider, for the executions' planning. */
export const reviewOf = (p: Provider, today: string) => {
  const year = Number(today.slice(0, 4))
  return {
    customerId: p.customerId,
    providerId: p.id,
    processId: p.assuranceProcessId as string,
    year,
    dueOn: assuranceDueOn(year, p.assuranceDueMonth),
    ownerUserId: p.ownerUserId,
  }
}

/**
 * Plans this year's review of a provider in the caller's transaction; `who` null is the system (the tick).
 * The one way into the executions feature from the providers' (its face).
 */
export const planReview = (tx: Tx, who: CustomerAccess | null, provider: Provider, today: string) =>
  planAssuranceReview(tx, who, reviewOf(provider, today), today)

/**
 * A provider's yearly assurance (issue 28), bound to the acting access: the review of the ISAE 3402 / SOC
 * report is planned as an execution of the key control of the provider's assurance process, through the
 * executions feature; recording it with the report as evidence and the second signature are the
 * executions' own (decisions 0061 to 0063).
 */
export const Assurance = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    /** Writers on providers who may record executions plan the review. */
    const mayPlan = p.providers.write && p.executions.record
    return {
      mayPlan,

      /**
       * Plans this year's review of a provider now (idempotent: an existing one is answered). 404 for a
       * provider not there for this access, 400 when no assurance is asked or no process is set.
       */
      async plan(providerId: string, today = todayInZurich()) {
        if (!mayPlan) throw new DomainError('forbidden')
        if (!isUuid(providerId)) throw new DomainError('not-found')
        return withCustomer(access, async (tx) => {
          const [provider] = await tx.select().from(providers).where(eq(providers.id, providerId)).for('update')
          if (!provider) throw new DomainError('not-found')
          if (!assuranceAsked(provider, today)) throw new DomainError('invalid', undefined, 'providers:assuranceReview.errors.notRequired')
          if (!provider.assuranceProcessId) throw new DomainError('invalid', undefined, 'providers:assuranceReview.errors.noProcess')
          const { execution } = await planReview(tx, access, provider, today)
          return execution
        })
      },
    }
  },
}

import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { RECORD_PREFIX } from '#models/core/record-number.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { providerLinks, providers } from '#models/schema/index.ts'

/**
 * The processors of an activity for its record (Art. 12 para. 2 DSG): the fund's providers linked to
 * it in the providers register, not ended, with their role and where they keep the data. Read with
 * the activity's own right; the providers register is linked only for who reads it.
 */
export function processorsOf(access: CustomerAccess, activityId: string) {
  if (!isUuid(activityId)) return Promise.resolve([])
  const today = todayInZurich()
  return withCustomer(access, (tx) =>
    tx
      .select({
        id: providers.id,
        label: sql<string>`${RECORD_PREFIX.provider} || '-' || ${providers.number} || ' ' || ${providers.name}`,
        dsgRole: providers.dsgRole,
        dataCountries: providers.dataCountries,
        abroadSafeguard: providers.abroadSafeguard,
      })
      .from(providerLinks)
      .innerJoin(providers, eq(providers.id, providerLinks.providerId))
      .where(and(eq(providerLinks.activityId, activityId), or(isNull(providers.endedOn), gt(providers.endedOn, today))))
      .orderBy(asc(providers.number)),
  )
}

import { and, desc, eq, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { RECORD_PREFIX } from '#models/core/record-number.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { dsgBreaches, providerIncidents, providers } from '#models/schema/index.ts'
import type { IncidentFormInput } from '../schema.ts'

export const INCIDENT_COMPONENT = 'providerIncident'

/**
 * Incidents at a provider (VF-n), bound to the acting access: readers of the providers read them,
 * writers record and change them. When personal data are concerned, the incident may link the fund's
 * breach of the DSG register (Art. 24): only who sees the breaches (`dsg.sensitive`) sees and chooses
 * it; others keep the link as it is.
 */
export const ProviderIncidents = {
  for(access: CustomerAccess) {
    const all = permissionsOf(access)
    const mayRead = all.providers.read
    const mayWrite = all.providers.write
    /** Sees the breach register's records (personal data of insured persons). */
    const mayBreach = all.dsg.sensitive
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const refuse = () => new DomainError(mayRead ? 'forbidden' : 'not-found')

    /** The provider, locked against a concurrent delete; 404 when it is not the fund's. */
    async function providerOf(tx: Tx, providerId: string) {
      if (!isUuid(providerId)) throw new DomainError('not-found')
      const [row] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).for('share')
      if (!row) throw new DomainError('not-found')
    }

    /** A breach to link must be one of the fund's (RLS scopes the select); a single-column foreign key would take any. */
    async function checkBreach(tx: Tx, breachId: string | null) {
      if (breachId === null) return
      if (!isUuid(breachId)) throw new DomainError('invalid', 'breachId', 'providers:incidents.errors.breach')
      const [b] = await tx.select({ id: dsgBreaches.id }).from(dsgBreaches).where(eq(dsgBreaches.id, breachId))
      if (!b) throw new DomainError('invalid', 'breachId', 'providers:incidents.errors.breach')
    }

    /** The input as this user may write it: who does not see breaches keeps the link there is. */
    async function settle(tx: Tx, input: IncidentFormInput, keep: string | null) {
      if (input.closedOn && input.closedOn < input.occurredOn) throw new DomainError('invalid', 'closedOn', 'providers:incidents.errors.closedBefore')
      let breachId = input.breachId
      if (!mayBreach) breachId = keep
      else if (breachId !== keep) await checkBreach(tx, breachId)
      if (breachId && !input.personalData)
        throw new DomainError('invalid', mayBreach ? 'breachId' : 'personalData', 'providers:incidents.errors.breachNeedsPersonalData')
      return { ...input, breachId }
    }

    return {
      mayRead,
      mayWrite,
      mayBreach,

      /** One incident of the provider; null when unknown here. The breach's label only for who sees breaches. */
      async get(providerId: string, id: string) {
        if (!mayRead || !isUuid(providerId) || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx
            .select({
              id: providerIncidents.id,
              number: providerIncidents.number,
              providerId: providerIncidents.providerId,
              occurredOn: providerIncidents.occurredOn,
              title: providerIncidents.title,
              description: providerIncidents.description,
              personalData: providerIncidents.personalData,
              breachId: providerIncidents.breachId,
              closedOn: providerIncidents.closedOn,
              version: providerIncidents.version,
            })
            .from(providerIncidents)
            .where(and(eq(providerIncidents.id, id), eq(providerIncidents.providerId, providerId)))
          if (!row) return null
          return mayBreach ? row : { ...row, breachId: null, hasBreach: row.breachId !== null }
        })
      },

      /** The fund's breaches to choose from ("DB-4 title"), newest first; empty for who does not see them. */
      breachOptions() {
        if (!mayBreach) return Promise.resolve([])
        return scoped(async (tx) =>
          (
            await tx
              .select({ id: dsgBreaches.id, label: sql<string>`${RECORD_PREFIX.breach} || '-' || ${dsgBreaches.idkey} || ' ' || ${dsgBreaches.title}` })
              .from(dsgBreaches)
              .orderBy(desc(dsgBreaches.idkey))
          ).map((b) => ({ value: b.id, label: b.label })),
        )
      },

      async create(providerId: string, input: IncidentFormInput) {
        if (!mayWrite) throw refuse()
        return scoped(async (tx) => {
          await providerOf(tx, providerId)
          const values = await settle(tx, input, null)
          const number = await nextNumber(tx, access.customer.id, 'providerIncident')
          const [row] = await tx
            .insert(providerIncidents)
            .values({ ...values, providerId, number, customerId: access.customer.id, recordedByUserId: access.user.id })
            .returning()
          await writeAudit(tx, access, {
            component: INCIDENT_COMPONENT,
            action: 'Created',
            entityId: row.id,
            changes: diff(null, { number, providerId, ...values }),
          })
          return row
        })
      },

      async update(providerId: string, id: string, input: IncidentFormInput, version: number | undefined) {
        if (!mayWrite) throw refuse()
        return scoped(async (tx) => {
          if (!isUuid(providerId)) throw new DomainError('not-found')
          const before = await lockVersioned(tx, providerIncidents, id, version, { where: eq(providerIncidents.providerId, providerId) })
          const values = await settle(tx, input, before.breachId)
          return updateVersioned(tx, access, { table: providerIncidents, before, set: values, audit: { component: INCIDENT_COMPONENT } })
        })
      },

      async remove(providerId: string, id: string, version: number) {
        if (!mayWrite) throw refuse()
        return scoped(async (tx) => {
          if (!isUuid(providerId)) throw new DomainError('not-found')
          const before = await lockVersioned(tx, providerIncidents, id, version, { where: eq(providerIncidents.providerId, providerId) })
          await deleteVersioned(tx, access, { table: providerIncidents, before, audit: { component: INCIDENT_COMPONENT } })
        })
      },
    }
  },
}

import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { beforeAll } from 'vitest'
import { db } from '#models/core/db.server.ts'
import { createCustomer, memberFactory, request, right, run } from '../../../tests/factories.ts'

type Role = Parameters<typeof right>[0]
type Rights = NonNullable<NonNullable<Parameters<typeof memberFactory>[0]['attributes']>['rights']>

/**
 * What the tests of an inventory tool share: its members, its catalogue's ids by number, the
 * post of a block of its detail page, and two customers on a seeded catalogue.
 */
export function toolTestKit(
  tool: 'risk' | 'iks',
  catalog: PgTable & { id: PgColumn; idkey: PgColumn },
  detailAction: (args: never) => unknown,
  /** The roles its members have besides their role on the tool. */
  also: Partial<Record<'risk' | 'iks', Role>> = {},
) {
  const rights = (role: Role): Rights => ({
    ...Object.fromEntries(Object.entries(also).map(([k, r]) => [k, right(r)])),
    [tool]: right(role),
  })
  const opts = { rights, catalog, base: `/app/${tool}`, detailAction }
  return {
    /** A member with `role` on the tool; `language` is the customer's, named for the reader. */
    member: (customer: string, _language: 'de' | 'fr' | 'en', role: Role = 'write') => memberFactory({ customer, attributes: { rights: opts.rights(role) } }),
    catalogIds: async (...idkeys: string[]) => {
      const rows = (await db().select({ id: opts.catalog.id, idkey: opts.catalog.idkey }).from(opts.catalog)) as { id: string; idkey: string }[]
      return idkeys.map((k) => rows.find((r) => r.idkey === k)!.id)
    },
    detail: (id: string, cookie: string, form: Record<string, string>) => run(opts.detailAction, request(`${opts.base}/${id}`, { cookie, form }), { id }),
  }
}

/** Seeds the catalogue and makes the customers `alpha` (German) and `beta` (French) before the tests. */
export function twoCustomers(seed: () => Promise<unknown>, names: { alpha: string; beta: string }) {
  const ids = { alpha: '', beta: '' }
  beforeAll(async () => {
    await seed()
    ids.alpha = (await createCustomer({ name: names.alpha, language: 'de' })).id
    ids.beta = (await createCustomer({ name: names.beta, language: 'fr' })).id
  })
  return ids
}

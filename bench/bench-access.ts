// The large bench customer's admin as the services take it (bench/seed-large.ts seeds both), for the
// scripts that call services directly instead of going through HTTP (freeze, report PDF, import).
import { and, eq } from 'drizzle-orm'
import type { CustomerAccess } from '../models/core/access.ts'
import type { Tx } from '../models/core/db.server.ts'
import { membershipWithRights, rightsFromJson } from '../models/core/rights.server.ts'
import { customers, memberships, users } from '../models/schema/index.ts'

export const BENCH_CUSTOMER = 'Bench Pensionskasse'
export const BENCH_ADMIN = 'bench@example.com'

/** The bench admin's access to the bench customer; read inside asSystem. */
export async function benchAccess(tx: Tx): Promise<CustomerAccess> {
  const [row] = await tx
    .select({ user: users, customer: customers, membership: membershipWithRights })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .where(and(eq(customers.name, BENCH_CUSTOMER), eq(users.email, BENCH_ADMIN)))
  if (!row) throw new Error('no bench customer: run npm run bench:seed first')
  const { user, customer, membership } = row
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, language: user.language, isSuperAdmin: false },
    actingFor: null,
    customer: { id: customer.id, name: customer.name, logoVersion: null, language: customer.language },
    permId: membership.id,
    rights: rightsFromJson(membership.toolRights),
  }
}

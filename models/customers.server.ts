import { and, eq, sql } from 'drizzle-orm'
import { type CustomerAccess, isAdmin } from './access.ts'
import { diff, writeAudit } from './audit.server.ts'
import { db } from './db.server.ts'
import { customers, type Language, memberships, users } from './schema/index.ts'
import { StaleVersionError } from './users.server.ts'

export class ForbiddenError extends Error {
  constructor() {
    super('forbidden')
  }
}

export async function getActiveCustomer(access: CustomerAccess) {
  const customer = await db().query.customers.findFirst({ where: eq(customers.id, access.customer.id) })
  if (!customer) throw new Error('active customer vanished')
  const contact = customer.contactId
    ? await db()
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
        .from(users)
        .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.customerId, customer.id)))
        .where(eq(users.id, customer.contactId))
        .then((r) => r[0] ?? null)
    : null
  return { customer, contact }
}

/** Members of the active customer, for pickers (contact, owner, deputy). */
export async function listCustomerMembers(access: CustomerAccess) {
  return db()
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(memberships.customerId, access.customer.id), eq(users.state, 'active')))
    .orderBy(users.lastName, users.firstName)
}

export type CompanyInput = { address: string; comment: string; logoUrl: string | null; language: Language; contactId: string | null }

export class InvalidContactError extends Error {}

/** Company data of the active customer; only its admins may change it. */
export async function updateCompanyData(access: CustomerAccess, input: CompanyInput, version: number) {
  if (!isAdmin(access.rights)) throw new ForbiddenError()
  return db().transaction(async (tx) => {
    if (input.contactId) {
      const member = await tx.query.memberships.findFirst({
        where: and(eq(memberships.userId, input.contactId), eq(memberships.customerId, access.customer.id)),
      })
      if (!member) throw new InvalidContactError()
    }
    const before = await tx.query.customers.findFirst({ where: eq(customers.id, access.customer.id) })
    const [after] = await tx
      .update(customers)
      .set({ ...input, version: sql`${customers.version} + 1`, updatedAt: new Date() })
      .where(and(eq(customers.id, access.customer.id), eq(customers.version, version)))
      .returning()
    if (!after) throw new StaleVersionError()
    await writeAudit(tx, access, { component: 'customer', action: 'Updated', entityId: after.id, changes: diff(before ?? null, input) })
    return after
  })
}

import { and, eq, or, sql } from 'drizzle-orm'
import { type CustomerAccess, hasRole } from '#models/core/access.ts'
import type { Executor } from '#models/core/db.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { DomainError } from '#models/core/errors.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import type { Tool } from '#models/schema/enums.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { builtOnce, db } from '#models/core/db.server.ts'
import { customers, type Language, memberships, users } from '#models/schema/index.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { mayOwnMembership, ownableMembership, rightsOf } from './users.server.ts'

export async function getActiveCustomer(access: CustomerAccess) {
  const customer = await db().query.customers.findFirst({ where: eq(customers.id, access.customer.id) })
  if (!customer) throw new Error('active customer vanished')
  const contactId = customer.contactId
  const contact = contactId
    ? await withCustomer(access, (tx) =>
        tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
          .from(users)
          .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.customerId, customer.id)))
          .where(eq(users.id, contactId))
          .then((r) => r[0] ?? null),
      )
    : null
  return { customer, contact }
}

/** Can this membership own a risk (tool risk) or an ICS process (tool iks)? Read or more opens the whole entry. */
function mayOwn(m: typeof memberships.$inferSelect, tool: Tool) {
  return hasRole(rightsOf(m)[tool], 'read')
}

/**
 * The possible owners of a risk or an ICS process: active members with read or more on that tool,
 * neither auditors nor members whose membership ended (`keep`: the record's current owner stays
 * choosable whatever became of them, a disabled account or one without rights too, so saving the
 * record unchanged never drops its owner).
 */
export async function listToolOwners(access: CustomerAccess, tool: Tool, keep?: string | null) {
  const today = todayInZurich()
  const kept = keep && isUuid(keep) ? keep : null
  const rows = await withCustomer(access, (tx) =>
    tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, m: memberships })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(kept ? or(and(eq(users.state, 'active'), ownableMembership(today)), eq(users.id, kept)) : and(eq(users.state, 'active'), ownableMembership(today)))
      .orderBy(users.lastName, users.firstName),
  )
  return rows.filter(({ id, m }) => id === kept || mayOwn(m, tool)).map(({ m: _m, ...p }) => p)
}

/**
 * Whether this person may take something new (an owner, a contact, an approver): an active account
 * and a membership neither an auditor's nor ended. The record's `current` value may stay as it is.
 */
export async function mayTakeOn(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ state: users.state, m: memberships })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  return row ? row.state === 'active' && mayOwnMembership(row.m, todayInZurich()) : null
}

/** Refuses an owner of a risk or an ICS process who is not in listToolOwners; `current`, the owner it has, may stay. */
export async function checkToolOwner(tx: Executor, tool: Tool, userId: string, current?: string | null) {
  if (!isUuid(userId)) throw new DomainError('invalid', 'ownerUserId')
  if (userId === current) return
  const m = await tx.query.memberships.findFirst({ where: and(eq(memberships.userId, userId)) })
  if (!m) throw new DomainError('invalid', 'ownerUserId')
  if (!(await mayTakeOn(tx, userId))) throw new DomainError('invalid', 'ownerUserId', 'validation.ownerMayNotOwn')
  if (!mayOwn(m, tool)) throw new DomainError('invalid', 'ownerUserId', 'validation.ownerNoRights')
}

const activeMembers = builtOnce((database) =>
  database
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.state, 'active'))
    .orderBy(users.lastName, users.firstName)
    .prepare('active_members'),
)

/** Members of the active customer, for pickers (contact, owner, deputy); row-level security keeps to its memberships. */
export async function listCustomerMembers(access: CustomerAccess) {
  return withCustomer(access, (tx) => activeMembers(tx, {}))
}

/**
 * The choices for the fund's contact person: active members who may take something on (no auditor,
 * no ended membership), and the current contact, whatever became of them, so saving unchanged keeps them.
 */
export async function listContactChoices(access: CustomerAccess) {
  const today = todayInZurich()
  return withCustomer(access, async (tx) => {
    const [current] = await tx.select({ contactId: customers.contactId }).from(customers).where(eq(customers.id, access.customer.id))
    const ownable = and(eq(users.state, 'active'), ownableMembership(today))
    return tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(current?.contactId ? or(ownable, eq(users.id, current.contactId)) : ownable)
      .orderBy(users.lastName, users.firstName)
  })
}

export type CompanyInput = {
  address: string
  comment: string
  logoUrl: string | null
  language: Language
  contactId: string | null
  /** Every member needs the second factor (issue 12); left out, it stays as it is. */
  requireSecondFactor?: boolean
}

/** Company data of the active customer; only its admins may change it. */
export async function updateCompanyData(access: CustomerAccess, input: CompanyInput, version: number) {
  if (!permissionsOf(access).admin.access) throw new DomainError('forbidden')
  return withCustomer(access, async (tx) => {
    const before = await tx.query.customers.findFirst({ where: eq(customers.id, access.customer.id) })
    if (input.contactId && input.contactId !== before?.contactId) {
      // A new contact is a member who may take something on; the current one may stay.
      const may = isUuid(input.contactId) ? await mayTakeOn(tx, input.contactId) : null
      if (may === null) throw new DomainError('invalid', 'contactId')
      if (!may) throw new DomainError('invalid', 'contactId', 'validation.ownerMayNotOwn')
    }
    const [after] = await tx
      .update(customers)
      .set({ ...input, version: sql`${customers.version} + 1`, updatedAt: new Date() })
      .where(and(eq(customers.id, access.customer.id), eq(customers.version, version)))
      .returning()
    if (!after) throw new DomainError('stale')
    await writeAudit(tx, access, { component: 'customer', action: 'Updated', entityId: after.id, changes: diff(before ?? null, input) })
    return after
  })
}

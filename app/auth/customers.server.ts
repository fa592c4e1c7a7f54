import { and, eq, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import type { Executor } from '#models/core/db.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { permissionsOf, permissionsOfRights } from '#models/core/permissions.ts'
import { replaceLogo } from '#models/core/customer-logo.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import type { Tool } from '#models/schema/enums.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { builtOnce, db } from '#models/core/db.server.ts'
import { customers, type Language, memberships, users } from '#models/schema/index.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { choosableMember, mayOwnMembership, rightsOf } from './users.server.ts'
import { type MembershipWithRights, membershipWithRights } from '#models/core/rights.server.ts'

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
function mayOwn(m: MembershipWithRights, tool: Tool) {
  return permissionsOfRights(rightsOf(m)).tools[tool].read
}

/**
 * The possible owners of a risk or an ICS process: active members with read or more on that tool,
 * neither auditors nor members whose membership ended (`keep`: the record's current owner stays
 * choosable whatever became of them, a disabled account or one without rights too, so saving the
 * record unchanged never drops its owner).
 */
export async function listToolOwners(access: CustomerAccess, tool: Tool, keep?: string | null) {
  const kept = keep && isUuid(keep) ? keep : null
  const rows = await withCustomer(access, (tx) =>
    tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, m: membershipWithRights })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(choosableMember(todayInZurich(), kept))
      .orderBy(users.lastName, users.firstName),
  )
  return rows.filter(({ id, m }) => id === kept || mayOwn(m, tool)).map(({ m: _m, ...p }) => p)
}

/**
 * A member of the customer in scope as someone to give something new (an owner, a contact, an
 * approver), or null when not a member: `mayTakeOn` for an active account whose membership is neither
 * an auditor's nor ended, and the membership for the rights. The record's current value may stay as it is.
 */
export async function memberToTake(tx: Executor, userId: string) {
  if (!isUuid(userId)) return null
  const [row] = await tx
    .select({ state: users.state, m: membershipWithRights })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  return row ? { mayTakeOn: row.state === 'active' && mayOwnMembership(row.m, todayInZurich()), membership: row.m } : null
}

/** Refuses an owner of a risk or an ICS process who is not in listToolOwners; `current`, the owner it has, may stay. */
export async function checkToolOwner(tx: Executor, tool: Tool, userId: string, current?: string | null) {
  if (!isUuid(userId)) throw new DomainError('invalid', 'ownerUserId')
  if (userId === current) return
  const member = await memberToTake(tx, userId)
  if (!member) throw new DomainError('invalid', 'ownerUserId')
  if (!member.mayTakeOn) throw new DomainError('invalid', 'ownerUserId', 'validation.ownerMayNotOwn')
  if (!mayOwn(member.membership, tool)) throw new DomainError('invalid', 'ownerUserId', 'validation.ownerNoRights')
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
  return withCustomer(access, async (tx) => {
    const [current] = await tx.select({ contactId: customers.contactId }).from(customers).where(eq(customers.id, access.customer.id))
    return tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(choosableMember(todayInZurich(), current?.contactId))
      .orderBy(users.lastName, users.firstName)
  })
}

export type CompanyInput = {
  address: string
  comment: string
  /** The new logo's bytes, null to remove it; left out, it stays as it is. */
  logo?: Uint8Array | null
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
      const may = (await memberToTake(tx, input.contactId))?.mayTakeOn ?? null
      if (may === null) throw new DomainError('invalid', 'contactId')
      if (!may) throw new DomainError('invalid', 'contactId', 'validation.ownerMayNotOwn')
    }
    const { logo, ...fields } = input
    const set = { ...fields, logoVersion: logo === undefined ? (before?.logoVersion ?? null) : await replaceLogo(tx, access.customer.id, logo) }
    const [after] = await tx
      .update(customers)
      .set({ ...set, version: sql`${customers.version} + 1`, updatedAt: new Date() })
      .where(and(eq(customers.id, access.customer.id), eq(customers.version, version)))
      .returning()
    if (!after) throw new DomainError('stale')
    await writeAudit(tx, access, { component: 'customer', action: 'Updated', entityId: after.id, changes: diff(before ?? null, set) })
    return after
  })
}

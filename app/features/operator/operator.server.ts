import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import type { Access, Rights } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { Language } from '#models/core/constants.ts'
import { db } from '#models/core/db.server.ts'
import { asOperator } from '#models/core/scope.server.ts'
import { requireOperator } from '#models/core/permissions.ts'
import { readLogo, replaceLogo } from '#models/core/customer-logo.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { appUrl, renderTemplate, sendLater, sendMail } from '#models/core/mail.server.ts'
import { provisionCustomer } from '#models/reference/provision.server.ts'
import { customers, memberships, users } from '#models/schema/index.ts'
import { createPasswordResetToken, normalizeEmail, rightsOf } from '#app/auth/users.server.ts'
import { membershipWithRights, writeRights } from '#models/core/rights.server.ts'

/** The operator's screens: every function refuses anyone but a super admin. */

// Spelled out: in a one-table select Drizzle leaves column names unqualified, which a subquery would misread.
const memberCount = sql<number>`(select count(*)::int from memberships m where m.customer_id = customers.id)`

/** The first customers by name, and how many there are: the operator's dashboard, whatever their number. */
export async function listCustomersOverview(access: Access, limit = 20) {
  return asOperator(access, 'customers overview', async (tx) => {
    const rows = await tx
      .select({ id: customers.id, name: customers.name, language: customers.language, state: customers.state, members: memberCount })
      .from(customers)
      .orderBy(customers.name)
      .limit(limit)
    const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(customers)
    return { rows, total }
  })
}

/** A page of the customers by name, filtered by a search in name and address, and how many match. */
export async function listCustomers(access: Access, q: string | undefined, page: { limit: number; offset: number }) {
  const term = q ? likeTerm(q) : null
  const where = term ? or(ilike(customers.name, term), ilike(customers.address, term)) : undefined
  const [rows, [{ total }]] = await asOperator(access, 'customers list', (tx) =>
    Promise.all([
      tx
        .select({ id: customers.id, name: customers.name, language: customers.language, state: customers.state, members: memberCount })
        .from(customers)
        .where(where)
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(page.limit)
        .offset(page.offset),
      tx.select({ total: sql<number>`count(*)::int` }).from(customers).where(where),
    ]),
  )
  return { rows, total }
}

/** Every customer's id and name, for choosing whom a news item is for. */
export async function customerNames(access: Access) {
  return asOperator(access, 'customer names', (tx) => tx.select({ id: customers.id, name: customers.name }).from(customers).orderBy(asc(customers.name)))
}

export async function getCustomer(access: Access, id: string) {
  requireOperator(access)
  if (!isUuid(id)) return null
  return (await db().query.customers.findFirst({ where: eq(customers.id, id) })) ?? null
}

/** `logo`: the new logo's bytes, null to remove it; left out, it stays as it is. */
/** A fund's logo for the operator's customer form (null without one). */
export async function getCustomerLogo(access: Access, id: string) {
  requireOperator(access)
  if (!isUuid(id)) return null
  return asOperator(access, 'customers and accounts', (tx) => readLogo(tx, id))
}

export type CustomerInput = { name: string; state: 'active' | 'inactive'; address: string; comment: string; language: Language; logo?: Uint8Array | null }

/** A new pension fund, with its default risk levels and control matrix in its language. */
export async function createCustomer(access: Access, input: CustomerInput) {
  requireOperator(access)
  return asOperator(access, 'customers and accounts', async (tx) => {
    const clash = await tx.query.customers.findFirst({ where: sql`lower(${customers.name}) = lower(${input.name})` })
    if (clash) throw new DomainError('invalid', 'name', 'sadmin:customers.exists')
    const { logo, ...fields } = input
    const [created] = await tx.insert(customers).values(fields).returning()
    const logoVersion = logo ? await replaceLogo(tx, created.id, logo) : null
    const [row] = logoVersion ? await tx.update(customers).set({ logoVersion }).where(eq(customers.id, created.id)).returning() : [created]
    await provisionCustomer(tx, row.id, row.language)
    await writeAudit(tx, access, {
      component: 'customer',
      action: 'Created',
      entityId: row.id,
      customerId: row.id,
      changes: diff(null, { ...fields, logoVersion }),
    })
    return row
  })
}

export async function updateCustomer(access: Access, id: string, input: CustomerInput, version: number) {
  requireOperator(access)
  if (!isUuid(id)) throw new DomainError('not-found')
  return asOperator(access, 'customers and accounts', async (tx) => {
    const before = await lockVersioned(tx, customers, id, version)
    const clash = await tx.query.customers.findFirst({ where: and(sql`lower(${customers.name}) = lower(${input.name})`, sql`${customers.id} <> ${id}`) })
    if (clash) throw new DomainError('invalid', 'name', 'sadmin:customers.exists')
    const { logo, ...fields } = input
    const set = { ...fields, logoVersion: logo === undefined ? before.logoVersion : await replaceLogo(tx, id, logo) }
    return updateVersioned(tx, access, { table: customers, before, set, audit: { component: 'customer', customerId: id } })
  })
}

// ---------------------------------------------------------------- users

export async function listAllUsers(access: Access, q: string | undefined, page: { limit: number; offset: number }) {
  requireOperator(access)
  const term = q ? likeTerm(q) : null
  const where = term ? or(ilike(users.email, term), ilike(users.firstName, term), ilike(users.lastName, term)) : undefined
  // The users' memberships are rows of every customer: the operator's scope, not a bare query.
  const [rows, [{ count }]] = await asOperator(access, 'users list', (tx) =>
    Promise.all([
      tx
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          state: users.state,
          isSuperAdmin: users.isSuperAdmin,
          neverSignedIn: sql<boolean>`users.password_hash is null`,
          customers: sql<
            string | null
          >`(select string_agg(c.name, ', ' order by c.name) from memberships m join customers c on c.id = m.customer_id where m.user_id = users.id)`,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(page.limit)
        .offset(page.offset),
      tx.select({ count: sql<number>`count(*)::int` }).from(users).where(where),
    ]),
  )
  return { rows, total: count }
}

export async function getUserAccount(access: Access, id: string) {
  requireOperator(access)
  if (!isUuid(id)) return null
  return (await db().query.users.findFirst({ where: eq(users.id, id) })) ?? null
}

export type AccountInput = { email: string; firstName: string; lastName: string; language: Language; state: 'active' | 'disabled'; isSuperAdmin: boolean }

export async function createAccount(access: Access, input: AccountInput) {
  requireOperator(access)
  const email = normalizeEmail(input.email)
  const row = await asOperator(access, 'customers and accounts', async (tx) => {
    const clash = await tx.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` })
    if (clash) throw new DomainError('invalid', 'email', 'sadmin:users.emailTaken')
    const [created] = await tx
      .insert(users)
      .values({ ...input, email })
      .returning()
    await writeAudit(tx, access, { component: 'user', action: 'Created', entityId: created.id, customerId: null, changes: diff(null, { ...input, email }) })
    return created
  })
  sendLater('invitation', sendInvitation(row.email))
  return row
}

async function sendInvitation(email: string) {
  const token = await createPasswordResetToken(email, 24 * 60)
  if (!token) return
  const mail = await renderTemplate('welcome', token.user.language, {
    firstName: token.user.firstName,
    lastName: token.user.lastName,
    customer: 'Vorsorge RM',
    email: token.user.email,
    link: `${appUrl()}/pwdreset?token=${encodeURIComponent(token.token)}`,
    minutes: String(24 * 60),
  })
  await sendMail(token.user.email, mail)
}

/** Changes an account. Disabling it ends its sessions at once (the session lookup checks the state). */
export async function updateAccount(access: Access, id: string, input: AccountInput, version: number) {
  requireOperator(access)
  if (!isUuid(id)) throw new DomainError('not-found')
  if (id === access.user.id && (!input.isSuperAdmin || input.state !== 'active')) throw new DomainError('conflict', undefined, 'sadmin:users.notYourself')
  const email = normalizeEmail(input.email)
  return asOperator(access, 'customers and accounts', async (tx) => {
    const before = await lockVersioned(tx, users, id, version)
    const clash = await tx.query.users.findFirst({ where: and(sql`lower(${users.email}) = ${email}`, sql`${users.id} <> ${id}`) })
    if (clash) throw new DomainError('invalid', 'email', 'sadmin:users.emailTaken')
    const values = { ...input, email }
    await updateVersioned(tx, access, { table: users, before, set: values, audit: { component: 'user', customerId: null } })
  })
}

// ---------------------------------------------------------------- user mapper

/** A user's memberships in all customers, and the customers it could join. */
export async function userMap(access: Access, userId: string) {
  requireOperator(access)
  const rows = await asOperator(access, 'user map', (tx) =>
    tx
      .select({ m: membershipWithRights, c: customers })
      .from(customers)
      .leftJoin(memberships, and(eq(memberships.customerId, customers.id), eq(memberships.userId, userId)))
      .orderBy(asc(customers.name)),
  )
  return rows.map(({ m, c }) => ({
    customerId: c.id,
    customer: c.name,
    state: c.state,
    membership: m ? { id: m.id, rights: rightsOf(m), version: m.version, kind: m.kind, endsOn: m.endsOn } : null,
  }))
}

/**
 * Gives a user a membership in a customer, or changes its rights there. An auditor's membership keeps
 * its fixed rights (decision 0035): changing them is refused (409); the fund's admin sets its end date.
 */
export async function setMembership(access: Access, userId: string, customerId: string, rights: Rights) {
  requireOperator(access)
  if (!isUuid(userId) || !isUuid(customerId)) throw new DomainError('not-found')
  await asOperator(access, 'customers and accounts', async (tx) => {
    const user = await tx.query.users.findFirst({ where: eq(users.id, userId) })
    const customer = await tx.query.customers.findFirst({ where: eq(customers.id, customerId) })
    if (!user || !customer) throw new DomainError('not-found')
    const values = { riskEnabled: rights.risk.enabled, riskRole: rights.risk.role, iksEnabled: rights.iks.enabled, iksRole: rights.iks.role }
    const [before] = await tx
      .select(membershipWithRights)
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.customerId, customerId)))
      .for('update')
    if (!before) {
      const [row] = await tx.insert(memberships).values({ userId, customerId }).returning()
      await writeRights(tx, row!, rights)
      await writeAudit(tx, access, { component: 'membership', action: 'Created', entityId: row.id, customerId, changes: diff(null, { userId, ...values }) })
      return
    }
    if (before.kind === 'auditor') throw new DomainError('conflict', undefined, 'sadmin:users.auditorRights')
    const current = rightsOf(before)
    await writeRights(tx, before, rights)
    // The audit entry names the rights as before they were rows (riskRole, …): one history for both.
    const was = { riskEnabled: current.risk.enabled, riskRole: current.risk.role, iksEnabled: current.iks.enabled, iksRole: current.iks.role }
    await updateVersioned(tx, access, { table: memberships, before, set: {}, audit: { component: 'membership', customerId, changes: diff(was, values) } })
  })
}

export async function removeMembership(access: Access, userId: string, customerId: string) {
  requireOperator(access)
  if (!isUuid(userId) || !isUuid(customerId)) throw new DomainError('not-found')
  await asOperator(access, 'customers and accounts', async (tx) => {
    const [row] = await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.customerId, customerId)))
      .returning()
    if (!row) throw new DomainError('not-found')
    await writeAudit(tx, access, { component: 'membership', action: 'Deleted', entityId: row.id, customerId, changes: { userId: { from: userId, to: null } } })
  })
}

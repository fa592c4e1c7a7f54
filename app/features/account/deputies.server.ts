import { and, eq, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { CustomerAccess } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { db } from '#models/core/db.server.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { deputies, memberships, users } from '#models/schema/index.ts'

const deputyUser = alias(users, 'deputy_user')
const principalUser = alias(users, 'principal_user')

/** Who may act for the signed-in user in the active customer. */
export async function listMyDeputies(access: CustomerAccess) {
  return withCustomer(access, (tx) =>
    tx
      .select({
        id: deputies.id,
        active: deputies.active,
        user: { id: deputyUser.id, firstName: deputyUser.firstName, lastName: deputyUser.lastName, email: deputyUser.email },
      })
      .from(deputies)
      .innerJoin(deputyUser, eq(deputyUser.id, deputies.deputyUserId))
      .where(and(eq(deputies.userId, access.user.id)))
      .orderBy(deputyUser.lastName, deputyUser.firstName),
  )
}

/** For whom the signed-in user is deputy in the active customer. */
export async function listMyPrincipals(access: CustomerAccess) {
  return withCustomer(access, (tx) =>
    tx
      .select({
        id: deputies.id,
        active: deputies.active,
        user: { id: principalUser.id, firstName: principalUser.firstName, lastName: principalUser.lastName, email: principalUser.email },
        permId: memberships.id,
      })
      .from(deputies)
      .innerJoin(principalUser, eq(principalUser.id, deputies.userId))
      .innerJoin(memberships, and(eq(memberships.userId, deputies.userId), eq(memberships.customerId, deputies.customerId)))
      .where(and(eq(deputies.deputyUserId, access.user.id)))
      .orderBy(principalUser.lastName, principalUser.firstName),
  )
}

/** Members of the customer who could become the user's deputy. */
export async function listDeputyCandidates(access: CustomerAccess) {
  return withCustomer(access, (tx) =>
    tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(ne(users.id, access.user.id), eq(users.state, 'active')))
      .orderBy(users.lastName, users.firstName),
  )
}

export type DeputyOutcome = 'ok' | 'not-found' | 'exists'

export async function addDeputy(access: CustomerAccess, deputyUserId: string): Promise<DeputyOutcome> {
  const outcome = await insertDeputy(access, deputyUserId)
  if (outcome === 'ok') void tellDeputy(access, deputyUserId).catch((e: Error) => console.error('[mail] deputy notice failed:', e.message))
  return outcome
}

/** Tells the new deputy, in their language, for whom and where they may act. */
async function tellDeputy(access: CustomerAccess, deputyUserId: string) {
  const deputy = await db().query.users.findFirst({ where: eq(users.id, deputyUserId) })
  if (!deputy) return
  const mail = await renderTemplate('deputy-assigned', deputy.language, {
    firstName: deputy.firstName,
    lastName: deputy.lastName,
    principal: `${access.user.firstName} ${access.user.lastName}`,
    customer: access.customer.name,
    link: `${appUrl()}/app/user/cselector`,
  })
  await sendMail(deputy.email, mail)
}

async function insertDeputy(access: CustomerAccess, deputyUserId: string): Promise<DeputyOutcome> {
  return withCustomer(access, async (tx) => {
    const member = await tx.query.memberships.findFirst({
      where: and(eq(memberships.userId, deputyUserId)),
    })
    if (!member || deputyUserId === access.user.id) return 'not-found'
    const [row] = await tx
      .insert(deputies)
      .values({ customerId: access.customer.id, userId: access.user.id, deputyUserId, active: true })
      .onConflictDoNothing()
      .returning()
    if (!row) return 'exists'
    await writeAudit(tx, access, {
      component: 'deputy',
      action: 'Created',
      entityId: row.id,
      changes: { deputyUserId: { from: null, to: deputyUserId }, active: { from: null, to: true } },
    })
    return 'ok'
  })
}

export async function setDeputyActive(access: CustomerAccess, id: string, active: boolean): Promise<DeputyOutcome> {
  return withCustomer(access, async (tx) => {
    const where = and(eq(deputies.id, id), eq(deputies.userId, access.user.id))
    const before = await tx.query.deputies.findFirst({ where })
    if (!before) return 'not-found'
    if (before.active === active) return 'ok'
    await tx.update(deputies).set({ active, updatedAt: new Date() }).where(where)
    await writeAudit(tx, access, { component: 'deputy', action: 'Updated', entityId: id, changes: { active: { from: before.active, to: active } } })
    return 'ok'
  })
}

export async function removeDeputy(access: CustomerAccess, id: string): Promise<DeputyOutcome> {
  return withCustomer(access, async (tx) => {
    const [row] = await tx
      .delete(deputies)
      .where(and(eq(deputies.id, id), eq(deputies.userId, access.user.id)))
      .returning()
    if (!row) return 'not-found'
    await writeAudit(tx, access, { component: 'deputy', action: 'Deleted', entityId: id, changes: { deputyUserId: { from: row.deputyUserId, to: null } } })
    return 'ok'
  })
}

/** The user's deputies, in one customer or in all (for GET /api/users/getdeputies). */
export async function listDeputiesOfUser(userId: string, customerId: string | null) {
  // Keyed by the user, across the customers (the API answers for all of them).
  return asSystem('deputies of the signed-in user', (tx) =>
    tx
      .select({
        id: deputies.id,
        active: deputies.active,
        customerId: deputies.customerId,
        deputy: { id: deputyUser.id, firstName: deputyUser.firstName, lastName: deputyUser.lastName, email: deputyUser.email },
      })
      .from(deputies)
      .innerJoin(deputyUser, eq(deputyUser.id, deputies.deputyUserId))
      .where(customerId ? and(eq(deputies.userId, userId), eq(deputies.customerId, customerId)) : eq(deputies.userId, userId))
      .orderBy(deputyUser.lastName, deputyUser.firstName),
  )
}

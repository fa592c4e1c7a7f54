import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { isUuid } from '#models/core/sql-helpers.ts'
import { type AccessUser, type CustomerAccess, hasRole, isAdmin, NO_RIGHTS, type Rights } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { type Language, type Position, TOOLS, type Tool } from '#models/core/constants.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { appUrl, renderTemplate, sendMail } from '#models/core/mail.server.ts'
import { customers, invitations, measures, memberships, responsibleBodies, users } from '#models/schema/index.ts'
import { createPasswordResetToken, normalizeEmail, rightsOf } from '../account/users.server.ts'

/** A new account's link to set its first password is valid this long. */
export const WELCOME_TOKEN_MINUTES = 24 * 60

function requireAdminAccess(access: CustomerAccess) {
  if (!isAdmin(access.rights)) throw new DomainError('forbidden')
}

/** The tools whose rights this admin sets: only those they are admin of (an RM admin does not hand out ICS rights). */
export function manageableTools(access: CustomerAccess): Tool[] {
  return TOOLS.filter((tool) => hasRole(access.rights[tool], 'admin'))
}

/** The rights asked for on the tools the admin manages; the other tools keep what they had. */
function allowedRights(access: CustomerAccess, current: Rights, asked: Rights): Rights {
  const next = { ...current }
  for (const tool of manageableTools(access)) next[tool] = asked[tool]
  return next
}

/** The members of the admin's customer with their rights there. */
export async function listMembers(access: CustomerAccess) {
  requireAdminAccess(access)
  const rows = await db()
    .select({ m: memberships, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.customerId, access.customer.id))
    .orderBy(asc(users.lastName), asc(users.firstName))
  const members = rows.map(({ m, u }) => ({
    id: u.id,
    permId: m.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    position: u.position,
    language: u.language,
    state: u.state,
    neverSignedIn: u.passwordHash === null,
    rights: rightsOf(m),
    version: m.version,
  }))
  // Invitations look like a person invited with a new account: the address and what the admin
  // typed, shown as invited, never the account's own name, position or sign-in state.
  const invited = await db().select().from(invitations).where(eq(invitations.customerId, access.customer.id))
  const pending = invited.map((i) => ({
    id: i.id,
    permId: i.id,
    email: i.email,
    firstName: i.firstName,
    lastName: i.lastName,
    position: i.position,
    language: i.language,
    state: 'active' as const,
    neverSignedIn: true,
    rights: rightsOf(i),
    version: i.version,
  }))
  return [...members, ...pending].sort((a, b) => a.lastName.localeCompare(b.lastName, 'de') || a.firstName.localeCompare(b.firstName, 'de'))
}

export async function getMember(access: CustomerAccess, userId: string) {
  if (!isUuid(userId)) return null
  return (await listMembers(access)).find((m) => m.id === userId) ?? null
}

export type NewMemberInput = {
  email: string
  firstName: string
  lastName: string
  language: Language
  position: Position | null
  rights: Rights
}

/**
 * Adds a person to the admin's customer. A new address gets an account without password, the
 * membership and a welcome mail with a link to set one. An address that already has an account
 * (in another pension fund, or none) gets an invitation instead: the membership exists once the
 * person accepts, and until then the admin sees only the address and what they typed. The admin's
 * answer and view are the same either way (decision 0009).
 */
export async function addMember(access: CustomerAccess, input: NewMemberInput) {
  requireAdminAccess(access)
  const email = normalizeEmail(input.email)
  const rights = allowedRights(access, NO_RIGHTS, input.rights)
  const result = await db().transaction(async (tx) => {
    let user = await tx.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` })
    let created = false
    if (user) {
      const member = await tx.query.memberships.findFirst({ where: and(eq(memberships.userId, user.id), eq(memberships.customerId, access.customer.id)) })
      if (member) throw new DomainError('invalid', 'email', 'admin:users.alreadyMember')
      const [invitation] = await tx
        .insert(invitations)
        .values({
          customerId: access.customer.id,
          userId: user.id,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          position: input.position,
          language: input.language,
          invitedByUserId: access.user.id,
          ...rightColumns(rights),
        })
        .onConflictDoNothing()
        .returning()
      if (!invitation) throw new DomainError('invalid', 'email', 'admin:users.alreadyMember')
      await writeAudit(tx, access, {
        component: 'invitation',
        action: 'Created',
        entityId: invitation.id,
        changes: diff(null, { email, ...rightColumns(rights) }),
      })
      return { user, created, invitation }
    }
    ;[user] = await tx
      .insert(users)
      .values({ email, firstName: input.firstName, lastName: input.lastName, language: input.language, position: input.position })
      .returning()
    created = true
    await writeAudit(tx, access, {
      component: 'user',
      action: 'Created',
      entityId: user.id,
      changes: diff(null, { email, firstName: input.firstName, lastName: input.lastName, language: input.language, position: input.position }),
    })
    const [membership] = await tx
      .insert(memberships)
      .values({ userId: user.id, customerId: access.customer.id, ...rightColumns(rights) })
      .onConflictDoNothing()
      .returning()
    if (!membership) throw new DomainError('invalid', 'email', 'admin:users.alreadyMember')
    await writeAudit(tx, access, {
      component: 'membership',
      action: 'Created',
      entityId: membership.id,
      changes: diff(null, { userId: user.id, ...rightColumns(rights) }),
    })
    return { user, created, invitation: null }
  })
  if (result.created) {
    void sendWelcome(access, result.user.email).catch((e: Error) => console.error('[mail] welcome failed:', e.message))
  } else {
    void sendInvitation(access, result.user, input).catch((e: Error) => console.error('[mail] invitation failed:', e.message))
  }
  return result
}

async function sendInvitation(access: CustomerAccess, user: typeof users.$inferSelect, input: NewMemberInput) {
  // In the person's own language, addressed with the names the admin typed (the fund does not learn theirs).
  const mail = await renderTemplate('invitation', user.language, {
    firstName: input.firstName,
    lastName: input.lastName,
    customer: access.customer.name,
    email: user.email,
    link: `${appUrl()}/app/user/cselector`,
  })
  await sendMail(user.email, mail)
}

async function sendWelcome(access: CustomerAccess, email: string) {
  const token = await createPasswordResetToken(email, WELCOME_TOKEN_MINUTES)
  if (!token) return
  const { user } = token
  const mail = await renderTemplate('welcome', user.language, {
    firstName: user.firstName,
    lastName: user.lastName,
    customer: access.customer.name,
    email: user.email,
    link: `${appUrl()}/pwdreset?token=${encodeURIComponent(token.token)}`,
    hours: String(WELCOME_TOKEN_MINUTES / 60),
    minutes: String(WELCOME_TOKEN_MINUTES),
  })
  await sendMail(user.email, mail)
}

function rightColumns(r: Rights) {
  return { riskEnabled: r.risk.enabled, riskRole: r.risk.role, iksEnabled: r.iks.enabled, iksRole: r.iks.role }
}

/** Does the customer keep at least one admin if this membership gets these rights (or goes)? */
async function keepsAnAdmin(tx: Executor, customerId: string, permId: string, next: Rights | null) {
  if (next && isAdmin(next)) return true
  const others = await tx
    .select({ m: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.customerId, customerId), ne(memberships.id, permId), eq(users.state, 'active')))
  return others.some(({ m }) => isAdmin(rightsOf(m)))
}

/**
 * Sets a member's rights on the tools the admin manages. A deputy acting for an admin may manage
 * others but not their own membership: what they gave themselves would outlast the deputyship.
 */
export async function updateRights(access: CustomerAccess, userId: string, asked: Rights, version: number) {
  requireAdminAccess(access)
  if (!isUuid(userId)) throw new DomainError('not-found')
  if (access.actingFor && userId === access.user.id) throw new DomainError('conflict', undefined, 'admin:users.ownRightsAsDeputy')
  await db().transaction(async (tx) => {
    const invitation = await invitationOf(tx, access, userId)
    if (invitation) {
      if (invitation.version !== version) throw new DomainError('stale')
      const changes = rightColumns(allowedRights(access, rightsOf(invitation), asked))
      await tx
        .update(invitations)
        .set({ ...changes, version: sql`${invitations.version} + 1`, updatedAt: new Date() })
        .where(eq(invitations.id, invitation.id))
      await writeAudit(tx, access, { component: 'invitation', action: 'Updated', entityId: invitation.id, changes: diff(invitation, changes) })
      return
    }
    const where = and(eq(memberships.userId, userId), eq(memberships.customerId, access.customer.id))
    const [before] = await tx.select().from(memberships).where(where).for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    const rights = allowedRights(access, rightsOf(before), asked)
    if (!(await keepsAnAdmin(tx, access.customer.id, before.id, rights))) throw new DomainError('conflict', undefined, 'admin:users.lastAdmin')
    const changes = rightColumns(rights)
    await tx
      .update(memberships)
      .set({ ...changes, version: sql`${memberships.version} + 1`, updatedAt: new Date() })
      .where(where)
    await writeAudit(tx, access, { component: 'membership', action: 'Updated', entityId: before.id, changes: diff(before, changes) })
  })
}

/** Takes a person out of the customer; the account stays (it may belong to other pension funds). */
export async function removeMember(access: CustomerAccess, userId: string, version: number) {
  requireAdminAccess(access)
  if (!isUuid(userId)) throw new DomainError('not-found')
  await db().transaction(async (tx) => {
    const invitation = await invitationOf(tx, access, userId)
    if (invitation) {
      // Withdrawing an invitation: the person never joined.
      if (invitation.version !== version) throw new DomainError('stale')
      await tx.delete(invitations).where(eq(invitations.id, invitation.id))
      await writeAudit(tx, access, {
        component: 'invitation',
        action: 'Deleted',
        entityId: invitation.id,
        changes: { email: { from: invitation.email, to: null } },
      })
      return
    }
    const where = and(eq(memberships.userId, userId), eq(memberships.customerId, access.customer.id))
    const [before] = await tx.select().from(memberships).where(where).for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    const current = rightsOf(before)
    // Removing takes away every tool's rights: rights on a tool the admin does not manage stay that tool's admins' call.
    if (TOOLS.some((tool) => !manageableTools(access).includes(tool) && current[tool].enabled && current[tool].role !== 'none')) {
      throw new DomainError('conflict', undefined, 'admin:users.removeOtherTool')
    }
    if (!(await keepsAnAdmin(tx, access.customer.id, before.id, null))) throw new DomainError('conflict', undefined, 'admin:users.lastAdmin')
    await tx.delete(memberships).where(where)
    await writeAudit(tx, access, { component: 'membership', action: 'Deleted', entityId: before.id, changes: { userId: { from: userId, to: null } } })
  })
}

/** The customer's invitation with this id, locked for the change. */
async function invitationOf(tx: Executor, access: CustomerAccess, id: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.customerId, access.customer.id)))
    .for('update')
  return row ?? null
}

// ---------------------------------------------------------------- invitations, as the invited person sees them

/** The invitations waiting for this account, with the inviting fund and the rights offered. */
export async function listMyInvitations(user: AccessUser) {
  const rows = await db()
    .select({ i: invitations, customer: customers.name })
    .from(invitations)
    .innerJoin(customers, eq(customers.id, invitations.customerId))
    .where(and(eq(invitations.userId, user.id), eq(customers.state, 'active')))
    .orderBy(asc(customers.name))
  return rows.map(({ i, customer }) => ({ id: i.id, customer, rights: rightsOf(i) }))
}

/** Accepting creates the membership with the rights offered; declining only ends the invitation. */
export async function answerInvitation(user: AccessUser, id: string, accept: boolean) {
  if (!isUuid(id)) throw new DomainError('not-found')
  return db().transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.userId, user.id)))
      .for('update')
    if (!invitation) throw new DomainError('not-found')
    const access = { user, actingFor: null, customer: { id: invitation.customerId } }
    await tx.delete(invitations).where(eq(invitations.id, invitation.id))
    await writeAudit(tx, access, {
      component: 'invitation',
      action: 'Deleted',
      entityId: invitation.id,
      changes: { answer: { from: null, to: accept ? 'accepted' : 'declined' } },
    })
    if (!accept) return null
    const rights = rightColumns(rightsOf(invitation))
    const [membership] = await tx
      .insert(memberships)
      .values({ userId: user.id, customerId: invitation.customerId, ...rights })
      .onConflictDoNothing()
      .returning()
    if (membership) {
      await writeAudit(tx, access, { component: 'membership', action: 'Created', entityId: membership.id, changes: diff(null, { userId: user.id, ...rights }) })
    }
    return membership ?? null
  })
}

// ---------------------------------------------------------------- responsible bodies

export async function listBodies(access: CustomerAccess) {
  requireAdminAccess(access)
  return db()
    .select({
      id: responsibleBodies.id,
      name: responsibleBodies.name,
      version: responsibleBodies.version,
      // Qualified by hand: a one-table select leaves column names bare, which the subquery would misread.
      measureCount: sql<number>`(select count(*)::int from measures m where m.owner_body_id = responsible_bodies.id)`,
    })
    .from(responsibleBodies)
    .where(eq(responsibleBodies.customerId, access.customer.id))
    .orderBy(asc(responsibleBodies.name))
}

export async function saveBody(access: CustomerAccess, input: { id?: string; name: string; version?: number }) {
  requireAdminAccess(access)
  await db().transaction(async (tx) => {
    const clash = await tx.query.responsibleBodies.findFirst({
      where: and(eq(responsibleBodies.customerId, access.customer.id), sql`lower(${responsibleBodies.name}) = lower(${input.name})`),
    })
    if (clash && clash.id !== input.id) throw new DomainError('invalid', 'name', 'admin:bodies.exists')
    if (!input.id) {
      const [row] = await tx.insert(responsibleBodies).values({ customerId: access.customer.id, name: input.name }).returning()
      await writeAudit(tx, access, { component: 'responsibleBody', action: 'Created', entityId: row.id, changes: { name: { from: null, to: input.name } } })
      return
    }
    if (!isUuid(input.id)) throw new DomainError('not-found')
    const where = and(eq(responsibleBodies.id, input.id), eq(responsibleBodies.customerId, access.customer.id))
    const [before] = await tx.select().from(responsibleBodies).where(where).for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== input.version) throw new DomainError('stale')
    await tx
      .update(responsibleBodies)
      .set({ name: input.name, version: sql`${responsibleBodies.version} + 1`, updatedAt: new Date() })
      .where(where)
    await writeAudit(tx, access, { component: 'responsibleBody', action: 'Updated', entityId: input.id, changes: diff(before, { name: input.name }) })
  })
}

/** A body that still owns measures cannot go: those measures would lose their owner. */
export async function deleteBody(access: CustomerAccess, id: string) {
  requireAdminAccess(access)
  if (!isUuid(id)) throw new DomainError('not-found')
  await db().transaction(async (tx) => {
    const where = and(eq(responsibleBodies.id, id), eq(responsibleBodies.customerId, access.customer.id))
    const [before] = await tx.select().from(responsibleBodies).where(where).for('update')
    if (!before) throw new DomainError('not-found')
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(measures).where(eq(measures.ownerBodyId, id))
    if (n > 0) throw new DomainError('conflict', undefined, 'admin:bodies.inUse')
    await tx.delete(responsibleBodies).where(where)
    await writeAudit(tx, access, { component: 'responsibleBody', action: 'Deleted', entityId: id, changes: { name: { from: before.name, to: null } } })
  })
}

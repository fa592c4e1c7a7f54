import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { isUuid } from '#models/core/sql-helpers.ts'
import { type AccessUser, AUDITOR_RIGHTS, type CustomerAccess, NO_RIGHTS, type Rights } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { AUDITOR_DEFAULT_DAYS, type Language, type MembershipKind, type Position, TOOLS, type Tool } from '#models/core/constants.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import { appUrl, renderTemplate, sendLater, sendMail } from '#models/core/mail.server.ts'
import { customers, invitations, measures, memberships, responsibleBodies, users } from '#models/schema/index.ts'
import { createPasswordResetToken, normalizeEmail, offeredRights, rightsOf } from '#app/auth/users.server.ts'
import { membershipWithRights, writeRights } from '#models/core/rights.server.ts'

/** A new account's link to set its first password is valid this long. */
export const WELCOME_TOKEN_MINUTES = 24 * 60

export type NewMemberInput = {
  email: string
  firstName: string
  lastName: string
  language: Language
  position: Position | null
  /** A member's rights; an auditor has none to give (theirs are fixed): rights asked for an auditor are refused. */
  rights?: Rights
  /** An external auditor (issue 12): read everything, write nothing, until `endsOn`. Absent: a member. */
  kind?: MembershipKind
  /** The auditor's last day (YYYY-MM-DD, Zurich); refused for a member, whose access does not end. */
  endsOn?: string | null
}

/** The latest end date an auditor's access may have, from today: one year (decision 0035). */
const AUDITOR_MAX_DAYS = 365

/** The default end of a new auditor's access (today + AUDITOR_DEFAULT_DAYS, Zurich). */
export function defaultAuditorEnd(today = todayInZurich()) {
  return addDays(today, AUDITOR_DEFAULT_DAYS)
}

/** An auditor's end date: not in the past, not beyond a year from today; else a 400 on the field. */
function checkAuditorEnd(endsOn: string | null | undefined): string {
  const today = todayInZurich()
  if (!endsOn || endsOn < today || endsOn > addDays(today, AUDITOR_MAX_DAYS)) throw new DomainError('invalid', 'endsOn', 'admin:users.endsOnRange')
  return endsOn
}

/** Rights of a member other than the acting one, read from the same table. */
function permissionsOfMember(rights: Rights) {
  return permissionsOf({ user: NOBODY, rights })
}
const NOBODY = { id: '', email: '', firstName: '', lastName: '', language: 'de', isSuperAdmin: false } as const

/** The rights asked for on the tools the admin manages; the other tools keep what they had. */
function allowedRights(tools: readonly Tool[], current: Rights, asked: Rights): Rights {
  const next = { ...current }
  for (const tool of tools) next[tool] = asked[tool]
  return next
}

/** Does the customer keep at least one admin if this membership gets these rights (or goes)? */
async function keepsAnAdmin(tx: Tx, permId: string, next: Rights | null) {
  if (next && permissionsOfMember(next).admin.access) return true
  const others = await tx
    .select({ m: membershipWithRights })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(ne(memberships.id, permId), eq(users.state, 'active')))
  return others.some(({ m }) => permissionsOfMember(rightsOf(m)).admin.access)
}

/** The customer's invitation with this id, locked for the change. */
async function invitationOf(tx: Tx, id: string) {
  const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update')
  return row ?? null
}

/** The membership of this user in the acting customer, locked for the change. */
async function membershipOf(tx: Tx, userId: string) {
  const [row] = await tx.select(membershipWithRights).from(memberships).where(eq(memberships.userId, userId)).for('update')
  return row ?? null
}

/**
 * The fund's user management (members, invitations, responsible bodies), bound to the acting
 * admin: every operation runs inside `withCustomer(access, …)` and needs admin on RM or ICS.
 */
export const Admin = {
  for(access: CustomerAccess) {
    const { admin } = permissionsOf(access)
    /** Refused unless admin; then the customer's scope. */
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => {
      if (!admin.access) return Promise.reject(new DomainError('forbidden'))
      return withCustomer(access, fn)
    }

    async function listMembers() {
      const today = todayInZurich()
      return scoped(async (tx) => {
        const rows = await tx
          .select({ m: membershipWithRights, u: users })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
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
          loyaltyRead: m.loyaltyRead,
          invited: false,
          kind: m.kind,
          endsOn: m.endsOn,
          expired: m.endsOn !== null && m.endsOn < today,
          version: m.version,
        }))
        // Invitations look like a person invited with a new account: the address and what the admin
        // typed, shown as invited, never the account's own name, position or sign-in state.
        const invited = await tx.select().from(invitations)
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
          rights: offeredRights(i),
          loyaltyRead: false,
          invited: true,
          kind: i.kind,
          endsOn: i.endsOn,
          expired: i.endsOn !== null && i.endsOn < today,
          version: i.version,
        }))
        return [...members, ...pending].sort((a, b) => a.lastName.localeCompare(b.lastName, 'de') || a.firstName.localeCompare(b.firstName, 'de'))
      })
    }

    return {
      /** The tools whose rights this admin sets: only those they are admin of (an RM admin does not hand out ICS rights). */
      editableTools: admin.tools,

      /** The members of the admin's customer with their rights there, and the pending invitations. */
      members: listMembers,

      async member(userId: string) {
        if (!isUuid(userId)) return null
        return (await listMembers()).find((m) => m.id === userId) ?? null
      },

      /**
       * Adds a person to the admin's customer. A new address gets an account without password, the
       * membership and a welcome mail with a link to set one. An address that already has an account
       * (in another pension fund, or none) gets an invitation instead: the membership exists once the
       * person accepts, and until then the admin sees only the address and what they typed. The admin's
       * answer and view are the same either way (decision 0009).
       */
      async add(input: NewMemberInput) {
        if (!admin.access) throw new DomainError('forbidden')
        const email = normalizeEmail(input.email)
        const kind = input.kind ?? 'member'
        // An auditor's rights are fixed (read everywhere, decision 0035) and the access always ends; a
        // member's rights are chosen and the access does not end. Asking for the other kind's fields is
        // refused rather than dropped, so a crafted form cannot pass for what the admin meant.
        if (kind === 'auditor' && input.rights) throw new DomainError('invalid', undefined, 'admin:users.auditorNoRoles')
        if (kind === 'member' && input.endsOn) throw new DomainError('invalid', 'endsOn', 'admin:users.endsOnAuditorOnly')
        const endsOn = kind === 'auditor' ? checkAuditorEnd(input.endsOn) : null
        const rights = kind === 'auditor' ? AUDITOR_RIGHTS : allowedRights(admin.tools, NO_RIGHTS, input.rights ?? NO_RIGHTS)
        const term = kind === 'auditor' ? { kind, endsOn } : {}
        const result = await scoped(async (tx) => {
          let user = await tx.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` })
          let created = false
          if (user) {
            const member = await tx.query.memberships.findFirst({ where: eq(memberships.userId, user.id) })
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
                ...term,
              })
              .onConflictDoNothing()
              .returning()
            if (!invitation) throw new DomainError('invalid', 'email', 'admin:users.alreadyMember')
            await writeAudit(tx, access, {
              component: 'invitation',
              action: 'Created',
              entityId: invitation.id,
              changes: diff(null, { email, ...rightColumns(rights), ...term }),
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
            .values({ userId: user.id, customerId: access.customer.id, ...term })
            .onConflictDoNothing()
            .returning()
          if (!membership) throw new DomainError('invalid', 'email', 'admin:users.alreadyMember')
          await writeRights(tx, membership, rights)
          await writeAudit(tx, access, {
            component: 'membership',
            action: 'Created',
            entityId: membership.id,
            changes: diff(null, { userId: user.id, ...rightColumns(rights), ...term }),
          })
          return { user, created, invitation: null }
        })
        if (result.created) {
          sendLater('welcome', sendWelcome(access, result.user.email, endsOn))
        } else {
          sendLater('invitation', sendInvitation(access, result.user, input, endsOn))
        }
        return result
      },

      /**
       * Sets a member's rights on the tools the admin manages. A deputy acting for an admin may manage
       * others but not their own membership: what they gave themselves would outlast the deputyship.
       * `loyaltyRead` (issue 26) sets the loyalty read right of a membership (undefined: unchanged); an
       * invitation does not carry it (it is given once the membership exists).
       */
      async updateRights(userId: string, asked: Rights, version: number, loyaltyRead?: boolean) {
        if (!admin.access) throw new DomainError('forbidden')
        if (!isUuid(userId)) throw new DomainError('not-found')
        if (access.actingFor && userId === access.user.id) throw new DomainError('conflict', undefined, 'admin:users.ownRightsAsDeputy')
        await scoped(async (tx) => {
          const invitation = await invitationOf(tx, userId)
          if (invitation?.kind === 'auditor') throw new DomainError('conflict', undefined, 'admin:users.auditorRights')
          if (invitation) {
            if (invitation.version !== version) throw new DomainError('stale')
            const changes = rightColumns(allowedRights(admin.tools, offeredRights(invitation), asked))
            await updateVersioned(tx, access, { table: invitations, before: invitation, set: changes, audit: { component: 'invitation' } })
            return
          }
          const before = await membershipOf(tx, userId)
          if (!before) throw new DomainError('not-found')
          if (before.kind === 'auditor') throw new DomainError('conflict', undefined, 'admin:users.auditorRights')
          if (before.version !== version) throw new DomainError('stale')
          const rights = allowedRights(admin.tools, rightsOf(before), asked)
          if (!(await keepsAnAdmin(tx, before.id, rights))) throw new DomainError('conflict', undefined, 'admin:users.lastAdmin')
          const changes = rightColumns(rights)
          await writeRights(tx, before, rights)
          const loyalty = loyaltyRead === undefined ? before.loyaltyRead : loyaltyRead
          // The audit entry names the rights as before they were rows (riskRole, …): one history for both.
          await updateVersioned(tx, access, {
            table: memberships,
            before,
            set: { loyaltyRead: loyalty },
            audit: {
              component: 'membership',
              changes: diff({ ...rightColumns(rightsOf(before)), loyaltyRead: before.loyaltyRead }, { ...changes, loyaltyRead: loyalty }),
            },
          })
        })
      },

      /**
       * An auditor's end date (issue 12): a new day within the year, or `now`: the access ends today
       * (its last day becomes yesterday, so the next request is refused). Only for auditors.
       */
      async setAuditorEnd(userId: string, endsOn: string | 'now', version: number) {
        if (!admin.access) throw new DomainError('forbidden')
        if (!isUuid(userId)) throw new DomainError('not-found')
        const next = endsOn === 'now' ? addDays(todayInZurich(), -1) : checkAuditorEnd(endsOn)
        await scoped(async (tx) => {
          const invitation = await invitationOf(tx, userId)
          const row = invitation ?? (await membershipOf(tx, userId))
          if (!row) throw new DomainError('not-found')
          if (row.kind !== 'auditor') throw new DomainError('conflict', undefined, 'admin:users.notAuditor')
          if (row.version !== version) throw new DomainError('stale')
          if (row.endsOn === next) return
          const table = invitation ? invitations : memberships
          await tx
            .update(table)
            .set({ endsOn: next, version: sql`${table.version} + 1`, updatedAt: new Date() })
            .where(eq(table.id, row.id))
          await writeAudit(tx, access, {
            component: invitation ? 'invitation' : 'membership',
            action: 'Updated',
            entityId: row.id,
            changes: { endsOn: { from: row.endsOn, to: next } },
          })
        })
      },

      /** Takes a person out of the customer; the account stays (it may belong to other pension funds). */
      async remove(userId: string, version: number) {
        if (!admin.access) throw new DomainError('forbidden')
        if (!isUuid(userId)) throw new DomainError('not-found')
        await scoped(async (tx) => {
          const invitation = await invitationOf(tx, userId)
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
          const before = await membershipOf(tx, userId)
          if (!before) throw new DomainError('not-found')
          if (before.version !== version) throw new DomainError('stale')
          const current = rightsOf(before)
          // Removing takes away every tool's rights: rights on a tool the admin does not manage stay that tool's admins' call.
          if (TOOLS.some((tool) => !admin.tools.includes(tool) && current[tool].enabled && current[tool].role !== 'none')) {
            throw new DomainError('conflict', undefined, 'admin:users.removeOtherTool')
          }
          if (!(await keepsAnAdmin(tx, before.id, null))) throw new DomainError('conflict', undefined, 'admin:users.lastAdmin')
          await tx.delete(memberships).where(eq(memberships.id, before.id))
          await writeAudit(tx, access, { component: 'membership', action: 'Deleted', entityId: before.id, changes: { userId: { from: userId, to: null } } })
        })
      },

      // ------------------------------------------------------------ responsible bodies

      bodies() {
        return scoped((tx) =>
          tx
            .select({
              id: responsibleBodies.id,
              name: responsibleBodies.name,
              version: responsibleBodies.version,
              // Qualified by hand: a one-table select leaves column names bare, which the subquery would misread.
              measureCount: sql<number>`(select count(*)::int from measures m where m.owner_body_id = responsible_bodies.id)`,
            })
            .from(responsibleBodies)
            .orderBy(asc(responsibleBodies.name)),
        )
      },

      async saveBody(input: { id?: string; name: string; version?: number }) {
        await scoped(async (tx) => {
          const clash = await tx.query.responsibleBodies.findFirst({ where: sql`lower(${responsibleBodies.name}) = lower(${input.name})` })
          if (clash && clash.id !== input.id) throw new DomainError('invalid', 'name', 'admin:bodies.exists')
          if (!input.id) {
            const [row] = await tx.insert(responsibleBodies).values({ customerId: access.customer.id, name: input.name }).returning()
            await writeAudit(tx, access, {
              component: 'responsibleBody',
              action: 'Created',
              entityId: row.id,
              changes: { name: { from: null, to: input.name } },
            })
            return
          }
          const before = await lockVersioned(tx, responsibleBodies, input.id, input.version)
          await updateVersioned(tx, access, { table: responsibleBodies, before, set: { name: input.name }, audit: { component: 'responsibleBody' } })
        })
      },

      /** A body that still owns measures cannot go: those measures would lose their owner. */
      async deleteBody(id: string) {
        if (!admin.access) throw new DomainError('forbidden')
        if (!isUuid(id)) throw new DomainError('not-found')
        await scoped(async (tx) => {
          const [before] = await tx.select().from(responsibleBodies).where(eq(responsibleBodies.id, id)).for('update')
          if (!before) throw new DomainError('not-found')
          const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(measures).where(eq(measures.ownerBodyId, id))
          if (n > 0) throw new DomainError('conflict', undefined, 'admin:bodies.inUse')
          await tx.delete(responsibleBodies).where(eq(responsibleBodies.id, id))
          await writeAudit(tx, access, { component: 'responsibleBody', action: 'Deleted', entityId: id, changes: { name: { from: before.name, to: null } } })
        })
      },
    }
  },
}

/**
 * An auditor's mails are templates of their own (issue 22): they say the access is read-only and name
 * its last day (`endsOn`, YYYY-MM-DD; null for a member).
 */
async function sendInvitation(access: CustomerAccess, user: typeof users.$inferSelect, input: NewMemberInput, endsOn: string | null) {
  // In the person's own language, addressed with the names the admin typed (the fund does not learn theirs).
  const mail = await renderTemplate(endsOn ? 'invitation-auditor' : 'invitation', user.language, {
    firstName: input.firstName,
    lastName: input.lastName,
    customer: access.customer.name,
    email: user.email,
    link: `${appUrl()}/app/user/cselector`,
    endsOn: formatDate(endsOn),
  })
  await sendMail(user.email, mail)
}

async function sendWelcome(access: CustomerAccess, email: string, endsOn: string | null) {
  const token = await createPasswordResetToken(email, WELCOME_TOKEN_MINUTES)
  if (!token) return
  const { user } = token
  const mail = await renderTemplate(endsOn ? 'welcome-auditor' : 'welcome', user.language, {
    endsOn: formatDate(endsOn),
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

// ---------------------------------------------------------------- invitations, as the invited person sees them

/** The invitations waiting for this account, with the inviting fund and the rights offered. */
export async function listMyInvitations(user: AccessUser, onlyCustomerId?: string | null) {
  // A session of one fund's provider answers only that fund's invitations (null: none).
  if (onlyCustomerId === null) return []
  // Across customers by nature: the account is not a member of the inviting fund yet.
  const rows = await asSystem('invitations of the signed-in account', (tx) =>
    tx
      .select({ i: invitations, customer: customers.name })
      .from(invitations)
      .innerJoin(customers, eq(customers.id, invitations.customerId))
      .where(and(eq(invitations.userId, user.id), eq(customers.state, 'active'), onlyCustomerId ? eq(invitations.customerId, onlyCustomerId) : undefined))
      .orderBy(asc(customers.name)),
  )
  return rows.map(({ i, customer }) => ({ id: i.id, customer, rights: offeredRights(i) }))
}

/** Accepting creates the membership with the rights offered; declining only ends the invitation. */
export async function answerInvitation(user: AccessUser, id: string, accept: boolean, onlyCustomerId?: string | null) {
  if (!isUuid(id) || onlyCustomerId === null) throw new DomainError('not-found')
  return asSystem('answering an invitation', async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.userId, user.id), onlyCustomerId ? eq(invitations.customerId, onlyCustomerId) : undefined))
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
    // An auditor's invitation makes an auditor's membership with its end date; an ended one makes none.
    if (invitation.kind === 'auditor' && (!invitation.endsOn || invitation.endsOn < todayInZurich())) return null
    const offered = offeredRights(invitation)
    const rights = { ...rightColumns(offered), kind: invitation.kind, endsOn: invitation.endsOn }
    const [membership] = await tx
      .insert(memberships)
      .values({ userId: user.id, customerId: invitation.customerId, kind: invitation.kind, endsOn: invitation.endsOn })
      .onConflictDoNothing()
      .returning()
    if (membership) {
      await writeRights(tx, membership, offered)
      await writeAudit(tx, access, { component: 'membership', action: 'Created', entityId: membership.id, changes: diff(null, { userId: user.id, ...rights }) })
    }
    return membership ?? null
  })
}

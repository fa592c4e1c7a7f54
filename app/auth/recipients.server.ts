import { and, eq } from 'drizzle-orm'
import type { Language } from '#models/core/constants.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { memberships, users } from '#models/schema/index.ts'
import { ownableMembership, rightsOf } from './users.server.ts'

/** Whom a reminder or an escalation mail goes to, in their own language. */
export type Recipient = { email: string; firstName: string; lastName: string; language: Language }

/**
 * The fund's members whose rights pass `may` (the RM admins, the ICS admins, any admin …): active, able
 * to take something on, with reminders on. Read as the system (the jobs run outside any session).
 */
export async function membersWho(customerId: string, today: string, reason: string, may: (p: Permissions) => boolean): Promise<Recipient[]> {
  const rows = await asSystem(reason, (tx) =>
    tx
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        language: users.language,
        isSuperAdmin: users.isSuperAdmin,
        membership: membershipWithRights,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.customerId, customerId), eq(users.state, 'active'), eq(users.remindersEnabled, true), ownableMembership(today))),
  )
  return rows
    .filter((a) => may(permissionsOf({ user: { isSuperAdmin: a.isSuperAdmin } as never, rights: rightsOf(a.membership) })))
    .map(({ email, firstName, lastName, language }) => ({ email, firstName, lastName, language }))
}

/** One member of the fund (a record's owner) while active and able to take something on, with their reminders switch. */
export async function activeMember(
  customerId: string,
  userId: string | null,
  today: string,
  reason: string,
): Promise<(Recipient & { remindersEnabled: boolean }) | null> {
  if (!userId) return null
  const [row] = await asSystem(reason, (tx) =>
    tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language, remindersEnabled: users.remindersEnabled })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.customerId, customerId), eq(users.id, userId), eq(users.state, 'active'), ownableMembership(today))),
  )
  return row ?? null
}

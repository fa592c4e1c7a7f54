import { hash } from '@node-rs/argon2'
import { commitSessionToken } from '../../app/auth/cookies.server.ts'
import { createSession } from '../../app/auth/sessions.server.ts'
import { type Access, type AccessUser, type CustomerAccess, NO_RIGHTS, type Rights } from '../../models/core/access.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { deputies, memberships, type Role, users } from '../../models/schema/index.ts'
import { type Customer, type CustomerRef, customerId, loadCustomer } from './customers.ts'
import { applyTraits, tag } from './traits.ts'
import { seal } from '../../models/core/seal.server.ts'
import { membershipWithRights, rightsFromJson, writeRights } from '../../models/core/rights.server.ts'
import { and, eq } from 'drizzle-orm'

export const TEST_PASSWORD = 'Test-Passw0rd'
let passwordHash: Promise<string> | null = null

export type User = typeof users.$inferSelect
export type Membership = typeof memberships.$inferSelect
type NewUser = Partial<typeof users.$inferInsert>
type NewMembership = Partial<Pick<typeof memberships.$inferInsert, 'kind' | 'endsOn' | 'loyaltyRead'>>
type Right = { enabled: boolean; role: Role }

/** A tool right: `right('write')`, or `right('read', false)` for a role on a disabled tool. */
export const right = (role: Role, enabled = true): Right => ({ enabled, role })

const USER_TRAITS = {
  german: { language: 'de' },
  french: { language: 'fr' },
  english: { language: 'en' },
  'super-admin': { isSuperAdmin: true },
  disabled: { state: 'disabled' },
  /** Invited, never signed in: no password yet. */
  'no-password': { passwordHash: null },
  'no-reminders': { remindersEnabled: false },
} satisfies Record<string, NewUser>
export type UserTrait = keyof typeof USER_TRAITS

/** How an account signs in, beside its columns: a password other than TEST_PASSWORD, the second factor on with a secret. */
type SignInAttributes = {
  password?: string
  /** The second factor is on with this (base32) secret, sealed as the app keeps it (SECRET_KEY). */
  totpSecret?: string
}

/** An account (no membership, no session) that signs in with TEST_PASSWORD, or with `password`. */
export async function userFactory(opts: { traits?: UserTrait[]; attributes?: NewUser } & SignInAttributes = {}): Promise<User> {
  passwordHash ??= hash(TEST_PASSWORD)
  const values = {
    email: `user-${tag(4)}@example.test`,
    passwordHash: opts.password === undefined ? await passwordHash : await hash(opts.password),
    ...(opts.totpSecret === undefined ? {} : { totpSecret: seal(opts.totpSecret), totpEnabledAt: new Date() }),
    firstName: 'Test',
    // Never only hex digits: a test may look for the name in a page full of ids.
    lastName: `Muster-${tag(2)}`,
    language: 'de' as const,
    ...applyTraits(USER_TRAITS, opts.traits),
    ...opts.attributes,
  }
  const [user] = await asSystem('test factory: user', (tx) => tx.insert(users).values(values).returning())
  return user
}

/** A signed-in browser: the Cookie header of a fresh session. */
export async function sessionCookie(userId: string, permId: string | null = null, actingForUserId: string | null = null) {
  const token = await createSession(userId, permId, actingForUserId)
  const setCookie = await commitSessionToken(token)
  return { cookie: setCookie.split(';')[0], token }
}

function accessUser(user: User): AccessUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, language: user.language, isSuperAdmin: user.isSuperAdmin }
}

const both = (role: Role): Partial<Rights> => ({ risk: right(role), iks: right(role) })
const MEMBER_TRAITS = {
  'risk-dsg': { rights: { risk: right('dsg') } },
  'risk-read': { rights: { risk: right('read') } },
  'risk-write': { rights: { risk: right('write') } },
  'risk-admin': { rights: { risk: right('admin') } },
  'ics-dsg': { rights: { iks: right('dsg') } },
  'ics-read': { rights: { iks: right('read') } },
  'ics-write': { rights: { iks: right('write') } },
  'ics-admin': { rights: { iks: right('admin') } },
  /** The data protection role on both tools. */
  dsg: { rights: both('dsg') },
  read: { rights: both('read') },
  write: { rights: both('write') },
  admin: { rights: both('admin') },
  /** A member with both tools disabled (the default). */
  norights: { rights: { risk: right('none', false), iks: right('none', false) } },
  german: { user: USER_TRAITS.german },
  french: { user: USER_TRAITS.french },
  english: { user: USER_TRAITS.english },
  'no-reminders': { user: USER_TRAITS['no-reminders'] },
  disabled: { user: USER_TRAITS.disabled },
  'super-admin': { user: USER_TRAITS['super-admin'] },
  /** An active deputy of `deputyOf` (or of a new writer of the same customer). */
  deputy: {},
  /** A deputy whose session acts for the principal, with the principal's rights. */
  acting: {},
  /** Member, but not signed in: no session, empty cookie. */
  'signed-out': {},
} satisfies Record<string, { rights?: Partial<Rights>; user?: NewUser }>
export type MemberTrait = keyof typeof MEMBER_TRAITS

/** Whom a deputy stands in for: a member (`acting` needs its access), or at least its user. */
type Principal = { user: { id: string }; access?: CustomerAccess }

export type Member = {
  user: User
  customer: Customer
  membership: Membership
  /** The same membership as a list, as createUser returned it. */
  memberships: Membership[]
  permId: string
  rights: Rights
  /** What a service sees for this member (acting for the principal with `acting`). */
  access: CustomerAccess
  cookie: string
  token: string
  /** With `deputy` or `acting`: whom the member stands in for, and the deputyship row. */
  principal?: Principal
  deputyship?: typeof deputies.$inferSelect
}

/**
 * A member of a customer with the rights its traits give, signed in on that customer:
 * `memberFactory({ customer, traits: ['risk-write', 'ics-read'] })`. Rights not named are
 * disabled; `attributes.rights` sets one exactly (`{ risk: right('read', false) }`).
 */
export async function memberFactory(
  opts: {
    customer: CustomerRef
    traits?: MemberTrait[]
    /** `membership` sets the kind and term (`{ kind: 'auditor', endsOn }`). */
    attributes?: { user?: NewUser; membership?: NewMembership; rights?: Partial<Rights> }
    /** With the `deputy` or `acting` trait: the principal. */
    deputyOf?: Principal
  } & SignInAttributes,
): Promise<Member> {
  const traits = opts.traits ?? []
  const customer = await loadCustomer(opts.customer)
  const rights: Rights = { risk: right('none', false), iks: right('none', false) }
  const userAttributes: NewUser = {}
  for (const trait of traits) {
    const t = MEMBER_TRAITS[trait] as { rights?: Partial<Rights>; user?: NewUser } | undefined
    if (!t) throw new Error(`unknown member trait "${trait}"`)
    Object.assign(rights, t.rights)
    Object.assign(userAttributes, t.user)
  }
  Object.assign(rights, opts.attributes?.rights)
  const user = await userFactory({ attributes: { ...userAttributes, ...opts.attributes?.user }, password: opts.password, totpSecret: opts.totpSecret })
  const [membership] = await asSystem('test factory: membership', async (tx) => {
    const rows = await tx
      .insert(memberships)
      .values({ userId: user.id, customerId: customer.id, ...opts.attributes?.membership })
      .returning()
    await writeRights(tx, rows[0]!, rights)
    return rows
  })
  let principal: Principal | undefined
  let deputyship: Member['deputyship']
  const acting = traits.includes('acting')
  if (acting || traits.includes('deputy')) {
    principal = opts.deputyOf ?? (await memberFactory({ customer, traits: ['write', 'signed-out'] }))
    deputyship = await deputyFactory({ customer, principal: principal.user, deputy: user })
  }
  const self: CustomerAccess = {
    user: accessUser(user),
    actingFor: null,
    customer: { id: customer.id, name: customer.name, logoVersion: customer.logoVersion, language: customer.language },
    permId: membership.id,
    rights,
    // The loyalty read right (issue 26), as the session reads it from the membership.
    ...(membership.loyaltyRead ? { loyaltyRead: true } : {}),
  }
  if (acting && !principal?.access) throw new Error('an acting deputy needs the principal’s access')
  const access: CustomerAccess = acting && principal?.access ? { ...principal.access, user: self.user, actingFor: principal.access.user } : self
  const session = traits.includes('signed-out')
    ? { cookie: '', token: '' }
    : await sessionCookie(user.id, access.permId, acting && principal ? principal.user.id : null)
  return { user, customer, membership, memberships: [membership], permId: membership.id, rights, access, ...session, principal, deputyship }
}

/** The super admin (operator), signed in, with no customer. */
export async function operatorFactory(opts: { attributes?: NewUser } = {}) {
  const user = await userFactory({ traits: ['super-admin'], attributes: opts.attributes })
  const access: Access = {
    user: accessUser(user),
    actingFor: null,
    customer: null,
    permId: null,
    rights: { risk: right('none', false), iks: right('none', false) },
  }
  return { user, access, ...(await sessionCookie(user.id)) }
}

const DEPUTY_TRAITS = { active: { active: true }, inactive: { active: false } } satisfies Record<string, { active: boolean }>

type DeputyTerm = Partial<Pick<typeof deputies.$inferInsert, 'startsOn' | 'endsOn'>>

/** `deputy` may act for `principal` in `customer` (active unless the trait says `inactive`; `attributes` set its dates). */
export async function deputyFactory(opts: {
  customer: CustomerRef
  principal: { id: string }
  deputy: { id: string }
  traits?: (keyof typeof DEPUTY_TRAITS)[]
  attributes?: DeputyTerm
}) {
  const [row] = await asSystem('test factory: deputy', (tx) =>
    tx
      .insert(deputies)
      .values({
        customerId: customerId(opts.customer),
        userId: opts.principal.id,
        deputyUserId: opts.deputy.id,
        ...applyTraits(DEPUTY_TRAITS, opts.traits),
        ...opts.attributes,
      })
      .returning(),
  )
  return row
}

/** Moves a deputyship's dates, as if it had been planned so (a test's clock). */
export async function setDeputyTerm(id: string, term: DeputyTerm) {
  await asSystem('test: deputy term', (tx) => tx.update(deputies).set(term).where(eq(deputies.id, id)))
}

/** Changes an account's columns, and its password or second factor, as a step of the app would have left them. */
export async function updateUser(where: { id: string } | { email: string }, attributes: NewUser & SignInAttributes) {
  const { password, totpSecret, ...columns } = attributes
  const values: NewUser = {
    ...columns,
    ...(password === undefined ? {} : { passwordHash: await hash(password) }),
    ...(totpSecret === undefined ? {} : { totpSecret: seal(totpSecret), totpEnabledAt: new Date() }),
  }
  await asSystem('test: user', (tx) =>
    tx
      .update(users)
      .set(values)
      .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email)),
  )
}

/** Changes the kind or term of a user's memberships (`{ endsOn: addDays(todayInZurich(), -1) }`: the access has ended). */
export async function setMembershipTerm(where: { userId: string } | { email: string }, values: NewMembership) {
  await asSystem('test: membership term', async (tx) => {
    const userId = 'userId' in where ? where.userId : (await tx.select({ id: users.id }).from(users).where(eq(users.email, where.email)))[0]?.id
    if (!userId) throw new Error('no such user')
    await tx.update(memberships).set(values).where(eq(memberships.userId, userId))
  })
}

/**
 * The former helper: an account with any number of memberships, no session. Prefer
 * memberFactory for one membership and userFactory for none.
 */
export async function createUser(
  opts: {
    email?: string
    isSuperAdmin?: boolean
    language?: 'de' | 'fr' | 'en'
    state?: 'active' | 'disabled'
    memberships?: { customerId: string; risk?: Right; iks?: Right }[]
  } = {},
) {
  const user = await userFactory({
    attributes: {
      ...(opts.email ? { email: opts.email } : {}),
      isSuperAdmin: opts.isSuperAdmin ?? false,
      language: opts.language ?? 'de',
      state: opts.state ?? 'active',
    },
  })
  const perms: Membership[] = []
  for (const m of opts.memberships ?? []) {
    const [row] = await asSystem('test factory: membership', async (tx) => {
      const rows = await tx.insert(memberships).values({ userId: user.id, customerId: m.customerId }).returning()
      await writeRights(tx, rows[0]!, { risk: m.risk ?? NO_RIGHTS.risk, iks: m.iks ?? NO_RIGHTS.iks })
      return rows
    })
    perms.push(row)
  }
  return { user, memberships: perms }
}

type ToolRightColumns = { riskEnabled?: boolean; riskRole?: Role; iksEnabled?: boolean; iksRole?: Role }

/**
 * A membership written directly (tests that need one beside the factory's), its rights in the names
 * they had as columns (`riskEnabled`, `riskRole`, …); written as rows (decision 0057).
 */
export async function insertMembership(values: { userId: string; customerId: string } & ToolRightColumns) {
  return asSystem('test: membership', async (tx) => {
    const [row] = await tx.insert(memberships).values({ userId: values.userId, customerId: values.customerId }).returning()
    await writeRights(tx, row!, rightsOfColumns(values))
    return row!
  })
}

/** Changes the stored rights of memberships (a tool left out keeps its right). */
export async function setMembershipRights(where: { id: string } | { userId: string }, values: ToolRightColumns) {
  await asSystem('test: membership rights', async (tx) => {
    const rows = await tx
      .select(membershipWithRights)
      .from(memberships)
      .where('id' in where ? eq(memberships.id, where.id) : eq(memberships.userId, where.userId))
    for (const m of rows) {
      const current = rightsFromJson(m.toolRights)
      await writeRights(tx, m, {
        risk: { enabled: values.riskEnabled ?? current.risk.enabled, role: values.riskRole ?? current.risk.role },
        iks: { enabled: values.iksEnabled ?? current.iks.enabled, role: values.iksRole ?? current.iks.role },
      })
    }
  })
}

/** A stored membership with its rights in the names they had as columns, for assertions on what was written. */
export async function membershipRow(where: { id: string } | { userId: string; customerId?: string }) {
  const rows = await asSystem('test: membership', (tx) =>
    tx
      .select(membershipWithRights)
      .from(memberships)
      .where(
        'id' in where
          ? eq(memberships.id, where.id)
          : and(eq(memberships.userId, where.userId), where.customerId ? eq(memberships.customerId, where.customerId) : undefined),
      ),
  )
  return rows.map(({ toolRights, ...m }) => {
    const r = rightsFromJson(toolRights)
    return { ...m, riskEnabled: r.risk.enabled, riskRole: r.risk.role, iksEnabled: r.iks.enabled, iksRole: r.iks.role }
  })
}

function rightsOfColumns(v: ToolRightColumns): Rights {
  return { risk: { enabled: v.riskEnabled ?? false, role: v.riskRole ?? 'none' }, iks: { enabled: v.iksEnabled ?? false, role: v.iksRole ?? 'none' } }
}

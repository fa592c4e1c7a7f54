import { sql } from 'drizzle-orm'
import { boolean, customType, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { customerStateEnum, languageEnum, membershipKindEnum, positionEnum, signInMethodEnum, roleEnum, toolEnum, userStateEnum } from './enums.ts'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  state: customerStateEnum('state').notNull().default('active'),
  address: text('address').notNull().default(''),
  comment: text('comment').notNull().default(''),
  contactId: uuid('contact_id'),
  /** The uploaded logo's version (start of its sha256), part of its address; null without a logo (decision 0053). */
  logoVersion: text('logo_version'),
  language: languageEnum('language').notNull().default('de'),
  /** Every member must sign in with a second factor (set by the fund's admin; issue 12). */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  /** When the fund got its default risk levels and control matrix; null until then. */
  provisionedAt: timestamp('provisioned_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  ...timestamps,
})

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/**
 * The fund's logo, uploaded and kept by the product (decision 0053): a PNG or JPEG that the pages
 * show from this site's own address and the annual report draws on its cover. One per fund.
 */
export const customerLogos = pgTable('customer_logos', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  mediaType: text('media_type').notNull(),
  content: bytea('content').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    position: positionEnum('position'),
    functional: text('functional').notNull().default(''),
    language: languageEnum('language').notNull().default('de'),
    comment: text('comment').notNull().default(''),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    state: userStateEnum('state').notNull().default('active'),
    initialPermId: uuid('initial_perm_id'),
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /** The second factor (TOTP, RFC 6238): the confirmed secret, sealed (see second-factor.server.ts). */
    totpSecret: text('totp_secret'),
    /** A secret shown for setup and not yet confirmed with a first code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // The operator's users list reads its page in this order, whatever the number of users.
    index('users_name').on(t.lastName, t.firstName, t.id),
  ],
)

/** Rights per tool (SPEC.md §6), as an invitation offers them (a membership holds them as rows, `membershipToolRights`). */
const toolRights = () => ({
  riskEnabled: boolean('risk_enabled').notNull().default(false),
  riskRole: roleEnum('risk_role').notNull().default('none'),
  iksEnabled: boolean('iks_enabled').notNull().default(false),
  iksRole: roleEnum('iks_role').notNull().default('none'),
  ...membershipTerm(),
})

/** The kind and the term of a membership, as a membership holds them and an invitation offers them. */
const membershipTerm = () => ({
  /** A member of the fund, or an external auditor (read-only everywhere, until `endsOn`). */
  kind: membershipKindEnum('kind').notNull().default('member'),
  /** The last day the membership may be used (an auditor's always has one); null: no end. */
  endsOn: date('ends_on'),
})

/** A user's membership in a customer. Its id is the permId of SPEC.md §7. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ...membershipTerm(),
    /** The member reads the loyalty area (issue 26), granted by an admin beside the tool rights; auditors read it anyway. */
    loyaltyRead: boolean('loyalty_read').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_user_customer').on(t.userId, t.customerId),
    index('memberships_customer').on(t.customerId),
    // The target of the rights rows' foreign key (membership and customer together).
    unique('memberships_id_customer').on(t.id, t.customerId),
  ],
)

/**
 * A membership's right in one tool (SPEC.md §6, decision 0057): enabled and a role. One row per tool;
 * a tool without a row has no right. A new tool is a value of `toolEnum` and rows, not new columns.
 */
export const membershipToolRights = pgTable(
  'membership_tool_rights',
  {
    membershipId: uuid('membership_id').notNull(),
    /** The membership's customer: the tenant of the row-level security policy, held equal to the membership's by the foreign key. */
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tool: toolEnum('tool').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    role: roleEnum('role').notNull().default('none'),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.tool] }),
    index('membership_tool_rights_customer').on(t.customerId),
    // A right belongs to its membership's customer: a row naming another fund cannot exist.
    foreignKey({ columns: [t.membershipId, t.customerId], foreignColumns: [memberships.id, memberships.customerId] }).onDelete('cascade'),
  ],
)

/** deputyUserId may act on behalf of userId within customerId while active. */
export const deputies = pgTable(
  'deputies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deputyUserId: uuid('deputy_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** The first and the last day the deputy may act (Zurich days); null: from now on, without end. */
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    /** When the mails that the deputyship started and ended went out (each once, by the daily job). */
    startNoticeAt: timestamp('start_notice_at', { withTimezone: true }),
    endNoticeAt: timestamp('end_notice_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('deputies_unique').on(t.customerId, t.userId, t.deputyUserId), index('deputies_deputy').on(t.deputyUserId)],
)

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the random token held in the cookie */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the active membership (own, or the principal's when acting as deputy) */
    permId: uuid('perm_id').references(() => memberships.id, { onDelete: 'set null' }),
    actingForUserId: uuid('acting_for_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How the person proved who they are: password alone, password and second factor, or the fund's provider. */
    method: signInMethodEnum('method').notNull().default('password'),
    /** The fund whose identity provider signed the session in (method 'provider'): its requirement of a second factor is met there only. */
    providerCustomerId: uuid('provider_customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash').on(t.tokenHash)],
)

/**
 * Sign-in attempts per key (`login:<address>`, `client:<ip>`, `reset:<address>`) in a sliding
 * window. One row per key, counted with one atomic upsert before a password is checked, so
 * concurrent guesses cannot slip past the limit.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A fund admin's invitation of an address that already has an account (decision 0009): the
 * membership exists only once the person accepts. Until then the admin sees the address and the
 * name they typed, never the account's own data.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** As the admin typed them; the account's own names are not shown to the fund before it accepts. */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    position: positionEnum('position'),
    language: languageEnum('language').notNull().default('de'),
    ...toolRights(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('invitations_customer_user').on(t.customerId, t.userId), index('invitations_user').on(t.userId)],
)

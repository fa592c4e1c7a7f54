import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { customers, users } from './users.ts'

/** The second factor's one-time recovery codes (issue 12): only their hash is kept; each is good once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the code as shown, without its dash. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash').on(t.userId, t.codeHash)],
)

/**
 * The second step of a sign-in: the password was right, the code is still to come. The browser (a
 * cookie) or the API client (the response) holds the random token; only its hash is kept here.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    /** sha256 of the token */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectTo: text('redirect_to').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenges_user').on(t.userId)],
)

/**
 * A fund's own OpenID Connect provider (issue 12), set by the operator: its members whose e-mail is in
 * one of `allowedDomains` may sign in through it. Rights stay in the product.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Sealed like the second factor's secret; never shown again once saved. */
    clientSecret: text('client_secret').notNull(),
    /** Lower-case e-mail domains, e.g. {pk-example.ch}. */
    allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_providers_customer').on(t.customerId), index('identity_providers_domains').using('gin', t.allowedDomains)],
)

/**
 * A sign-in through a provider on its way (authorisation code flow with PKCE): what the callback must
 * find again. Keyed by the hash of `state`; used once, then deleted.
 */
export const oidcFlows = pgTable('oidc_flows', {
  /** sha256 of the state sent to the provider */
  id: text('id').primaryKey(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => identityProviders.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectTo: text('redirect_to').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

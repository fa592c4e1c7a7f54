import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { DECLARATION_CHANNELS, DECLARATION_STATES, type InterestKind, LOYALTY_FUNCTIONS, PERSON_CHANGE_KINDS } from '../core/constants.ts'
import { languageEnum } from './enums.ts'
import { councilDecisions } from './decisions.ts'
import { customers, users } from './users.ts'

/*
 * Loyalty and integrity (issue 26, decision 0066): the persons subject to the loyalty rules, the
 * yearly campaign of declarations (Art. 48l BVV 2) with its personal links and the supreme body's
 * review, legal transactions with related parties (Art. 51c BVG, Art. 48i BVV 2) and changes of
 * persons reported to the supervisor (Art. 48g para. 2 BVV 2). Every table is a tenant table.
 */

export const loyaltyFunctionEnum = pgEnum('loyalty_function', LOYALTY_FUNCTIONS)
export const declarationStateEnum = pgEnum('declaration_state', DECLARATION_STATES)
export const declarationChannelEnum = pgEnum('declaration_channel', DECLARATION_CHANNELS)
export const personChangeKindEnum = pgEnum('person_change_kind', PERSON_CHANGE_KINDS)

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

const customer = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' })

/** A person subject to the loyalty rules: a member of the product (linked to the account) or without an account. */
export const loyaltyPersons = pgTable(
  'loyalty_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    function: loyaltyFunctionEnum('function').notNull(),
    organisation: text('organisation').notNull().default(''),
    email: text('email').notNull(),
    language: languageEnum('language').notNull().default('de'),
    /** The account of a member; null for a person who declares through the link alone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromDate: date('from_date').notNull(),
    untilDate: date('until_date'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('loyalty_persons_id_customer').on(t.id, t.customerId),
    index('loyalty_persons_customer').on(t.customerId, t.lastName, t.firstName),
    index('loyalty_persons_user').on(t.userId).where(sql`${t.userId} is not null`),
    check('loyalty_persons_term', sql`${t.untilDate} is null or ${t.fromDate} <= ${t.untilDate}`),
    check('loyalty_persons_email', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
  ],
)

/** The year's campaign of declarations; the supreme body's review is recorded on it. */
export const loyaltyCampaigns = pgTable(
  'loyalty_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    year: integer('year').notNull(),
    dueDate: date('due_date').notNull(),
    openedByUserId: uuid('opened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** Closed: no more declarations, every personal link revoked. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The supreme body's review of the year's declarations (Art. 51b BVG): date, decision reference, names. */
    reviewedOn: date('reviewed_on'),
    reviewReference: text('review_reference').notNull().default(''),
    reviewNames: text('review_names').notNull().default(''),
    /** The council's decision of the review (issue 28, the register of decisions). */
    reviewDecisionId: uuid('review_decision_id'),
    reviewRecordedByUserId: uuid('review_recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('loyalty_campaigns_id_customer').on(t.id, t.customerId),
    uniqueIndex('loyalty_campaigns_customer_year').on(t.customerId, t.year),
    foreignKey({ columns: [t.reviewDecisionId, t.customerId], foreignColumns: [councilDecisions.id, councilDecisions.customerId] }).onDelete('no action'),
    index('loyalty_campaigns_review_decision').on(t.reviewDecisionId).where(sql`${t.reviewDecisionId} is not null`),
    check('loyalty_campaigns_year', sql`${t.year} between 2000 and 2100`),
    check('loyalty_campaigns_reviewed', sql`${t.reviewedOn} is null or (${t.reviewReference} <> '' and ${t.reviewNames} <> '')`),
  ],
)

/** A declared interest (a repeatable list). */
export type DeclaredInterest = { kind: InterestKind; organisation: string; description: string }
/** A pecuniary advantage received and what was handed over where (Art. 48k BVV 2). */
export type DeclaredAdvantage = { description: string; amount: string; handedOverTo: string }

/**
 * One person's declaration of one year. Declared (signed) and reviewed, it is frozen: migration 0040's
 * trigger refuses every change but the review itself and the resolution of the review's finding.
 */
export const loyaltyDeclarations = pgTable(
  'loyalty_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** The declaration's number, unique per customer (cited as LE-12). */
    number: integer('number').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    personId: uuid('person_id').notNull(),
    state: declarationStateEnum('state').notNull().default('requested'),
    /** The person's facts as of the request (the register may change later). */
    personName: text('person_name').notNull(),
    personFunction: loyaltyFunctionEnum('person_function').notNull(),
    interests: jsonb('interests').$type<DeclaredInterest[]>().notNull().default(sql`'[]'::jsonb`),
    /** No interests to declare (an explicit answer, not an empty list by oversight). */
    noInterests: boolean('no_interests').notNull().default(false),
    /** All pecuniary advantages were handed over to the fund (Art. 48k BVV 2). */
    advantagesConfirmed: boolean('advantages_confirmed').notNull().default(false),
    advantages: jsonb('advantages').$type<DeclaredAdvantage[]>().notNull().default(sql`'[]'::jsonb`),
    /** The rules on own-account dealings were kept (Art. 48j BVV 2). */
    ownAccountConfirmed: boolean('own_account_confirmed').notNull().default(false),
    remarks: text('remarks').notNull().default(''),
    /** The signature: the name typed by the person (or as on the paper), and when. */
    signedName: text('signed_name').notNull().default(''),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    channel: declarationChannelEnum('channel'),
    /** Who recorded it: the member, an admin for a paper declaration; null through the link. */
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The supreme body's remark on this declaration, and whether it is a finding to follow up. */
    reviewRemark: text('review_remark').notNull().default(''),
    reviewFinding: boolean('review_finding').notNull().default(false),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    findingResolvedOn: date('finding_resolved_on'),
    /** The last reminder sent, and how many. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    reminders: integer('reminders').notNull().default(0),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('loyalty_declarations_id_customer').on(t.id, t.customerId),
    uniqueIndex('loyalty_declarations_customer_number').on(t.customerId, t.number),
    uniqueIndex('loyalty_declarations_campaign_person').on(t.campaignId, t.personId),
    index('loyalty_declarations_customer_state').on(t.customerId, t.state),
    index('loyalty_declarations_person').on(t.personId),
    foreignKey({ columns: [t.campaignId, t.customerId], foreignColumns: [loyaltyCampaigns.id, loyaltyCampaigns.customerId] }).onDelete('cascade'),
    foreignKey({ columns: [t.personId, t.customerId], foreignColumns: [loyaltyPersons.id, loyaltyPersons.customerId] }).onDelete('restrict'),
    check(
      'loyalty_declarations_signed',
      sql`${t.state} = 'requested' or (${t.signedAt} is not null and ${t.signedName} <> '' and ${t.channel} is not null and ${t.advantagesConfirmed} and ${t.ownAccountConfirmed})`,
    ),
    check('loyalty_declarations_reviewed', sql`${t.state} <> 'reviewed' or ${t.reviewedAt} is not null`),
    check('loyalty_declarations_finding', sql`${t.findingResolvedOn} is null or ${t.reviewFinding}`),
  ],
)

/**
 * A personal, single-purpose link to one declaration: only the keyed hash of its secret is kept. It
 * expires, and is revoked when the campaign closes or a new one is sent.
 */
export const declarationTokens = pgTable(
  'declaration_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    declarationId: uuid('declaration_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('declaration_tokens_hash').on(t.tokenHash),
    index('declaration_tokens_customer').on(t.customerId),
    index('declaration_tokens_declaration').on(t.declarationId),
    foreignKey({ columns: [t.declarationId, t.customerId], foreignColumns: [loyaltyDeclarations.id, loyaltyDeclarations.customerId] }).onDelete('cascade'),
  ],
)

/** A legal transaction with a related party (Art. 51c BVG, Art. 48i BVV 2). */
export const relatedTransactions = pgTable(
  'related_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Cited as RG-4. */
    number: integer('number').notNull(),
    counterparty: text('counterparty').notNull(),
    /** The person the counterparty is related through, and how. */
    personId: uuid('person_id'),
    relation: text('relation').notNull().default(''),
    subject: text('subject').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    transactionDate: date('transaction_date').notNull(),
    significant: boolean('significant').notNull().default(false),
    /** The offers obtained and their comparison (the offers themselves are files). */
    offersComparison: text('offers_comparison').notNull().default(''),
    approver: text('approver').notNull().default(''),
    approvedOn: date('approved_on'),
    disclosedToAuditorOn: date('disclosed_to_auditor_on'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('related_transactions_id_customer').on(t.id, t.customerId),
    uniqueIndex('related_transactions_customer_number').on(t.customerId, t.number),
    index('related_transactions_customer_date').on(t.customerId, t.transactionDate),
    foreignKey({ columns: [t.personId, t.customerId], foreignColumns: [loyaltyPersons.id, loyaltyPersons.customerId] }).onDelete('restrict'),
    check('related_transactions_amount', sql`${t.amount} is null or ${t.amount} >= 0`),
  ],
)

/** A change among the persons (council, management, asset management) reported to the supervisor. */
export const personChanges = pgTable(
  'person_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customer(),
    /** Cited as PW-2. */
    number: integer('number').notNull(),
    personId: uuid('person_id'),
    kind: personChangeKindEnum('kind').notNull(),
    description: text('description').notNull(),
    effectiveOn: date('effective_on').notNull(),
    reportedOn: date('reported_on'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('person_changes_id_customer').on(t.id, t.customerId),
    uniqueIndex('person_changes_customer_number').on(t.customerId, t.number),
    index('person_changes_customer_effective').on(t.customerId, t.effectiveOn),
    foreignKey({ columns: [t.personId, t.customerId], foreignColumns: [loyaltyPersons.id, loyaltyPersons.customerId] }).onDelete('restrict'),
  ],
)

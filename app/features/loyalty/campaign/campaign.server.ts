import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import { type CustomerAccess, effectiveUserId } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { DECLARATION_REMINDER_DAYS, type Language, LOYALTY_FUNCTIONS, type LoyaltyFunction } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { addDays, formatDate, isIsoDate, todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { type DecisionInput, decisionById, decisionForApproval, decisionOptions } from '#models/core/decisions.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { appUrl, type RenderedMail, renderTemplate, sendLater, sendMail } from '#models/core/mail.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { customers, loyaltyCampaigns, loyaltyDeclarations, loyaltyPersons } from '#models/schema/index.ts'
import { activePersonsOn } from '../persons/face.server.ts'
import { issueDeclarationToken, revokeDeclarationTokens } from '../tokens.server.ts'

/*
 * The yearly campaign of loyalty declarations (issue 26, Art. 48l BVV 2, decision 0066): an admin opens
 * the year (one declaration per person subject to the rules, each asked for by mail in the person's
 * language), sends a link again, adds a person who joined later, closes the year (every personal link
 * revoked) and records the supreme body's review (declared declarations become reviewed, frozen by
 * migration 0040's trigger). Readers of the area see the overview. A daily job reminds before and after
 * the due date.
 *
 * Mails go out after the change commits (sendLater once the transaction returned): a refused change
 * sends nothing. A mail names a secret only once: the personal link's token is never stored in clear.
 */

export const CAMPAIGN_COMPONENT = 'loyaltyCampaign'
export const DECLARATION_COMPONENT = 'loyaltyDeclaration'

/** Days between two reminders after the due date. */
export const OVERDUE_REMINDER_EVERY_DAYS = 7

export type Campaign = typeof loyaltyCampaigns.$inferSelect
type Person = typeof loyaltyPersons.$inferSelect
type Declaration = typeof loyaltyDeclarations.$inferSelect

export type OpenInput = { year: number; dueDate?: string; personIds?: string[] }
/** The review rests on a council decision (chosen from the register or recorded with it); `names`: who reviewed. */
export type ReviewInput = {
  decision: DecisionInput
  names: string
  remarks: Record<string, { remark: string; finding: boolean }>
}

/** A mail prepared inside the transaction, sent once it committed. */
type Outgoing = {
  to: string
  language: Language
  key: LoyaltyMailKey
  values: Record<string, string>
}

export const LOYALTY_MAIL_KEYS = ['loyaltyDeclarationRequest', 'loyaltyDeclarationRequestMember', 'loyaltyReminderBefore', 'loyaltyReminderAfter'] as const
export type LoyaltyMailKey = (typeof LOYALTY_MAIL_KEYS)[number]

export function personalLink(token: string) {
  return `${appUrl()}/declaration/${token}`
}

export function memberLink(declarationId: string) {
  return `${appUrl()}/app/loyalty/declarations/${declarationId}`
}

function checkYear(year: number) {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new DomainError('invalid', 'year', 'loyalty:campaign.errors.year')
}

/** The request mail of one declaration: a new personal link for a person without an account, the app's link for a member. */
async function requestMail(
  tx: Executor,
  access: CustomerAccess,
  person: Pick<Person, 'firstName' | 'lastName' | 'email' | 'language' | 'userId'>,
  declaration: Pick<Declaration, 'id' | 'customerId'>,
  campaign: Pick<Campaign, 'year' | 'dueDate'>,
  keys: { link: LoyaltyMailKey; member: LoyaltyMailKey },
  createdByUserId: string | null,
): Promise<Outgoing> {
  const link = person.userId ? memberLink(declaration.id) : personalLink(await issueDeclarationToken(tx, declaration, createdByUserId))
  return {
    to: person.email,
    language: person.language,
    key: person.userId ? keys.member : keys.link,
    values: {
      firstName: person.firstName,
      lastName: person.lastName,
      customer: access.customer.name,
      year: String(campaign.year),
      dueDate: formatDate(campaign.dueDate),
      link,
    },
  }
}

async function send(mails: Outgoing[]) {
  for (const m of mails) {
    const rendered: RenderedMail = await renderTemplate(m.key, m.language, m.values)
    await sendMail(m.to, rendered)
  }
}

/** Each mail apart: one failing address does not keep the others back. */
function sendAfterCommit(what: string, mails: Outgoing[]) {
  for (const m of mails) sendLater(what, send([m]))
}

const REQUEST_KEYS = { link: 'loyaltyDeclarationRequest', member: 'loyaltyDeclarationRequestMember' } as const

async function campaignOf(tx: Tx, year: number, lock = false): Promise<Campaign> {
  checkYear(year)
  const q = tx.select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.year, year))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new DomainError('not-found')
  return row
}

async function insertDeclaration(tx: Tx, access: CustomerAccess, campaign: Campaign, person: Person): Promise<Declaration> {
  const number = await nextNumber(tx, access.customer.id, 'loyaltyDeclaration')
  const [row] = await tx
    .insert(loyaltyDeclarations)
    .values({
      customerId: access.customer.id,
      number,
      campaignId: campaign.id,
      personId: person.id,
      personName: `${person.firstName} ${person.lastName}`.trim(),
      personFunction: person.function,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new DomainError('conflict', 'personId', 'loyalty:campaign.errors.alreadyAsked')
  await writeAudit(tx, access, {
    component: DECLARATION_COMPONENT,
    action: 'Created',
    entityId: row.id,
    changes: diff(null, {
      number,
      campaignId: campaign.id,
      personId: person.id,
      personName: row.personName,
      personFunction: row.personFunction,
      state: row.state,
    }),
  })
  return row
}

export const Campaigns = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const manage = () => {
      if (!p.loyalty.manage) throw new DomainError('forbidden')
    }
    const read = () => {
      if (!p.loyalty.read) throw new DomainError('forbidden')
    }
    const actor = effectiveUserId(access)

    return {
      /** Opens the year: one declaration per person (default: all active today), each asked for by mail. */
      async open(input: OpenInput) {
        manage()
        checkYear(input.year)
        const dueDate = input.dueDate || `${input.year}-03-31`
        if (!isIsoDate(dueDate)) throw new DomainError('invalid', 'dueDate', 'loyalty:campaign.errors.dueDate')
        const today = todayInZurich()
        const { campaign, mails } = await withCustomer(access, async (tx) => {
          const [campaign] = await tx
            .insert(loyaltyCampaigns)
            .values({ customerId: access.customer.id, year: input.year, dueDate, openedByUserId: actor })
            .onConflictDoNothing()
            .returning()
          if (!campaign) throw new DomainError('conflict', 'year', 'loyalty:campaign.errors.exists')
          await writeAudit(tx, access, {
            component: CAMPAIGN_COMPONENT,
            action: 'Created',
            entityId: campaign.id,
            changes: diff(null, { year: campaign.year, dueDate: campaign.dueDate }),
          })
          let persons: Person[]
          if (input.personIds) {
            const ids = [...new Set(input.personIds)]
            if (ids.some((id) => !isUuid(id))) throw new DomainError('invalid', 'personIds', 'loyalty:campaign.errors.person')
            persons = ids.length ? await tx.select().from(loyaltyPersons).where(inArray(loyaltyPersons.id, ids)) : []
            if (persons.length !== ids.length) throw new DomainError('invalid', 'personIds', 'loyalty:campaign.errors.person')
          } else {
            persons = await activePersonsOn(tx, today)
          }
          const mails: Outgoing[] = []
          for (const person of persons) {
            const declaration = await insertDeclaration(tx, access, campaign, person)
            mails.push(await requestMail(tx, access, person, declaration, campaign, REQUEST_KEYS, actor))
          }
          return { campaign, mails }
        })
        sendAfterCommit('loyalty declaration request', mails)
        return { campaign, asked: mails.length }
      },

      /** A new personal link (every earlier one revoked), or the app's link again for a member. Only while asked for. */
      async resendLink(declarationId: string) {
        manage()
        if (!isUuid(declarationId)) throw new DomainError('not-found')
        const mail = await withCustomer(access, async (tx) => {
          const [row] = await tx
            .select({ declaration: loyaltyDeclarations, person: loyaltyPersons, campaign: loyaltyCampaigns })
            .from(loyaltyDeclarations)
            .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
            .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
            .where(eq(loyaltyDeclarations.id, declarationId))
            .for('update', { of: loyaltyDeclarations })
          if (!row) throw new DomainError('not-found')
          if (row.declaration.state !== 'requested') throw new DomainError('conflict', undefined, 'loyalty:campaign.errors.notRequested')
          if (row.campaign.closedAt) throw new DomainError('conflict', undefined, 'loyalty:campaign.errors.closed')
          await writeAudit(tx, access, {
            component: DECLARATION_COMPONENT,
            action: 'Updated',
            entityId: row.declaration.id,
            changes: { linkSent: { from: null, to: todayInZurich() } },
          })
          return requestMail(tx, access, row.person, row.declaration, row.campaign, REQUEST_KEYS, actor)
        })
        sendAfterCommit('loyalty declaration link', [mail])
        return { sentTo: mail.to }
      },

      /** A declaration for a person who joined after the campaign opened. */
      async addPerson(year: number, personId: string) {
        manage()
        if (!isUuid(personId)) throw new DomainError('invalid', 'personId', 'loyalty:campaign.errors.person')
        const { declaration, mail } = await withCustomer(access, async (tx) => {
          const campaign = await campaignOf(tx, year, true)
          if (campaign.closedAt) throw new DomainError('conflict', undefined, 'loyalty:campaign.errors.closed')
          const [person] = await tx.select().from(loyaltyPersons).where(eq(loyaltyPersons.id, personId))
          if (!person) throw new DomainError('invalid', 'personId', 'loyalty:campaign.errors.person')
          const declaration = await insertDeclaration(tx, access, campaign, person)
          return { declaration, mail: await requestMail(tx, access, person, declaration, campaign, REQUEST_KEYS, actor) }
        })
        sendAfterCommit('loyalty declaration request', [mail])
        return declaration
      },

      /** Closes the year: no more declarations, every personal link of the campaign revoked. */
      async close(year: number) {
        manage()
        return withCustomer(access, async (tx) => {
          const campaign = await campaignOf(tx, year, true)
          if (campaign.closedAt) throw new DomainError('conflict', undefined, 'loyalty:campaign.errors.closed')
          const [closed] = await tx
            .update(loyaltyCampaigns)
            .set({ closedAt: sql`now()`, version: sql`${loyaltyCampaigns.version} + 1`, updatedAt: sql`now()` })
            .where(eq(loyaltyCampaigns.id, campaign.id))
            .returning()
          const ids = await tx.select({ id: loyaltyDeclarations.id }).from(loyaltyDeclarations).where(eq(loyaltyDeclarations.campaignId, campaign.id))
          const revoked = await revokeDeclarationTokens(
            tx,
            ids.map((d) => d.id),
          )
          await writeAudit(tx, access, {
            component: CAMPAIGN_COMPONENT,
            action: 'Updated',
            entityId: campaign.id,
            changes: { closedAt: { from: null, to: closed.closedAt }, linksRevoked: { from: null, to: revoked } },
          })
          return { campaign: closed, revoked }
        })
      },

      /**
       * The supreme body reviewed the year's declarations: the campaign keeps date, decision reference and
       * names; every declared declaration becomes reviewed with its remark and finding (then frozen for good).
       * Declarations still asked for stay as they are.
       */
      async recordReview(year: number, input: ReviewInput) {
        manage()
        const names = input.names.trim()
        if (!names) throw new DomainError('invalid', 'names', 'loyalty:review.errors.names')
        return withCustomer(access, async (tx) => {
          const campaign = await campaignOf(tx, year, true)
          // The council's decision: recorded with the review (who decided: the names) or chosen from the register.
          const decision = await decisionForApproval(
            tx,
            access,
            'decisionId' in input.decision ? input.decision : { ...input.decision, decidedBy: input.decision.decidedBy || names },
            'loyaltyReview',
          )
          const reference = decision.reference
          const declared = await tx
            .select()
            .from(loyaltyDeclarations)
            .where(and(eq(loyaltyDeclarations.campaignId, campaign.id), eq(loyaltyDeclarations.state, 'declared')))
            .for('update')
          const ids = new Set(declared.map((d) => d.id))
          for (const id of Object.keys(input.remarks)) {
            if (!ids.has(id)) throw new DomainError('invalid', 'remarks', 'loyalty:review.errors.declaration')
          }
          if (declared.length === 0) throw new DomainError('conflict', undefined, 'loyalty:review.errors.nothingDeclared')
          const [reviewed] = await tx
            .update(loyaltyCampaigns)
            .set({
              reviewedOn: decision.decidedOn,
              reviewReference: reference,
              reviewNames: names,
              reviewDecisionId: decision.id,
              reviewRecordedByUserId: actor,
              version: sql`${loyaltyCampaigns.version} + 1`,
              updatedAt: sql`now()`,
            })
            .where(eq(loyaltyCampaigns.id, campaign.id))
            .returning()
          await writeAudit(tx, access, {
            component: CAMPAIGN_COMPONENT,
            action: 'Updated',
            entityId: campaign.id,
            changes: diff(
              {
                reviewedOn: campaign.reviewedOn,
                reviewReference: campaign.reviewReference,
                reviewNames: campaign.reviewNames,
                reviewDecisionId: campaign.reviewDecisionId,
              },
              {
                reviewedOn: reviewed.reviewedOn,
                reviewReference: reviewed.reviewReference,
                reviewNames: reviewed.reviewNames,
                reviewDecisionId: reviewed.reviewDecisionId,
              },
            ),
          })
          let findings = 0
          for (const d of declared) {
            const r = input.remarks[d.id]
            const remark = (r?.remark ?? '').trim()
            const finding = r?.finding === true
            if (finding) findings++
            await tx
              .update(loyaltyDeclarations)
              .set({
                state: 'reviewed',
                reviewedAt: sql`now()`,
                reviewRemark: remark,
                reviewFinding: finding,
                version: sql`${loyaltyDeclarations.version} + 1`,
                updatedAt: sql`now()`,
              })
              .where(eq(loyaltyDeclarations.id, d.id))
            await writeAudit(tx, access, {
              component: DECLARATION_COMPONENT,
              action: 'Updated',
              entityId: d.id,
              changes: diff(
                { state: d.state, reviewRemark: d.reviewRemark, reviewFinding: d.reviewFinding },
                { state: 'reviewed', reviewRemark: remark, reviewFinding: finding },
              ),
            })
          }
          return { campaign: reviewed, reviewed: declared.length, findings }
        })
      },

      /** The decisions the review form offers (the loyalty review's and 'other'). */
      reviewDecisionOptions() {
        manage()
        return withCustomer(access, (tx) => decisionOptions(tx, ['loyaltyReview']))
      },

      /** The council decision a review rests on, cited "SB-7" (null without one). */
      async decision(id: string | null | undefined) {
        if (!id) return null
        return (await withCustomer(access, (tx) => decisionById(tx, id))) ?? null
      },

      /** The finding of a reviewed declaration is resolved (once: the trigger refuses a second change). */
      async resolveFinding(declarationId: string, on: string) {
        manage()
        if (!isUuid(declarationId)) throw new DomainError('not-found')
        if (!isIsoDate(on) || on > todayInZurich()) throw new DomainError('invalid', 'resolvedOn', 'loyalty:review.errors.date')
        return withCustomer(access, async (tx) => {
          const [d] = await tx.select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.id, declarationId)).for('update')
          if (!d) throw new DomainError('not-found')
          if (d.state !== 'reviewed' || !d.reviewFinding) throw new DomainError('conflict', undefined, 'loyalty:review.errors.noFinding')
          if (d.findingResolvedOn) throw new DomainError('conflict', undefined, 'loyalty:review.errors.resolved')
          const [row] = await tx
            .update(loyaltyDeclarations)
            .set({ findingResolvedOn: on, version: sql`${loyaltyDeclarations.version} + 1`, updatedAt: sql`now()` })
            .where(eq(loyaltyDeclarations.id, d.id))
            .returning()
          await writeAudit(tx, access, {
            component: DECLARATION_COMPONENT,
            action: 'Updated',
            entityId: d.id,
            changes: diff({ findingResolvedOn: null }, { findingResolvedOn: on }),
          })
          return row
        })
      },

      /** The campaigns' years, newest first. */
      async years(): Promise<number[]> {
        read()
        return withCustomer(access, async (tx) => {
          const rows = await tx.select({ year: loyaltyCampaigns.year }).from(loyaltyCampaigns).orderBy(desc(loyaltyCampaigns.year))
          return rows.map((r) => r.year)
        })
      },

      /** The year's campaign (default: the newest), its counts, completeness per function, who has not declared, open findings. */
      async overview(year?: number) {
        read()
        const today = todayInZurich()
        return withCustomer(access, async (tx) => {
          const years = (await tx.select({ year: loyaltyCampaigns.year }).from(loyaltyCampaigns).orderBy(desc(loyaltyCampaigns.year))).map((r) => r.year)
          const chosen = year ?? years[0]
          const [campaign] = chosen === undefined ? [] : await tx.select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.year, chosen))
          const declarations = !campaign
            ? []
            : await tx
                .select({
                  id: loyaltyDeclarations.id,
                  number: loyaltyDeclarations.number,
                  state: loyaltyDeclarations.state,
                  personName: loyaltyDeclarations.personName,
                  personFunction: loyaltyDeclarations.personFunction,
                  reminders: loyaltyDeclarations.reminders,
                  remindedAt: loyaltyDeclarations.remindedAt,
                  signedAt: loyaltyDeclarations.signedAt,
                  reviewRemark: loyaltyDeclarations.reviewRemark,
                  reviewFinding: loyaltyDeclarations.reviewFinding,
                  findingResolvedOn: loyaltyDeclarations.findingResolvedOn,
                  hasAccount: sql<boolean>`${loyaltyPersons.userId} is not null`,
                })
                .from(loyaltyDeclarations)
                .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
                .where(eq(loyaltyDeclarations.campaignId, campaign.id))
                .orderBy(asc(loyaltyDeclarations.personName))
          const overdue = !!campaign && !campaign.closedAt && campaign.dueDate < today
          const pending = declarations.filter((d) => d.state === 'requested')
          const perFunction = LOYALTY_FUNCTIONS.map((fn: LoyaltyFunction) => {
            const of = declarations.filter((d) => d.personFunction === fn)
            return { function: fn, due: of.length, declared: of.filter((d) => d.state !== 'requested').length }
          }).filter((f) => f.due > 0)
          return {
            year: campaign?.year ?? chosen ?? null,
            years,
            today,
            campaign: campaign ?? null,
            counts: {
              due: declarations.length,
              received: declarations.length - pending.length,
              reviewed: declarations.filter((d) => d.state === 'reviewed').length,
              overdue: overdue ? pending.length : 0,
            },
            perFunction,
            notDeclared: pending.map((d) => ({ ...d, overdue })),
            findings: declarations.filter((d) => d.reviewFinding && !d.findingResolvedOn),
            declared: declarations.filter((d) => d.state === 'declared'),
          }
        })
      },

      /** A member's own declarations (through the account linked to the person), newest first. */
      async mine() {
        if (!p.loyalty.declare && !p.loyalty.read) throw new DomainError('forbidden')
        return withCustomer(access, (tx) =>
          tx
            .select({
              id: loyaltyDeclarations.id,
              number: loyaltyDeclarations.number,
              state: loyaltyDeclarations.state,
              year: loyaltyCampaigns.year,
              dueDate: loyaltyCampaigns.dueDate,
              closed: sql<boolean>`${loyaltyCampaigns.closedAt} is not null`,
            })
            .from(loyaltyDeclarations)
            .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
            .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
            .where(eq(loyaltyPersons.userId, actor))
            .orderBy(desc(loyaltyCampaigns.year)),
        )
      },

      /** The persons who may still be added to the year (active, without a declaration of it). */
      async addable(year: number) {
        manage()
        const today = todayInZurich()
        return withCustomer(access, async (tx) => {
          const campaign = await campaignOf(tx, year)
          return tx
            .select({ id: loyaltyPersons.id, firstName: loyaltyPersons.firstName, lastName: loyaltyPersons.lastName, function: loyaltyPersons.function })
            .from(loyaltyPersons)
            .where(
              and(
                or(isNull(loyaltyPersons.untilDate), gte(loyaltyPersons.untilDate, today)),
                sql`not exists (select 1 from ${loyaltyDeclarations} d where d.person_id = ${loyaltyPersons.id} and d.campaign_id = ${campaign.id})`,
              ),
            )
            .orderBy(asc(loyaltyPersons.lastName), asc(loyaltyPersons.firstName))
        })
      },
    }
  },
}

// ---------------------------------------------------------------- the daily reminders

/**
 * Reminds each person whose declaration of an open campaign is still asked for: once
 * DECLARATION_REMINDER_DAYS before the due date (unless the request itself went out within that
 * window), and from the day after the due date every OVERDUE_REMINDER_EVERY_DAYS days. A declaration
 * is claimed first (reminded_at set to now where it was not reminded today), so a second run or a
 * second instance never reminds twice a day; a failed mail gives the claim back.
 *
 * The link: a member gets the app's link again. A person without an account gets a NEW personal link,
 * the earlier one revoked: the secret is never kept (only its keyed hash), so no mail can carry the
 * old one again. The newest mail always holds the working link; an older mail's link answers
 * "revoked" and the person takes the newest, or asks the fund for another.
 */
export async function sendLoyaltyReminders(now: Date = new Date()) {
  const today = todayInZurich(now)
  const before = addDays(today, DECLARATION_REMINDER_DAYS)
  const lastAfter = addDays(today, -OVERDUE_REMINDER_EVERY_DAYS)
  const remindedDay = sql`(${loyaltyDeclarations.remindedAt} at time zone 'Europe/Zurich')::date`
  const candidates = await asSystem('loyalty reminders', (tx) =>
    tx
      .select({
        id: loyaltyDeclarations.id,
        customerId: loyaltyDeclarations.customerId,
        dueDate: loyaltyCampaigns.dueDate,
        year: loyaltyCampaigns.year,
        customerName: customers.name,
        firstName: loyaltyPersons.firstName,
        lastName: loyaltyPersons.lastName,
        email: loyaltyPersons.email,
        language: loyaltyPersons.language,
        userId: loyaltyPersons.userId,
        remindedAt: loyaltyDeclarations.remindedAt,
      })
      .from(loyaltyDeclarations)
      .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
      .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
      .innerJoin(customers, eq(customers.id, loyaltyDeclarations.customerId))
      .where(
        and(
          eq(loyaltyDeclarations.state, 'requested'),
          isNull(loyaltyCampaigns.closedAt),
          eq(customers.state, 'active'),
          or(
            // Before the due date: once, when the request did not itself go out in the window.
            and(
              sql`${loyaltyCampaigns.dueDate} >= ${today}::date`,
              sql`${loyaltyCampaigns.dueDate} <= ${before}::date`,
              isNull(loyaltyDeclarations.remindedAt),
              sql`(${loyaltyDeclarations.createdAt} at time zone 'Europe/Zurich')::date < ${loyaltyCampaigns.dueDate} - ${DECLARATION_REMINDER_DAYS}::int`,
            ),
            // After the due date: every seven days.
            and(
              sql`${loyaltyCampaigns.dueDate} < ${today}::date`,
              or(isNull(loyaltyDeclarations.remindedAt), sql`${remindedDay} <= ${lastAfter}::date`, sql`${remindedDay} < ${loyaltyCampaigns.dueDate}`),
            ),
          ),
        ),
      )
      .orderBy(asc(loyaltyDeclarations.customerId), asc(loyaltyDeclarations.number)),
  )
  let sent = 0
  for (const c of candidates) {
    const claimed = await asSystem('loyalty reminders', async (tx) => {
      const [row] = await tx
        .update(loyaltyDeclarations)
        .set({ remindedAt: now, reminders: sql`${loyaltyDeclarations.reminders} + 1` })
        .where(
          and(
            eq(loyaltyDeclarations.id, c.id),
            eq(loyaltyDeclarations.state, 'requested'),
            or(isNull(loyaltyDeclarations.remindedAt), sql`${remindedDay} < ${today}::date`),
          ),
        )
        .returning({ id: loyaltyDeclarations.id })
      if (!row) return null
      const link = c.userId ? memberLink(c.id) : personalLink(await issueDeclarationToken(tx, { id: c.id, customerId: c.customerId }, null))
      return { link, previous: c.remindedAt }
    })
    if (!claimed) continue
    try {
      const mail = await renderTemplate(c.dueDate < today ? 'loyaltyReminderAfter' : 'loyaltyReminderBefore', c.language, {
        firstName: c.firstName,
        lastName: c.lastName,
        customer: c.customerName,
        year: String(c.year),
        dueDate: formatDate(c.dueDate),
        link: claimed.link,
      })
      await sendMail(c.email, mail)
      sent++
    } catch (error) {
      // Given back: the next run tries again (the new link stays valid; the next reminder issues another).
      await asSystem('loyalty reminders', (tx) =>
        tx
          .update(loyaltyDeclarations)
          .set({ remindedAt: claimed.previous, reminders: sql`greatest(${loyaltyDeclarations.reminders} - 1, 0)` })
          .where(and(eq(loyaltyDeclarations.id, c.id), eq(loyaltyDeclarations.state, 'requested'))),
      )
      console.error(`[loyalty] reminder to ${c.email} failed:`, error instanceof Error ? error.message : error)
    }
  }
  return { day: today, sent }
}

/** Called by the server's reminder timer; sends once the local reminder hour has come. */
export async function runLoyaltyReminderTick(now: Date = new Date(), hourFrom = Number(process.env.REMINDER_HOUR ?? 6)) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', hour12: false }).format(now))
  if (hour < hourFrom) return null
  return sendLoyaltyReminders(now)
}

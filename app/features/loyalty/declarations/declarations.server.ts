import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type AccessUser, type CustomerAccess, effectiveUserId } from '#models/core/access.ts'
import { type Changes, diff } from '#models/core/audit.server.ts'
import {
  DECLARATION_STATES,
  type DeclarationChannel,
  type DeclarationState,
  INTEREST_KINDS,
  LOYALTY_FUNCTIONS,
  type LoyaltyFunction,
} from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { type FilePart, filesOf, keepFile, uploadLimit } from '#models/core/files.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { logRead } from '#models/core/read-log.server.ts'
import { cursorWithCustomer, type ScopedAccess, withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import {
  auditEntries,
  customers,
  type DeclaredAdvantage,
  type DeclaredInterest,
  loyaltyCampaigns,
  loyaltyDeclarations,
  loyaltyPersons,
  users,
} from '#models/schema/index.ts'
import { resolveDeclarationToken, type TokenRefusal } from '../tokens.server.ts'
import { parseAmount } from './schema.ts'
import { MAX_ROWS } from './values.ts'

/*
 * The yearly declarations of the persons subject to the loyalty rules (issue 26, decision 0066), bound
 * to the acting access: their list for the area's readers, one declaration for its readers and for the
 * declaring member, and the three ways a declaration is given:
 *
 *   app    the person themself, signed in (a deputy acting for them reads it but neither saves nor
 *          signs: a personal declaration is signed by the person alone);
 *   link   the person through their personal link (resolveDeclarationToken), no session: the link
 *          reaches its own declaration only; the audit entry has no user (the trail shows the system);
 *   paper  an admin records the signed paper with its scan, the file kept first (while the declaration
 *          is still requested: the database freezes the files of a signed one), then the signature.
 *
 * The signature is the typed name: it must name the person (their last name, case and accents aside);
 * on paper the name as signed is copied, not compared. Signed, a declaration is frozen: the service
 * answers 409 before the database would, and migration 0040's trigger refuses it anyway (also 409).
 */

export type Declaration = typeof loyaltyDeclarations.$inferSelect

/** The audit component of a declaration (its history panel, the trail, the read log's kind). */
export const DECLARATION_COMPONENT = 'loyaltyDeclaration'

export const DECLARATION_SORTS = ['number', 'person', 'function', 'state', 'signedAt', 'year'] as const
export type DeclarationSort = (typeof DECLARATION_SORTS)[number]

export type DeclarationFilter = {
  year?: string
  state?: DeclarationState
  function?: LoyaltyFunction
  q?: string
  sort: DeclarationSort
  dir: 'asc' | 'desc'
}

/** What the person declares. */
export type DeclarationInput = {
  interests: DeclaredInterest[]
  noInterests: boolean
  advantagesConfirmed: boolean
  advantages: DeclaredAdvantage[]
  ownAccountConfirmed: boolean
  remarks: string
}

/** A paper declaration: what the paper says, the name as signed and the day. */
export type PaperInput = DeclarationInput & { signedName: string; signedOn: string }

const recordedBy = alias(users, 'recorded_by')

function listColumns() {
  return {
    id: loyaltyDeclarations.id,
    number: loyaltyDeclarations.number,
    year: loyaltyCampaigns.year,
    dueDate: loyaltyCampaigns.dueDate,
    personName: loyaltyDeclarations.personName,
    personFunction: loyaltyDeclarations.personFunction,
    organisation: loyaltyPersons.organisation,
    state: loyaltyDeclarations.state,
    channel: loyaltyDeclarations.channel,
    signedAt: loyaltyDeclarations.signedAt,
    noInterests: loyaltyDeclarations.noInterests,
    interestCount: sql<number>`jsonb_array_length(${loyaltyDeclarations.interests})::int`,
    advantageCount: sql<number>`jsonb_array_length(${loyaltyDeclarations.advantages})::int`,
    reviewFinding: loyaltyDeclarations.reviewFinding,
  }
}

function listQuery(tx: Executor) {
  return tx
    .select(listColumns())
    .from(loyaltyDeclarations)
    .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
    .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
    .$dynamic()
}

function whereFor(f: DeclarationFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.year && /^\d{4}$/.test(f.year)) conds.push(eq(loyaltyCampaigns.year, Number(f.year)))
  if (f.state && (DECLARATION_STATES as readonly string[]).includes(f.state)) conds.push(eq(loyaltyDeclarations.state, f.state))
  if (f.function && (LOYALTY_FUNCTIONS as readonly string[]).includes(f.function)) conds.push(eq(loyaltyDeclarations.personFunction, f.function))
  const q = f.q?.trim()
  if (q) {
    const n = Number(q.replace(/^LE-?/i, ''))
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conds.push(
      or(
        ilike(loyaltyDeclarations.personName, like),
        ilike(loyaltyPersons.organisation, like),
        Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? eq(loyaltyDeclarations.number, n) : undefined,
      ),
    )
  }
  return conds.length ? and(...conds) : undefined
}

function orderFor(f: DeclarationFilter): SQL[] {
  const dir = f.dir === 'desc' ? desc : asc
  switch (f.sort) {
    case 'person':
      return [dir(loyaltyPersons.lastName), dir(loyaltyPersons.firstName), asc(loyaltyDeclarations.number)]
    case 'function':
      return [dir(loyaltyDeclarations.personFunction), asc(loyaltyDeclarations.personName), asc(loyaltyDeclarations.number)]
    case 'state':
      return [dir(loyaltyDeclarations.state), asc(loyaltyDeclarations.personName), asc(loyaltyDeclarations.number)]
    case 'signedAt':
      return [sql`${loyaltyDeclarations.signedAt} ${sql.raw(f.dir === 'desc' ? 'desc' : 'asc')} nulls last`, asc(loyaltyDeclarations.number)]
    case 'year':
      return [dir(loyaltyCampaigns.year), asc(loyaltyDeclarations.personName), asc(loyaltyDeclarations.number)]
    default:
      return [dir(loyaltyDeclarations.number)]
  }
}

/** Lower case, letters only, accents dropped ("Müller-Brunner" → "mullerbrunner") or spelt out (→ "muellerbrunner"). */
const loose = (s: string, spelt = false) =>
  (spelt ? s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue') : s)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '')

/** The typed name names the person: it holds their last name (case, accents, spaces and hyphens aside; "ü" typed "ue" too). */
export function namesPerson(signedName: string, lastName: string) {
  const typed = loose(signedName)
  if (!typed) return false
  const last = [loose(lastName), loose(lastName, true)]
  return !last[0] || last.some((l) => typed.includes(l))
}

/** Noon in Zurich on a day: a paper declaration's signature time (the paper gives the day only). */
export function noonInZurich(day: string): Date {
  const guess = new Date(`${day}T12:00:00Z`)
  const at = (tz: string) => new Date(guess.toLocaleString('en-US', { timeZone: tz })).getTime()
  return new Date(guess.getTime() - (at('Europe/Zurich') - at('UTC')))
}

const NOT_STRING = (v: unknown) => typeof v !== 'string'

/**
 * The declared content cleaned and checked: rows without any text dropped, texts trimmed and bounded,
 * amounts as "1200.00". `sign`: the rules of a signature too (both confirmations, interests or "no
 * interests", every advantage with its amount and where it was handed over). Bad input is 'invalid'.
 */
export function checkDeclaration(input: DeclarationInput, sign: boolean): DeclarationInput {
  if (!input || !Array.isArray(input.interests) || !Array.isArray(input.advantages)) throw new DomainError('invalid')
  const text = (v: unknown, max: number, field: string) => {
    if (v === undefined || v === null) return ''
    if (NOT_STRING(v)) throw new DomainError('invalid', field)
    const s = (v as string).trim()
    if (s.length > max) throw new DomainError('invalid', field, 'validation.tooLong')
    return s
  }
  const interests = input.interests
    .map((r, i) => ({
      kind: r?.kind,
      organisation: text(r?.organisation, 300, `interests[${i}].organisation`),
      description: text(r?.description, 2000, `interests[${i}].description`),
    }))
    .filter((r) => r.organisation || r.description)
  const advantages = input.advantages
    .map((r, i) => ({
      description: text(r?.description, 1000, `advantages[${i}].description`),
      amount: text(r?.amount, 30, `advantages[${i}].amount`),
      handedOverTo: text(r?.handedOverTo, 300, `advantages[${i}].handedOverTo`),
    }))
    .filter((r) => r.description || r.amount || r.handedOverTo)
  if (interests.length > MAX_ROWS) throw new DomainError('invalid', 'interests', 'validation.tooLong')
  if (advantages.length > MAX_ROWS) throw new DomainError('invalid', 'advantages', 'validation.tooLong')
  interests.forEach((r, i) => {
    if (!(INTEREST_KINDS as readonly unknown[]).includes(r.kind)) throw new DomainError('invalid', `interests[${i}].kind`, 'loyalty:declare.validation.kind')
  })
  const cleanAdvantages = advantages.map((r, i) => {
    if (!r.description) throw new DomainError('invalid', `advantages[${i}].description`, 'validation.required')
    const amount = r.amount ? parseAmount(r.amount) : ''
    if (amount === null) throw new DomainError('invalid', `advantages[${i}].amount`, 'loyalty:declare.validation.amount')
    if (sign && !amount) throw new DomainError('invalid', `advantages[${i}].amount`, 'validation.required')
    if (sign && !r.handedOverTo) throw new DomainError('invalid', `advantages[${i}].handedOverTo`, 'validation.required')
    return { ...r, amount }
  })
  const noInterests = input.noInterests === true
  if (noInterests && interests.length) throw new DomainError('invalid', 'noInterests', 'loyalty:declare.validation.interestsAndNone')
  const advantagesConfirmed = input.advantagesConfirmed === true
  const ownAccountConfirmed = input.ownAccountConfirmed === true
  if (sign) {
    if (!noInterests && !interests.length) throw new DomainError('invalid', 'noInterests', 'loyalty:declare.validation.interestsOrNone')
    if (!advantagesConfirmed) throw new DomainError('invalid', 'advantagesConfirmed', 'loyalty:declare.validation.confirm')
    if (!ownAccountConfirmed) throw new DomainError('invalid', 'ownAccountConfirmed', 'loyalty:declare.validation.confirm')
  }
  return {
    interests: interests as DeclaredInterest[],
    noInterests,
    advantagesConfirmed,
    advantages: cleanAdvantages,
    ownAccountConfirmed,
    remarks: text(input.remarks, 5000, 'remarks'),
  }
}

/** A Postgres refusal of a signed declaration or its files (migration 0040's triggers, restrict_violation). */
function isFrozen(error: unknown) {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23001') return true
  return false
}

const FROZEN = () => new DomainError('conflict', undefined, 'loyalty:declare.frozen')

/** Runs a change of a declaration; the trigger's refusal of a signed one is a 409. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (isFrozen(error)) throw FROZEN()
    throw error
  }
}

/** The declaration with its person and campaign, locked for a change; not found → 404. */
async function lockDeclaration(tx: Executor, id: string) {
  if (!isUuid(id)) throw new DomainError('not-found')
  const [row] = await tx
    .select({
      declaration: loyaltyDeclarations,
      userId: loyaltyPersons.userId,
      lastName: loyaltyPersons.lastName,
      closedAt: loyaltyCampaigns.closedAt,
    })
    .from(loyaltyDeclarations)
    .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
    .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
    .where(eq(loyaltyDeclarations.id, id))
    .for('update', { of: loyaltyDeclarations })
  if (!row) throw new DomainError('not-found')
  return row
}

/** Still open to answer: requested (else frozen, 409) and its campaign not closed (409). */
function checkOpen(row: { declaration: Declaration; closedAt: Date | null }) {
  if (row.declaration.state !== 'requested') throw FROZEN()
  if (row.closedAt) throw new DomainError('conflict', undefined, 'loyalty:declare.closed')
}

/** Who changes a declaration: a person's access, or nobody (the personal link: the audit entry has no user). */
type Changer = Pick<CustomerAccess, 'user' | 'actingFor'> | null

/** Sets fields of a locked declaration, one version up, with its 'Updated' audit entry. */
async function change(tx: Executor, who: Changer, customerId: string, before: Declaration, set: Partial<Declaration>, now = new Date()) {
  const [after] = await tx
    .update(loyaltyDeclarations)
    .set({ ...set, version: sql`${loyaltyDeclarations.version} + 1`, updatedAt: now })
    .where(eq(loyaltyDeclarations.id, before.id))
    .returning()
  const changes: Changes = diff(before, set)
  if (Object.keys(changes).length) {
    await tx.insert(auditEntries).values({
      component: DECLARATION_COMPONENT,
      action: 'Updated',
      entityId: before.id,
      changedFields: changes,
      userId: who?.user.id ?? null,
      actingForUserId: who?.actingFor?.id ?? null,
      customerId,
    })
  }
  return after
}

/** The fields of a draft or a signature. */
function contentOf(input: DeclarationInput): Partial<Declaration> {
  return {
    interests: input.interests,
    noInterests: input.noInterests,
    advantagesConfirmed: input.advantagesConfirmed,
    advantages: input.advantages,
    ownAccountConfirmed: input.ownAccountConfirmed,
    remarks: input.remarks,
  }
}

function signature(signedName: string, channel: DeclarationChannel, recordedByUserId: string | null, signedAt = new Date()): Partial<Declaration> {
  return { state: 'declared', signedName: signedName.trim(), signedAt, channel, recordedByUserId }
}

function checkSignedName(signedName: unknown, lastName: string | null, compare: boolean) {
  if (typeof signedName !== 'string' || !signedName.trim()) throw new DomainError('invalid', 'signedName', 'loyalty:declare.validation.signedName')
  if (signedName.trim().length > 200) throw new DomainError('invalid', 'signedName', 'validation.tooLong')
  if (compare && !namesPerson(signedName, lastName ?? '')) throw new DomainError('invalid', 'signedName', 'loyalty:declare.validation.signedNameOther')
}

/** The scope of a personal link: the verdict's fund, and nobody signed in (withCustomer reads the customer only). */
function linkScope(customerId: string): ScopedAccess {
  return { user: { id: '' } as AccessUser, customer: { id: customerId } }
}

/** What a link page shows: the fund's and the person's name, the declaration, its person's language. */
async function linkView(tx: Tx, declarationId: string) {
  const [row] = await tx
    .select({
      declaration: loyaltyDeclarations,
      fundName: customers.name,
      language: loyaltyPersons.language,
      lastName: loyaltyPersons.lastName,
      year: loyaltyCampaigns.year,
      dueDate: loyaltyCampaigns.dueDate,
      closedAt: loyaltyCampaigns.closedAt,
    })
    .from(loyaltyDeclarations)
    .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
    .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
    .innerJoin(customers, eq(customers.id, loyaltyDeclarations.customerId))
    .where(eq(loyaltyDeclarations.id, declarationId))
  return row ?? null
}

export type LinkOutcome<T> = { ok: true; value: T } | { ok: false; reason: TokenRefusal }

/** The link's declaration, in its fund's scope; a refused link answers its reason. */
async function throughLink<T>(token: string, fn: (tx: Tx, declarationId: string, customerId: string) => Promise<T>): Promise<LinkOutcome<T>> {
  const verdict = await resolveDeclarationToken(typeof token === 'string' ? token : '')
  if (!verdict.ok) return { ok: false, reason: verdict.reason }
  const value = await withCustomer(linkScope(verdict.customerId), (tx) => fn(tx, verdict.declarationId, verdict.customerId))
  return { ok: true, value }
}

/**
 * The personal link (no session): what it shows, its draft and its signature, on the one declaration
 * its token reaches. The token is resolved again on every call (revoked, expired, closed in between).
 */
export const DeclarationLink = {
  /** The page's data; a refused link its reason. */
  view(token: string) {
    return throughLink(token, async (tx, declarationId) => {
      const row = await linkView(tx, declarationId)
      if (!row) throw new DomainError('not-found')
      return row
    })
  },

  saveDraft(token: string, input: DeclarationInput) {
    const clean = checkDeclaration(input, false)
    return throughLink(token, (tx, declarationId, customerId) =>
      guarded(async () => {
        const row = await lockDeclaration(tx, declarationId)
        checkOpen(row)
        return change(tx, null, customerId, row.declaration, contentOf(clean))
      }),
    )
  },

  sign(token: string, input: DeclarationInput, signedName: string) {
    const clean = checkDeclaration(input, true)
    return throughLink(token, (tx, declarationId, customerId) =>
      guarded(async () => {
        const row = await lockDeclaration(tx, declarationId)
        checkOpen(row)
        checkSignedName(signedName, row.lastName, true)
        return change(tx, null, customerId, row.declaration, { ...contentOf(clean), ...signature(signedName, 'link', null) })
      }),
    )
  },
}

export const Declarations = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const readable = () => {
      if (!p.loyalty.read) throw new DomainError('forbidden')
    }
    /** The person themself, signed in as themself (not a deputy acting for them). */
    const isPerson = (userId: string | null) => userId !== null && access.actingFor === null && access.user.id === userId

    /** The person's own requested declaration, locked, or the refusal: 404 for anyone else's. */
    async function lockOwn(tx: Tx, id: string) {
      if (!p.loyalty.declare && !p.loyalty.read) throw new DomainError('not-found')
      const row = await lockDeclaration(tx, id)
      const own = row.userId !== null && row.userId === effectiveUserId(access)
      if (!own && !p.loyalty.read) throw new DomainError('not-found')
      // Readers and admins read it; a deputy reads their principal's; only the person signs their own.
      if (!isPerson(row.userId)) throw new DomainError('forbidden')
      checkOpen(row)
      return row
    }

    return {
      rights: p.loyalty,

      /** A page of the fund's declarations and the filter's total. */
      async page(f: DeclarationFilter, page: { limit: number; offset: number }) {
        readable()
        const where = whereFor(f)
        return scoped(async (tx) => {
          const rows = await listQuery(tx)
            .where(where)
            .orderBy(...orderFor(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(loyaltyDeclarations)
            .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
            .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
            .where(where)
          return { rows, total: count }
        })
      },

      /** Every row of a filter in batches, for the exports. */
      iterate(f: DeclarationFilter, batch = 500) {
        readable()
        const where = whereFor(f)
        return cursorWithCustomer(access, batch, (tx) =>
          listQuery(tx)
            .where(where)
            .orderBy(...orderFor(f)),
        )
      },

      /** The campaigns' years, newest first (the year filter's choices). */
      async years() {
        readable()
        const rows = await scoped((tx) => tx.select({ year: loyaltyCampaigns.year }).from(loyaltyCampaigns).orderBy(desc(loyaltyCampaigns.year)))
        return rows.map((r) => r.year)
      },

      /**
       * One declaration for its readers and for the declaring member (or a deputy acting for them); null
       * for anyone else and another fund's. A read by anyone but the person themself is logged (`via`;
       * null: an action's check that the declaration is there, which shows nothing).
       */
      async get(id: string, via: string | null = `/app/loyalty/declarations/${id}`) {
        if (!isUuid(id) || !(p.loyalty.read || p.loyalty.declare)) return null
        const found = await scoped(async (tx) => {
          const [row] = await tx
            .select({
              declaration: loyaltyDeclarations,
              userId: loyaltyPersons.userId,
              organisation: loyaltyPersons.organisation,
              email: loyaltyPersons.email,
              language: loyaltyPersons.language,
              year: loyaltyCampaigns.year,
              dueDate: loyaltyCampaigns.dueDate,
              closedAt: loyaltyCampaigns.closedAt,
              reviewedOn: loyaltyCampaigns.reviewedOn,
              reviewReference: loyaltyCampaigns.reviewReference,
              recordedByName: sql<string | null>`${recordedBy.firstName} || ' ' || ${recordedBy.lastName}`,
            })
            .from(loyaltyDeclarations)
            .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
            .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
            .leftJoin(recordedBy, eq(recordedBy.id, loyaltyDeclarations.recordedByUserId))
            .where(eq(loyaltyDeclarations.id, id))
          return row ?? null
        })
        if (!found) return null
        const own = found.userId !== null && found.userId === effectiveUserId(access)
        if (!own && !p.loyalty.read) return null
        if (via !== null && found.userId !== access.user.id) await logRead(access, { kind: DECLARATION_COMPONENT, id, via })
        const open = found.declaration.state === 'requested' && !found.closedAt
        return {
          ...found,
          own,
          may: {
            declare: open && isPerson(found.userId),
            paper: open && p.loyalty.manage,
          },
        }
      },

      /** The declaration's files (a paper declaration's scan), oldest first. */
      async files(id: string) {
        if (!isUuid(id)) return []
        return scoped(async (tx) => {
          const [row] = await tx
            .select({ userId: loyaltyPersons.userId })
            .from(loyaltyDeclarations)
            .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
            .where(eq(loyaltyDeclarations.id, id))
          if (!row || !(p.loyalty.read || row.userId === effectiveUserId(access))) return []
          return filesOf(tx, 'declaration', id)
        })
      },

      /** The person's draft, while requested and the campaign open. */
      async saveDraft(id: string, input: DeclarationInput) {
        const clean = checkDeclaration(input, false)
        return guarded(() =>
          scoped(async (tx) => {
            const row = await lockOwn(tx, id)
            return change(tx, access, access.customer.id, row.declaration, contentOf(clean))
          }),
        )
      },

      /** The person's signature in the app: channel 'app', recorded by the person. */
      async sign(id: string, input: DeclarationInput, signedName: string) {
        const clean = checkDeclaration(input, true)
        return guarded(() =>
          scoped(async (tx) => {
            const row = await lockOwn(tx, id)
            checkSignedName(signedName, row.lastName, true)
            return change(tx, access, access.customer.id, row.declaration, { ...contentOf(clean), ...signature(signedName, 'app', access.user.id) })
          }),
        )
      },

      /**
       * A paper declaration (admins): in one transaction, the declaration locked (requested, campaign
       * open), then `read` hands the scan(s) to `keep` — kept while the declaration is still requested —
       * and answers what the paper says; then the signature: channel 'paper', recorded by the admin,
       * signed at noon in Zurich of the day given. No scan, or a refused one, leaves nothing behind.
       */
      async recordPaper(id: string, read: (keep: (file: FilePart) => Promise<void>) => Promise<PaperInput>, limit = uploadLimit(), today = todayInZurich()) {
        if (!p.loyalty.manage) {
          if (p.loyalty.read) throw new DomainError('forbidden')
          throw new DomainError('not-found')
        }
        return guarded(() =>
          scoped(async (tx) => {
            const row = await lockDeclaration(tx, id)
            checkOpen(row)
            let kept = 0
            const input = await read(async (file) => {
              await keepFile(tx, access, { kind: 'declaration', id }, file, limit)
              kept++
            })
            const clean = checkDeclaration(input, true)
            checkSignedName(input.signedName, null, false)
            if (typeof input.signedOn !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.signedOn) || Number.isNaN(Date.parse(input.signedOn)))
              throw new DomainError('invalid', 'signedOn', 'validation.date')
            if (input.signedOn > today) throw new DomainError('invalid', 'signedOn', 'loyalty:declare.validation.signedInFuture')
            if (!kept) throw new DomainError('invalid', 'scan', 'loyalty:declare.validation.scanRequired')
            return change(tx, access, access.customer.id, row.declaration, {
              ...contentOf(clean),
              ...signature(input.signedName, 'paper', access.user.id, noonInZurich(input.signedOn)),
            })
          }),
        )
      },
    }
  },
}

import crypto from 'node:crypto'
import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Access, AccessUser } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { RECOVERY_CODE_COUNT, SIGN_IN_CHALLENGE_ATTEMPTS, SIGN_IN_CHALLENGE_MINUTES } from '#models/core/constants.ts'
import { db, type Executor, type Tx } from '#models/core/db.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { keyedHash, seal, unsealOrNull } from '#models/core/seal.server.ts'
import { recoveryCodes, sessions, signInChallenges, signInThrottle, users } from '#models/schema/index.ts'
import { auditSignIn } from './sessions.server.ts'
import { getUser, permissionOptionsIn, settleSuccessfulSignIn, sha256, takeAttempt, throttleKey, toAccessUser, type User } from './users.server.ts'

/*
 * The second factor (issue 12, decision 0037): TOTP after RFC 6238 (SHA1, 6 digits, 30 s, one step of
 * clock drift either way) plus one-time recovery codes. The secret is sealed (models/core/seal.server.ts);
 * a code is good once: the last accepted step is kept and only a later one passes, in one atomic UPDATE.
 */

/** The issuer shown in the authenticator app. */
const TOTP_ISSUER = 'Vorsorge RM'
const PERIOD = 30
const DIGITS = 6
const WINDOW = 1
/**
 * Recovery codes read `xxxx-xxxx-xxxx` (12 characters, about 59 bits) from letters and digits that
 * cannot be mistaken for each other.
 */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_LENGTH = 12

/** How a recovery code is kept: a keyed hash (models/core/seal.server.ts), looked up by its index. */
function recoveryCodeHash(normalized: string) {
  return keyedHash('recovery code', normalized)
}

function totpOf(secret: string, label = '') {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) })
}

/** The 30-second step of a moment (ms since the epoch). */
export function stepAt(ms: number) {
  return Math.floor(ms / 1000 / PERIOD)
}

/** The code of a secret at a moment: for tests, the E2E fixture and the bench. */
export function codeAt(secret: string, ms = Date.now()) {
  return totpOf(secret).generate({ timestamp: ms })
}

/** The secret as it is typed by hand: groups of four. */
function groupSecret(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret
}

/** A recovery code as typed: lower case, without spaces or its dash; null when it cannot be one. */
export function normalizeRecoveryCode(input: string) {
  const plain = input.toLowerCase().replace(/[\s-]/g, '')
  return plain.length === RECOVERY_LENGTH && [...plain].every((c) => RECOVERY_ALPHABET.includes(c)) ? plain : null
}

function normalizeTotp(input: string) {
  const plain = input.replace(/\s/g, '')
  return /^\d{6}$/.test(plain) ? plain : null
}

function newRecoveryCode() {
  // randomInt draws each character evenly (no modulo bias).
  const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)])
  return (chars.join('').match(/.{4}/g) ?? []).join('-')
}

/** The step a code belongs to (now ± one step), or null. */
function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? null : stepAt(now) + delta
}

/** Takes the step for the user if it is later than the last one taken: two requests with one code, one wins. */
async function takeStep(tx: Executor, userId: string, step: number) {
  const rows = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id })
  return rows.length === 1
}

async function recoveryLeft(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.n ?? 0
}

async function replaceRecoveryCodes(tx: Executor, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(normalizeRecoveryCode(code)!) })))
  return codes
}

type Who = Pick<Access, 'user' | 'actingFor'> & { customer: { id: string } | null }

function audit(tx: Executor, who: Who, changes: Record<string, { from: unknown; to: unknown }>) {
  // As the profile's changes: in the trail of the fund the person works for (none for an operator).
  return writeAudit(tx, who, { component: 'user', action: 'Updated', entityId: who.user.id, changes })
}

/**
 * Checks a code of the user's app (TOTP) or one of their recovery codes, and uses it up. A TOTP code
 * counts for its step; a recovery code is marked used. `kinds` narrows what is accepted.
 */
export async function spendSecondFactorCode(
  tx: Executor,
  user: User,
  input: string,
  who: Who | null,
  kinds: { totp?: boolean; recovery?: boolean } = { totp: true, recovery: true },
  now = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  if (!user.totpSecret) return null
  const totp = kinds.totp === false ? null : normalizeTotp(input)
  if (totp) {
    const secret = unsealOrNull(user.totpSecret, 'a second factor’s secret')
    const step = secret === null ? null : matchingStep(secret, totp, now)
    return step !== null && (await takeStep(tx, user.id, step)) ? 'totp' : null
  }
  const recovery = kinds.recovery === false ? null : normalizeRecoveryCode(input)
  if (!recovery) return null
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, recoveryCodeHash(recovery)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  if (used.length !== 1) return null
  const left = await recoveryLeft(tx, user.id)
  await audit(tx, who ?? { user: toAccessUser(user), actingFor: null, customer: null }, { recoveryCodesLeft: { from: left + 1, to: left } })
  return 'recovery'
}

export type SecondFactorState = {
  enabled: boolean
  enabledAt: Date | null
  recoveryLeft: number
  /** A setup begun and not yet confirmed: what the authenticator app needs. */
  pending: { secret: string; grouped: string; uri: string; svg: string } | null
  /** It may not be turned off: a super admin, a member of a fund that requires it. */
  mandatory: boolean
}

/** Too many code attempts (decision 0016): the page answers 429 with the throttle message. */
export class CodeAttemptsThrottled extends Error {
  constructor() {
    super('too many code attempts')
  }
}

/**
 * Counts one code attempt toward the sign-in throttle, like the second step of a sign-in: the user's
 * own code budget (which a password reset does not clear) and, where known, the client. Not the
 * address: wrong passwords from anyone fill that, and must not stop the owner's code (decision 0050).
 */
async function overCodeLimit(user: Pick<User, 'id' | 'email'>, client: string | undefined) {
  const counted = [takeAttempt('code', throttleKey.code(user.id))]
  if (client !== undefined) counted.push(takeAttempt('client', throttleKey.client(client)))
  return (await Promise.all(counted)).some(Boolean)
}

/** A code typed on the security page: counted, refused when over the limit, audited when wrong. */
async function checkedCode<T>(user: User, client: string | undefined, use: () => Promise<T | null>): Promise<T | null> {
  const failed = (reason: 'throttled' | 'second factor') =>
    auditSignIn({ action: 'SignInFailed', user: toAccessUser(user), email: user.email, reason, client: client ?? '' })
  if (await overCodeLimit(user, client)) {
    await failed('throttled')
    throw new CodeAttemptsThrottled()
  }
  const result = await use()
  if (result === null) await failed('second factor')
  // A right code does not count: only wrong ones use up the budget.
  else await uncount([throttleKey.code(user.id), ...(client !== undefined ? [throttleKey.client(client)] : [])])
  return result
}

async function uncount(keys: string[]) {
  await db()
    .update(signInThrottle)
    .set({ attempts: sql`greatest(${signInThrottle.attempts} - 1, 0)` })
    .where(inArray(signInThrottle.key, keys))
}

/** Ends the user's sessions but `keep` (all of them without it): how many. */
async function endOtherSessions(tx: Executor, userId: string, keep: string | undefined) {
  const ended = await tx
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id })
  return ended.length
}

/**
 * Must the user keep the second factor? Super admins, and members of a fund that requires it (their
 * own memberships not ended; a deputyship does not count, the principal's own setting decides there).
 */
export async function secondFactorMandatory(user: Pick<User, 'id' | 'isSuperAdmin'>, tx?: Tx): Promise<boolean> {
  if (user.isSuperAdmin) return true
  const options = await (tx ? permissionOptionsIn(tx, user.id) : asSystem('own second factor', (t) => permissionOptionsIn(t, user.id)))
  return options.some((o) => !o.deputyOf && o.customer.requireSecondFactor)
}

/** Where the code comes from: the client's address (the throttle), the session it is typed in. */
type CodeContext = { client?: string; sessionId?: string; now?: number }

/** The second factor of the acting user's own account (/app/user/security). */
export const SecondFactor = {
  for(access: Access) {
    const me = access.user
    return {
      async state(): Promise<SecondFactorState> {
        return asSystem('own second factor', async (tx) => {
          const user = await getUser(me.id, tx)
          if (!user) throw new Error('user vanished')
          const pendingSecret = user.totpPendingSecret && !user.totpEnabledAt ? unsealOrNull(user.totpPendingSecret, 'a pending second factor’s secret') : null
          const pending = pendingSecret ? await setupOf(pendingSecret, me) : null
          return {
            enabled: Boolean(user.totpEnabledAt && user.totpSecret),
            enabledAt: user.totpEnabledAt,
            recoveryLeft: user.totpEnabledAt ? await recoveryLeft(tx, me.id) : 0,
            pending,
            mandatory: await secondFactorMandatory(user, tx),
          }
        })
      },

      /** A new secret, kept aside until a first code confirms it. */
      async start() {
        const secret = new Secret({ size: 20 }).base32
        await asSystem('own second factor', (tx) =>
          tx
            .update(users)
            .set({ totpPendingSecret: seal(secret) })
            .where(and(eq(users.id, me.id), isNull(users.totpEnabledAt))),
        )
        return setupOf(secret, me)
      },

      /** Drops a setup not confirmed. */
      async cancel() {
        await asSystem('own second factor', (tx) => tx.update(users).set({ totpPendingSecret: null }).where(eq(users.id, me.id)))
      },

      /**
       * The first code turns the second factor on: the pending secret becomes the secret, and the
       * recovery codes are made (returned this once; only their keyed hashes are kept). With `sessionId`
       * the session it happens in counts as signed in with the second factor from now on; every other
       * session of the user ends (none of them passed the code), audited. Each code counts toward the
       * throttle like the other codes of this page: throws CodeAttemptsThrottled.
       */
      async confirm(code: string, { client, sessionId, now = Date.now() }: CodeContext = {}): Promise<string[] | null> {
        const pending = await getUser(me.id)
        if (!pending?.totpPendingSecret || pending.totpEnabledAt) return null
        return checkedCode(pending, client, async () => {
          const totp = normalizeTotp(code)
          if (!totp) return null
          return asSystem('own second factor', async (tx) => {
            const user = await getUser(me.id, tx)
            if (!user?.totpPendingSecret || user.totpEnabledAt) return null
            const pendingSecret = unsealOrNull(user.totpPendingSecret, 'a pending second factor’s secret')
            const step = pendingSecret === null ? null : matchingStep(pendingSecret, totp, now)
            if (step === null) return null
            const [done] = await tx
              .update(users)
              .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: new Date(now), totpLastStep: step })
              .where(and(eq(users.id, me.id), eq(users.totpPendingSecret, user.totpPendingSecret), isNull(users.totpEnabledAt)))
              .returning({ id: users.id })
            if (!done) return null
            const codes = await replaceRecoveryCodes(tx, me.id)
            if (sessionId)
              await tx
                .update(sessions)
                .set({ method: 'second_factor' })
                .where(and(eq(sessions.id, sessionId), eq(sessions.userId, me.id)))
            const ended = await endOtherSessions(tx, me.id, sessionId)
            await audit(tx, access, {
              secondFactor: { from: false, to: true },
              recoveryCodesLeft: { from: 0, to: codes.length },
              ...(ended ? { sessionsEnded: { from: null, to: ended } } : {}),
            })
            return codes
          })
        })
      },

      /** New recovery codes for a current code of the app; the old ones are gone. Throws CodeAttemptsThrottled. */
      async regenerate(code: string, { client, now = Date.now() }: CodeContext = {}): Promise<string[] | null> {
        const user = await getUser(me.id)
        if (!user?.totpEnabledAt) return null
        return checkedCode(user, client, () =>
          asSystem('own second factor', async (tx) => {
            const current = await getUser(me.id, tx)
            if (!current?.totpEnabledAt) return null
            if ((await spendSecondFactorCode(tx, current, code, access, { totp: true, recovery: false }, now)) !== 'totp') return null
            const before = await recoveryLeft(tx, me.id)
            const codes = await replaceRecoveryCodes(tx, me.id)
            await audit(tx, access, { recoveryCodesCreated: { from: false, to: true }, recoveryCodesLeft: { from: before, to: codes.length } })
            return codes
          }),
        )
      },

      /**
       * Turns the second factor off with a current code or a recovery code: secret and codes are gone,
       * and the user's other sessions end. Refused (DomainError) where it is required: a super admin, a
       * member of a fund that requires it. Throws CodeAttemptsThrottled.
       */
      async disable(code: string, { client, sessionId, now = Date.now() }: CodeContext = {}): Promise<boolean> {
        const user = await getUser(me.id)
        if (!user?.totpEnabledAt) return false
        if (await secondFactorMandatory(user)) throw new DomainError('forbidden', undefined, 'account:security.disableRefused')
        const done = await checkedCode(user, client, () =>
          asSystem('own second factor', async (tx) => {
            const current = await getUser(me.id, tx)
            if (!current?.totpEnabledAt) return null
            if (!(await spendSecondFactorCode(tx, current, code, access, undefined, now))) return null
            await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, me.id))
            await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id))
            const ended = await endOtherSessions(tx, me.id, sessionId)
            await audit(tx, access, { secondFactor: { from: true, to: false }, ...(ended ? { sessionsEnded: { from: null, to: ended } } : {}) })
            return true
          }),
        )
        return done === true
      },
    }
  },
}

async function setupOf(secret: string, user: AccessUser) {
  const uri = totpOf(secret, user.email).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return { secret, grouped: groupSecret(secret), uri, svg }
}

// ---------------------------------------------------------------- enforcement

type GateInput = {
  user: Pick<User, 'isSuperAdmin' | 'totpEnabledAt'>
  session: { method: string; permId: string | null; providerCustomerId?: string | null }
  access: { permId: string | null }
  options: { permId: string; customer: { id: string; requireSecondFactor?: boolean } }[]
}

/**
 * What the second factor asks of a signed-in request. Where it is required (super admins always; a
 * fund's members when the fund, the session's active customer, asks for it) only a session that passed
 * it counts: signed in with the code ('second_factor'), or through that fund's own identity provider
 * (another fund's provider does not count for it; for a super admin no provider does).
 * 'ok': go on. 'setup': the user has no second factor yet and is led to its setup. 'sign-in again':
 * the user has it on, but this session never passed it (opened before it was turned on, or through a
 * provider for another fund): the session ends and the user signs in again, with the code.
 */
export function secondFactorGate(auth: GateInput): 'ok' | 'setup' | 'sign-in again' {
  const active = auth.access.permId ? auth.options.find((o) => o.permId === auth.access.permId) : null
  if (!auth.user.isSuperAdmin && !active?.customer.requireSecondFactor) return 'ok'
  // Signed in with the code, and the factor still on (turned off since, it is set up anew).
  if (auth.session.method === 'second_factor' && auth.user.totpEnabledAt) return 'ok'
  if (!auth.user.isSuperAdmin && auth.session.method === 'provider' && active && auth.session.providerCustomerId === active.customer.id) return 'ok'
  return auth.user.totpEnabledAt ? 'sign-in again' : 'setup'
}

/** Must this signed-in user set up the second factor before going on (secondFactorGate)? */
export function secondFactorSetupRequired(auth: GateInput) {
  return secondFactorGate(auth) === 'setup'
}

// ---------------------------------------------------------------- the second step of a sign-in

/** A challenge for a user whose password was right; the token goes to the browser or API client. */
export async function createSignInChallenge(userId: string, redirectTo: string | null | undefined) {
  const token = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SIGN_IN_CHALLENGE_MINUTES * 60_000)
  await asSystem('sign-in challenge', async (tx) => {
    // One open challenge per user: a new sign-in replaces an old one; challenges whose time is up go too.
    await tx.delete(signInChallenges).where(sql`${signInChallenges.userId} = ${userId} or ${signInChallenges.expiresAt} < now()`)
    await tx.insert(signInChallenges).values({ id: sha256(token), userId, redirectTo: (redirectTo ?? '').slice(0, 2000), expiresAt })
  })
  return { token, expiresAt }
}

/** The open challenge behind a token, or null (unknown or expired). */
export async function findSignInChallenge(token: string | null | undefined) {
  if (!token || token.length > 200) return null
  const [row] = await asSystem('sign-in challenge', (tx) =>
    tx
      .select()
      .from(signInChallenges)
      .where(and(eq(signInChallenges.id, sha256(token)), gt(signInChallenges.expiresAt, new Date()))),
  )
  return row ?? null
}

export type SecondStepResult =
  | { ok: true; user: User; redirectTo: string; used: 'totp' | 'recovery' }
  | { ok: false; reason: 'missing' | 'exhausted' | 'throttled' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }

/**
 * The code of a sign-in's second step. Each code counts toward the sign-in throttle like a password
 * (decision 0016), for the user's own code budget (which a password reset does not clear) and on the challenge; a wrong one is audited. After SIGN_IN_CHALLENGE_ATTEMPTS
 * wrong codes the challenge is gone and the sign-in starts again with the password.
 */
export async function completeSignInChallenge(token: string | null | undefined, code: string, client: string, now = Date.now()): Promise<SecondStepResult> {
  const challenge = await findSignInChallenge(token)
  if (!challenge) return { ok: false, reason: 'missing' }
  const user = await getUser(challenge.userId)
  if (user?.state !== 'active' || !user.totpEnabledAt || !user.totpSecret) {
    await deleteChallenge(challenge.id)
    return { ok: false, reason: 'missing' }
  }
  if (await overCodeLimit(user, client)) {
    await auditSignIn({ action: 'SignInFailed', user: toAccessUser(user), email: user.email, reason: 'throttled', client })
    return { ok: false, reason: 'throttled' }
  }
  const used = await asSystem('sign-in second step', (tx) => spendSecondFactorCode(tx, user, code, null, undefined, now))
  if (used) {
    // Only one request gets the challenge: a session for each of two requests at once is one too many.
    if (!(await deleteChallenge(challenge.id))) return { ok: false, reason: 'missing' }
    // The password's attempt and the code's: neither counts for the client any more.
    await settleSuccessfulSignIn(user.email, client, { clientAttempts: 2, userId: user.id })
    return { ok: true, user, redirectTo: challenge.redirectTo, used }
  }
  await auditSignIn({ action: 'SignInFailed', user: toAccessUser(user), email: user.email, reason: 'second factor', client })
  const [counted] = await asSystem('sign-in challenge', (tx) =>
    tx
      .update(signInChallenges)
      .set({ attempts: sql`${signInChallenges.attempts} + 1` })
      .where(eq(signInChallenges.id, challenge.id))
      .returning({ attempts: signInChallenges.attempts }),
  )
  if (!counted || counted.attempts >= SIGN_IN_CHALLENGE_ATTEMPTS) {
    await deleteChallenge(challenge.id)
    return { ok: false, reason: 'exhausted' }
  }
  return { ok: false, reason: 'wrong', attemptsLeft: SIGN_IN_CHALLENGE_ATTEMPTS - counted.attempts }
}

async function deleteChallenge(id: string) {
  const rows = await asSystem('sign-in challenge', (tx) =>
    tx.delete(signInChallenges).where(eq(signInChallenges.id, id)).returning({ id: signInChallenges.id }),
  )
  return rows.length === 1
}

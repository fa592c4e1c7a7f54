import crypto from 'node:crypto'
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Access, AccessUser } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { RECOVERY_CODE_COUNT, SIGN_IN_CHALLENGE_ATTEMPTS, SIGN_IN_CHALLENGE_MINUTES } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { seal, unseal } from '#models/core/seal.server.ts'
import { recoveryCodes, sessions, signInChallenges, users } from '#models/schema/index.ts'
import { auditSignIn } from './sessions.server.ts'
import { getUser, settleSuccessfulSignIn, sha256, takeAttempt, throttleKey, toAccessUser, type User } from './users.server.ts'

/*
 * The second factor (issue 12, decision 0037): TOTP after RFC 6238 (SHA1, 6 digits, 30 s, one step of
 * clock drift either way) plus one-time recovery codes. The secret is sealed (models/core/seal.server.ts);
 * a code is good once: the last accepted step is kept and only a later one passes, in one atomic UPDATE.
 */

/** The issuer shown in the authenticator app. */
export const TOTP_ISSUER = 'Vorsorge RM'
const PERIOD = 30
const DIGITS = 6
const WINDOW = 1
/** Recovery codes read `xxxxx-xxxxx` from letters and digits that cannot be mistaken for each other. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

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
export function groupSecret(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret
}

/** A recovery code as typed: lower case, without spaces or its dash; null when it cannot be one. */
export function normalizeRecoveryCode(input: string) {
  const plain = input.toLowerCase().replace(/[\s-]/g, '')
  return plain.length === 10 && [...plain].every((c) => RECOVERY_ALPHABET.includes(c)) ? plain : null
}

function normalizeTotp(input: string) {
  const plain = input.replace(/\s/g, '')
  return /^\d{6}$/.test(plain) ? plain : null
}

function newRecoveryCode() {
  const bytes = crypto.randomBytes(10)
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
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
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(normalizeRecoveryCode(code)!) })))
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
  user: Pick<User, 'id' | 'totpSecret'>,
  input: string,
  who: Who | null,
  kinds: { totp?: boolean; recovery?: boolean } = { totp: true, recovery: true },
  now = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  if (!user.totpSecret) return null
  const totp = kinds.totp === false ? null : normalizeTotp(input)
  if (totp) {
    const step = matchingStep(unseal(user.totpSecret), totp, now)
    return step !== null && (await takeStep(tx, user.id, step)) ? 'totp' : null
  }
  const recovery = kinds.recovery === false ? null : normalizeRecoveryCode(input)
  if (!recovery) return null
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, sha256(recovery)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  if (used.length !== 1) return null
  const left = await recoveryLeft(tx, user.id)
  const userRow = await getUser(user.id, tx)
  if (userRow) await audit(tx, who ?? { user: toAccessUser(userRow), actingFor: null, customer: null }, { recoveryCodesLeft: { from: left + 1, to: left } })
  return 'recovery'
}

export type SecondFactorState = {
  enabled: boolean
  enabledAt: Date | null
  recoveryLeft: number
  /** A setup begun and not yet confirmed: what the authenticator app needs. */
  pending: { secret: string; grouped: string; uri: string; svg: string } | null
}

/** The second factor of the acting user's own account (/app/user/security). */
export const SecondFactor = {
  for(access: Access) {
    const me = access.user
    return {
      async state(): Promise<SecondFactorState> {
        return asSystem('own second factor', async (tx) => {
          const user = await getUser(me.id, tx)
          if (!user) throw new Error('user vanished')
          const pending = user.totpPendingSecret && !user.totpEnabledAt ? await setupOf(unseal(user.totpPendingSecret), me) : null
          return {
            enabled: Boolean(user.totpEnabledAt && user.totpSecret),
            enabledAt: user.totpEnabledAt,
            recoveryLeft: user.totpEnabledAt ? await recoveryLeft(tx, me.id) : 0,
            pending,
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
       * recovery codes are made (returned this once; only their hashes are kept). With `sessionId` the
       * session it happens in counts as signed in with the second factor from now on.
       */
      async confirm(code: string, sessionId?: string, now = Date.now()): Promise<string[] | null> {
        const totp = normalizeTotp(code)
        if (!totp) return null
        return asSystem('own second factor', async (tx) => {
          const user = await getUser(me.id, tx)
          if (!user?.totpPendingSecret || user.totpEnabledAt) return null
          const step = matchingStep(unseal(user.totpPendingSecret), totp, now)
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
          await audit(tx, access, { secondFactor: { from: false, to: true }, recoveryCodesLeft: { from: 0, to: codes.length } })
          return codes
        })
      },

      /** New recovery codes for a current code of the app; the old ones are gone. */
      async regenerate(code: string, now = Date.now()): Promise<string[] | null> {
        return asSystem('own second factor', async (tx) => {
          const user = await getUser(me.id, tx)
          if (!user?.totpEnabledAt) return null
          if ((await spendSecondFactorCode(tx, user, code, access, { totp: true, recovery: false }, now)) !== 'totp') return null
          const before = await recoveryLeft(tx, me.id)
          const codes = await replaceRecoveryCodes(tx, me.id)
          await audit(tx, access, { recoveryCodesCreated: { from: false, to: true }, recoveryCodesLeft: { from: before, to: codes.length } })
          return codes
        })
      },

      /** Turns the second factor off with a current code or a recovery code: secret and codes are gone. */
      async disable(code: string, now = Date.now()): Promise<boolean> {
        return asSystem('own second factor', async (tx) => {
          const user = await getUser(me.id, tx)
          if (!user?.totpEnabledAt) return false
          if (!(await spendSecondFactorCode(tx, user, code, access, undefined, now))) return false
          await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, me.id))
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id))
          await audit(tx, access, { secondFactor: { from: true, to: false } })
          return true
        })
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

/**
 * Must this signed-in user set up the second factor before going on? Super admins always; a fund's
 * members when the fund (the session's active customer) asks for it, unless they signed in through
 * that fund's own identity provider (another fund's provider does not count for it). A user who has
 * it on has passed it at sign-in.
 */
export function secondFactorSetupRequired(auth: {
  user: Pick<User, 'isSuperAdmin' | 'totpEnabledAt'>
  session: { method: string; permId: string | null; providerCustomerId?: string | null }
  access: { permId: string | null }
  options: { permId: string; customer: { id: string; requireSecondFactor?: boolean } }[]
}) {
  if (auth.user.totpEnabledAt) return false
  if (auth.user.isSuperAdmin) return true
  const active = auth.access.permId ? auth.options.find((o) => o.permId === auth.access.permId) : null
  if (!active?.customer.requireSecondFactor) return false
  return !(auth.session.method === 'provider' && auth.session.providerCustomerId === active.customer.id)
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
 * (decision 0016) and on the challenge; a wrong one is audited. After SIGN_IN_CHALLENGE_ATTEMPTS
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
  const [clientOver, addressOver] = await Promise.all([
    takeAttempt('client', throttleKey.client(client)),
    takeAttempt('address', throttleKey.address(user.email)),
  ])
  if (clientOver || addressOver) {
    await auditSignIn({ action: 'SignInFailed', user: toAccessUser(user), email: user.email, reason: 'throttled', client })
    return { ok: false, reason: 'throttled' }
  }
  const used = await asSystem('sign-in second step', (tx) => spendSecondFactorCode(tx, user, code, null, undefined, now))
  if (used) {
    // Only one request gets the challenge: a session for each of two requests at once is one too many.
    if (!(await deleteChallenge(challenge.id))) return { ok: false, reason: 'missing' }
    await settleSuccessfulSignIn(user.email, client)
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

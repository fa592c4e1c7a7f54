import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { DECLARATION_TOKEN_DAYS } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { keyedHash } from '#models/core/seal.server.ts'
import { customers, declarationTokens, loyaltyCampaigns, loyaltyDeclarations } from '#models/schema/index.ts'

/*
 * The personal link of a declaration (issue 26, decision 0066): a person without an account answers
 * their own declaration through it alone. The secret is 32 random bytes, shown once (in the mail) and
 * kept only as a keyed hash (a copy of the database cannot test guesses). It reaches one declaration,
 * expires, and is revoked when a new one is sent or the campaign closes; a closed campaign, or a fund
 * no longer active, refuses it whatever the row says.
 */

const PURPOSE = 'loyalty declaration link'
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function declarationTokenHash(token: string): string {
  return keyedHash(PURPOSE, token)
}

/** Revokes the open links of declarations (one, or all of a campaign's). */
export async function revokeDeclarationTokens(tx: Executor, declarationIds: string[]): Promise<number> {
  if (declarationIds.length === 0) return 0
  const rows = await tx
    .update(declarationTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(declarationTokens.declarationId, declarationIds), isNull(declarationTokens.revokedAt)))
    .returning({ id: declarationTokens.id })
  return rows.length
}

/**
 * A new link for one declaration, every earlier one revoked. Returns the secret, which is never stored:
 * the caller puts it into the person's mail at once.
 */
export async function issueDeclarationToken(
  tx: Executor,
  declaration: { id: string; customerId: string },
  createdByUserId: string | null,
  days = DECLARATION_TOKEN_DAYS,
): Promise<string> {
  await revokeDeclarationTokens(tx, [declaration.id])
  const token = randomBytes(32).toString('base64url')
  await tx.insert(declarationTokens).values({
    customerId: declaration.customerId,
    declarationId: declaration.id,
    tokenHash: declarationTokenHash(token),
    expiresAt: new Date(Date.now() + days * 86_400_000),
    createdByUserId,
  })
  return token
}

export type TokenRefusal = 'unknown' | 'expired' | 'revoked' | 'closed'
export type TokenVerdict = { ok: true; customerId: string; declarationId: string; tokenId: string } | { ok: false; reason: TokenRefusal; customerId?: string }

/**
 * What a link reaches. The link names no fund, so its row is found across funds by the hash alone;
 * nothing else is read there. The caller goes on in `withCustomer` for the verdict's fund and reads
 * the verdict's declaration only.
 */
export async function resolveDeclarationToken(token: string): Promise<TokenVerdict> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: 'unknown' }
  const hash = declarationTokenHash(token)
  const [row] = await asSystem('declaration link', (tx) =>
    tx
      .select({
        id: declarationTokens.id,
        customerId: declarationTokens.customerId,
        declarationId: declarationTokens.declarationId,
        expired: sql<boolean>`${declarationTokens.expiresAt} <= now()`,
        revoked: sql<boolean>`${declarationTokens.revokedAt} is not null`,
        // A closed campaign, or a fund no longer active (its members cannot sign in either).
        closed: sql<boolean>`${loyaltyCampaigns.closedAt} is not null or ${customers.state} <> 'active'`,
      })
      .from(declarationTokens)
      .innerJoin(loyaltyDeclarations, eq(loyaltyDeclarations.id, declarationTokens.declarationId))
      .innerJoin(loyaltyCampaigns, eq(loyaltyCampaigns.id, loyaltyDeclarations.campaignId))
      .innerJoin(customers, eq(customers.id, declarationTokens.customerId))
      .where(eq(declarationTokens.tokenHash, hash)),
  )
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.closed) return { ok: false, reason: 'closed', customerId: row.customerId }
  if (row.revoked) return { ok: false, reason: 'revoked', customerId: row.customerId }
  if (row.expired) return { ok: false, reason: 'expired', customerId: row.customerId }
  return { ok: true, customerId: row.customerId, declarationId: row.declarationId, tokenId: row.id }
}

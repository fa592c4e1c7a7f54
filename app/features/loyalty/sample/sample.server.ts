import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import type { DeclarationChannel, DeclarationState, LoyaltyFunction } from '#models/core/constants.ts'
import { DomainError } from '#models/core/errors.ts'
import { postgresFileStore } from '#models/core/files.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { logReads } from '#models/core/read-log.server.ts'
import { declarationNumber } from '#models/core/record-number.ts'
import { type ScopedAccess, withCustomer } from '#models/core/scope.server.ts'
import { SAMPLE_MAX } from './rules.ts'
import { type DeclaredAdvantage, type DeclaredInterest, loyaltyCampaigns, loyaltyDeclarations, storedFiles } from '#models/schema/index.ts'

/*
 * The auditor's sample (Art. 35 para. 2 BVV 2, issue 26): readers of the loyalty area draw n of a
 * year's signed declarations (declared or reviewed) at random, with the server's cryptographic
 * randomness; every draw is an audit entry naming the drawn declarations and n, so the auditor can
 * show what was drawn. The drawn declarations then come as one PDF with the council's review and as a
 * ZIP of their paper scans; both only for declarations of the fund and the year, each download an
 * audit entry, the PDF's reads in the read log.
 */

export const SAMPLE_COMPONENT = 'loyaltySample'
export { SAMPLE_MAX }
const SIGNED: DeclarationState[] = ['declared', 'reviewed']

export type SampleYear = { year: number; signed: number }
export type DrawnDeclaration = {
  id: string
  number: string
  personName: string
  personFunction: LoyaltyFunction
  state: DeclarationState
  channel: DeclarationChannel | null
  signedAt: Date | null
}
export type SampleDeclaration = DrawnDeclaration & {
  interests: DeclaredInterest[]
  noInterests: boolean
  advantagesConfirmed: boolean
  advantages: DeclaredAdvantage[]
  ownAccountConfirmed: boolean
  remarks: string
  signedName: string
  reviewRemark: string
  reviewFinding: boolean
  reviewedAt: Date | null
  findingResolvedOn: string | null
  organisation: string
  scans: number
}
export type SampleCampaign = { year: number; dueDate: string; reviewedOn: string | null; reviewReference: string; reviewNames: string }

/** n of `items` drawn without replacement, uniformly, with crypto randomness (a partial Fisher–Yates shuffle). */
export function drawRandom<T>(items: readonly T[], n: number): T[] {
  const pool = [...items]
  const k = Math.min(n, pool.length)
  for (let i = 0; i < k; i++) {
    const j = i + crypto.randomInt(pool.length - i)
    ;[pool[i], pool[j]] = [pool[j], pool[i]]
  }
  return pool.slice(0, k)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The ids of a download's query (`ids=a,b,c`); undefined when there are none or too many to be a sample. */
export function parseIds(raw: string | null): string[] | undefined {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
  if (ids.length === 0 || ids.length > SAMPLE_MAX) return undefined
  return ids
}

/** A year of a route (`:year`); undefined for anything but a plausible one. */
export function parseYear(raw: string | undefined | null): number | undefined {
  if (!raw || !/^\d{4}$/.test(raw)) return undefined
  const year = Number(raw)
  return year >= 2000 && year <= 2100 ? year : undefined
}

const drawnColumns = {
  id: loyaltyDeclarations.id,
  number: loyaltyDeclarations.number,
  personName: loyaltyDeclarations.personName,
  personFunction: loyaltyDeclarations.personFunction,
  state: loyaltyDeclarations.state,
  channel: loyaltyDeclarations.channel,
  signedAt: loyaltyDeclarations.signedAt,
}
const drawn = (r: Omit<DrawnDeclaration, 'number'> & { number: number }): DrawnDeclaration => ({ ...r, number: declarationNumber(r.number) })

export const Sample = {
  for(access: ScopedAccess & Pick<Access, 'user' | 'actingFor' | 'rights' | 'kind' | 'loyaltyRead'>) {
    const requireRead = () => {
      if (!permissionsOf(access).loyalty.read) throw new DomainError('forbidden')
    }
    const signedOf = (campaignId: string) => and(eq(loyaltyDeclarations.campaignId, campaignId), inArray(loyaltyDeclarations.state, SIGNED))
    const campaignOf = async (tx: Parameters<Parameters<typeof withCustomer>[1]>[0], year: number) => {
      const [c] = await tx.select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.year, year))
      return c
    }

    return {
      /** The years with a campaign, newest first, with how many of their declarations are signed. */
      async years(): Promise<SampleYear[]> {
        requireRead()
        return withCustomer(access, (tx) =>
          tx
            .select({
              year: loyaltyCampaigns.year,
              signed: sql<number>`(select count(*)::int from ${loyaltyDeclarations} d where d.campaign_id = ${loyaltyCampaigns.id} and d.state <> 'requested')`,
            })
            .from(loyaltyCampaigns)
            .orderBy(sql`${loyaltyCampaigns.year} desc`),
        )
      },

      /**
       * Draws n of the year's signed declarations (all of them when there are fewer) and records the
       * draw. A year without a campaign is 404; n outside 1…SAMPLE_MAX is refused.
       */
      async draw(year: number, n: number): Promise<{ drawn: DrawnDeclaration[]; available: number }> {
        requireRead()
        if (!Number.isInteger(n) || n < 1 || n > SAMPLE_MAX) throw new DomainError('invalid', 'n', 'loyalty:sample.error.n')
        return withCustomer(access, async (tx) => {
          const campaign = await campaignOf(tx, year)
          if (!campaign) throw new DomainError('not-found', 'year', 'loyalty:sample.error.year')
          const rows = await tx.select(drawnColumns).from(loyaltyDeclarations).where(signedOf(campaign.id))
          const picked = drawRandom(rows, n).sort((a, b) => a.number - b.number)
          await writeAudit(tx, access, {
            component: SAMPLE_COMPONENT,
            action: 'Created',
            entityId: crypto.randomUUID(),
            changes: {
              year: { from: null, to: year },
              n: { from: null, to: n },
              available: { from: null, to: rows.length },
              declarations: { from: null, to: picked.map((r) => declarationNumber(r.number)) },
              ids: { from: null, to: picked.map((r) => r.id) },
            },
          })
          return { drawn: picked.map(drawn), available: rows.length }
        })
      },

      /**
       * The drawn declarations in full and the year's campaign with the council's review. Every id must
       * be a signed declaration of this fund and year: anything else is 404 (as another fund's is).
       */
      async declarations(year: number, ids: string[]): Promise<{ campaign: SampleCampaign; declarations: SampleDeclaration[] }> {
        requireRead()
        if (!ids.every((id) => UUID.test(id))) throw new DomainError('not-found')
        return withCustomer(access, async (tx) => {
          const campaign = await campaignOf(tx, year)
          if (!campaign) throw new DomainError('not-found')
          const rows = await tx
            .select({
              ...drawnColumns,
              interests: loyaltyDeclarations.interests,
              noInterests: loyaltyDeclarations.noInterests,
              advantagesConfirmed: loyaltyDeclarations.advantagesConfirmed,
              advantages: loyaltyDeclarations.advantages,
              ownAccountConfirmed: loyaltyDeclarations.ownAccountConfirmed,
              remarks: loyaltyDeclarations.remarks,
              signedName: loyaltyDeclarations.signedName,
              reviewRemark: loyaltyDeclarations.reviewRemark,
              reviewFinding: loyaltyDeclarations.reviewFinding,
              reviewedAt: loyaltyDeclarations.reviewedAt,
              findingResolvedOn: loyaltyDeclarations.findingResolvedOn,
              organisation: sql<string>`(select p.organisation from loyalty_persons p where p.id = ${loyaltyDeclarations.personId})`,
              scans: sql<number>`(select count(*)::int from ${storedFiles} f where f.declaration_id = ${loyaltyDeclarations.id})`,
            })
            .from(loyaltyDeclarations)
            .where(and(signedOf(campaign.id), inArray(loyaltyDeclarations.id, ids)))
            .orderBy(asc(loyaltyDeclarations.number))
          if (rows.length !== ids.length) throw new DomainError('not-found')
          return {
            campaign: {
              year: campaign.year,
              dueDate: campaign.dueDate,
              reviewedOn: campaign.reviewedOn,
              reviewReference: campaign.reviewReference,
              reviewNames: campaign.reviewNames,
            },
            declarations: rows.map((r) => ({ ...drawn(r), ...r, number: declarationNumber(r.number) })),
          }
        })
      },

      /** The stored files (paper scans) of declarations already checked by `declarations`, in their order. */
      async scans(declarations: Pick<SampleDeclaration, 'id' | 'number' | 'personName'>[]) {
        requireRead()
        if (declarations.length === 0) return []
        const files = await withCustomer(access, (tx) =>
          tx
            .select({
              id: storedFiles.id,
              declarationId: storedFiles.declarationId,
              name: storedFiles.name,
              size: storedFiles.size,
              sha256: storedFiles.sha256,
            })
            .from(storedFiles)
            .where(
              inArray(
                storedFiles.declarationId,
                declarations.map((d) => d.id),
              ),
            )
            .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id)),
        )
        const order = new Map(declarations.map((d, i) => [d.id, i]))
        return files
          .map((f) => ({ ...f, declaration: declarations[order.get(f.declarationId!)!] }))
          .sort((a, b) => order.get(a.declarationId!)! - order.get(b.declarationId!)!)
      },

      /** Opens a stored file's content for the ZIP (its own transaction, the reader's fund). */
      open(fileId: string): Readable {
        requireRead()
        return postgresFileStore.open(access, fileId)
      },

      /** A download of the sample: its audit entry, and for the PDF the read of each declaration in the read log. */
      async downloaded(year: number, declarations: Pick<SampleDeclaration, 'id' | 'number'>[], file: 'pdf' | 'zip', via: string) {
        requireRead()
        await withCustomer(access, (tx) =>
          writeAudit(tx, access, {
            component: SAMPLE_COMPONENT,
            action: 'Downloaded',
            entityId: null,
            changes: {
              year: { from: null, to: year },
              file: { from: null, to: file },
              declarations: { from: null, to: declarations.map((d) => d.number) },
              ids: { from: null, to: declarations.map((d) => d.id) },
            },
          }),
        )
        // The PDF holds the declarations, the ZIP their paper scans: both are reads of them.
        await logReads(
          access,
          declarations.map((d) => ({ kind: 'loyaltyDeclaration', id: d.id, via })),
        )
      },
    }
  },
}

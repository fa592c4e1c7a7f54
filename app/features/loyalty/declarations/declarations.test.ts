import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { auditEntries, customers, declarationTokens, loyaltyCampaigns, loyaltyDeclarations, readLog, storedFiles } from '#models/schema/index.ts'
import { Files } from '#app/files/files.server.ts'
import { system } from '../../../../tests/system-db.ts'
import { type Customer, customerFactory, type Member, memberFactory } from '../../../../tests/factories.ts'
import { loyaltyDeclarationFactory, loyaltyPersonFactory } from '../../../../tests/factories/loyalty-declarations.ts'
import { issueDeclarationToken } from '../tokens.server.ts'
import { type DeclarationInput, DeclarationLink, Declarations, namesPerson, noonInZurich } from './declarations.server.ts'

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('Unterzeichnete Erklärung\n'.repeat(50)), Buffer.from('%%EOF\n')])

async function* bytes(b: Buffer) {
  yield new Uint8Array(b)
}
const scan = (name = 'Erklaerung.pdf') => ({ field: 'scan', name, content: bytes(PDF) })

const answer = (extra: Partial<DeclarationInput> = {}): DeclarationInput => ({
  interests: [{ kind: 'boardSeat', organisation: 'Muster AG', description: 'Verwaltungsrat seit 2019' }],
  noInterests: false,
  advantagesConfirmed: true,
  advantages: [{ description: 'Retrozession Fonds X', amount: "1'200.50", handedOverTo: 'Vorsorgeeinrichtung, Konto 4711' }],
  ownAccountConfirmed: true,
  remarks: '',
  ...extra,
})

/** The code a refusal carries (a DomainError's). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.messageKey ? `:${e.messageKey}` : ''}`
    throw e
  }
  return 'no refusal'
}

/** The SQLSTATE of a database refusal, inside the query builder's wrapping. */
async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p
  } catch (e) {
    for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (x.code) return x.code
    throw e
  }
  return undefined
}

const row = async (id: string) => (await system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.id, id)))[0]!
const reads = (id: string, userId: string) =>
  system()
    .select()
    .from(readLog)
    .where(and(eq(readLog.recordId, id), eq(readLog.userId, userId)))
const tokenFor = (d: { id: string; customerId: string }) => asSystem('test: token', (tx) => issueDeclarationToken(tx, d, null))

describe('loyalty declarations', () => {
  let fund: Customer
  let other: Customer
  let declarer: Member
  let colleague: Member
  let admin: Member
  let reader: Member
  let readerAccess: CustomerAccess
  let auditor: Member
  let auditorAccess: CustomerAccess
  let deputy: Member
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    declarer = await memberFactory({ customer: fund, traits: ['read'], attributes: { user: { firstName: 'Anna', lastName: 'Müller-Brunner' } } })
    colleague = await memberFactory({ customer: fund, traits: ['read'] })
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    reader = await memberFactory({ customer: fund, traits: ['read'] })
    readerAccess = { ...reader.access, loyaltyRead: true }
    auditor = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { kind: 'auditor', endsOn: addDays(todayInZurich(), 60) } } })
    auditorAccess = { ...auditor.access, kind: 'auditor' }
    deputy = await memberFactory({ customer: fund, traits: ['acting'], deputyOf: declarer })
  })

  /** A requested declaration of `declarer` (a fresh campaign). */
  const mine = async () => {
    const person = await loyaltyPersonFactory({ customer: fund, userId: declarer.user.id, firstName: 'Anna', lastName: 'Müller-Brunner' })
    return loyaltyDeclarationFactory({ customer: fund, person })
  }

  describe('who reads', () => {
    it('the person reads their own; another member, and everyone of another fund, gets nothing (404)', async () => {
      const { declaration } = await mine()
      expect((await Declarations.for(declarer.access).get(declaration.id))?.own).toBe(true)
      expect(await Declarations.for(colleague.access).get(declaration.id)).toBeNull()
      const stranger = await memberFactory({ customer: other, traits: ['admin'] })
      expect(await Declarations.for(stranger.access).get(declaration.id)).toBeNull()
      expect(await Declarations.for({ ...stranger.access, loyaltyRead: true }).get(declaration.id)).toBeNull()
      expect(await refusal(Declarations.for(colleague.access).saveDraft(declaration.id, answer()))).toBe('not-found')
      expect(await refusal(Declarations.for(stranger.access).sign(declaration.id, answer(), 'Anna Müller-Brunner'))).toBe('not-found')
      expect(
        await refusal(Declarations.for(stranger.access).recordPaper(declaration.id, async () => ({ ...answer(), signedName: 'x', signedOn: '2026-01-01' }))),
      ).toBe('not-found')
    })

    it('a reader and an auditor read it and the read log keeps their reads; the person’s own reads are not logged', async () => {
      const { declaration } = await mine()
      expect((await Declarations.for(readerAccess).get(declaration.id))?.own).toBe(false)
      expect((await Declarations.for(auditorAccess).get(declaration.id))?.declaration.id).toBe(declaration.id)
      expect(await Declarations.for(admin.access).get(declaration.id)).not.toBeNull()
      await Declarations.for(declarer.access).get(declaration.id)
      expect((await reads(declaration.id, reader.user.id)).map((r) => r.recordKind)).toEqual(['loyaltyDeclaration'])
      expect(await reads(declaration.id, auditor.user.id)).toHaveLength(1)
      expect(await reads(declaration.id, admin.user.id)).toHaveLength(1)
      expect(await reads(declaration.id, declarer.user.id)).toHaveLength(0)
    })

    it('lists for readers only, filtered by year, state, function and name', async () => {
      const { declaration, campaign } = await mine()
      const all = { sort: 'number' as const, dir: 'asc' as const }
      const page = { limit: 100, offset: 0 }
      const found = await Declarations.for(readerAccess).page({ ...all, year: String(campaign.year), q: 'müller' }, page)
      expect(found.rows.map((r) => r.id)).toContain(declaration.id)
      expect((await Declarations.for(readerAccess).page({ ...all, year: String(campaign.year), state: 'declared' }, page)).rows).toHaveLength(0)
      expect((await Declarations.for(readerAccess).page({ ...all, year: String(campaign.year), function: 'adviser' }, page)).rows).toHaveLength(0)
      expect(await refusal(Declarations.for(declarer.access).page(all, page))).toBe('forbidden')
    })
  })

  describe('answering in the app', () => {
    it('the person saves a draft and signs: channel app, recorded by them, with audit entries', async () => {
      const { declaration } = await mine()
      await Declarations.for(declarer.access).saveDraft(declaration.id, answer({ advantages: [], remarks: 'Entwurf' }))
      expect((await row(declaration.id)).remarks).toBe('Entwurf')
      const signed = await Declarations.for(declarer.access).sign(declaration.id, answer(), '  anna mueller brunner ')
      expect(signed.state).toBe('declared')
      expect(signed.channel).toBe('app')
      expect(signed.recordedByUserId).toBe(declarer.user.id)
      expect(signed.signedAt).toBeInstanceOf(Date)
      expect(signed.advantages).toEqual([{ description: 'Retrozession Fonds X', amount: '1200.50', handedOverTo: 'Vorsorgeeinrichtung, Konto 4711' }])
      const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, declaration.id))
      expect(audit.map((a) => [a.component, a.action, a.userId])).toEqual([
        ['loyaltyDeclaration', 'Updated', declarer.user.id],
        ['loyaltyDeclaration', 'Updated', declarer.user.id],
      ])
    })

    it('refuses what a signature lacks, with the field (4xx)', async () => {
      const { declaration } = await mine()
      const sign = (input: DeclarationInput, name = 'Anna Müller-Brunner') => refusal(Declarations.for(declarer.access).sign(declaration.id, input, name))
      expect(await sign(answer({ advantagesConfirmed: false }))).toBe('invalid:loyalty:declare.validation.confirm')
      expect(await sign(answer({ ownAccountConfirmed: false }))).toBe('invalid:loyalty:declare.validation.confirm')
      expect(await sign(answer({ interests: [] }))).toBe('invalid:loyalty:declare.validation.interestsOrNone')
      expect(await sign(answer({ noInterests: true }))).toBe('invalid:loyalty:declare.validation.interestsAndNone')
      expect(await sign(answer({ advantages: [{ description: 'Geschenk', amount: '', handedOverTo: 'Kasse' }] }))).toBe('invalid:validation.required')
      expect(await sign(answer({ advantages: [{ description: 'Geschenk', amount: 'viel', handedOverTo: 'Kasse' }] }))).toBe(
        'invalid:loyalty:declare.validation.amount',
      )
      expect(await sign(answer({ advantages: [{ description: 'Geschenk', amount: '50', handedOverTo: '' }] }))).toBe('invalid:validation.required')
      expect(await sign(answer({ interests: [{ kind: 'bribe' as never, organisation: 'X', description: '' }] }))).toBe(
        'invalid:loyalty:declare.validation.kind',
      )
      expect(await sign(answer({ remarks: 'x'.repeat(5001) }))).toBe('invalid:validation.tooLong')
      expect(await sign(answer(), '   ')).toBe('invalid:loyalty:declare.validation.signedName')
      expect(await sign(answer(), 'Hans Meier')).toBe('invalid:loyalty:declare.validation.signedNameOther')
      expect(await sign({ interests: 'x' } as never)).toBe('invalid')
      expect((await row(declaration.id)).state).toBe('requested')
      // No interests, no advantages: a valid answer.
      const signed = await Declarations.for(declarer.access).sign(
        declaration.id,
        answer({ interests: [], noInterests: true, advantages: [] }),
        'A. Müller-Brunner',
      )
      expect(signed.noInterests).toBe(true)
    })

    it('a reader, an admin and a deputy acting for the person read but never sign it (403)', async () => {
      const { declaration } = await mine()
      expect(await refusal(Declarations.for(readerAccess).sign(declaration.id, answer(), 'Anna Müller-Brunner'))).toBe('forbidden')
      expect(await refusal(Declarations.for(admin.access).saveDraft(declaration.id, answer()))).toBe('forbidden')
      expect(await refusal(Declarations.for(auditorAccess).sign(declaration.id, answer(), 'Anna Müller-Brunner'))).toBe('forbidden')
      expect((await Declarations.for(deputy.access).get(declaration.id))?.may.declare).toBe(false)
      expect(await refusal(Declarations.for(deputy.access).sign(declaration.id, answer(), 'Anna Müller-Brunner'))).toBe('forbidden')
      expect((await row(declaration.id)).state).toBe('requested')
    })

    it('refuses an answer once the campaign is closed (409)', async () => {
      const { declaration, campaign } = await mine()
      await system().update(loyaltyCampaigns).set({ closedAt: new Date() }).where(eq(loyaltyCampaigns.id, campaign.id))
      expect(await refusal(Declarations.for(declarer.access).saveDraft(declaration.id, answer()))).toBe('conflict:loyalty:declare.closed')
      expect((await Declarations.for(declarer.access).get(declaration.id))?.may.declare).toBe(false)
    })
  })

  describe('freezing', () => {
    it('the service refuses a signed declaration with 409, and so does the database, files included', async () => {
      const { declaration } = await mine()
      await Declarations.for(declarer.access).sign(declaration.id, answer(), 'Anna Müller-Brunner')
      expect(await refusal(Declarations.for(declarer.access).saveDraft(declaration.id, answer()))).toBe('conflict:loyalty:declare.frozen')
      expect(await refusal(Declarations.for(declarer.access).sign(declaration.id, answer(), 'Anna Müller-Brunner'))).toBe('conflict:loyalty:declare.frozen')
      expect(
        await refusal(Declarations.for(admin.access).recordPaper(declaration.id, async () => ({ ...answer(), signedName: 'x', signedOn: '2026-01-01' }))),
      ).toBe('conflict:loyalty:declare.frozen')
      expect(await sqlState(system().update(loyaltyDeclarations).set({ remarks: 'nachträglich' }).where(eq(loyaltyDeclarations.id, declaration.id)))).toBe(
        '23001',
      )
      expect(await sqlState(system().delete(loyaltyDeclarations).where(eq(loyaltyDeclarations.id, declaration.id)))).toBe('23001')
      expect(await sqlState(Files.for(admin.access).attach({ kind: 'declaration', id: declaration.id }, scan()))).toBe('23001')
      expect((await row(declaration.id)).remarks).toBe('')
    })
  })

  describe('on paper', () => {
    it('an admin records it with the scan kept first: channel paper, recorded by the admin, signed at noon in Zurich', async () => {
      const { declaration } = await mine()
      const signed = await Declarations.for(admin.access).recordPaper(declaration.id, async (keep) => {
        await keep(scan())
        return { ...answer(), signedName: 'A. Müller', signedOn: '2026-02-10' }
      })
      expect(signed.channel).toBe('paper')
      expect(signed.recordedByUserId).toBe(admin.user.id)
      expect(signed.signedAt?.toISOString()).toBe('2026-02-10T11:00:00.000Z')
      const files = await Declarations.for(declarer.access).files(declaration.id)
      expect(files.map((f) => f.name)).toEqual(['Erklaerung.pdf'])
      expect(await Declarations.for(colleague.access).files(declaration.id)).toEqual([])
      // The scan is the declaration: the admin's download is logged as a read of it, the person's own is not.
      const before = (await reads(declaration.id, admin.user.id)).length
      const download = await Files.for(admin.access).download(files[0].id, `/app/files/${files[0].id}`)
      download?.content.destroy()
      expect((await reads(declaration.id, admin.user.id)).length).toBe(before + 1)
      const own = await Files.for(declarer.access).download(files[0].id, `/app/files/${files[0].id}`)
      own?.content.destroy()
      expect(await reads(declaration.id, declarer.user.id)).toEqual([])
    })

    it('refuses without a scan, a day to come, and anyone but an admin; a refused one keeps no file', async () => {
      const { declaration } = await mine()
      const paper = (access: CustomerAccess, signedOn = '2026-02-10', withScan = true) =>
        refusal(
          Declarations.for(access).recordPaper(declaration.id, async (keep) => {
            if (withScan) await keep(scan())
            return { ...answer(), signedName: 'A. Müller', signedOn }
          }),
        )
      expect(await paper(admin.access, '2026-02-10', false)).toBe('invalid:loyalty:declare.validation.scanRequired')
      expect(await paper(admin.access, addDays(todayInZurich(), 2))).toBe('invalid:loyalty:declare.validation.signedInFuture')
      expect(await paper(admin.access, '10.02.2026')).toBe('invalid:validation.date')
      expect(await paper(readerAccess)).toBe('forbidden')
      expect(await paper(declarer.access)).toBe('not-found')
      expect(await system().select().from(storedFiles).where(eq(storedFiles.declarationId, declaration.id))).toHaveLength(0)
      expect((await row(declaration.id)).state).toBe('requested')
    })
  })

  describe('the personal link, as an attacker would use it', () => {
    it('signs its own declaration only: channel link, nobody recorded, an audit entry without a user', async () => {
      const a = await loyaltyDeclarationFactory({ customer: fund, language: 'fr' })
      const b = await loyaltyDeclarationFactory({ customer: fund, campaign: a.campaign })
      const token = await tokenFor(a.declaration)
      const view = await DeclarationLink.view(token)
      expect(view.ok && view.value.declaration.id).toBe(a.declaration.id)
      expect(view.ok && view.value.language).toBe('fr')
      await DeclarationLink.saveDraft(token, answer({ remarks: 'brouillon' }))
      const signed = await DeclarationLink.sign(token, answer(), `${a.person.firstName} ${a.person.lastName}`)
      expect(signed.ok && signed.value.channel).toBe('link')
      const after = await row(a.declaration.id)
      expect([after.state, after.channel, after.recordedByUserId]).toEqual(['declared', 'link', null])
      expect((await row(b.declaration.id)).state).toBe('requested')
      const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, a.declaration.id))
      expect(audit.map((e) => [e.action, e.userId, e.customerId])).toEqual([
        ['Updated', null, fund.id],
        ['Updated', null, fund.id],
      ])
      // Used again after signing: 409, nothing changed.
      expect(await refusal(DeclarationLink.sign(token, answer(), a.person.lastName))).toBe('conflict:loyalty:declare.frozen')
      expect(await refusal(DeclarationLink.saveDraft(token, answer()))).toBe('conflict:loyalty:declare.frozen')
    })

    it('refuses a guessed, a revoked, an expired token and one of a closed campaign', async () => {
      const a = await loyaltyDeclarationFactory({ customer: fund })
      expect(await DeclarationLink.view('A'.repeat(43))).toEqual({ ok: false, reason: 'unknown' })
      expect(await DeclarationLink.view('../../etc')).toEqual({ ok: false, reason: 'unknown' })
      const first = await tokenFor(a.declaration)
      const second = await tokenFor(a.declaration)
      expect(await DeclarationLink.sign(first, answer(), a.person.lastName)).toEqual({ ok: false, reason: 'revoked' })
      expect((await DeclarationLink.view(second)).ok).toBe(true)
      await system()
        .update(declarationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(declarationTokens.declarationId, a.declaration.id))
      expect(await DeclarationLink.saveDraft(second, answer())).toEqual({ ok: false, reason: 'expired' })
      const c = await loyaltyDeclarationFactory({ customer: fund })
      const third = await tokenFor(c.declaration)
      await system().update(loyaltyCampaigns).set({ closedAt: new Date() }).where(eq(loyaltyCampaigns.id, c.campaign.id))
      expect(await DeclarationLink.sign(third, answer(), c.person.lastName)).toEqual({ ok: false, reason: 'closed' })
      expect((await row(a.declaration.id)).state).toBe('requested')
      expect((await row(c.declaration.id)).state).toBe('requested')
    })

    it('a fund no longer active refuses its links as closed', async () => {
      const gone = await customerFactory()
      const d = await loyaltyDeclarationFactory({ customer: gone })
      const token = await tokenFor(d.declaration)
      expect((await DeclarationLink.view(token)).ok).toBe(true)
      await system().update(customers).set({ state: 'inactive' }).where(eq(customers.id, gone.id))
      expect(await DeclarationLink.view(token)).toEqual({ ok: false, reason: 'closed' })
      expect(await DeclarationLink.sign(token, answer(), d.person.lastName)).toEqual({ ok: false, reason: 'closed' })
      expect((await row(d.declaration.id)).state).toBe('requested')
    })

    it('a token of another fund never reaches this fund’s declaration', async () => {
      const mineHere = await loyaltyDeclarationFactory({ customer: fund })
      const theirs = await loyaltyDeclarationFactory({ customer: other })
      const token = await tokenFor(theirs.declaration)
      const view = await DeclarationLink.view(token)
      expect(view.ok && [view.value.declaration.id, view.value.declaration.customerId]).toEqual([theirs.declaration.id, other.id])
      // Forged: the other fund's token row pointed at this fund's declaration (the composite key refuses it).
      expect(
        await sqlState(
          system().update(declarationTokens).set({ declarationId: mineHere.declaration.id }).where(eq(declarationTokens.declarationId, theirs.declaration.id)),
        ),
      ).toBe('23503')
      await DeclarationLink.sign(token, answer(), theirs.person.lastName)
      expect((await row(mineHere.declaration.id)).state).toBe('requested')
      expect((await row(theirs.declaration.id)).state).toBe('declared')
    })
  })

  it('reads a typed name loosely, and a paper day as noon in Zurich', () => {
    expect(namesPerson('anna muller-brunner', 'Müller-Brunner')).toBe(true)
    expect(namesPerson('Anna Brunner', 'Müller-Brunner')).toBe(false)
    expect(namesPerson('', 'Meier')).toBe(false)
    expect(noonInZurich('2026-07-01').toISOString()).toBe('2026-07-01T10:00:00.000Z')
    expect(noonInZurich('2026-01-15').toISOString()).toBe('2026-01-15T11:00:00.000Z')
  })
})

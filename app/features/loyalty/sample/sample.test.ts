import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { nextNumber } from '#models/core/counters.server.ts'
import { storeDemoFile } from '#models/seed/executions.ts'
import { asSystem, inRequest } from '#models/core/scope.server.ts'
import { auditEntries, loyaltyCampaigns, loyaltyDeclarations, loyaltyPersons, readLog } from '#models/schema/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, run } from '../../../../tests/factories.ts'
import { inflatedPdf, pdfText } from '../../../../tests/pdf-text.ts'
import { unzip } from '../../../../tests/zip.ts'
import * as downloadRoute from './download.ts'
import * as pageRoute from './index.tsx'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { readChanges } from '#app/accountability/history.server.ts'
import { drawRandom, SAMPLE_COMPONENT } from './sample.server.ts'

// The auditor's sample (Art. 35 para. 2 BVV 2, issue 26): n of a year's signed declarations drawn at
// random and recorded; the drawn ones as one PDF with the council's review and their scans as a ZIP,
// only for the fund's declarations of that year.

type Declaration = { id: string; name: string; state: 'requested' | 'declared' | 'reviewed' }

let fund: Customer
let other: Customer
let admin: Member
let auditor: Member
let writer: Member
let stranger: Member
let y2025: Declaration[] = []
let y2024: Declaration[] = []
let foreign: Declaration[] = []
let paperId = ''
const SCAN = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(3000), Buffer.from('\n%%EOF\n')])

/** A campaign of `year` with declarations in the given states (a paper one with its scan where asked). */
async function campaign(customerId: string, year: number, people: { first: string; last: string; state: Declaration['state']; paper?: boolean }[]) {
  return asSystem('test: loyalty sample', async (tx) => {
    const [c] = await tx
      .insert(loyaltyCampaigns)
      .values({
        customerId,
        year,
        dueDate: `${year}-03-31`,
        ...(people.some((p) => p.state === 'reviewed')
          ? { reviewedOn: `${year}-05-20`, reviewReference: `SR-Protokoll ${year}/03`, reviewNames: 'Regula Baumann, Peter Brunner' }
          : {}),
      })
      .returning()
    const out: Declaration[] = []
    for (const p of people) {
      const [person] = await tx
        .insert(loyaltyPersons)
        .values({ customerId, firstName: p.first, lastName: p.last, function: 'council', email: `${p.last.toLowerCase()}@example.ch`, fromDate: '2020-01-01' })
        .returning()
      const name = `${p.first} ${p.last}`
      const [d] = await tx
        .insert(loyaltyDeclarations)
        .values({
          customerId,
          number: await nextNumber(tx, customerId, 'loyaltyDeclaration'),
          campaignId: c.id,
          personId: person.id,
          personName: name,
          personFunction: 'council',
        })
        .returning()
      if (p.paper) {
        await storeDemoFile(tx, customerId, { owner: 'declaration', ownerId: d.id, name: 'Erklaerung.pdf', content: SCAN, uploadedByUserId: null })
        paperId = d.id
      }
      if (p.state !== 'requested') {
        await tx
          .update(loyaltyDeclarations)
          .set({
            state: 'declared',
            interests: [{ kind: 'boardSeat', organisation: `${p.last} Holding AG`, description: 'Verwaltungsrat' }],
            advantagesConfirmed: true,
            advantages: [{ description: 'Retrozession', amount: '1200.00', handedOverTo: 'Kasse' }],
            ownAccountConfirmed: true,
            signedName: name,
            signedAt: new Date(`${year}-03-01T10:00:00Z`),
            channel: p.paper ? 'paper' : 'link',
          })
          .where(eq(loyaltyDeclarations.id, d.id))
        // Reviewed only once declared, as the database holds it.
        if (p.state === 'reviewed')
          await tx
            .update(loyaltyDeclarations)
            .set({ state: 'reviewed', reviewedAt: new Date(`${year}-05-20T10:00:00Z`), reviewRemark: `Befund zu ${p.last} nachgefragt`, reviewFinding: true })
            .where(eq(loyaltyDeclarations.id, d.id))
      }
      out.push({ id: d.id, name, state: p.state })
    }
    return out
  })
}

function draw(member: Member, form: Record<string, string>) {
  return run(pageRoute.action as never, request('/app/loyalty/sample', { cookie: member.cookie, form }))
}

/** A download as the browser gets it: status, headers and the bytes. */
async function download(member: Member, year: string, file: 'sample.pdf' | 'scans.zip', ids: string[] | null) {
  const path = `/app/loyalty/sample/${year}/${file}${ids === null ? '' : `?ids=${ids.join(',')}`}`
  const req = request(path, { cookie: member.cookie })
  return inRequest(req, async () => {
    let res: Response
    try {
      res = (await downloadRoute.loader({ request: req, params: { year }, context: {} } as never)) as Response
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, body: Buffer.alloc(0), headers: thrown.headers }
      const status = (thrown as { init?: { status?: number } })?.init?.status
      if (status) return { status, body: Buffer.alloc(0), headers: new Headers() }
      throw thrown
    }
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  })
}

describe('the auditor’s sample of loyalty declarations', () => {
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    auditor = await memberFactory({ customer: fund, attributes: { membership: { kind: 'auditor', endsOn: '2099-12-31' } } })
    writer = await memberFactory({ customer: fund, traits: ['write'] })
    stranger = await memberFactory({ customer: other, traits: ['admin'] })
    y2025 = await campaign(fund.id, 2025, [
      { first: 'Regula', last: 'Baumann', state: 'reviewed' },
      { first: 'Peter', last: 'Brunner', state: 'declared' },
      { first: 'Ursula', last: 'Lehmann', state: 'declared', paper: true },
      { first: 'Thomas', last: 'Moser', state: 'requested' },
      { first: 'Claudia', last: 'Zürcher', state: 'declared' },
      { first: 'Sandra', last: 'Steiner', state: 'declared' },
    ])
    y2024 = await campaign(fund.id, 2024, [{ first: 'Hans', last: 'Gerber', state: 'declared' }])
    foreign = await campaign(other.id, 2025, [{ first: 'Jean', last: 'Favre', state: 'declared' }])
  })

  const signed2025 = () => y2025.filter((d) => d.state !== 'requested').map((d) => d.id)

  it('draws n of the year’s signed declarations at random, never an unsigned one, and records the draw with its ids and n', async () => {
    const res = await draw(auditor, { year: '2025', n: '3' })
    expect(res.status).toBe(200)
    const sample = (res.body as { sample: { drawn: { id: string }[]; available: number } }).sample
    const ids = sample.drawn.map((d) => d.id)
    expect(ids).toHaveLength(3)
    expect(new Set(ids).size).toBe(3)
    expect(sample.available).toBe(5)
    for (const id of ids) expect(signed2025()).toContain(id)
    const [entry] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, SAMPLE_COMPONENT), eq(auditEntries.action, 'Created'), eq(auditEntries.userId, auditor.user.id)))
    const changes = entry.changedFields as Record<string, { to: unknown }>
    expect(changes.n.to).toBe(3)
    expect(changes.year.to).toBe(2025)
    expect([...(changes.ids.to as string[])].sort()).toEqual([...ids].sort())
    expect(entry.customerId).toBe(fund.id)
    // The trail reads the draw in words: the year, n and the drawn declarations' numbers.
    const read = readChanges(getFixedT('de'), SAMPLE_COMPONENT, entry.changedFields as Record<string, { from: unknown; to: unknown }>, {})
    expect(read.map((c) => c.label).sort()).toEqual(['Anzahl Erklärungen', 'Gezogene Erklärungen', 'IDs der Erklärungen', 'Jahr', 'Unterzeichnete Erklärungen'])
    expect(read.find((c) => c.label === 'Gezogene Erklärungen')?.to).toMatch(/^LE-\d+, LE-\d+, LE-\d+$/)
  })

  it('draws differently from one draw to the next (every signed declaration comes up), and all of them when n is larger', async () => {
    const seen = new Set<string>()
    for (let i = 0; i < 40 && seen.size < 5; i++) {
      const res = await draw(admin, { year: '2025', n: '1' })
      for (const d of (res.body as { sample: { drawn: { id: string }[] } }).sample.drawn) seen.add(d.id)
    }
    expect([...seen].sort()).toEqual(signed2025().sort())
    const all = await draw(admin, { year: '2025', n: '50' })
    expect(all.status).toBe(200)
    expect((all.body as { sample: { drawn: { id: string }[] } }).sample.drawn.map((d) => d.id).sort()).toEqual(signed2025().sort())
    // The pure draw: uniform without replacement, never more than there are.
    expect(drawRandom([1, 2, 3], 10).sort()).toEqual([1, 2, 3])
    expect(drawRandom([1, 2, 3], 0)).toEqual([])
  })

  it('refuses n below 1, above the maximum or not a whole number, and a year that is not one, with a 400 and its message', async () => {
    for (const n of ['0', '-1', 'abc', '2.5', '', '201', '100000']) {
      const res = await draw(auditor, { year: '2025', n })
      expect(res.status, n).toBe(400)
      expect(JSON.stringify(res.body), n).toContain('loyalty:sample.error.n')
    }
    const badYear = await draw(auditor, { year: 'twenty', n: '2' })
    expect(badYear.status).toBe(400)
    // A year without a campaign has nothing to draw from.
    expect((await draw(auditor, { year: '2019', n: '2' })).status).toBe(404)
  })

  it('is refused to a member without the loyalty read right, on the page, the draw and the downloads', async () => {
    const page = await run(pageRoute.loader as never, request('/app/loyalty/sample', { cookie: writer.cookie }))
    expect(page.status).toBe(403)
    expect((await draw(writer, { year: '2025', n: '2' })).status).toBe(403)
    expect((await download(writer, '2025', 'sample.pdf', signed2025())).status).toBe(403)
    expect((await download(writer, '2025', 'scans.zip', signed2025())).status).toBe(403)
  })

  it('gives the auditor one PDF with each drawn declaration in full and the council’s review, logs the reads and the download', async () => {
    const ids = [y2025[0].id, y2025[2].id]
    const res = await download(auditor, '2025', 'sample.pdf', ids)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(inflatedPdf(res.body))
    expect(text).toContain('Regula Baumann')
    expect(text).toContain('Ursula Lehmann')
    expect(text).not.toContain('Sandra Steiner')
    expect(text).toContain('Baumann Holding AG')
    expect(text).toContain('SR-Protokoll 2025/03')
    expect(text).toContain('Befund zu Baumann nachgefragt')
    const reads = await system()
      .select()
      .from(readLog)
      .where(and(eq(readLog.userId, auditor.user.id), eq(readLog.recordKind, 'loyaltyDeclaration')))
    expect(reads.map((r) => r.recordId).sort()).toEqual([...ids].sort())
    expect(reads.every((r) => r.via === '/app/loyalty/sample/2025/sample.pdf')).toBe(true)
    const downloads = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, SAMPLE_COMPONENT), eq(auditEntries.action, 'Downloaded'), eq(auditEntries.userId, auditor.user.id)))
    expect(downloads).toHaveLength(1)
    expect((downloads[0].changedFields as Record<string, { to: unknown }>).file.to).toBe('pdf')
  })

  it('gives a ZIP with the drawn declarations’ paper scans, streamed from the store, and a readme', async () => {
    const res = await download(auditor, '2025', 'scans.zip', [y2025[1].id, paperId])
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/zip')
    const files = unzip(res.body)
    const scans = [...files.keys()].filter((n) => n.endsWith('Erklaerung.pdf'))
    expect(scans).toHaveLength(1)
    expect(scans[0]).toMatch(/^LE-\d+_Ursula-Lehmann_Erklaerung\.pdf$/)
    expect(files.get(scans[0])?.equals(SCAN)).toBe(true)
    expect(files.get('README.txt')?.toString('utf8')).toContain('Peter Brunner')
  })

  it('answers 404 for another fund’s declaration, another year’s, an unsigned one or a made-up id, and 400 without ids', async () => {
    for (const ids of [[foreign[0].id], [y2024[0].id], [y2025[3].id], [y2025[0].id, foreign[0].id], ['not-an-id'], [crypto.randomUUID()]]) {
      expect((await download(auditor, '2025', 'sample.pdf', ids)).status, ids.join()).toBe(404)
      expect((await download(auditor, '2025', 'scans.zip', ids)).status, ids.join()).toBe(404)
    }
    expect((await download(auditor, 'abcd', 'sample.pdf', signed2025())).status).toBe(404)
    expect((await download(auditor, '2025', 'sample.pdf', null)).status).toBe(400)
    // More ids than a sample may hold.
    expect(
      (
        await download(
          auditor,
          '2025',
          'sample.pdf',
          Array.from({ length: 201 }, () => crypto.randomUUID()),
        )
      ).status,
    ).toBe(400)
    // The other fund's admin does not reach this fund's declarations through its own year either.
    expect((await download(stranger, '2025', 'sample.pdf', [y2025[0].id])).status).toBe(404)
    expect((await download(stranger, '2025', 'sample.pdf', [foreign[0].id])).status).toBe(200)
  })
})

import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { postgresFileStore, uploadLimit } from '#models/core/files.server.ts'
import { controlExecutions, storedFileChunks } from '#models/schema/index.ts'
import { qualityIndex } from '#app/features/inventory/ics/quality.server.ts'
import { createCustomer, type Member, memberFactory, processFactory, request } from '../../../tests/factories.ts'
import { inRequest } from '#models/core/scope.server.ts'
import * as zipRoute from './auditor-zip.ts'
import { pdfText } from '../../../tests/pdf-text.ts'
import { system } from '../../../tests/system-db.ts'
import { auditorPackResponse, evidenceEntries } from './pack.server.ts'
import { type ReportSnapshot, reportPdf } from './pdf.server.ts'
import { Reports } from './reports.server.ts'
import { unzip } from '../../../tests/zip.ts'

// The proof that the key controls ran, in the year-end snapshot, the report and the auditor's pack
// (issue 25): frozen per main process, drawn as its own section, the executions as CSV/XLSX and the
// approved executions' files in an evidence folder with their SHA-256 in a manifest.

const today = todayInZurich()
const reportingDate = addDays(today, -1)
const inPeriod = addDays(reportingDate, -40)

let fund: string
let admin: Member
let performer: Member
let reviewer: Member
let processId: string
let secondProcess: string
let number = 0
const pdfBytes = Buffer.from('%PDF-1.4\n% Kontrollprotokoll Zahlungsverkehr\n%%EOF\n')
/** A second PDF of the same name, of three pieces in the store. */
const largeBytes = Buffer.concat([Buffer.from('%PDF-1.4\n%'), crypto.randomBytes(600_000), Buffer.from('\n%%EOF\n')])

async function execution(process: string, values: Partial<typeof controlExecutions.$inferInsert>) {
  number++
  const [row] = await system()
    .insert(controlExecutions)
    .values({
      customerId: fund,
      number,
      processId: process,
      period: `P${number}`,
      periodStart: addDays(inPeriod, -30),
      periodEnd: inPeriod,
      dueDate: addDays(inPeriod, 30),
      performerUserId: performer.user.id,
      reviewerUserId: reviewer.user.id,
      ...values,
    })
    .returning()
  return row
}

/** A file of an execution, written through the file store as an upload is (its content in pieces of at most 256 KiB). */
async function attach(executionId: string, name: string, content: Buffer) {
  return system().transaction((tx) =>
    postgresFileStore.put(
      tx,
      { customerId: fund, owner: 'execution', ownerId: executionId, name, uploadedByUserId: performer.user.id },
      Readable.from([content]),
      uploadLimit(),
    ),
  )
}

/** Opens a stored file as the pack does: its pieces in order. */
function open(fileId: string) {
  return Readable.from(
    (async function* () {
      const rows = await system().select().from(storedFileChunks).where(eq(storedFileChunks.fileId, fileId)).orderBy(asc(storedFileChunks.seq))
      for (const r of rows) yield r.data
    })(),
  )
}

describe('control executions in the year-end report', () => {
  beforeAll(async () => {
    fund = (await createCustomer({ name: 'Pensionskasse Nachweis', language: 'de' })).id
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    performer = await memberFactory({ customer: fund, traits: ['ics-write'] })
    reviewer = await memberFactory({ customer: fund, traits: ['ics-write'] })
    processId = (await processFactory({ customer: fund, attributes: { title: 'Zahlungsfreigabe im Vier-Augen-Prinzip', frequency: 'quarterly' } })).id
    secondProcess = (await processFactory({ customer: fund, attributes: { title: 'Abstimmung Depotauszug' } })).id
    const signed = { performedOn: inPeriod, submittedAt: new Date(), recordedByUserId: performer.user.id }
    // Approved and effective, with two PDFs of one name, the second of three pieces; approved only after its files, as the trigger asks.
    const approved = await execution(processId, { ...signed, state: 'submitted', result: 'effective', populationSize: 240, sampleSize: 25 })
    await attach(approved.id, 'Protokoll Q1.pdf', pdfBytes)
    await attach(approved.id, 'Protokoll Q1.pdf', largeBytes)
    await system()
      .update(controlExecutions)
      .set({ state: 'approved', reviewedAt: new Date(), reviewedByUserId: reviewer.user.id })
      .where(eq(controlExecutions.id, approved.id))
    // Deficient and submitted, waiting for its signature; its file stays out of the evidence folder.
    const deficient = await execution(processId, { ...signed, state: 'submitted', result: 'deficient' })
    await attach(deficient.id, 'Entwurf.pdf', pdfBytes)
    // Not done and past its due date; planned in a later period; one of the other process outside the year.
    await execution(processId, { dueDate: addDays(today, -2), periodEnd: addDays(today, -3), periodStart: addDays(today, -60) })
    await execution(secondProcess, { periodStart: addDays(today, 10), periodEnd: addDays(today, 20), dueDate: addDays(today, 50) })
    await execution(secondProcess, { periodStart: addDays(inPeriod, -400), periodEnd: addDays(inPeriod, -380), dueDate: addDays(inPeriod, -350) })
  })

  it('freezes the period’s executions per main process, with their rows and the approved ones’ files', async () => {
    const { id } = await Reports.for(admin.access).freeze(reportingDate)
    const { snapshot } = await Reports.for(admin.access).report(id)
    const e = snapshot.content.executions
    expect(snapshot.content.format).toBe(6)
    expect(e?.byMain).toHaveLength(1)
    expect(e?.byMain[0]).toMatchObject({ planned: 3, done: 2, effective: 1, deficient: 1, overdue: 1, approved: 1 })
    expect(e?.rows.map((r) => r.state)).toEqual(['approved', 'submitted', 'overdue'])
    expect(e?.rows[0]).toMatchObject({ result: 'effective', populationSize: 240, sampleSize: 25, performedOn: inPeriod })
    expect(e?.rows[0].number).toMatch(/^KD-\d+$/)
    expect(e?.evidence.map((f) => f.name)).toEqual(['Protokoll Q1.pdf', 'Protokoll Q1.pdf'])
    expect(e?.evidence[1].sha256).toBe(crypto.createHash('sha256').update(largeBytes).digest('hex'))
  })

  it('draws the section in the report in each language', async () => {
    const [row] = await Reports.for(admin.access).list()
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    for (const lang of ['de', 'fr', 'en'] as const) {
      const t = getFixedT(lang)
      const s: ReportSnapshot = { fund: 'Pensionskasse Nachweis', reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content }
      const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false })).replace(/\s+/g, ' ')
      expect(text).toContain(t('report:pdf.executions.title'))
      expect(text).toContain(t('report:pdf.executions.signedOff'))
      // Sign-off rate: one of two done executions is approved.
      expect(text).toContain('50 %')
    }
  })

  it('puts the executions and an evidence folder with its manifest into the auditor’s pack, streamed from the store', async () => {
    const [row] = await Reports.for(admin.access).list()
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    const t = getFixedT('de')
    const s: ReportSnapshot = { fund: 'Pensionskasse Nachweis', reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content }
    const res = auditorPackResponse({ t, lang: 'de', snapshot: s, previous: null, approval: null, logo: null, audit: null, evidence: open })
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    const evidence = [...files.keys()].filter((n) => n.startsWith('evidence/'))
    const period = snapshot.content.executions?.evidence[0].period
    const process = snapshot.content.executions?.evidence[0].process
    const first = `evidence/${process}_${period}_${snapshot.content.executions?.evidence[0].execution}_Protokoll Q1.pdf`
    const second = first.replace(/\.pdf$/, ' (2).pdf')
    expect(evidence.sort()).toEqual([first, second, 'evidence/Verzeichnis.csv'].sort())
    expect(files.get(first)?.equals(pdfBytes)).toBe(true)
    expect(files.get(second)?.equals(largeBytes)).toBe(true)
    const manifest = files.get('evidence/Verzeichnis.csv')?.toString('utf8') ?? ''
    expect(manifest).toContain(crypto.createHash('sha256').update(largeBytes).digest('hex'))
    expect(manifest).toContain(String(largeBytes.length))
    const csv = [...files.keys()].find((n) => n.startsWith('Kontrolldurchfuehrungen-') && n.endsWith('.csv'))
    expect(csv).toBeDefined()
    expect(files.get(csv ?? '')?.toString('utf8')).toContain('Zahlungsfreigabe im Vier-Augen-Prinzip')
    expect(files.get(`${t('report:pack.readmeName')}.txt`)?.toString('utf8')).toContain('evidence/')
    // Without an opener (a snapshot of old) the pack has no evidence folder.
    const plain = unzip(
      Buffer.from(await auditorPackResponse({ t, lang: 'de', snapshot: s, previous: null, approval: null, logo: null, audit: null }).arrayBuffer()),
    )
    expect([...plain.keys()].some((n) => n.startsWith('evidence/'))).toBe(false)
  })

  it('streams the evidence from the store through the pack’s route to readers of the ICS, and to no one else', async () => {
    const [row] = await Reports.for(admin.access).list()
    const riskReader = await memberFactory({ customer: fund, traits: ['risk-read'] })
    const zip = async (m: Member) => {
      const req = request(`/app/report/${row.id}/auditor.zip`, { cookie: m.cookie })
      const res = await inRequest(req, () => zipRoute.loader({ request: req, params: { id: row.id }, context: {} } as never))
      return unzip(Buffer.from(await res.arrayBuffer()))
    }
    const files = await zip(admin)
    const png = [...files.entries()].find(([n]) => n.startsWith('evidence/') && n.endsWith(' (2).pdf'))
    expect(png?.[1].equals(largeBytes)).toBe(true)
    expect([...(await zip(riskReader)).keys()].some((n) => n.startsWith('evidence/'))).toBe(false)
  })

  it('names evidence files safely and uniquely', () => {
    const f = { fileId: 'x', execution: 'KD-1', process: '02.07', period: '2026-Q1', size: 1, sha256: '' }
    const out = evidenceEntries([
      { ...f, name: 'a/b.pdf' },
      { ...f, name: 'a/b.pdf' },
      { ...f, name: 'c' },
      { ...f, name: 'c' },
    ])
    expect(out.map((o) => o.path)).toEqual([
      'evidence/02.07_2026-Q1_KD-1_a_b.pdf',
      'evidence/02.07_2026-Q1_KD-1_a_b (2).pdf',
      'evidence/02.07_2026-Q1_KD-1_c',
      'evidence/02.07_2026-Q1_KD-1_c (2)',
    ])
  })

  it('shows the year’s executions beside the self-assessed level in the quality index', async () => {
    const year = Number(inPeriod.slice(0, 4))
    const index = await qualityIndex(admin.access, 'de', year)
    const total = index.themes.reduce(
      (s, th) => ({
        planned: s.planned + th.executions.planned,
        done: s.done + th.executions.done,
        effective: s.effective + th.executions.effective,
        deficient: s.deficient + th.executions.deficient,
      }),
      { planned: 0, done: 0, effective: 0, deficient: 0 },
    )
    const inYear = [inPeriod, inPeriod, addDays(today, -3), addDays(today, 20), addDays(inPeriod, -380)].filter((d) => Number(d.slice(0, 4)) === year).length
    expect(total.planned).toBe(inYear)
    expect(total.done).toBe(2)
    expect(total.effective).toBe(1)
    expect(total.deficient).toBe(1)
  })
})

import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { and, asc, eq, sql } from 'drizzle-orm'
import PDFDocument from 'pdfkit'
import type { ControlFrequency, FileOwner, Language } from '../core/constants.ts'
import { nextNumber } from '../core/counters.server.ts'
import type { Tx } from '../core/db.server.ts'
import { postgresFileStore, uploadLimit } from '../core/files.server.ts'
import { controlExecutions, icsCatalog, icsProcesses, measures } from '../schema/index.ts'

/*
 * A year of control executions for a demo fund (issue 25): the key controls get their catalogue's
 * frequency, the owner as performer and a second member with ICS write as reviewer; the year's periods are
 * planned, the past ones mostly approved and effective with small real evidence files, one deficient with
 * its ICS measure, one overdue, one submitted and waiting for review, one returned.
 */

const DAY = 86_400_000
const GRACE_DAYS = 30

const iso = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY))
const endOfMonth = (year: number, month: number) => iso(new Date(Date.UTC(year, month, 0)))

type Period = { period: string | null; start: string; end: string }

/** The periods of a year a frequency plans (an execution on occasion: one, in March). */
function periodsOf(frequency: ControlFrequency, year: number): Period[] {
  const months = (n: number, label: (i: number) => string) =>
    Array.from({ length: 12 / n }, (_, i) => ({
      period: label(i),
      start: `${year}-${String(i * n + 1).padStart(2, '0')}-01`,
      end: endOfMonth(year, (i + 1) * n),
    }))
  switch (frequency) {
    case 'monthly':
      return months(1, (i) => `${year}-${String(i + 1).padStart(2, '0')}`)
    case 'quarterly':
      return months(3, (i) => `${year}-Q${i + 1}`)
    case 'semiannual':
      return months(6, (i) => `${year}-H${i + 1}`)
    case 'annual':
      return [{ period: String(year), start: `${year}-01-01`, end: `${year}-12-31` }]
    case 'occasional':
      return [{ period: null, start: `${year}-03-10`, end: `${year}-03-10` }]
    default:
      return []
  }
}

// ---------------------------------------------------------------- evidence files

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer) {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A small RGB PNG (200×100): a bar chart of the period's sample, drawn pixel by pixel. */
function demoPng(seed: number, width = 200, height = 100) {
  const rows: Buffer[] = []
  const bars = Array.from({ length: 8 }, (_, i) => 20 + ((seed * 37 + i * 53) % 70))
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) {
      const bar = Math.floor(x / 25)
      const inBar = x % 25 > 4 && height - y <= bars[bar]
      const [r, g, b] = inBar ? [0x1f, 0x5f, 0x9f] : y % 20 === 0 ? [0xdd, 0xdd, 0xdd] : [0xff, 0xff, 0xff]
      row[1 + x * 3] = r
      row[2 + x * 3] = g
      row[3 + x * 3] = b
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

const PROTOCOL = {
  de: { title: 'Kontrollprotokoll', process: 'Prozess', period: 'Periode', performed: 'Durchgeführt am', result: 'Ergebnis: wirksam' },
  fr: { title: 'Procès-verbal de contrôle', process: 'Processus', period: 'Période', performed: 'Exécuté le', result: 'Résultat\u202f: efficace' },
  en: { title: 'Control record', process: 'Process', period: 'Period', performed: 'Performed on', result: 'Result: effective' },
} as const

/** A one-page demo PDF: a title, then its lines (made by pdfkit, a real PDF a viewer opens). */
export function demoPdf(title: string, lines: readonly string[], date: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, CreationDate: new Date(`${date}T12:00:00Z`) } })
  const parts: Buffer[] = []
  doc.on('data', (b: Buffer) => parts.push(b))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(parts)))
    doc.on('error', reject)
  })
  doc.fontSize(20).text(title)
  doc.moveDown()
  doc.fontSize(12)
  for (const line of lines) line ? doc.text(line) : doc.moveDown()
  doc.end()
  return done
}

/** A one-page PDF record of a control's execution. */
function protocolPdf(language: Language, processTitle: string, period: string, performedOn: string): Promise<Buffer> {
  const words = PROTOCOL[language]
  return demoPdf(
    words.title,
    [`${words.process}: ${processTitle}`, `${words.period}: ${period}`, `${words.performed}: ${performedOn}`, '', words.result],
    performedOn,
  )
}

/** Stores a demo file as an upload is stored: through the file store, which detects its type and hashes it. */
export function storeDemoFile(
  tx: Tx,
  customerId: string,
  file: { owner: FileOwner; ownerId: string; name: string; content: Buffer; uploadedByUserId: string | null },
) {
  return postgresFileStore.put(
    tx,
    { customerId, owner: file.owner, ownerId: file.ownerId, name: file.name, uploadedByUserId: file.uploadedByUserId },
    Readable.from([file.content]),
    uploadLimit(),
  )
}

// ---------------------------------------------------------------- the year

const MEASURE_TITLE = {
  de: (t: string) => `Mangel in der Kontrolle beheben: ${t}`,
  fr: (t: string) => `Corriger la lacune du contrôle\u202f: ${t}`,
  en: (t: string) => `Remedy the control deficiency: ${t}`,
} as const
const WORDS = {
  de: {
    effective: 'Stichprobe ohne Befund geprüft.',
    deficient: 'Zwei von zehn Fällen ohne Visum der zweiten Person.',
    returned: 'Bitte die Stichprobenliste beilegen.',
    submitted: 'Stichprobe geprüft, Belege abgelegt.',
  },
  fr: {
    effective: 'Échantillon contrôlé sans constat.',
    deficient: 'Deux cas sur dix sans visa de la seconde personne.',
    returned: 'Merci de joindre la liste de l’échantillon.',
    submitted: 'Échantillon contrôlé, justificatifs classés.',
  },
  en: {
    effective: 'Sample checked without findings.',
    deficient: 'Two of ten cases lacked the second person’s sign-off.',
    returned: 'Please attach the sample list.',
    submitted: 'Sample checked, evidence filed.',
  },
} as const

/**
 * Plans the demo fund's key controls and records a year of their executions; nothing when the fund has
 * executions already. `writers` are the members with ICS write (the reviewer is the first who is not the
 * performer). Returns how many executions were written.
 */
export async function seedExecutions(
  db: Tx,
  customerId: string,
  language: Language,
  writers: string[],
  opts: { year?: number; today?: string; files?: number } = {},
) {
  const today = opts.today ?? iso(new Date())
  // The year the demo runs in: its periods due before today are done, the rest planned. In its first
  // quarter, when little of it is due yet, the last year comes with it, done.
  const thisYear = Number(today.slice(0, 4))
  const years = opts.year ? [opts.year] : today.slice(5, 7) < '04' ? [thisYear - 1, thisYear] : [thisYear]
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(controlExecutions).where(eq(controlExecutions.customerId, customerId))
  if (n > 0) return 0

  // The plan: the catalogue's frequency and procedure, the owner performs, another writer reviews.
  const rows = await db
    .select({ process: icsProcesses, catalog: icsCatalog })
    .from(icsProcesses)
    .leftJoin(icsCatalog, eq(icsCatalog.id, icsProcesses.catalogId))
    .where(eq(icsProcesses.customerId, customerId))
    .orderBy(asc(icsProcesses.idkey))
  const procedure = (c: typeof icsCatalog.$inferSelect | null) =>
    !c ? '' : language === 'fr' ? c.defaultProcedureFr : language === 'en' ? c.defaultProcedureEn : c.defaultProcedureDe
  const plans = []
  for (const { process: p, catalog: c } of rows) {
    const frequency: ControlFrequency = p.frequency !== 'none' ? p.frequency : c && c.defaultFrequency !== 'none' ? c.defaultFrequency : 'annual'
    // The owner performs where they may write the ICS; otherwise the first writer does.
    const performer = p.performerUserId ?? (p.ownerUserId && writers.includes(p.ownerUserId) ? p.ownerUserId : writers[0])
    const reviewer = p.reviewerUserId ?? writers.find((w) => w !== performer) ?? null
    await db
      .update(icsProcesses)
      .set({ frequency, performerUserId: performer, reviewerUserId: reviewer, testProcedure: p.testProcedure || procedure(c) })
      .where(eq(icsProcesses.id, p.id))
    plans.push({ process: p, frequency, performer, reviewer })
  }

  type Planned = { processIndex: number; period: Period; due: string }
  const all: Planned[] = plans.flatMap((plan, processIndex) =>
    years.flatMap((year) => periodsOf(plan.frequency, year).map((period) => ({ processIndex, period, due: addDays(period.end, GRACE_DAYS) }))),
  )
  const past = all.filter((e) => e.due < today)
  // The special cases: the latest past periods of different processes.
  const special = new Map<Planned, 'deficient' | 'overdue' | 'submitted' | 'returned'>()
  const used = new Set<number>()
  for (const kind of ['overdue', 'submitted', 'returned', 'deficient'] as const) {
    const pick = [...past].reverse().find((e) => !used.has(e.processIndex) && !special.has(e))
    if (!pick) break
    special.set(pick, kind)
    used.add(pick.processIndex)
  }

  const toApprove: { id: string; reviewer: string | null; reviewedAt: Date }[] = []
  let files = 0
  const fileBudget = opts.files ?? 6
  const words = WORDS[language]
  for (const e of all) {
    const plan = plans[e.processIndex]
    const kind = special.get(e) ?? (e.due < today ? 'approved' : 'planned')
    const base = {
      customerId,
      number: await nextNumber(db, customerId, 'control_execution'),
      processId: plan.process.id,
      period: e.period.period,
      periodStart: e.period.start,
      periodEnd: e.period.end,
      dueDate: e.due,
      performerUserId: plan.performer,
      reviewerUserId: plan.reviewer,
    }
    if (kind === 'planned' || kind === 'overdue') {
      await db.insert(controlExecutions).values({ ...base, state: 'planned' })
      continue
    }
    const performedOn = [addDays(e.period.end, 5), today].sort()[0]
    const submittedAt = new Date(Date.parse(`${performedOn}T16:00:00Z`))
    const recorded = {
      ...base,
      performedOn,
      steps: plan.process.testProcedure || procedure(rows[e.processIndex].catalog),
      populationSize: 120,
      sampleSize: 10,
      sampleItems: Array.from({ length: 3 }, (_, i) => `${e.period.period ?? e.period.start.slice(0, 4)}-${String(i * 37 + 4).padStart(3, '0')}`),
      recordedByUserId: plan.performer,
    }
    if (kind === 'returned') {
      await db.insert(controlExecutions).values({
        ...recorded,
        state: 'returned',
        result: 'effective',
        observation: words.submitted,
        submittedAt,
        reviewComment: words.returned,
      })
      continue
    }
    let measureId: string | null = null
    if (kind === 'deficient') {
      const [m] = await db
        .insert(measures)
        .values({
          customerId,
          idkey: await nextNumber(db, customerId, 'measure'),
          source: 'iks',
          iksId: plan.process.id,
          title: MEASURE_TITLE[language](plan.process.title).slice(0, 300),
          body: words.deficient,
          ownerUserId: plan.process.ownerUserId,
          dueDate: addDays(performedOn, 60),
          createdByUserId: plan.performer,
        })
        .returning({ id: measures.id })
      measureId = m.id
    }
    const [row] = await db
      .insert(controlExecutions)
      .values({
        ...recorded,
        state: 'submitted',
        result: kind === 'deficient' ? 'deficient' : 'effective',
        observation: kind === 'deficient' ? words.deficient : kind === 'submitted' ? words.submitted : words.effective,
        submittedAt,
        measureId,
      })
      .returning({ id: controlExecutions.id })
    if (kind === 'submitted') continue
    // Evidence before the second signature: an approved execution takes no more files.
    if (files < fileBudget) {
      const label = e.period.period ?? performedOn
      const pdf = await protocolPdf(language, plan.process.title, label, performedOn)
      await storeDemoFile(db, customerId, {
        owner: 'execution',
        ownerId: row.id,
        name: `${PROTOCOL[language].title.replace(/\s+/g, '-')}-${label}.pdf`,
        content: pdf,
        uploadedByUserId: plan.performer,
      })
      if (files % 2 === 0) {
        await storeDemoFile(db, customerId, {
          owner: 'execution',
          ownerId: row.id,
          name: `sample-${label}.png`,
          content: demoPng(files),
          uploadedByUserId: plan.performer,
        })
      }
      files++
    }
    toApprove.push({ id: row.id, reviewer: plan.reviewer, reviewedAt: new Date(submittedAt.getTime() + 2 * DAY) })
  }
  for (const a of toApprove) {
    await db
      .update(controlExecutions)
      .set({ state: 'approved', reviewedByUserId: a.reviewer, reviewedAt: a.reviewedAt })
      .where(and(eq(controlExecutions.id, a.id), eq(controlExecutions.state, 'submitted')))
  }
  return all.length
}

import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import * as documentsExport from '#app/features/documents/export.ts'
import * as workExport from '#app/features/work-processes/export.ts'
import { WorkProcesses } from '#app/features/work-processes/work-processes.server.ts'
import * as matrixExport from '#app/features/inventory/ics/control-matrix-export.ts'
import { saveControlMatrix } from '#app/features/inventory/ics/quality.server.ts'
import * as processingCsv from '#app/features/dsg/processing/export-csv.ts'
import * as processingXlsx from '#app/features/dsg/processing/export-xlsx.ts'
import * as icsExport from '#app/features/inventory/ics/export.ts'
import * as measuresExport from '#app/features/measures/export.ts'
import * as riskExport from '#app/features/inventory/risk/export.ts'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { XLSX_TYPE } from '#app/utils/xlsx.server.ts'
import { formatDate } from '#models/core/dates.ts'
import { inRequest } from '#models/core/scope.server.ts'
import {
  customerFactory,
  documentFactory,
  type Member,
  measureFactory,
  memberFactory,
  processFactory,
  request,
  riskFactory,
} from '../../../tests/factories/index.ts'
import { dsgActivityRecord } from '../../../tests/factories/dsg-records.ts'
import { csvRecords } from '../../../tests/csv-records.ts'

type Loader = (args: never) => unknown
type Lang = 'de' | 'fr' | 'en'

/** The loader's answer as the server would send it (in its request scope), body read to the end. */
async function get(loader: Loader, path: string, m: Member, lng: Lang = 'de') {
  const lang = (await localeCookie.serialize(lng)).split(';')[0]
  const req = request(path, { cookie: `${m.cookie}; ${lang}` })
  let res: Response
  try {
    res = (await inRequest(req, async () => (loader as (a: unknown) => unknown)({ request: req, params: {}, context: {} }))) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return { res: thrown, bytes: new Uint8Array() }
    // A guard's refusal: data(null, { status }).
    const init = (thrown as { init?: { status?: number } }).init
    if (init?.status) return { res: new Response(null, { status: init.status }), bytes: new Uint8Array() }
    throw thrown
  }
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

async function xlsx(loader: Loader, path: string, m: Member, lng: Lang = 'de') {
  const { res, bytes } = await get(loader, path, m, lng)
  expect(res.status).toBe(200)
  expect(res.headers.get('Content-Type')).toBe(XLSX_TYPE)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes.buffer as ArrayBuffer)
  expect(wb.worksheets).toHaveLength(1)
  const ws = wb.worksheets[0]
  const rows: ExcelJS.Row[] = []
  ws.eachRow({ includeEmpty: true }, (r) => {
    rows.push(r)
  })
  expect(rows.length).toBeGreaterThan(0)
  const width = (rows[0].values as unknown[]).length - 1
  const cells = (r: ExcelJS.Row) => Array.from({ length: width }, (_, i) => r.getCell(i + 1))
  return { res, ws, header: cells(rows[0]).map((c) => c.value), body: rows.slice(1).map(cells) }
}

/** A minimal reader of the app's CSV: BOM, ";" separated, every text quoted, CRLF. */
async function csv(loader: Loader, path: string, m: Member, lng: Lang = 'de') {
  const { bytes } = await get(loader, path, m, lng)
  return csvRecords(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1))
}

/** A cell of the XLSX as the CSV writes it: a day as dd.mm.yyyy, a number as digits, a formula-looking text with the CSV's apostrophe. */
function asCsv(c: ExcelJS.Cell): string {
  const v = c.value
  if (v === null || v === undefined) return ''
  if (v instanceof Date) return formatDate(v.toISOString().slice(0, 10))
  if (typeof v === 'number') return String(v)
  const s = String(v)
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
}

/** The XLSX holds what the CSV of the same view holds: the same header, the same rows in the same order. */
async function sameAsCsv(loader: Loader, path: string, m: Member, lng: Lang = 'de') {
  const book = await xlsx(loader, path.replace('.csv', '.xlsx'), m, lng)
  const lines = await csv(loader, path, m, lng)
  expect(book.header).toEqual(lines[0])
  expect(book.body.map((r) => r.map(asCsv))).toEqual(lines.slice(1))
  return book
}

const text = (book: Awaited<ReturnType<typeof xlsx>>) => JSON.stringify(book.body.map((r) => r.map((c) => c.value)))

describe('XLSX exports', () => {
  let alpha: string
  let beta: string
  let writer: Member
  let riskReader: Member
  let icsReader: Member
  let norights: Member
  let betaAdmin: Member
  beforeAll(async () => {
    alpha = (await customerFactory()).id
    beta = (await customerFactory({ traits: ['french'] })).id
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    riskReader = await memberFactory({ customer: alpha, traits: ['risk-read'] })
    icsReader = await memberFactory({ customer: alpha, traits: ['ics-read'] })
    norights = await memberFactory({ customer: alpha, traits: ['norights'] })
    betaAdmin = await memberFactory({ customer: beta, traits: ['admin'] })
    const owner = writer.user
    const risk = await riskFactory({ customer: alpha, owner, traits: ['assessed'], attributes: { title: '=HYPERLINK("http://x")' } })
    await riskFactory({ customer: alpha, owner, attributes: { title: 'Zinsrisiko' } })
    const process = await processFactory({ customer: alpha, owner, attributes: { title: '+41 44 000 00 00' } })
    await measureFactory({ customer: alpha, owner, attributes: { title: '=SUMME(A1:A2)', dueDate: '2026-12-31' } })
    await measureFactory({ customer: alpha, owner, attributes: { title: '-Minus', dueDate: '2026-01-01', iteration: 3 } })
    await measureFactory({ customer: alpha, owner, risk, attributes: { title: 'RM-Massnahme', dueDate: '2026-06-30', recurrence: 91 } })
    await measureFactory({ customer: alpha, owner, process, traits: ['confirmed'], attributes: { title: '@IKS-Massnahme' } })
    await measureFactory({ customer: beta, owner: betaAdmin.user, attributes: { title: 'Beta geheim' } })
    await riskFactory({ customer: beta, owner: betaAdmin.user, attributes: { title: 'Beta Risiko geheim' } })
    await processFactory({ customer: beta, owner: betaAdmin.user, attributes: { title: 'Beta Prozess geheim' } })
    await dsgActivityRecord(alpha, { name: '=Versichertenverwaltung', lastReviewedOn: '2026-03-31' })
    await dsgActivityRecord(beta, { name: 'Beta Bearbeitung geheim' })
    await documentFactory({ customer: alpha, traits: ['present'], attributes: { name: '=Reglement', dueDate: '2026-02-28' } })
    await documentFactory({ customer: alpha, attributes: { name: 'Anlagereglement' } })
    await documentFactory({ customer: alpha, risk, attributes: { name: 'RM-Dokument' } })
    await documentFactory({ customer: beta, attributes: { name: 'Beta Dokument geheim' } })
  })

  describe('measures', () => {
    it('is a typed, frozen, filtered sheet with the CSV’s rows, in the reader’s language', async () => {
      const book = await sameAsCsv(measuresExport.loader, '/app/measures/export.csv?all=1', writer)
      expect(book.res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="massnahmen-inventar-\d{4}-\d{2}-\d{2}\.xlsx"$/)
      expect(book.ws.name).toBe('Massnahmen')
      expect(book.ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
      expect(book.ws.autoFilter).toBe('A1:M1')
      expect(book.ws.getRow(1).getCell(1).font?.bold).toBe(true)
      expect(book.ws.getColumn(3).width).toBeGreaterThanOrEqual(8)
      expect(book.header.slice(0, 3)).toEqual(['Nr.', 'Durchgang', 'Titel'])
      expect(book.body).toHaveLength(4)
      const formula = book.body.find((r) => r[2].value === '=SUMME(A1:A2)')!
      expect(formula[2].type).toBe(ExcelJS.ValueType.String)
      expect(formula[2].formula).toBeUndefined()
      // A day is a Date of that very day (no time zone shift), shown as a Swiss date.
      expect(formula[6].value).toEqual(new Date('2026-12-31T00:00:00Z'))
      expect(formula[6].numFmt).toBe('dd.mm.yyyy')
      const minus = book.body.find((r) => r[2].value === '-Minus')!
      expect(minus[1].value).toBe(3)
      expect(minus[1].type).toBe(ExcelJS.ValueType.Number)
      expect(minus[6].value).toEqual(new Date('2026-01-01T00:00:00Z'))
      for (const r of book.body) for (const c of r) expect(c.type).not.toBe(ExcelJS.ValueType.Formula)
      const confirmed = book.body.find((r) => r[2].value === '@IKS-Massnahme')!
      expect(confirmed[10].value).toBeInstanceOf(Date)
      expect(text(book)).not.toContain('Beta geheim')
    })

    it('follows the tab and the filters of the view, in French for a French reader', async () => {
      const view = await sameAsCsv(measuresExport.loader, '/app/measures/export.csv?tab=fund&q=Minus', writer, 'fr')
      expect(view.res.headers.get('Content-Disposition')).toMatch(/filename="mesures-fund-pending-\d{4}-\d{2}-\d{2}\.xlsx"/)
      expect(view.ws.name).toBe('Mesures')
      expect(view.header).toContain("Date d'échéance")
      expect(view.body.map((r) => r[2].value)).toEqual(['-Minus'])
      const rm = await sameAsCsv(measuresExport.loader, '/app/measures/export.csv?tab=risk', writer, 'fr')
      expect(rm.body.map((r) => r[2].value)).toEqual(['RM-Massnahme'])
      expect(rm.body[0]).toBeDefined()
      expect(rm.body[0].map((c) => c.value)).toContain('Trimestrielle')
    })

    it('gives a reader of one tool no measures of the other, and another fund nothing of this one', async () => {
      const risk = await sameAsCsv(measuresExport.loader, '/app/measures/export.csv?all=1', riskReader)
      expect(text(risk)).toContain('RM-Massnahme')
      expect(text(risk)).not.toContain('@IKS-Massnahme')
      const ics = await sameAsCsv(measuresExport.loader, '/app/measures/export.csv?all=1', icsReader)
      expect(text(ics)).toContain('@IKS-Massnahme')
      expect(text(ics)).not.toContain('RM-Massnahme')
      const other = await sameAsCsv(measuresExport.loader, '/app/measures/export.csv?all=1', betaAdmin)
      expect(text(other)).toContain('Beta geheim')
      for (const title of ['RM-Massnahme', '@IKS-Massnahme', '=SUMME(A1:A2)', '-Minus']) expect(text(other)).not.toContain(title)
    })
  })

  describe('risk inventory', () => {
    it('holds the CSV’s rows with numbers as numbers and the date as a date', async () => {
      const book = await sameAsCsv(riskExport.loader, '/app/risk/export.csv?all=1', riskReader)
      expect(book.res.headers.get('Content-Disposition')).toMatch(/filename="risikoinventar-\d{4}-\d{2}-\d{2}\.xlsx"/)
      expect(book.ws.name).toBe('Risikoinventar')
      expect(book.body).toHaveLength(2)
      const assessed = book.body.find((r) => r[1].value === '=HYPERLINK("http://x")')!
      expect(assessed[1].type).toBe(ExcelJS.ValueType.String)
      // The net rating (after the controls) beside the gross one, by their headers.
      const [p, s, score] = ['Eintrittswahrscheinlichkeit netto', 'Schadensausmass netto', 'Risikowert netto'].map((h) => book.header.indexOf(h))
      expect(book.header).toEqual(expect.arrayContaining(['Eintrittswahrscheinlichkeit brutto', 'Schadensausmass brutto', 'Risikowert brutto']))
      expect(assessed[p!]!.type).toBe(ExcelJS.ValueType.Number)
      expect(assessed[s!]!.type).toBe(ExcelJS.ValueType.Number)
      expect(assessed[score!]!.value).toBe((assessed[p!]!.value as number) * (assessed[s!]!.value as number))
      expect(assessed[book.header.indexOf('Zuletzt geändert')]!.value).toBeInstanceOf(Date)
      expect(text(book)).not.toContain('Beta Risiko geheim')
      const view = await sameAsCsv(riskExport.loader, '/app/risk/export.csv?q=Zinsrisiko', riskReader)
      expect(view.body.map((r) => r[1].value)).toEqual(['Zinsrisiko'])
    })

    it('is refused to whom may not read risks, and shows another fund none of them', async () => {
      expect((await get(riskExport.loader, '/app/risk/export.xlsx', icsReader)).res.status).toBe(403)
      expect((await get(riskExport.loader, '/app/risk/export.xlsx', norights)).res.status).toBe(403)
      const other = await xlsx(riskExport.loader, '/app/risk/export.xlsx?all=1', betaAdmin, 'fr')
      expect(other.ws.name).toBe('Inventaire des risques')
      expect(text(other)).toContain('Beta Risiko geheim')
      expect(text(other)).not.toContain('Zinsrisiko')
    })
  })

  describe('process inventory', () => {
    it('holds the CSV’s rows, a formula-looking title as text; refused without the tool; tenant-scoped', async () => {
      const book = await sameAsCsv(icsExport.loader, '/app/iks/export.csv?all=1', icsReader)
      expect(book.res.headers.get('Content-Disposition')).toMatch(/filename="prozessinventar-\d{4}-\d{2}-\d{2}\.xlsx"/)
      expect(book.body.map((r) => r[1].value)).toEqual(['+41 44 000 00 00'])
      expect(book.body[0][1].type).toBe(ExcelJS.ValueType.String)
      expect((await get(icsExport.loader, '/app/iks/export.xlsx', riskReader)).res.status).toBe(403)
      const other = await xlsx(icsExport.loader, '/app/iks/export.xlsx?all=1', betaAdmin)
      expect(text(other)).not.toContain('+41 44')
    })
  })

  describe('record of processing activities', () => {
    it('holds the CSV’s rows with the review date as a date; refused without rights; tenant-scoped', async () => {
      const reader = await memberFactory({ customer: alpha, traits: ['read'] })
      const book = await xlsx(processingXlsx.loader, '/app/dsg/processing/export.xlsx', reader)
      const lines = await csv(processingCsv.loader, '/app/dsg/processing/export.csv', reader)
      expect(book.header).toEqual(lines[0])
      expect(book.body.map((r) => r.map(asCsv))).toEqual(lines.slice(1))
      expect(book.res.headers.get('Content-Disposition')).toMatch(/filename="Bearbeitungsverzeichnis-\d{4}-\d{2}-\d{2}\.xlsx"/)
      expect(book.ws.name).toBe('Bearbeitungsverzeichnis')
      const row = book.body.find((r) => r[1].value === '=Versichertenverwaltung')!
      expect(row[1].type).toBe(ExcelJS.ValueType.String)
      const reviewed = book.header.indexOf('Letzte Überprüfung')
      expect(reviewed).toBeGreaterThan(0)
      expect(row[reviewed].value).toEqual(new Date('2026-03-31T00:00:00Z'))
      expect(text(book)).not.toContain('Beta Bearbeitung geheim')
      expect((await get(processingXlsx.loader, '/app/dsg/processing/export.xlsx', norights)).res.status).toBe(403)
    })
  })

  describe('documents', () => {
    it('export the current tab with its filters as CSV and XLSX alike; another tool’s tab is refused; tenant-scoped', async () => {
      const book = await sameAsCsv(documentsExport.loader, '/app/docs/export.csv?tab=fund', writer)
      expect(book.res.headers.get('Content-Disposition')).toMatch(/filename="dokumente-fund-\d{4}-\d{2}-\d{2}\.xlsx"/)
      expect(book.ws.name).toBe('Dokumente')
      expect(book.body.map((r) => r[0].value).sort()).toEqual(['=Reglement', 'Anlagereglement'].sort())
      const reglement = book.body.find((r) => r[0].value === '=Reglement')!
      expect(reglement[0].type).toBe(ExcelJS.ValueType.String)
      expect(reglement[4].value).toEqual(new Date('2026-02-28T00:00:00Z'))
      expect(reglement[5].value).toBe('Ja')
      expect(text(book)).not.toContain('RM-Dokument')
      const filtered = await sameAsCsv(documentsExport.loader, '/app/docs/export.csv?tab=fund&present=yes', writer)
      expect(filtered.body.map((r) => r[0].value)).toEqual(['=Reglement'])
      const rm = await sameAsCsv(documentsExport.loader, '/app/docs/export.csv?tab=risk', riskReader)
      expect(rm.body.map((r) => r[0].value)).toEqual(['RM-Dokument'])
      expect((await get(documentsExport.loader, '/app/docs/export.xlsx?tab=risk', icsReader)).res.status).toBe(403)
      const other = await xlsx(documentsExport.loader, '/app/docs/export.xlsx?tab=fund', betaAdmin)
      expect(text(other)).toContain('Beta Dokument geheim')
      expect(text(other)).not.toContain('Anlagereglement')
    })
  })

  describe('work processes', () => {
    it('export the current view as CSV and XLSX alike, the enforcement date as a date; refused without a tool; tenant-scoped', async () => {
      const wp = (title: string, enforcementDate: string | null) => ({
        title,
        state: 'inForce' as const,
        link: null,
        enforcementDate,
        businessCase: 'Leistungen',
        processRef: 'AP-1',
        ownerUserId: null,
        mainThemeId: null,
        subThemeId: null,
      })
      await WorkProcesses.for(writer.access).save(null, wp('=Rentenauszahlung', '2026-01-01'))
      await WorkProcesses.for(writer.access).save(null, wp('Austritt', null))
      await WorkProcesses.for(betaAdmin.access).save(null, wp('Beta Prozess geheim', null))
      const book = await sameAsCsv(workExport.loader, '/app/work-process/export.csv', riskReader)
      expect(book.res.headers.get('Content-Disposition')).toMatch(/filename="arbeitsprozesse-\d{4}-\d{2}-\d{2}\.xlsx"/)
      expect(book.ws.name).toBe('Arbeitsprozesse')
      expect(book.body.map((r) => r[0].value).sort()).toEqual(['=Rentenauszahlung', 'Austritt'].sort())
      const row = book.body.find((r) => r[0].value === '=Rentenauszahlung')!
      expect(row[0].type).toBe(ExcelJS.ValueType.String)
      expect(row[6].value).toEqual(new Date('2026-01-01T00:00:00Z'))
      const view = await sameAsCsv(workExport.loader, '/app/work-process/export.csv?q=Austritt', riskReader)
      expect(view.body.map((r) => r[0].value)).toEqual(['Austritt'])
      expect((await get(workExport.loader, '/app/work-process/export.xlsx', norights)).res.status).toBe(403)
      const other = await xlsx(workExport.loader, '/app/work-process/export.xlsx', betaAdmin)
      expect(text(other)).toContain('Beta Prozess geheim')
      expect(text(other)).not.toContain('Austritt')
    })
  })

  describe('control matrix', () => {
    it('exports the matrix as CSV and XLSX alike, for readers of the ICS only, of the own fund only', async () => {
      const admin = await memberFactory({ customer: alpha, traits: ['ics-admin'] })
      const row = {
        id: null,
        revision: null,
        management: 'A' as const,
        responsible: 'E' as const,
        department: 'Anlagen',
        controller: 'Revisionsstelle',
        cycle: 'jährlich',
        comment: '',
        version: null,
        remove: false,
      }
      await saveControlMatrix(admin.access, [{ ...row, task: '=Anlagestrategie festlegen' }])
      const betaIcs = await memberFactory({ customer: beta, traits: ['ics-admin'] })
      await saveControlMatrix(betaIcs.access, [{ ...row, task: 'Beta Aufgabe geheim' }])
      const book = await sameAsCsv(matrixExport.loader, '/app/iks/control-matrix/export.csv', icsReader)
      expect(book.res.headers.get('Content-Disposition')).toMatch(/filename="kontrollmatrix-\d{4}-\d{2}-\d{2}\.xlsx"/)
      expect(book.ws.name).toBe('Kontrollmatrix')
      const task = book.body.find((r) => r[0].value === '=Anlagestrategie festlegen')!
      expect(task[0].type).toBe(ExcelJS.ValueType.String)
      expect(task[1].value).toBe('E · Entscheid')
      expect(text(book)).not.toContain('Beta Aufgabe geheim')
      expect((await get(matrixExport.loader, '/app/iks/control-matrix/export.xlsx', riskReader)).res.status).toBe(403)
      const other = await xlsx(matrixExport.loader, '/app/iks/control-matrix/export.xlsx', betaIcs)
      expect(text(other)).toContain('Beta Aufgabe geheim')
      expect(text(other)).not.toContain('Anlagestrategie')
    })
  })
})

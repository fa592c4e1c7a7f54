import { PassThrough, Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { type Cell, DayCell } from './csv.server.ts'
import { attachment } from './content-disposition.ts'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A reader that takes nothing for this long is given up: its batches hold a database connection. */
const STALLED_MS = 120_000
/** Excel's limits: a cell holds at most this many characters, a sheet name at most 31 of a restricted set. */
const MAX_TEXT = 32_767
const MIN_WIDTH = 8
const MAX_WIDTH = 60
const DATE_FORMAT = 'dd.mm.yyyy'

// Characters XML 1.0 cannot hold: a file with one of them does not open in Excel.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/**
 * One cell as exceljs takes it: a number stays a number, a day becomes the Date of its midnight in
 * UTC (exceljs turns a Date into Excel's serial from its UTC parts, so the day never shifts), a
 * boolean stays a boolean, anything else is text. exceljs writes a JavaScript string always as a
 * string cell, never as a formula (a formula needs `{ formula }`), so "=1+1" stays the text "=1+1":
 * no apostrophe needed, unlike the CSV.
 */
function value(v: Cell): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'boolean') return v
  if (v instanceof DayCell) return new Date(`${v.iso}T00:00:00Z`)
  const s = String(v).replace(NOT_XML, '')
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s
}

/** A name Excel accepts for a sheet: none of : \ / ? * [ ], at most 31 characters, not empty. */
export function sheetName(name: string) {
  const cleaned = name.replace(/[:\\/?*[\]]/g, ' ').trim()
  return (cleaned || 'Sheet').slice(0, 31)
}

/** Columns as wide as their header or the longest text of the first rows, within bounds. */
function widths(header: string[], rows: Cell[][]) {
  return header.map((h, i) => {
    let width = h.length
    for (const row of rows) {
      const v = row[i]
      const len = v instanceof DayCell ? 10 : v === null || v === undefined ? 0 : String(v).length
      if (len > width) width = len
    }
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2))
  })
}

/**
 * An XLSX download of one sheet, streamed: exceljs's streaming writer turns each batch into rows
 * and writes them into the zip as they come, so the whole file is never in memory. The header row
 * is bold, frozen and carries an autofilter; dates are real dates (dd.mm.yyyy), numbers numbers.
 * Between batches the writer waits while the reader is behind (backpressure); a reader that stops
 * or stalls ends the batches (`return()`), which ends their cursor and its transaction.
 */
export function xlsxResponse(filename: string, sheet: string, header: string[], batches: AsyncIterable<Cell[][]>) {
  const out = new PassThrough()
  let gone = false
  out.on('close', () => {
    gone = true
  })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const ws = workbook.addWorksheet(sheetName(sheet), { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } }

  /** Resolves once the reader took what is buffered; false if it went away or stalled. */
  function drained() {
    if (gone) return Promise.resolve(false)
    if (out.writableLength < out.writableHighWaterMark) return Promise.resolve(true)
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), STALLED_MS)
      const done = (ok: boolean) => {
        clearTimeout(timer)
        out.off('drain', onDrain)
        out.off('close', onClose)
        resolve(ok)
      }
      const onDrain = () => done(true)
      const onClose = () => done(false)
      out.on('drain', onDrain)
      out.on('close', onClose)
    })
  }

  async function write() {
    let started = false
    const start = (first: Cell[][]) => {
      const w = widths(header, first)
      ws.columns = header.map((h, i) => ({ header: h, width: w[i] }))
      ws.getRow(1).font = { bold: true }
      ws.getRow(1).commit()
      started = true
    }
    for await (const batch of batches) {
      if (!started) start(batch)
      for (const row of batch) {
        const r = ws.addRow(row.map(value))
        for (let i = 0; i < row.length; i++) if (row[i] instanceof DayCell) r.getCell(i + 1).numFmt = DATE_FORMAT
        r.commit()
      }
      if (!(await drained())) throw new Error('the reader of an XLSX export went away or stalled')
    }
    if (!started) start([])
    ws.commit()
    await workbook.commit()
  }
  write().catch((error) => {
    if (!gone) out.destroy(error instanceof Error ? error : new Error(String(error)))
  })

  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': attachment(filename),
      'Cache-Control': 'no-store',
    },
  })
}

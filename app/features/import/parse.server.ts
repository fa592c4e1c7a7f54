import { createInflateRaw } from 'node:zlib'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { CONTROL_CHARS } from '#app/utils/validation.ts'
import { IMPORT_MAX_BYTES, IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MAX_UNZIPPED_BYTES } from '#models/core/constants.ts'
import { DomainError } from '#models/core/errors.ts'

/**
 * One cell of an imported file as the draft keeps it: text, a number, a boolean, a day ({ d:
 * 'yyyy-mm-dd' }), a formula ({ f }: refused in the preview), or null (empty).
 */
export type ImportCell = string | number | boolean | null | { d: string } | { f: string }
export type ParsedFile = { header: string[]; rows: ImportCell[][] }

const refuse = (message: string) => new DomainError('invalid', 'file', `import:file.${message}`)
/** A refusal that names the file's line (row): its message says where. */
export class FileError extends DomainError {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super('invalid', 'file', `import:file.${message}`)
  }
}

/**
 * Control characters (NUL and the like) are refused: PostgreSQL cannot store NUL, and no form accepts
 * them. A cell longer than Excel allows is refused too (a 10 MB cell cost 290 MB on the way to the draft).
 */
function checkText(s: string, line: number) {
  if (s.length > IMPORT_MAX_CELL_CHARS) throw new FileError('cellTooLong', line)
  if (CONTROL_CHARS.test(s)) throw new FileError('controlChars', line)
}

/**
 * A spreadsheet's header and data rows: XLSX (first sheet) or CSV (UTF-8, ; or ,), told apart by
 * the file's content, not its name. Refused with a message: too large, not a spreadsheet, empty,
 * no header row, no data rows, too many rows.
 */
export async function parseSpreadsheet(name: string, bytes: Uint8Array): Promise<ParsedFile> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw refuse('tooLarge')
  if (bytes.byteLength === 0) throw refuse('empty')
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b
  let grid: ImportCell[][]
  if (zip) grid = await readXlsx(bytes)
  else if (/\.(csv|txt)$/i.test(name) && isText(bytes)) grid = parseCsv(decodeUtf8(bytes))
  else throw refuse('notSpreadsheet')
  return headerAndRows(grid)
}

/** Blank rows dropped; the first row is the header: every cell non-empty text, none twice. Counted before anything is padded. */
function headerAndRows(grid: ImportCell[][]): ParsedFile {
  const rows = grid.filter((r) => r.some((c) => !isBlank(c)))
  if (!rows.length) throw refuse('empty')
  const first = rows[0]
  let width = first.length
  while (width > 0 && isBlank(first[width - 1])) width--
  if (width > IMPORT_MAX_COLUMNS) throw refuse('tooManyColumns')
  const header: string[] = []
  for (let i = 0; i < width; i++) {
    const c = first[i]
    if (typeof c !== 'string' || !c.trim()) throw refuse('noHeader')
    header.push(c.trim())
  }
  if (new Set(header.map((h) => h.toLowerCase())).size !== header.length) throw refuse('noHeader')
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw refuse('tooManyRows')
  if (rows.length < 2) throw refuse('noRows')
  const data = rows.slice(1).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null))
  return { header, rows: data }
}

const isBlank = (c: ImportCell) => c === null || (typeof c === 'string' && !c.trim())

/** Merged ranges a workbook may declare, and the cells they may cover together. */
const MAX_MERGES = 1000
const MAX_MERGED_CELLS = 100_000
const MERGE_REF = /<(?:\w+:)?mergeCell\b[^>]*?\bref="\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?"/g
const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0)

/** A part of the zip as JSZip keeps it before anything is unpacked (its private record of the entry). */
type Entry = { compressedContent?: Uint8Array; uncompressedSize?: number; compression?: { magic?: string } }
const STORE = '\x00\x00'
const DEFLATE = '\x08\x00'

/**
 * The bytes one part really unpacks to, counted while it is inflated and never kept: the count stops
 * as soon as it passes `budget`. The sizes a zip's directory declares are the sender's word (a 2 MB
 * file that declares 1,000 bytes unpacked to 2 GB), so they are not trusted.
 */
function inflatedSize(entry: Entry, budget: number): Promise<number> {
  const data = entry.compressedContent
  if (!(data instanceof Uint8Array)) return Promise.reject(refuse('notSpreadsheet'))
  const method = entry.compression?.magic
  if (method === STORE) return Promise.resolve(data.byteLength)
  if (method !== DEFLATE) return Promise.reject(refuse('notSpreadsheet'))
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw()
    let size = 0
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > budget) {
        inflate.destroy()
        resolve(size)
      }
    })
    inflate.on('end', () => resolve(size))
    inflate.on('error', () => reject(refuse('notSpreadsheet')))
    inflate.end(data)
  })
}

/**
 * What exceljs cannot be trusted with, checked before it reads the file: parts that unpack to more
 * than IMPORT_MAX_UNZIPPED_BYTES (counted while inflating, nothing kept; a part whose real size is not
 * the one its directory declares is no workbook), and merged ranges that exceljs would expand cell by
 * cell (one `A1:XFD1048576` in a 1 KB file is 17 billion cells; its overlap check is quadratic in the
 * number of ranges).
 */
async function checkZip(bytes: Uint8Array) {
  let zip: JSZip
  try {
    zip = await JSZip.loadAsync(bytes)
  } catch {
    throw refuse('notSpreadsheet')
  }
  let total = 0
  for (const f of Object.values(zip.files)) {
    if (f.dir) continue
    const entry = (f as unknown as { _data?: Entry })._data ?? {}
    const size = await inflatedSize(entry, IMPORT_MAX_UNZIPPED_BYTES - total)
    total += size
    if (total > IMPORT_MAX_UNZIPPED_BYTES) throw refuse('unpackedTooLarge')
    if (size !== entry.uncompressedSize) throw refuse('notSpreadsheet')
  }
  let merges = 0
  let cells = 0
  for (const f of zip.file(/^xl\/worksheets\/[^/]+\.xml$/)) {
    let xml: string
    try {
      xml = await f.async('string')
    } catch {
      throw refuse('notSpreadsheet')
    }
    for (const m of xml.matchAll(MERGE_REF)) {
      const rows = Math.abs(Number(m[4] ?? m[2]) - Number(m[2])) + 1
      const cols = Math.abs(columnNumber(m[3] ?? m[1]) - columnNumber(m[1])) + 1
      cells += rows * cols
      if (++merges > MAX_MERGES || cells > MAX_MERGED_CELLS) throw refuse('tooManyMerged')
    }
  }
}

/**
 * The first sheet's rows that hold a value (empty rows are not built, however far down the last
 * cell is), at most IMPORT_MAX_ROWS + 1 of them; a merged range's value in its first cell only.
 */
async function readXlsx(bytes: Uint8Array): Promise<ImportCell[][]> {
  await checkZip(bytes)
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer)
  } catch {
    throw refuse('notSpreadsheet')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw refuse('notSpreadsheet')
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw refuse('tooManyRows')
  const grid: ImportCell[][] = []
  sheet.eachRow((row, n) => {
    const cells: ImportCell[] = []
    row.eachCell((cell, col) => {
      // Past the column cap nothing is kept: one more is enough for the header to be refused.
      if (col > IMPORT_MAX_COLUMNS + 1 || cell.type === ExcelJS.ValueType.Merge) return
      const value = xlsxCell(cell.value)
      if (typeof value === 'string') checkText(value, n)
      else if (value && typeof value === 'object' && 'f' in value) checkText(value.f, n)
      cells[col - 1] = value
    })
    for (let i = 0; i < cells.length; i++) cells[i] ??= null
    grid.push(cells)
  })
  return grid
}

function xlsxCell(v: ExcelJS.CellValue): ImportCell {
  if (v === null || v === undefined) return null
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string') return v
  if (typeof v === 'boolean') return v
  // exceljs gives a day as the Date of its midnight in UTC (the export writes it so).
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : { d: v.toISOString().slice(0, 10) }
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v)
      return { f: String((v as { formula?: string }).formula ?? (v as { sharedFormula?: string }).sharedFormula ?? '') }
    if ('richText' in v) return v.richText.map((r) => r.text).join('')
    if ('text' in v) {
      // A hyperlink's text may itself be rich text.
      const t = (v as { text: unknown }).text
      return t && typeof t === 'object' && 'richText' in t ? (t as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('') : String(t)
    }
    if ('error' in v) return { f: String(v.error) }
  }
  return String(v)
}

/** Text, not binary: no NUL byte in the first KiB (a PNG or PDF renamed .csv has some). */
function isText(bytes: Uint8Array) {
  const n = Math.min(bytes.length, 1024)
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return false
  return true
}

function decodeUtf8(bytes: Uint8Array) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw refuse('encoding')
  }
}

/** ; or , whichever occurs more often outside quotes on the first line (the export writes ;). */
export function detectSeparator(text: string): ';' | ',' {
  let semi = 0
  let comma = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) break
    else if (!quoted && c === ';') semi++
    else if (!quoted && c === ',') comma++
  }
  return comma > semi ? ',' : ';'
}

/**
 * RFC 4180 CSV with the separator detected: quoted fields may hold the separator, line breaks and
 * doubled quotes; CRLF or LF. Every cell is text, except that a cell the export kept from running
 * as a formula ('= …) loses its apostrophe, and one that would run as a formula is marked as one.
 * Blank lines are dropped as they are read; more than IMPORT_MAX_ROWS + 1 lines or
 * IMPORT_MAX_COLUMNS + 1 fields in a line, a control character or a quote never closed are refused.
 */
export function parseCsv(input: string): ImportCell[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const sep = detectSeparator(text)
  const rows: ImportCell[][] = []
  let row: ImportCell[] = []
  let field = ''
  let quoted = false
  let line = 1
  let i = 0
  const end = () => {
    if (row.length > IMPORT_MAX_COLUMNS) throw refuse('tooManyColumns')
    checkText(field, line)
    row.push(csvCell(field))
    field = ''
  }
  const endRow = () => {
    end()
    if (row.some((c) => !isBlank(c))) {
      if (rows.length > IMPORT_MAX_ROWS) throw refuse('tooManyRows')
      rows.push(row)
    }
    row = []
    line++
  }
  while (i < text.length) {
    const c = text[i]
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
      } else field += c
      if (field.length > IMPORT_MAX_CELL_CHARS) throw new FileError('cellTooLong', line)
      i++
      continue
    }
    if (c === '"' && field === '') quoted = true
    else if (c === sep) end()
    else if (c === '\n' || c === '\r') {
      endRow()
      if (c === '\r' && text[i + 1] === '\n') i++
    } else {
      field += c
      if (field.length > IMPORT_MAX_CELL_CHARS) throw new FileError('cellTooLong', line)
    }
    i++
  }
  // A quote opened and never closed would swallow the rest of the file into one cell.
  if (quoted) throw new FileError('brokenQuotes', line)
  if (field !== '' || row.length) endRow()
  return rows
}

/**
 * What a spreadsheet would run: = always; + - @ only when a function call or a cell reference
 * follows (+SUM(…), -A1, @IF(…)), so that "-", "- Punkt 1" and "+41 44 123 45 67" stay text;
 * a leading tab or CR (which spreadsheets skip) likewise.
 */
const FORMULA = /^[\t\r]*(=|[+\-@]\s*([A-Za-z_][\w.]*\s*\(|\$?[A-Za-z]{1,3}\$?\d+\b))/
const ESCAPED = /^'+[=+\-@\t\r]/

function csvCell(raw: string): ImportCell {
  if (raw === '') return null
  // The export's escape (csv.server.ts safeCell): an apostrophe before = + - @ (or before apostrophes
  // that precede one) keeps the text from running; the import takes that one apostrophe off.
  if (raw.length > 1 && ESCAPED.test(raw)) return raw.slice(1)
  if (FORMULA.test(raw)) return { f: raw }
  return raw
}

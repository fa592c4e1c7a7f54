import ExcelJS from 'exceljs'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#models/core/constants.ts'
import { DomainError } from '#models/core/errors.ts'

/**
 * One cell of an imported file as the draft keeps it: text, a number, a boolean, a day ({ d:
 * 'yyyy-mm-dd' }), a formula ({ f }: refused in the preview), or null (empty).
 */
export type ImportCell = string | number | boolean | null | { d: string } | { f: string }
export type ParsedFile = { header: string[]; rows: ImportCell[][] }

const refuse = (message: string) => new DomainError('invalid', 'file', `import:file.${message}`)

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

/** Blank rows dropped; the first row is the header: every cell non-empty text, none twice. */
function headerAndRows(grid: ImportCell[][]): ParsedFile {
  const rows = grid.filter((r) => r.some((c) => !isBlank(c)))
  if (!rows.length) throw refuse('empty')
  const first = rows[0]
  let width = first.length
  while (width > 0 && isBlank(first[width - 1])) width--
  const header: string[] = []
  for (let i = 0; i < width; i++) {
    const c = first[i]
    if (typeof c !== 'string' || !c.trim()) throw refuse('noHeader')
    header.push(c.trim())
  }
  if (new Set(header.map((h) => h.toLowerCase())).size !== header.length) throw refuse('noHeader')
  const data = rows.slice(1).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null))
  if (!data.length) throw refuse('noRows')
  if (data.length > IMPORT_MAX_ROWS) throw new DomainError('invalid', 'file', 'import:file.tooManyRows')
  return { header, rows: data }
}

const isBlank = (c: ImportCell) => c === null || (typeof c === 'string' && !c.trim())

async function readXlsx(bytes: Uint8Array): Promise<ImportCell[][]> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer)
  } catch {
    throw refuse('notSpreadsheet')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw refuse('notSpreadsheet')
  const grid: ImportCell[][] = []
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: ImportCell[] = []
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = xlsxCell(cell.value)
    })
    for (let i = 0; i < cells.length; i++) cells[i] ??= null
    grid[n - 1] = cells
  })
  for (let i = 0; i < grid.length; i++) grid[i] ??= []
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
    if ('text' in v) return String(v.text)
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
 * as a formula ('= …) loses its apostrophe, and one that would run as a formula (= + - @ and not a
 * number) is marked as one.
 */
export function parseCsv(input: string): ImportCell[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const sep = detectSeparator(text)
  const rows: ImportCell[][] = []
  let row: ImportCell[] = []
  let field = ''
  let quoted = false
  let i = 0
  const end = () => {
    row.push(csvCell(field))
    field = ''
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
      i++
      continue
    }
    if (c === '"' && field === '') quoted = true
    else if (c === sep) end()
    else if (c === '\n' || c === '\r') {
      end()
      rows.push(row)
      row = []
      if (c === '\r' && text[i + 1] === '\n') i++
    } else field += c
    i++
  }
  if (field !== '' || row.length) {
    end()
    rows.push(row)
  }
  return rows
}

const FORMULA_START = /^[=+\-@\t\r]/
const NUMBER = /^[+-]?(\d+([.,]\d+)?|\d{1,3}('\d{3})+([.,]\d+)?)$/

function csvCell(raw: string): ImportCell {
  if (raw === '') return null
  // The export's escape (csv.server.ts safeCell): an apostrophe before = + - @ keeps the text from running.
  if (raw.length > 1 && raw[0] === "'" && FORMULA_START.test(raw[1])) return raw.slice(1)
  if (FORMULA_START.test(raw) && !NUMBER.test(raw.trim())) return { f: raw }
  return raw
}

/** A cell as text for the preview (a day in Swiss form). */
export function cellText(c: ImportCell): string {
  if (c === null) return ''
  if (typeof c === 'object') return 'd' in c ? `${c.d.slice(8, 10)}.${c.d.slice(5, 7)}.${c.d.slice(0, 4)}` : `=${c.f.replace(/^=/, '')}`
  return String(c)
}

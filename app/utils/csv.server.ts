import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { attachment } from './content-disposition.ts'

const BOM = '\uFEFF'
const SEPARATOR = ';'
const EOL = '\r\n'

const ESCAPE = /^'*[=+\-@\t\r]/

/** Excel runs a cell that starts with = + - @ as a formula; a leading apostrophe keeps it text (CSV injection). */
export function safeCell(value: string | number | boolean | null | undefined): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  const s = String(value)
  // = + - @ tab CR, also after apostrophes: "'=x" is written "''=x", so that the import's reading
  // of the escape (one apostrophe off) gives back "'=x", not "=x".
  return ESCAPE.test(s) ? `'${s}` : s
}

/**
 * A calendar day (no time, no time zone) as a cell: the CSV writes it as text "23.11.2026", the
 * XLSX as a real Excel date of that day. The column definitions return it, so both files share them.
 */
export class DayCell {
  /** `iso` is "YYYY-MM-DD". */
  constructor(readonly iso: string) {}
}

/** A date column's value: a day of a date-only field, or the Zurich day of a timestamp; empty stays empty. */
export function day(value: string | Date | null | undefined): DayCell | null {
  if (!value) return null
  return new DayCell(typeof value === 'string' ? value.slice(0, 10) : todayInZurich(value))
}

export type Cell = string | number | boolean | DayCell | null | undefined

/** One cell as written: a number as it is, a day as "dd.mm.yyyy", anything else as text (safeCell) in quotes with its quotes doubled. */
function cell(value: Cell): string {
  if (typeof value === 'number') return `${value}`
  if (value instanceof DayCell) return `"${formatDate(value.iso)}"`
  const s = safeCell(value) as string
  return `"${s.includes('"') ? s.replaceAll('"', '""') : s}"`
}

/** Rows as CSV lines, each ended by CRLF. */
function lines(rows: readonly (readonly Cell[])[]): string {
  let out = ''
  for (const row of rows) {
    let line = ''
    for (let i = 0; i < row.length; i++) line += i ? SEPARATOR + cell(row[i]) : cell(row[i])
    out += line + EOL
  }
  return out
}

/** A reader that takes nothing for this long is given up: its batches hold a database connection. */
const STALLED_MS = 120_000

/**
 * A CSV download that opens right in Swiss Excel: UTF-8 with BOM, ";" as separator, CRLF line
 * ends, text quoted and kept from running as a formula (safeCell). The header goes out at once,
 * then the rows batch by batch as the reader takes them. A reader that stops (a cancelled
 * stream) or stalls ends the batches (`return()`), which ends their cursor and its transaction.
 */
export function csvResponse(filename: string, header: string[], batches: AsyncIterable<Cell[][]>) {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let stalled: ReturnType<typeof setTimeout> | undefined
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${BOM}${header.map((h) => `"${h.replaceAll('"', '""')}"`).join(SEPARATOR)}${EOL}`))
    },
    async pull(controller) {
      clearTimeout(stalled)
      try {
        const { value, done } = await iterator.next()
        if (done) return controller.close()
        if (value.length) controller.enqueue(encoder.encode(lines(value)))
        stalled = setTimeout(() => {
          controller.error(new Error('the reader of a CSV export stalled'))
          iterator.return?.(undefined).catch(() => {})
        }, STALLED_MS)
        stalled.unref?.()
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      clearTimeout(stalled)
      await iterator.return?.(undefined)
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachment(filename),
      'Cache-Control': 'no-store',
    },
  })
}

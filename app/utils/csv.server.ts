import { Parser } from '@json2csv/plainjs'

const BOM = '\uFEFF'

/** Excel runs a cell that starts with = + - @ as a formula; a leading apostrophe keeps it text (CSV injection). */
export function safeCell(value: string | number | boolean | null | undefined): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  const s = String(value)
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
}

/**
 * A CSV download that opens right in Swiss Excel: UTF-8 with BOM, ";" as
 * separator, CRLF line ends, fields quoted as needed. Rows are streamed batch by batch.
 */
export function csvResponse(filename: string, header: string[], batches: AsyncIterable<(string | number)[][]>) {
  const fields = header.map((label, i) => ({ label, value: String(i) }))
  const headerParser = new Parser({ fields, delimiter: ';', eol: '\r\n', withBOM: false, header: true })
  const rowParser = new Parser({ fields, delimiter: ';', eol: '\r\n', withBOM: false, header: false })
  const toObjects = (rows: (string | number)[][]) => rows.map((r) => Object.fromEntries(r.map((v, i) => [String(i), v])))
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let started = false
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(`${BOM + headerParser.parse([])}\r\n`))
          return
        }
        const { value, done } = await iterator.next()
        if (done) return controller.close()
        if (value.length) controller.enqueue(encoder.encode(`${rowParser.parse(toObjects(value))}\r\n`))
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })
}

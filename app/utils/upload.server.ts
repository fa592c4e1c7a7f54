import { data } from 'react-router'
import type { SubmissionResult } from '#app/ui/form.ts'
import { CONTROL_CHARS } from '#app/utils/validation.ts'
import { type FilePart, FileRefused, uploadLimit } from '#models/core/files.server.ts'

/*
 * The upload gate (issue 25, decision 0063): a plain multipart form, read as a stream. Its text fields
 * are gathered (bounded in number and size); each file part is handed on as a stream that the caller
 * writes into the file store before the next part is read, so a 25 MB file is never held in memory
 * and a refused one stops the reading at once. The store enforces UPLOAD_LIMIT and the allowed types
 * (models/core/files.server.ts); this reader refuses a malformed form or one with too many files.
 */

/** How many files one form may carry. */
export const MAX_FILES_PER_FORM = 10
const MAX_PARTS = 200
const MAX_FIELD_BYTES = 100_000
const MAX_HEADER_BYTES = 8 * 1024

/** Why a multipart form was refused before its files reached the store: too many files or unreadable (400). */
export class UploadRefused extends Error {
  constructor(public readonly reason: 'tooMany' | 'unreadable') {
    super(`upload refused: ${reason}`)
  }
}

/** True when the request carries a multipart body (else the page reads request.formData()). */
export function isMultipart(request: Request): boolean {
  return (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase() === 'multipart/form-data'
}

function boundaryOf(request: Request): string {
  const m = (request.headers.get('Content-Type') ?? '').match(/;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i)
  if (!isMultipart(request) || !m) throw new UploadRefused('unreadable')
  return m[1] ?? m[2]
}

/** A pull reader over the body with a small look-ahead buffer. */
class Input {
  private buf: Buffer = Buffer.alloc(0)
  private done = false
  constructor(private reader: ReadableStreamDefaultReader<Uint8Array>) {}
  async more(): Promise<boolean> {
    if (this.done) return false
    const { done, value } = await this.reader.read()
    if (done) {
      this.done = true
      return false
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    return true
  }
  take(n: number): Buffer {
    const out = this.buf.subarray(0, n)
    this.buf = this.buf.subarray(n)
    return out
  }
  /** Reads until `marker`; returns what came before it (at most `max` bytes) and drops the marker. */
  async until(marker: Buffer, max: number): Promise<Buffer> {
    for (;;) {
      const at = this.buf.indexOf(marker)
      if (at >= 0) {
        const out = Buffer.from(this.take(at))
        this.take(marker.length)
        return out
      }
      if (this.buf.length > max + marker.length || !(await this.more())) throw new UploadRefused('unreadable')
    }
  }
  /** Streams the bytes before `marker`, keeping back a tail that may be the start of the marker. */
  async *streamUntil(marker: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = this.buf.indexOf(marker)
      if (at >= 0) {
        // Views, not copies: the body's pieces are never reused once read.
        if (at > 0) yield this.take(at)
        this.take(marker.length)
        return
      }
      const safe = this.buf.length - marker.length + 1
      if (safe > 0) yield this.take(safe)
      if (!(await this.more())) throw new UploadRefused('unreadable')
    }
  }
  async need(n: number) {
    while (this.buf.length < n) if (!(await this.more())) throw new UploadRefused('unreadable')
  }
  cancel() {
    void this.reader.cancel().catch(() => {})
  }
}

function partHeaders(raw: string): { name: string; filename: string | null } {
  let disposition = ''
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-disposition') disposition = line.slice(colon + 1)
  }
  const param = (key: string) => {
    const m = disposition.match(new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i')) ?? disposition.match(new RegExp(`;\\s*${key}=([^;\\s]+)`, 'i'))
    return m ? m[1].replace(/\\(.)/g, '$1').replace(/%22/g, '"') : null
  }
  const name = param('name')
  if (!/^\s*form-data/i.test(disposition) || name === null) throw new UploadRefused('unreadable')
  return { name, filename: param('filename') }
}

/**
 * Reads a multipart form as a stream. Text fields are gathered into the FormData returned (and passed,
 * as gathered so far, to `onFile`: a form puts its file inputs last); each chosen file is handed to
 * `onFile`, whose content is read before the next part (what `onFile` leaves unread is skipped). An
 * empty file input (no name, no content) is skipped. Throws UploadRefused on a malformed form or one
 * with more than MAX_FILES_PER_FORM files; whatever `onFile` throws stops the reading and is rethrown.
 */
export async function readMultipart(request: Request, onFile: (file: FilePart, fields: FormData) => Promise<void>): Promise<FormData> {
  const boundary = boundaryOf(request)
  const fields = new FormData()
  if (!request.body) throw new UploadRefused('unreadable')
  const input = new Input(request.body.getReader())
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  let parts = 0
  let files = 0
  try {
    // The preamble, then the first boundary.
    await input.until(Buffer.from(`--${boundary}`), MAX_HEADER_BYTES)
    for (;;) {
      await input.need(2)
      const after = input.take(2).toString('latin1')
      if (after === '--') break
      if (after !== '\r\n') throw new UploadRefused('unreadable')
      const head = partHeaders((await input.until(Buffer.from('\r\n\r\n'), MAX_HEADER_BYTES)).toString('utf8'))
      if (++parts > MAX_PARTS) throw new UploadRefused('unreadable')
      if (head.filename === null) {
        const text = (await input.until(delimiter, MAX_FIELD_BYTES)).toString('utf8')
        if (CONTROL_CHARS.test(text) || CONTROL_CHARS.test(head.name)) throw new UploadRefused('unreadable')
        fields.append(head.name, text)
        continue
      }
      const piece = input.streamUntil(delimiter)
      const drain = async () => {
        while (!(await piece.next()).done) {}
      }
      if (head.filename === '') {
        // An empty file input: its (empty) content is read and dropped.
        await drain()
        continue
      }
      if (++files > MAX_FILES_PER_FORM) throw new UploadRefused('tooMany')
      // The page's reader may stop early (its loop's return() does not end the part): the rest is skipped below.
      const content: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => ({ next: () => piece.next() }) }
      await onFile({ field: head.name, name: head.filename, content }, fields)
      await drain()
    }
    return fields
  } catch (error) {
    input.cancel()
    throw error
  }
}

/** A refused file's answer: 413 too large, 415 a type not allowed or not matching its name, 400 empty or an unreadable form; null for any other error. */
export function fileRefusalOf(error: unknown): { status: 400 | 413 | 415; message: string } | null {
  if (error instanceof UploadRefused) return { status: 400, message: `files:${error.reason}` }
  if (error instanceof FileRefused)
    return { status: error.reason === 'tooLarge' ? 413 : error.reason === 'empty' ? 400 : 415, message: `files:${error.reason}` }
  return null
}

/** The upload limit in MB as the file fields' messages name it. */
export const uploadLimitMb = () => String(Math.round(uploadLimit() / (1024 * 1024)))

type Submission = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> }

/** A refused file as a form's answer: its status and its message at the file field, in the user's language; null for any other error. */
export function replyToFileRefusal(error: unknown, submission: Submission, field: string) {
  const refusal = fileRefusalOf(error)
  return refusal ? data({ result: submission.reply({ fieldErrors: { [field]: [refusal.message] } }) }, { status: refusal.status }) : null
}

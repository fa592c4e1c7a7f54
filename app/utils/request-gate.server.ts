// The one request-parsing step in front of every action (docs/decisions/0014-request-gate.md):
// every state-changing request comes from this site, its body is bounded before it is
// read, forms are real forms, API calls are JSON, and what cannot be parsed or carries
// control characters is refused here with 400, 403, 413 or 415 instead of reaching an action.
import { IMPORT_MAX_FORM_BYTES } from '#models/core/constants.ts'
import { CONTROL_CHARS } from './validation.ts'

type Refusal = { status: 400 | 403 | 413 | 415; reason: string }

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Bytes; FORM_BODY_LIMIT accepts a number of bytes or e.g. `512kb`, `2mb`. */
export function parseByteLimit(value: string | undefined, fallback: number): number {
  const m = value?.trim().match(/^(\d+)\s*(b|kb|mb)?$/i)
  if (!m) return fallback
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[(m[2] ?? 'b').toLowerCase() as 'b' | 'kb' | 'mb']
  const bytes = Number(m[1]) * unit
  return bytes > 0 ? bytes : fallback
}

const FORM_BODY_LIMIT = parseByteLimit(process.env.FORM_BODY_LIMIT, 1024 * 1024)
/** Bounds of a form; the largest form (control matrix) has a few hundred fields. */
const MAX_FIELDS = 2000
const MAX_NAME_LENGTH = 200
const MAX_VALUE_LENGTH = 100_000
const MAX_ARRAY_INDEX = 999

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])
// RFC 2046 §5.1.1, optionally quoted.
const BOUNDARY = /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])"|([0-9A-Za-z'()+_\-./:=?]{1,70}))\s*(?:;|$)/i

/**
 * The import pages take a file of up to IMPORT_MAX_BYTES: their own limit. A body announced as
 * larger is left to the page, which refuses it from its Content-Length, unread, with its own
 * message in the user's language (docs/decisions/0033-import.md).
 */
const UPLOAD_PATHS = /^\/app\/(risk|measures)\/import(\.data)?$/

/**
 * Pages that take files (issue 25, decision 0063): an execution's evidence, a document, a measure's
 * confirmation, a related-party transaction's offers, a paper loyalty declaration's scan (issue 26). A multipart body is left to the page unread, which reads it as a stream
 * (app/utils/upload.server.ts) with the upload limit (UPLOAD_LIMIT) and checks its fields.
 */
const FILE_PATHS =
  /^\/app\/(iks\/executions\/[0-9a-f-]{36}|docs\/new|docs\/[0-9a-f-]{36}\/edit|measures\/[0-9a-f-]{36}\/confirm|loyalty\/transactions\/(?:new|[0-9a-f-]{36}(?:\/edit)?)|loyalty\/declarations\/[0-9a-f-]{36})(\.data)?$/

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

/** Same origin: the Origin header, else Sec-Fetch-Site, else the Referer. */
function isSameOrigin(request: Request, extraOrigins: readonly string[] = []): boolean {
  const url = new URL(request.url)
  const matches = (value: string) => {
    try {
      const other = new URL(value)
      // The host decides: behind a TLS proxy without TRUST_PROXY the request URL says http.
      return other.host === url.host || extraOrigins.includes(other.origin)
    } catch {
      return false
    }
  }
  const origin = request.headers.get('Origin')
  if (origin !== null) return origin !== 'null' && matches(origin)
  const site = request.headers.get('Sec-Fetch-Site')
  if (site !== null) return site === 'same-origin' || site === 'none'
  const referer = request.headers.get('Referer')
  if (referer !== null) return matches(referer)
  // None of the three: refused too; scripts send an Origin like a browser (decision 0014).
  return false
}

/** The body, read up to the limit without consuming the request itself; null when it is larger. */
async function readBounded(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('Content-Length') ?? '')
  if (Number.isFinite(declared) && declared > limit) return null
  if (!request.body) return new Uint8Array(new ArrayBuffer(0))
  const reader = request.clone().body!.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not awaited: a tee branch's cancel settles only once the other branch is cancelled too.
      void reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(new ArrayBuffer(size))
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return bytes
}

function mediaType(request: Request) {
  const header = request.headers.get('Content-Type') ?? ''
  return { header, type: header.split(';')[0].trim().toLowerCase() }
}

function checkFieldName(name: string): Refusal | null {
  if (name.length > MAX_NAME_LENGTH || CONTROL_CHARS.test(name)) return { status: 400, reason: 'field name' }
  for (const m of name.matchAll(/\[(\d+)\]/g)) {
    if (m[1].length > 4 || Number(m[1]) > MAX_ARRAY_INDEX) return { status: 400, reason: 'array index' }
  }
  return null
}

function checkFields(form: FormData): Refusal | null {
  let count = 0
  for (const [name, value] of form) {
    if (++count > MAX_FIELDS) return { status: 400, reason: 'too many fields' }
    const bad = checkFieldName(name)
    if (bad) return bad
    if (typeof value === 'string' && (value.length > MAX_VALUE_LENGTH || CONTROL_CHARS.test(value))) return { status: 400, reason: 'field value' }
  }
  return null
}

function hasControlChars(value: unknown, depth = 0): boolean {
  if (depth > 32) return true
  if (typeof value === 'string') return CONTROL_CHARS.test(value)
  if (Array.isArray(value)) return value.some((v) => hasControlChars(v, depth + 1))
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => CONTROL_CHARS.test(k) || hasControlChars(v, depth + 1))
  return false
}

/** Answers why a request is refused, or null when it may reach the routes. */
export async function checkRequest(request: Request, opts: { limit?: number; origins?: readonly string[] } = {}): Promise<Refusal | null> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return null
  if (STATE_CHANGING.has(request.method) && !isSameOrigin(request, opts.origins)) return { status: 403, reason: 'cross-site request' }
  const pathname = new URL(request.url).pathname
  const api = isApiPath(pathname)
  const upload = UPLOAD_PATHS.test(pathname)
  const { header, type } = mediaType(request)
  // Actions read their body with formData() or JSON: any other type (or none) cannot reach them.
  if (api ? type !== 'application/json' : !FORM_TYPES.has(type)) {
    return { status: 415, reason: api ? 'send application/json' : 'send a form' }
  }
  if (type === 'multipart/form-data' && !BOUNDARY.test(header)) return { status: 415, reason: 'multipart without a valid boundary' }
  if (type === 'multipart/form-data' && FILE_PATHS.test(pathname)) return null
  const limit = opts.limit ?? (upload ? IMPORT_MAX_FORM_BYTES : FORM_BODY_LIMIT)
  if (upload && type === 'multipart/form-data' && Number(request.headers.get('Content-Length') ?? '') > limit) return null
  const bytes = await readBounded(request, limit)
  if (!bytes) return { status: 413, reason: 'body too large' }
  if (bytes.byteLength === 0) return null
  if (api) {
    try {
      const body: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
      return hasControlChars(body) ? { status: 400, reason: 'control characters' } : null
    } catch {
      return { status: 400, reason: 'invalid JSON' }
    }
  }
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'Content-Type': header } }).formData()
  } catch {
    return { status: 400, reason: 'unreadable form' }
  }
  return checkFields(form)
}

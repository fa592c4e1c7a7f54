import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import PDFDocument from 'pdfkit'
import { customerLogos, customers } from '../schema/index.ts'
import type { Executor } from './db.server.ts'
import { LOGO_MAX_BYTES } from './customer-logo.ts'
import { DomainError } from './errors.ts'

/**
 * The fund's logo (decision 0053): uploaded, checked and kept by the product, shown from this site's
 * own address. No image from elsewhere reaches a member's browser, and the backup carries the logo.
 */

/** Larger sides are refused: the pages show at most 300 × 40 pixels, the report's cover 200 × 80 points. */
const LOGO_MAX_SIDE = 2000

export type LogoType = 'image/png' | 'image/jpeg'

/** PNG or JPEG from the first bytes, never from the name or the browser's word: what pages and the report PDF both draw. */
export function logoType(bytes: Uint8Array): LogoType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/** The logo's size and type, or a refusal on the field `logo` with the reason in the user's language. */
export function checkLogo(bytes: Uint8Array): { mediaType: LogoType; width: number; height: number } {
  if (bytes.length === 0) throw new DomainError('invalid', 'logo', 'company.logoEmpty')
  if (bytes.length > LOGO_MAX_BYTES) throw new DomainError('invalid', 'logo', 'company.logoTooLarge')
  const mediaType = logoType(bytes)
  if (!mediaType) throw new DomainError('invalid', 'logo', 'company.logoNotImage')
  let width = 0
  let height = 0
  try {
    // pdfkit reads the image as the report's cover will: what it cannot read is refused now, not later.
    const doc = new PDFDocument({ autoFirstPage: false }) as PDFKit.PDFDocument & { openImage(src: Buffer): { width: number; height: number } }
    const image = doc.openImage(Buffer.from(bytes))
    width = image.width
    height = image.height
    if (mediaType === 'image/png' && width <= LOGO_MAX_SIDE && height <= LOGO_MAX_SIDE) pngPixels(bytes)
  } catch {
    throw new DomainError('invalid', 'logo', 'company.logoNotImage')
  }
  if (!(width > 0 && height > 0)) throw new DomainError('invalid', 'logo', 'company.logoNotImage')
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) throw new DomainError('invalid', 'logo', 'company.logoTooLarge')
  return { mediaType, width, height }
}

/**
 * Inflates a PNG's image data once, bounded: pdfkit inflates it again for the report's cover in a
 * callback that throws outside any try, so damaged data must not get that far.
 */
function pngPixels(bytes: Uint8Array) {
  const data = Buffer.from(bytes)
  const parts: Buffer[] = []
  for (let at = 8; at + 8 <= data.length; ) {
    const length = data.readUInt32BE(at)
    const type = data.toString('latin1', at + 4, at + 8)
    if (at + 12 + length > data.length) throw new Error('truncated chunk')
    if (type === 'IDAT') parts.push(data.subarray(at + 8, at + 8 + length))
    if (type === 'IEND') break
    at += 12 + length
  }
  // At most 16 bits for each of 4 channels, plus a filter byte per row.
  const bound = data.readUInt32BE(16) * 8 * data.readUInt32BE(20) + data.readUInt32BE(20) + 1
  const pixels = zlib.inflateSync(Buffer.concat(parts), { maxOutputLength: bound })
  if (pixels.length === 0) throw new Error('no image data')
}

/** The logo of a file field: null when none was chosen (a browser sends an empty part without a name). */
export async function logoFromForm(value: FormDataEntryValue | null | undefined): Promise<Uint8Array | null> {
  if (!value || typeof value === 'string') return null
  if (value.size === 0 && !value.name) return null
  if (value.size > LOGO_MAX_BYTES) throw new DomainError('invalid', 'logo', 'company.logoTooLarge')
  return new Uint8Array(await value.arrayBuffer())
}

/**
 * Replaces (bytes) or removes (null) the fund's logo inside the caller's transaction, which is scoped
 * to the fund or the operator's. Answers the logo's new version for the customer row and its audit entry.
 */
export async function replaceLogo(tx: Executor, customerId: string, bytes: Uint8Array | null): Promise<string | null> {
  if (!bytes) {
    await tx.delete(customerLogos).where(eq(customerLogos.customerId, customerId))
    return null
  }
  const { mediaType, width, height } = checkLogo(bytes)
  const content = Buffer.from(bytes)
  const version = crypto.createHash('sha256').update(content).digest('hex').slice(0, 16)
  const row = { mediaType, content, width, height, updatedAt: new Date() }
  await tx
    .insert(customerLogos)
    .values({ customerId, ...row })
    .onConflictDoUpdate({ target: customerLogos.customerId, set: row })
  return version
}

/** The fund's logo, read in the caller's scope: null when it has none (or the scope does not show it). */
export async function readLogo(tx: Executor, customerId: string) {
  const [row] = await tx
    .select({ mediaType: customerLogos.mediaType, content: customerLogos.content, version: customers.logoVersion })
    .from(customerLogos)
    .innerJoin(customers, eq(customers.id, customerLogos.customerId))
    .where(eq(customerLogos.customerId, customerId))
  return row ?? null
}

/** The logo as a response: its own type, never sniffed, no script, kept by the browser while the version holds. */
export function logoResponse(logo: { mediaType: string; content: Buffer } | null, version: string | null): Response {
  if (!logo) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  return new Response(new Uint8Array(logo.content), {
    headers: {
      'Content-Type': logo.mediaType,
      'Content-Length': String(logo.content.length),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // Private: a fund's logo is for its members; the version in the address changes with the logo.
      'Cache-Control': version ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    },
  })
}

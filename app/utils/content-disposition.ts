/**
 * A Content-Disposition header for a download (RFC 6266): `filename="…"` in plain ASCII for every
 * client, and, when the name holds anything else (umlauts, accents, quotes), RFC 5987's
 * `filename*=UTF-8''…` with the name as written, which the browsers prefer. An ASCII name stays the
 * one parameter, as before.
 */
export function attachment(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_')
  if (ascii === filename) return `attachment; filename="${ascii}"`
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(filename)}`
}

/** Percent-encoding of RFC 5987's attr-char: encodeURIComponent leaves ' ( ) * as they are. */
function rfc5987(value: string) {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

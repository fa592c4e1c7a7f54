import { inflateRawSync } from 'node:zlib'

/*
 * Reads a ZIP back (the auditor's pack, the XLSX exports): shared by the integration tests of the
 * report and the Playwright journeys that download the pack.
 */

/** The entries of a ZIP from its central directory (stored or deflated), by name. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--
  if (end < 0) throw new Error('no end of central directory')
  const count = zip.readUInt16LE(end + 10)
  let p = zip.readUInt32LE(end + 16)
  const files = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry')
    const method = zip.readUInt16LE(p + 10)
    const size = zip.readUInt32LE(p + 20)
    const nameLength = zip.readUInt16LE(p + 28)
    const extra = zip.readUInt16LE(p + 30)
    const comment = zip.readUInt16LE(p + 32)
    const offset = zip.readUInt32LE(p + 42)
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8')
    const data = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28)
    const raw = zip.subarray(data, data + size)
    files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw))
    p += 46 + nameLength + extra + comment
  }
  return files
}

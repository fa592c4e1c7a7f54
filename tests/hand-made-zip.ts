// Zip files written by hand for the import's limits (app/features/import/import-limits.test.ts and
// bench/import.ts): a directory that declares whatever sizes the caller likes, and deflated filler.
import { once } from 'node:events'
import { createDeflateRaw, deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'

export type Part = { name: string; deflated: Uint8Array; declared: number }

/** A zip written by hand, so that its directory declares whatever size the test likes (CRCs left 0: JSZip does not check them). */
export function zipOf(parts: Part[]) {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const p of parts) {
    const name = Buffer.from(p.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(p.deflated.byteLength, 18)
    local.writeUInt32LE(p.declared, 22)
    local.writeUInt16LE(name.length, 26)
    const dir = Buffer.alloc(46)
    dir.writeUInt32LE(0x02014b50, 0)
    dir.writeUInt16LE(20, 4)
    dir.writeUInt16LE(20, 6)
    dir.writeUInt16LE(8, 10)
    dir.writeUInt32LE(p.deflated.byteLength, 20)
    dir.writeUInt32LE(p.declared, 24)
    dir.writeUInt16LE(name.length, 28)
    dir.writeUInt32LE(offset, 42)
    locals.push(local, name, Buffer.from(p.deflated))
    central.push(dir, name)
    offset += 30 + name.length + p.deflated.byteLength
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

/** `mb` MiB of spaces, deflated as a stream (the test never holds them). */
export async function deflatedSpaces(mb: number) {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (c: Buffer) => out.push(c))
  const chunk = Buffer.alloc(1024 * 1024, 0x20)
  for (let i = 0; i < mb; i++) deflate.write(chunk)
  deflate.end()
  await once(deflate, 'end')
  return new Uint8Array(Buffer.concat(out))
}

/** A real workbook's parts with their true sizes, and its first sheet replaced by `sheet`. */
export async function workbookWith(sheet: (xml: string) => Promise<Part> | Part) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('S')
  ws.addRow(['Title', 'Theme'])
  ws.addRow(['A', 'Z9'])
  const zip = await JSZip.loadAsync(await wb.xlsx.writeBuffer())
  const parts: Part[] = []
  for (const f of Object.values(zip.files)) {
    if (f.dir) continue
    const bytes = await f.async('uint8array')
    if (f.name === 'xl/worksheets/sheet1.xml') parts.push(await sheet(new TextDecoder().decode(bytes)))
    else parts.push({ name: f.name, deflated: new Uint8Array(deflateRawSync(bytes)), declared: bytes.byteLength })
  }
  return zipOf(parts)
}

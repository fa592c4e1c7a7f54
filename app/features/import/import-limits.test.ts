import { once } from 'node:events'
import { createDeflateRaw, deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_MAX_CELL_CHARS } from '#models/core/constants.ts'
import { customerFactory, type Member, memberFactory, run } from '../../../tests/factories/index.ts'
import * as page from './page.tsx'

type Loader = (args: never) => unknown

function uploadRequest(m: Member, bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.set('intent', 'upload')
  form.set('file', new File([bytes as BlobPart], name))
  return new Request('http://localhost/app/risk/import', { method: 'POST', body: form, headers: { Cookie: m.cookie } })
}

type Part = { name: string; deflated: Uint8Array; declared: number }

/** A zip written by hand, so that its directory declares whatever size the test likes (CRCs left 0: JSZip does not check them). */
function zipOf(parts: Part[]) {
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
async function deflatedSpaces(mb: number) {
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
async function workbookWith(sheet: (xml: string) => Promise<Part> | Part) {
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

describe('import: what a file really costs to read (issue 23)', () => {
  let w: Member
  beforeAll(async () => {
    const c = (await customerFactory()).id
    w = await memberFactory({ customer: c, traits: ['write'] })
  })

  it('a workbook whose directory understates a part’s size is refused (400) while inflating, quickly and without unpacking it', async () => {
    // 256 MiB of spaces in a sheet that declares 1,000 bytes: the directory's sizes pass the 64 MB check.
    const deflated = await deflatedSpaces(256)
    const bomb = await workbookWith(() => ({ name: 'xl/worksheets/sheet1.xml', deflated, declared: 1000 }))
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024)
    const heap = process.memoryUsage().heapUsed
    const rss = process.memoryUsage().rss
    const started = performance.now()
    const res = await run(page.action as Loader, uploadRequest(w, bomb, 'bombe.xlsx'))
    expect(res).toMatchObject({ status: 400, body: { error: 'import:file.unpackedTooLarge' } })
    expect(performance.now() - started).toBeLessThan(5000)
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * 1024 * 1024)
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024)
  })

  it('a part that unpacks to more than it declares, though small, is no workbook (400, not 500)', async () => {
    const file = await workbookWith((xml) => {
      const bytes = new TextEncoder().encode(xml)
      return { name: 'xl/worksheets/sheet1.xml', deflated: new Uint8Array(deflateRawSync(bytes)), declared: bytes.byteLength - 10 }
    })
    const res = await run(page.action as Loader, uploadRequest(w, file, 'kaputt.xlsx'))
    expect(res).toMatchObject({ status: 400, body: { error: 'import:file.notSpreadsheet' } })
  })

  it('a cell longer than Excel allows is refused with its line (400); the longest Excel cell passes', async () => {
    const huge = new TextEncoder().encode(`Title;Theme\nA;Z9\n"${'x'.repeat(9.9 * 1024 * 1024)}";Z9\n`)
    const started = performance.now()
    const res = await run(page.action as Loader, uploadRequest(w, huge, 'zelle.csv'))
    expect(res).toMatchObject({ status: 400, body: { error: 'import:file.cellTooLong', values: { line: 3, chars: IMPORT_MAX_CELL_CHARS } } })
    expect(performance.now() - started).toBeLessThan(3000)
    const unquoted = new TextEncoder().encode(`Title;Theme\n${'y'.repeat(IMPORT_MAX_CELL_CHARS + 1)};Z9\n`)
    expect(await run(page.action as Loader, uploadRequest(w, unquoted, 'zelle.csv'))).toMatchObject({
      status: 400,
      body: { error: 'import:file.cellTooLong', values: { line: 2 } },
    })
    const longest = new TextEncoder().encode(`Title;Theme\n${'y'.repeat(IMPORT_MAX_CELL_CHARS)};Z9\n`)
    expect((await run(page.action as Loader, uploadRequest(w, longest, 'lang.csv'))).status).toBe(302)

    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('S')
    ws.addRow(['Title', 'Theme'])
    ws.addRow(['z'.repeat(IMPORT_MAX_CELL_CHARS + 1), 'Z9'])
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer())
    expect(await run(page.action as Loader, uploadRequest(w, xlsx, 'zelle.xlsx'))).toMatchObject({
      status: 400,
      body: { error: 'import:file.cellTooLong', values: { line: 2 } },
    })
  })
})

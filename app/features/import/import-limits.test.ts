import { deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_MAX_CELL_CHARS } from '#models/core/constants.ts'
import { customerFactory, type Member, memberFactory, run } from '../../../tests/factories/index.ts'
import { deflatedSpaces, workbookWith } from '../../../tests/hand-made-zip.ts'
import * as page from './page.tsx'

type Loader = (args: never) => unknown

function uploadRequest(m: Member, bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.set('intent', 'upload')
  form.set('file', new File([bytes as BlobPart], name))
  return new Request('http://localhost/app/risk/import', { method: 'POST', body: form, headers: { Cookie: m.cookie } })
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
    const res = await run(page.action as Loader, uploadRequest(w, bomb, 'bombe.xlsx'))
    expect(res).toMatchObject({ status: 400, body: { error: 'import:file.unpackedTooLarge' } })
    // Its time and the heap and RSS it takes are measured by the bench (bench/import.ts), not asserted here.
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
    const res = await run(page.action as Loader, uploadRequest(w, huge, 'zelle.csv'))
    expect(res).toMatchObject({ status: 400, body: { error: 'import:file.cellTooLong', values: { line: 3, chars: IMPORT_MAX_CELL_CHARS } } })
    // How fast it is refused: bench/import.ts.
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

import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as measuresExport from '#app/features/measures/export.ts'
import * as riskExport from '#app/features/inventory/risk/export.ts'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { requestGate } from '#app/utils/request-gate-middleware.server.ts'
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MAX_UNZIPPED_BYTES } from '#models/core/constants.ts'
import { DomainError } from '#models/core/errors.ts'
import { acquireLock } from '#models/core/locks.server.ts'
import { inRequest } from '#models/core/scope.server.ts'
import { auditEntries, customerCounters, importDrafts, measures, memberships, risks } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { bodyFactory, customerFactory, type Member, measureFactory, memberFactory, request, riskFactory, run } from '../../../tests/factories/index.ts'
import { Imports } from './imports.server.ts'
import * as page from './page.tsx'
import { parseCsv } from './parse.server.ts'

type Lang = 'de' | 'fr' | 'en'
type Loader = (args: never) => unknown

/** An export's file as the server sends it, read to the end. */
async function exported(loader: Loader, path: string, m: Member, lng: Lang = 'de') {
  const lang = (await localeCookie.serialize(lng)).split(';')[0]
  const req = request(path, { cookie: `${m.cookie}; ${lang}` })
  const res = (await inRequest(req, async () => (loader as (a: unknown) => unknown)({ request: req, params: {}, context: {} }))) as Response
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

/** A workbook of one sheet from rows (a cell { formula } becomes a formula). */
async function xlsxOf(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet')
  for (const r of rows) ws.addRow(r as ExcelJS.CellValue[])
  return new Uint8Array(await wb.xlsx.writeBuffer())
}

const csvOf = (rows: string[][], sep: ';' | ',') =>
  new TextEncoder().encode(`\uFEFF${rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(sep)).join('\r\n')}\r\n`)

/** Refused with the i18n key of the file's message. */
async function refusedWith(promise: Promise<unknown>, key: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  expect((error as DomainError).messageKey).toBe(key)
}

const riskCount = async (customer: string) => (await system().select({ n: count() }).from(risks).where(eq(risks.customerId, customer)))[0].n
const measureCount = async (customer: string) => (await system().select({ n: count() }).from(measures).where(eq(measures.customerId, customer)))[0].n

describe('import of risks and measures', () => {
  let alpha: string
  let beta: string
  let writer: Member
  let owner: Member
  beforeAll(async () => {
    alpha = (await customerFactory()).id
    beta = (await customerFactory()).id
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    owner = await memberFactory({ customer: alpha, traits: ['write'], attributes: { user: { firstName: 'Olga', lastName: 'Owner' } } })
  })

  it('round trip: the XLSX export imports as unchanged in each language; a changed cell is an update, confirmed in one transaction and audited', async () => {
    const made = await Promise.all([1, 2, 3].map(() => riskFactory({ customer: alpha, owner: owner.user, traits: ['assessed', 'strategic'] })))
    const imports = Imports.for(writer.access)
    for (const lng of ['de', 'fr', 'en'] as const) {
      const bytes = await exported(riskExport.loader as Loader, '/app/risk/export.xlsx?all=1', writer, lng)
      const draft = await imports.upload('risks', 'risks.xlsx', bytes)
      expect(draft.mapped).toBe(true)
      const preview = await imports.preview('risks', draft.id)
      expect(preview.counts).toMatchObject({ unchanged: made.length, create: 0, update: 0, error: 0 })
    }
    // Change one title in the file.
    const bytes = await exported(riskExport.loader as Loader, '/app/risk/export.xlsx?all=1', writer, 'de')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(bytes.buffer as ArrayBuffer)
    const ws = wb.worksheets[0]
    const target = String(ws.getRow(2).getCell(1).value)
    ws.getRow(2).getCell(2).value = 'Neuer Titel aus Excel'
    const changed = new Uint8Array(await wb.xlsx.writeBuffer())
    const draft = await imports.upload('risks', 'risks.xlsx', changed)
    const preview = await imports.preview('risks', draft.id)
    expect(preview.counts).toMatchObject({ update: 1, unchanged: made.length - 1, error: 0 })
    expect(preview.rows.find((r) => r.action === 'update')?.number).toBe(target)
    const counts = await imports.confirm('risks', draft.id, preview.token)
    expect(counts.update).toBe(1)
    const [row] = await system()
      .select()
      .from(risks)
      .where(and(eq(risks.customerId, alpha), eq(risks.idkey, target)))
    expect(row.title).toBe('Neuer Titel aus Excel')
    expect(row.version).toBe(2)
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(audits.map((a) => a.action)).toContain('Updated')
    const [summary] = await system().select().from(auditEntries).where(eq(auditEntries.entityId, draft.id))
    expect(summary).toMatchObject({ component: 'import', action: 'Created', userId: writer.user.id, customerId: alpha })
    // The draft is gone once confirmed.
    expect(await system().select().from(importDrafts).where(eq(importDrafts.id, draft.id))).toEqual([])
  })

  it('measures: the CSV export (;) imports as unchanged; a CSV with , creates measures with owners by name, e-mail or body', async () => {
    await measureFactory({ customer: alpha, owner: owner.user })
    await measureFactory({ customer: alpha, owner: owner.user })
    const imports = Imports.for(writer.access)
    const csv = await exported(measuresExport.loader as Loader, '/app/measures/export.csv?all=1', writer, 'fr')
    expect(new TextDecoder().decode(csv)).toContain(';')
    const round = await imports.upload('measures', 'measures.csv', csv)
    expect(round.mapped).toBe(true)
    const same = await imports.preview('measures', round.id)
    expect(same.counts.error).toBe(0)
    expect(same.counts.unchanged).toBe(same.counts.total)
    // The XLSX export (dates as dates) in each language: unchanged too.
    for (const lng of ['de', 'fr', 'en'] as const) {
      const xlsx = await exported(measuresExport.loader as Loader, '/app/measures/export.xlsx?all=1', writer, lng)
      const d = await imports.upload('measures', 'measures.xlsx', xlsx)
      expect(d.mapped).toBe(true)
      const p = await imports.preview('measures', d.id)
      expect(p.rows.flatMap((r) => r.errors)).toEqual([])
      expect(p.counts.unchanged).toBe(p.counts.total)
    }
    const before = await measureCount(alpha)
    const file = csvOf(
      [
        ['No.', 'Title', 'Source', 'Responsible', 'Due date', 'Recurrence', 'Data protection measure (DSG)'],
        ['', 'Neue Massnahme, mit Komma', 'Pension fund', 'Olga Owner', '31.12.2026', 'One-off', 'No'],
        ['', 'Zweite', 'fund', owner.user.email, '2026-06-30', '', ''],
      ],
      ',',
    )
    const draft = await imports.upload('measures', 'neu.csv', file)
    const preview = await imports.preview('measures', draft.id)
    expect(preview.rows.flatMap((r) => r.errors)).toEqual([])
    expect(preview.counts).toMatchObject({ create: 2, error: 0 })
    await imports.confirm('measures', draft.id, preview.token)
    expect(await measureCount(alpha)).toBe(before + 2)
    const [m] = await system().select().from(measures).where(eq(measures.title, 'Neue Massnahme, mit Komma'))
    expect(m).toMatchObject({ ownerUserId: owner.user.id, dueDate: '2026-12-31', source: 'fund', createdByUserId: writer.user.id })
  })

  it('the CSV parser: ; or , detected, quotes with separators, doubled quotes and line breaks, BOM, the export’s escaped formulas', () => {
    expect(parseCsv('\uFEFFa;b\r\n"x;1";"say ""hi"""\r\n"two\nlines";\'=SUM(1)\n')).toEqual([
      ['a', 'b'],
      ['x;1', 'say "hi"'],
      ['two\nlines', '=SUM(1)'],
    ])
    expect(parseCsv('a,b\n1,"2,5"\n-3,=1+1\n')).toEqual([
      ['a', 'b'],
      ['1', '2,5'],
      ['-3', { f: '=1+1' }],
    ])
  })

  it('a foreign header goes through the mapping step; unmapped columns are ignored', async () => {
    const imports = Imports.for(writer.access)
    const bytes = await xlsxOf([
      ['Risiko', 'Bemerkung', 'Verantwortlich', 'Kategorie'],
      ['Fremdrisiko', 'egal', 'Olga Owner', 'Z9'],
    ])
    const draft = await imports.upload('risks', 'fremd.xlsx', bytes)
    expect(draft.mapped).toBe(false)
    await imports.setMapping('risks', draft.id, { title: 0, owner: 2, theme: 3 })
    const preview = await imports.preview('risks', draft.id)
    expect(preview.rows.flatMap((r) => r.errors)).toEqual([])
    expect(preview.counts.create).toBe(1)
  })

  it('broken files: each gets its message and nothing is written', async () => {
    const imports = Imports.for(writer.access)
    const risksBefore = await riskCount(alpha)
    const existing = await riskFactory({ customer: alpha })
    const header = ['idkey', 'Title', 'Theme', 'Owner', 'Probability', 'Severity']
    const rowErrors = async (rows: unknown[][], csv?: ';' | ',') => {
      const bytes = csv ? csvOf([header, ...(rows as string[][])], csv) : await xlsxOf([header, ...rows])
      const draft = await imports.upload('risks', csv ? 'f.csv' : 'f.xlsx', bytes)
      const preview = await imports.preview('risks', draft.id)
      await refusedWith(imports.confirm('risks', draft.id, preview.token), 'import:confirm.hasErrors')
      return preview.rows.flatMap((r) => r.errors.map((e) => `${r.line}:${e.field}:${e.key}`))
    }
    expect(await rowErrors([['', 'A', 'Z9', '', 'abc', 9]])).toEqual(['2:probability:error.notNumber', '2:severity:error.levelUnknown'])
    expect(await rowErrors([['', 'A', 'Z9', 'Nobody Here', 1, 1]])).toEqual(['2:owner:error.unknownOwner'])
    // An auditor and a member whose membership ended own nothing new.
    const auditor = await memberFactory({ customer: alpha, traits: ['write'], attributes: { user: { firstName: 'Anna', lastName: 'Auditor' } } })
    await system().update(memberships).set({ kind: 'auditor', endsOn: '2099-12-31' }).where(eq(memberships.id, auditor.permId))
    const gone = await memberFactory({ customer: alpha, traits: ['write'], attributes: { user: { firstName: 'Gina', lastName: 'Gone' } } })
    await system().update(memberships).set({ endsOn: '2020-01-01' }).where(eq(memberships.id, gone.permId))
    expect(await rowErrors([['', 'A', 'Z9', 'Anna Auditor', 1, 1]])).toEqual(['2:owner:error.ownerMayNotOwn'])
    expect(await rowErrors([['', 'A', 'Z9', gone.user.email, 1, 1]])).toEqual(['2:owner:error.ownerMayNotOwn'])
    expect(
      await rowErrors([
        [existing.idkey, 'A', 'Z9', '', 1, 1],
        [existing.idkey, 'B', 'Z9', '', 1, 1],
      ]),
    ).toEqual(['3:idkey:error.duplicateNumber'])
    expect(await rowErrors([['', { formula: 'HYPERLINK("http://evil")', result: 'x' }, 'Z9', '', 1, 1]])).toEqual(['2:title:error.formula'])
    expect(await rowErrors([['', '=cmd|/c calc', 'Z9', '', '1', '1']], ';')).toEqual(['2:title:error.formula'])
    expect(await rowErrors([['', '', 'Z9', '', '1', '1']], ',')).toEqual(['2:title:error.required'])
    expect(await rowErrors([['R-404', 'A', 'Z9', '', '1', '1']], ',')).toEqual(['2:idkey:error.unknownNumber'])
    // Files that are no spreadsheet, or one without content.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    await refusedWith(imports.upload('risks', 'bild.xlsx', png), 'import:file.notSpreadsheet')
    await refusedWith(imports.upload('risks', 'bild.csv', png), 'import:file.notSpreadsheet')
    const zip = new JSZip()
    zip.file('hello.txt', 'not a workbook')
    await refusedWith(imports.upload('risks', 'archiv.xlsx', await zip.generateAsync({ type: 'uint8array' })), 'import:file.notSpreadsheet')
    await refusedWith(imports.upload('risks', 'leer.xlsx', await xlsxOf([])), 'import:file.empty')
    await refusedWith(imports.upload('risks', 'leer.csv', new Uint8Array()), 'import:file.empty')
    await refusedWith(imports.upload('risks', 'titel.xlsx', await xlsxOf([header])), 'import:file.noRows')
    await refusedWith(
      imports.upload(
        'risks',
        'zahlen.xlsx',
        await xlsxOf([
          [1, 2, 3],
          [4, 5, 6],
        ]),
      ),
      'import:file.noHeader',
    )
    await refusedWith(imports.upload('risks', 'gross.csv', new Uint8Array(IMPORT_MAX_BYTES + 1)), 'import:file.tooLarge')
    expect(await riskCount(alpha)).toBe(risksBefore + 1)
  })

  it('broken measure rows: invalid date, unknown owner, text for a number, a confirmed measure changed, a source without the right; nothing written', async () => {
    const confirmed = await measureFactory({ customer: alpha, owner: owner.user, traits: ['confirmed'] })
    const imports = Imports.for(writer.access)
    const before = await measureCount(alpha)
    const header = ['number', 'iteration', 'title', 'source', 'owner', 'dueDate']
    const draft = await imports.upload(
      'measures',
      'm.csv',
      csvOf(
        [
          header,
          ['', '', 'A', 'fund', 'Olga Owner', '30.02.2027'],
          ['', '', 'B', 'fund', 'Niemand', '01.03.2027'],
          ['M-x', '', 'C', 'fund', 'Olga Owner', '01.03.2027'],
          [`M-${confirmed.idkey}`, String(confirmed.iteration), 'Anders', 'fund', 'Olga Owner', '01.03.2027'],
          ['', '', 'D', 'Mars', 'Olga Owner', '01.03.2027'],
        ],
        ',',
      ),
    )
    const preview = await imports.preview('measures', draft.id)
    expect(preview.rows.map((r) => r.errors.map((e) => `${e.field}:${e.key}`))).toEqual([
      ['dueDate:error.invalidDate'],
      ['owner:error.unknownOwner'],
      ['number:error.notNumber'],
      ['number:error.confirmed'],
      ['source:error.invalidChoice'],
    ])
    await refusedWith(imports.confirm('measures', draft.id, preview.token), 'import:confirm.hasErrors')
    expect(await measureCount(alpha)).toBe(before)
    // Risk measures need the risk tool's write right: an ICS-only writer may not create them.
    const icsWriter = await memberFactory({ customer: alpha, traits: ['ics-write'] })
    const own = await Imports.for(icsWriter.access).upload('measures', 'r.csv', csvOf([header, ['', '', 'R', 'risk', 'Olga Owner', '01.03.2027']], ';'))
    const refused = await Imports.for(icsWriter.access).preview('measures', own.id)
    expect(refused.rows[0].errors.map((e) => e.key)).toContain('error.noRight')
  })

  it('the page: a 20 MB file is refused with a clear message (413), a reader gets 403, another fund’s draft 404', async () => {
    const big = new FormData()
    big.set('intent', 'upload')
    big.set('file', new File([new Uint8Array(20 * 1024 * 1024)], 'gross.xlsx'))
    const req = new Request('http://localhost/app/risk/import', { method: 'POST', body: big, headers: { Cookie: writer.cookie } })
    const res = await run(page.action as Loader, req)
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ error: 'import:file.tooLarge', values: { size: 10 } })

    const reader = await memberFactory({ customer: alpha, traits: ['read'] })
    expect((await run(page.loader as Loader, request('/app/risk/import', { cookie: reader.cookie }))).status).toBe(403)
    expect((await run(page.loader as Loader, request('/app/measures/import', { cookie: reader.cookie }))).status).toBe(403)
    await expect(Imports.for(reader.access).upload('risks', 'x.csv', csvOf([['Title'], ['x']], ';'))).rejects.toMatchObject({ code: 'forbidden' })

    const draft = await Imports.for(writer.access).upload(
      'risks',
      'a.csv',
      csvOf(
        [
          ['Title', 'Theme'],
          ['Alpha intern', 'Z9'],
        ],
        ';',
      ),
    )
    const stranger = await memberFactory({ customer: beta, traits: ['write'] })
    const colleague = await memberFactory({ customer: alpha, traits: ['write'] })
    for (const m of [stranger, colleague]) {
      expect((await run(page.loader as Loader, request(`/app/risk/import?draft=${draft.id}`, { cookie: m.cookie }))).status).toBe(404)
      const confirm = await run(
        page.action as Loader,
        request(`/app/risk/import?draft=${draft.id}`, { cookie: m.cookie, form: { intent: 'confirm', draft: draft.id } }),
      )
      expect(confirm.status).toBe(404)
    }
    const own = await run(page.loader as Loader, request(`/app/risk/import?draft=${draft.id}`, { cookie: writer.cookie }))
    expect(own.status).toBe(200)
    expect((own.body as { counts: { create: number } }).counts.create).toBe(1)
    // A stale token is refused with the message, the draft kept; the page's token confirms and goes back to the list.
    const stale = await run(
      page.action as Loader,
      request(`/app/risk/import?draft=${draft.id}`, { cookie: writer.cookie, form: { intent: 'confirm', draft: draft.id, token: 'x' } }),
    )
    expect(stale).toMatchObject({ status: 409, body: { error: 'import:confirm.changed' } })
    const token = (own.body as { token: string }).token
    const done = await run(
      page.action as Loader,
      request(`/app/risk/import?draft=${draft.id}`, { cookie: writer.cookie, form: { intent: 'confirm', draft: draft.id, token } }),
    )
    expect(done).toMatchObject({ status: 302, location: '/app/risk' })
    expect(await system().select().from(risks).where(eq(risks.title, 'Alpha intern'))).toHaveLength(1)
    // No file, and a CSV not in UTF-8: their messages.
    const none = new FormData()
    none.set('intent', 'upload')
    const empty = await run(
      page.action as Loader,
      new Request('http://localhost/app/risk/import', { method: 'POST', body: none, headers: { Cookie: writer.cookie } }),
    )
    expect(empty).toMatchObject({ status: 400, body: { error: 'import:file.missing' } })
    const latin1 = new FormData()
    latin1.set('intent', 'upload')
    latin1.set('file', new File([new Uint8Array([0x54, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x0a])], 'latin1.csv'))
    const wrong = await run(
      page.action as Loader,
      new Request('http://localhost/app/risk/import', { method: 'POST', body: latin1, headers: { Cookie: writer.cookie } }),
    )
    expect(wrong).toMatchObject({ status: 400, body: { error: 'import:file.encoding' } })
  })

  it('5,000 rows preview and are written in one transaction', async () => {
    const c = await customerFactory()
    const w = await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Bea', lastName: 'Bulk' } } })
    const rows: unknown[][] = [['Titel', 'Thema', 'Eigner', 'Wahrscheinlichkeit', 'Schadensausmass', 'Tags']]
    for (let i = 0; i < 5000; i++) rows.push([`Risiko ${i}`, 'Z9', 'Bea Bulk', (i % 5) + 1, ((i + 2) % 5) + 1, 'import, bulk'])
    const imports = Imports.for(w.access)
    const draft = await imports.upload('risks', 'gross.xlsx', await xlsxOf(rows))
    const map = await imports.draft('risks', draft.id)
    if (!draft.mapped) await imports.setMapping('risks', draft.id, { title: 0, theme: 1, owner: 2, probability: 3, severity: 4, tags: 5 })
    expect(map.rowCount).toBe(5000)
    const preview = await imports.preview('risks', draft.id)
    expect(preview.counts).toMatchObject({ total: 5000, create: 5000, error: 0 })
    await imports.confirm('risks', draft.id, preview.token)
    expect(await riskCount(c.id)).toBe(5000)
    const keys = await system().select({ idkey: risks.idkey }).from(risks).where(eq(risks.customerId, c.id))
    expect(new Set(keys.map((k) => k.idkey)).size).toBe(5000)
    const created = await system()
      .select({ n: count() })
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, c.id), eq(auditEntries.component, 'risk'), eq(auditEntries.action, 'Created')))
    expect(created[0].n).toBe(5000)
  }, 120_000)

  it('a failure in the middle writes nothing; a change since the preview is refused with a new preview', async () => {
    const c = await customerFactory()
    const w = await memberFactory({ customer: c, traits: ['write'] })
    const kept = await riskFactory({ customer: c, attributes: { title: 'Vorher' } })
    const imports = Imports.for(w.access)
    const rows: string[][] = [
      ['idkey', 'Title', 'Theme'],
      [kept.idkey, 'Nachher', 'Z9'],
    ]
    for (let i = 0; i < 800; i++) rows.push(['', `Neu ${i}`, 'Z9'])
    const draft = await imports.upload('risks', 'halb.csv', csvOf(rows, ';'))
    const preview = await imports.preview('risks', draft.id)
    expect(preview.counts).toMatchObject({ update: 1, create: 800, error: 0 })
    // Another hand takes the number the 700th new risk would get: its chunk's insert fails after the update and the first 500.
    const lead = kept.idkey.split('.')[0]
    const [counter] = await system()
      .select()
      .from(customerCounters)
      .where(and(eq(customerCounters.customerId, c.id), eq(customerCounters.name, `risk_p_${lead}`)))
    await riskFactory({ customer: c, attributes: { idkey: `${lead}.${String(counter.value + 700).padStart(2, '0')}_P`, title: 'Querschläger' } })
    await system()
      .update(customerCounters)
      .set({ value: counter.value })
      .where(and(eq(customerCounters.customerId, c.id), eq(customerCounters.name, `risk_p_${lead}`)))
    const before = await riskCount(c.id)
    const auditsBefore = (await system().select({ n: count() }).from(auditEntries).where(eq(auditEntries.customerId, c.id)))[0].n
    await refusedWith(imports.confirm('risks', draft.id, preview.token), 'import:confirm.changed')
    expect(await riskCount(c.id)).toBe(before)
    const [still] = await system().select().from(risks).where(eq(risks.id, kept.id))
    expect(still).toMatchObject({ title: 'Vorher', version: 1 })
    expect((await system().select({ n: count() }).from(auditEntries).where(eq(auditEntries.customerId, c.id)))[0].n).toBe(auditsBefore)
    const [after] = await system()
      .select()
      .from(customerCounters)
      .where(and(eq(customerCounters.customerId, c.id), eq(customerCounters.name, `risk_p_${lead}`)))
    expect(after.value).toBe(counter.value)

    // Changed since the preview: the token no longer matches.
    const small = await imports.upload(
      'risks',
      'klein.csv',
      csvOf(
        [
          ['idkey', 'Title'],
          [kept.idkey, 'Nachher'],
        ],
        ';',
      ),
    )
    const p2 = await imports.preview('risks', small.id)
    await system().update(risks).set({ version: 5 }).where(eq(risks.id, kept.id))
    await refusedWith(imports.confirm('risks', small.id, p2.token), 'import:confirm.changed')
    const p3 = await imports.preview('risks', small.id)
    await imports.confirm('risks', small.id, p3.token)
    expect((await system().select().from(risks).where(eq(risks.id, kept.id)))[0]).toMatchObject({ title: 'Nachher', version: 6 })
  })
})

describe('import: review findings', () => {
  let c: string
  let w: Member
  beforeAll(async () => {
    c = (await customerFactory()).id
    w = await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Rita', lastName: 'Review' } } })
  })
  const draftOf = async (m: Member, kind: 'risks' | 'measures', rows: string[][], name = 'f.csv') => {
    const imports = Imports.for(m.access)
    const d = await imports.upload(kind, name, csvOf(rows, ';'))
    return { id: d.id, preview: await imports.preview(kind, d.id) }
  }
  const confirmPost = (m: Member, id: string, token: string) =>
    run(page.action as Loader, request(`/app/risk/import?draft=${id}`, { cookie: m.cookie, form: { intent: 'confirm', draft: id, token } }))

  it('two confirms of one draft at once: exactly one writes, the other finds the draft gone (404)', async () => {
    const before = await riskCount(c)
    const { id, preview } = await draftOf(w, 'risks', [
      ['Title', 'Theme'],
      ['Doppelt 1', 'Z9'],
      ['Doppelt 2', 'Z9'],
    ])
    const outcomes = await Promise.allSettled([confirmPost(w, id, preview.token), confirmPost(w, id, preview.token)])
    const statuses = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.status : 500)).sort()
    expect(statuses).toEqual([302, 404])
    expect(await riskCount(c)).toBe(before + 2)
    const summaries = await system().select().from(auditEntries).where(eq(auditEntries.entityId, id))
    expect(summaries).toHaveLength(1)
  })

  it('a tiny file cannot exhaust memory: columns capped, a far cell builds no empty rows, a zip bomb refused unread', async () => {
    const imports = Imports.for(w.access)
    const wide = new TextEncoder().encode(`${Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(';')}\nx\n`)
    await refusedWith(imports.upload('risks', 'breit.csv', wide), 'import:file.tooManyColumns')
    // 1 MB of separators: one line of a million fields.
    const seps = new TextEncoder().encode(`Title;Theme\n${';'.repeat(1024 * 1024)}\n`)
    await refusedWith(imports.upload('risks', 'semi.csv', seps), 'import:file.tooManyColumns')
    // 10 MB of blank lines build no rows.
    const blank = new TextEncoder().encode(`Title;Theme\nA;Z9\n${'\n'.repeat(IMPORT_MAX_BYTES - 20)}`)
    expect((await imports.draft('risks', (await imports.upload('risks', 'leer.csv', blank)).id)).rowCount).toBe(1)
    const tooMany = new TextEncoder().encode(`Title;Theme\n${'A;Z9\n'.repeat(IMPORT_MAX_ROWS + 1)}`)
    await refusedWith(imports.upload('risks', 'viele.csv', tooMany), 'import:file.tooManyRows')
    // One cell at A1048576: the rows between are not built.
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('S')
    ws.getCell('A1').value = 'Title'
    ws.getCell('B1').value = 'Theme'
    ws.getCell('A1048576').value = 'Ganz unten'
    ws.getCell('B1048576').value = 'Z9'
    const far = new Uint8Array(await wb.xlsx.writeBuffer())
    // Its time and heap are measured by the bench (bench/import.ts), not asserted here.
    const d = await imports.upload('risks', 'fern.xlsx', far)
    expect((await imports.draft('risks', d.id)).rowCount).toBe(1)
    // A workbook padded with a part that unpacks to more than the limit.
    const zip = await JSZip.loadAsync(await xlsxOf([['Title'], ['x']]))
    zip.file('xl/media/bomb.bin', new Uint8Array(IMPORT_MAX_UNZIPPED_BYTES + 1))
    const bomb = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
    expect(bomb.byteLength).toBeLessThan(IMPORT_MAX_BYTES)
    await refusedWith(imports.upload('risks', 'bombe.xlsx', bomb), 'import:file.unpackedTooLarge')
    // One merged range over the whole sheet: exceljs would build every cell of it.
    const merged = await JSZip.loadAsync(await xlsxOf([['Title'], ['x']]))
    const sheet = await merged.file('xl/worksheets/sheet1.xml')?.async('string')
    merged.file(
      'xl/worksheets/sheet1.xml',
      (sheet as string).replace('</sheetData>', '</sheetData><mergeCells count="1"><mergeCell ref="A3:XFD1048576"/></mergeCells>'),
    )
    const mergeBomb = await merged.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
    await refusedWith(imports.upload('risks', 'verbunden.xlsx', mergeBomb), 'import:file.tooManyMerged')
    // Building the files (a 256 MiB part compressed, a million-field line) takes seconds of CPU; on a busy machine more than the default.
  }, 90_000)

  it('a risk-only writer learns nothing of ICS measures: their numbers are unknown, no title shown', async () => {
    const secret = await measureFactory({ customer: c, owner: w.user, traits: ['ics'], attributes: { title: 'Geheime IKS-Massnahme' } })
    const riskOnly = await memberFactory({ customer: c, traits: ['risk-write'] })
    const { preview } = await draftOf(riskOnly, 'measures', [
      ['number', 'iteration', 'dueDate'],
      [`M-${secret.idkey}`, String(secret.iteration), '01.03.2027'],
    ])
    expect(preview.rows[0].errors.map((e) => e.key)).toContain('error.unknownNumber')
    expect(JSON.stringify(preview)).not.toContain('Geheime')
  })

  it('the gate lets an import file over 1 MB through; a 20 MB one gets the page’s own message (413)', async () => {
    const post = async (bytes: Uint8Array, name: string) => {
      const form = new FormData()
      form.set('intent', 'upload')
      form.set('file', new File([bytes as BlobPart], name))
      const encoded = new Response(form)
      const body = new Uint8Array(await encoded.arrayBuffer())
      const req = new Request('http://localhost/app/risk/import', {
        method: 'POST',
        body,
        headers: {
          Cookie: w.cookie,
          Origin: 'http://localhost',
          'Content-Type': encoded.headers.get('Content-Type') as string,
          'Content-Length': String(body.byteLength),
        },
      })
      let outcome: Awaited<ReturnType<typeof run>> | undefined
      try {
        await requestGate({ request: req, params: {}, context: {} } as never, async () => {
          outcome = await run(page.action as Loader, req)
          return new Response(null)
        })
      } catch (refused) {
        return { status: (refused as { init?: { status?: number } }).init?.status ?? 0, body: (refused as { data?: unknown }).data }
      }
      return outcome as Awaited<ReturnType<typeof run>>
    }
    const rows = [['Title', 'Theme'], ...Array.from({ length: 3000 }, (_, i) => [`Gross ${i} ${'x'.repeat(400)}`, 'Z9'])]
    const csv = csvOf(rows, ';')
    expect(csv.byteLength).toBeGreaterThan(1024 * 1024)
    const ok = await post(csv, 'gross.csv')
    expect(ok.status).toBe(302)
    const big = await post(new Uint8Array(20 * 1024 * 1024), 'riesig.xlsx')
    expect(big).toMatchObject({ status: 413, body: { error: 'import:file.tooLarge', values: { size: 10 } } })
  })

  it('NUL and other control characters: a message, never a 500; the file name is cleaned', async () => {
    const imports = Imports.for(w.access)
    const late = new TextEncoder().encode(`Title;Theme\n${'A;Z9\n'.repeat(300)}B\u0000C;Z9\n`)
    const csvPost = await run(page.action as Loader, uploadRequest(w, late, 'nul.csv'))
    expect(csvPost).toMatchObject({ status: 400, body: { error: 'import:file.controlChars', values: { line: 302 } } })
    const xlsx = await xlsxOf([
      ['Title', 'Theme'],
      ['a_x0000_b', 'Z9'],
    ])
    await refusedWith(imports.upload('risks', 'nul.xlsx', xlsx), 'import:file.controlChars')
    const named = await imports.upload(
      'risks',
      'na\u0000me\u0007.csv',
      csvOf(
        [
          ['Title', 'Theme'],
          ['A', 'Z9'],
        ],
        ';',
      ),
    )
    expect((await imports.draft('risks', named.id)).fileName).toBe('name.csv')
  })

  it('rows are checked as the forms check them: lengths, tags as the tags field', async () => {
    const { preview } = await draftOf(w, 'risks', [
      ['Title', 'Theme', 'Tags'],
      ['x'.repeat(301), 'Z9', ''],
      ['Gut', 'Z9', ['a', 'A', ' b ', 'c'.repeat(60), ...Array.from({ length: 30 }, (_, i) => `t${i}`)].join(',')],
    ])
    expect(preview.rows.map((r) => r.errors.map((e) => `${e.field}:${e.key}`))).toEqual([['title:error.tooLong'], []])
    expect(preview.rows[0].errors[0].values).toEqual({ max: '300' })
    const m = await draftOf(w, 'measures', [
      ['title', 'body', 'source', 'owner', 'dueDate'],
      ['T', 'y'.repeat(5001), 'fund', 'Rita Review', '01.03.2027'],
    ])
    expect(m.preview.rows[0].errors.map((e) => `${e.field}:${e.key}`)).toEqual(['body:error.tooLong'])
    const good = await draftOf(w, 'risks', [
      ['Title', 'Theme', 'Tags'],
      ['Mit Tags', 'Z9', ['a', 'A', ' b ', 'c'.repeat(60), ...Array.from({ length: 30 }, (_, i) => `t${i}`)].join(',')],
    ])
    await Imports.for(w.access).confirm('risks', good.id, good.preview.token)
    const [row] = await system()
      .select()
      .from(risks)
      .where(and(eq(risks.customerId, c), eq(risks.title, 'Mit Tags')))
    expect(row.tags).toHaveLength(20)
    expect(row.tags.slice(0, 3)).toEqual(['a', 'b', 'c'.repeat(50)])
  })

  it('a disabled member is no owner', async () => {
    const gone = await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Dora', lastName: 'Disabled', state: 'disabled' } } })
    expect(gone.user.id).toBeTruthy()
    const { preview } = await draftOf(w, 'risks', [
      ['Title', 'Theme', 'Owner'],
      ['Ohne Eigner', 'Z9', 'Dora Disabled'],
    ])
    expect(preview.rows[0].errors.map((e) => e.key)).toEqual(['error.unknownOwner'])
  })

  it('a row may keep its current owner whose membership ended or who became an auditor; naming them anew is refused with its own message', async () => {
    const ended = await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Erik', lastName: 'Ended' } } })
    const auditor = await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Aldo', lastName: 'Audit' } } })
    const risk = await riskFactory({ customer: c, owner: ended.user, attributes: { title: 'Alt' } })
    const measure = await measureFactory({ customer: c, owner: auditor.user, attributes: { title: 'Alt', source: 'fund' } })
    await system().update(memberships).set({ endsOn: '2020-01-01' }).where(eq(memberships.id, ended.permId))
    await system().update(memberships).set({ kind: 'auditor', endsOn: '2099-12-31' }).where(eq(memberships.id, auditor.permId))
    const r = await draftOf(w, 'risks', [
      ['idkey', 'Title', 'Theme', 'Owner'],
      [risk.idkey, 'Neu', 'Z9', 'Erik Ended'],
      ['', 'Anderer', 'Z9', 'Erik Ended'],
    ])
    expect(r.preview.rows.map((x) => x.errors.map((e) => e.key))).toEqual([[], ['error.ownerMayNotOwn']])
    const m = await draftOf(w, 'measures', [
      ['number', 'iteration', 'title', 'source', 'owner', 'dueDate'],
      [`M-${measure.idkey}`, String(measure.iteration), 'Neu', 'fund', 'Aldo Audit', '01.03.2027'],
      ['', '', 'Andere', 'fund', 'Aldo Audit', '01.03.2027'],
    ])
    expect(m.preview.rows.map((x) => x.errors.map((e) => e.key))).toEqual([[], ['error.ownerMayNotOwn']])
    const keep = await draftOf(w, 'risks', [
      ['idkey', 'Title', 'Owner'],
      [risk.idkey, 'Neu', 'Erik Ended'],
    ])
    await Imports.for(w.access).confirm('risks', keep.id, keep.preview.token)
    expect((await system().select().from(risks).where(eq(risks.id, risk.id)))[0]).toMatchObject({ title: 'Neu', ownerUserId: ended.user.id })
  })

  it('the token covers the mapping: a preview under another mapping does not confirm this one', async () => {
    const imports = Imports.for(w.access)
    const d = await imports.upload(
      'risks',
      'map.csv',
      csvOf(
        [
          ['Eins', 'Zwei', 'Thema'],
          ['Titel A', 'Titel B', 'Z9'],
        ],
        ';',
      ),
    )
    await imports.setMapping('risks', d.id, { title: 0, theme: 2 })
    const first = await imports.preview('risks', d.id)
    await imports.setMapping('risks', d.id, { title: 1, theme: 2 })
    await refusedWith(imports.confirm('risks', d.id, first.token), 'import:confirm.changed')
  })

  it('CSV formulas: = always, + - @ only before a function or a cell; an unclosed quote is refused', async () => {
    expect(parseCsv('a;b;c;d;e;f;g;h;i\n-;+41 44 123 45 67;- Punkt 1;@Anna;=1;+SUM(A1);-A1;@IF(1);-3\n')[1]).toEqual([
      '-',
      '+41 44 123 45 67',
      '- Punkt 1',
      '@Anna',
      { f: '=1' },
      { f: '+SUM(A1)' },
      { f: '-A1' },
      { f: '@IF(1)' },
      '-3',
    ])
    const imports = Imports.for(w.access)
    await refusedWith(imports.upload('risks', 'quote.csv', new TextEncoder().encode('Title;Theme\n"offen;Z9\nB;Z9\nC;Z9\n')), 'import:file.brokenQuotes')
  })

  it('mapping: an empty choice is ignored, not column 0', async () => {
    const imports = Imports.for(w.access)
    const d = await imports.upload(
      'risks',
      'leer.csv',
      csvOf(
        [
          ['Eins', 'Thema'],
          ['Titel A', 'Z9'],
        ],
        ';',
      ),
    )
    const res = await run(
      page.action as Loader,
      request(`/app/risk/import?draft=${d.id}&step=mapping`, {
        cookie: w.cookie,
        form: { intent: 'map', draft: d.id, 'map.title': '0', 'map.theme': '1', 'map.idkey': '' },
      }),
    )
    expect(res.status).toBe(302)
    expect((await imports.draft('risks', d.id)).mapping).toEqual({ title: 0, theme: 1 })
  })

  it('a risk someone else is editing is an error in the preview and refused at confirm', async () => {
    const risk = await riskFactory({ customer: c, attributes: { title: 'Gesperrt' } })
    const other = await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Lea', lastName: 'Lock' } } })
    expect(await acquireLock(other.access, 'risk', risk.id, 'intro')).toEqual({ ok: true })
    const { id, preview } = await draftOf(w, 'risks', [
      ['idkey', 'Title'],
      [risk.idkey, 'Überschrieben'],
    ])
    expect(preview.rows[0]).toMatchObject({ action: 'error', errors: [{ key: 'error.locked', values: { value: 'Lea Lock' } }] })
    await refusedWith(Imports.for(w.access).confirm('risks', id, preview.token), 'import:confirm.hasErrors')
    expect((await system().select().from(risks).where(eq(risks.id, risk.id)))[0].title).toBe('Gesperrt')
  })

  it('XLSX: a merged range counts once, a hyperlink with rich text gives its text', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('S')
    ws.addRow(['Title', 'Theme', 'Tags'])
    ws.addRow(['Zusammen', 'Z9', ''])
    ws.addRow([{ text: { richText: [{ text: 'Ver' }, { text: 'linkt' }] }, hyperlink: 'https://example.com' }, 'Z9', 'x'])
    ws.addRow(['Breit', 'Z9'])
    ws.mergeCells('A4:C4')
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer())
    const imports = Imports.for(w.access)
    const d = await imports.upload('risks', 'merged.xlsx', bytes)
    const rows = (await system().select().from(importDrafts).where(eq(importDrafts.id, d.id)))[0].rows as unknown[][]
    expect(rows[1][0]).toBe('Verlinkt')
    expect(rows[2]).toEqual(['Breit', null, null])
  })

  it('updates in batches: rows setting different columns each get their own values, version and audit entry', async () => {
    const a = await riskFactory({ customer: c, attributes: { title: 'Batch A', tags: ['alt'] } })
    const b = await riskFactory({ customer: c, attributes: { title: 'Batch B', tags: [] } })
    const d = await riskFactory({ customer: c, attributes: { title: 'Batch D' } })
    const { id, preview } = await draftOf(w, 'risks', [
      ['idkey', 'Title', 'State', 'Tags', 'Owner'],
      [a.idkey, 'Batch A neu', '', 'eins, zwei', ''],
      [b.idkey, 'Batch B', 'bewertung', '', 'Rita Review'],
      [d.idkey, 'Batch D', '', '', ''],
    ])
    expect(preview.rows.map((r) => r.action)).toEqual(['update', 'update', 'unchanged'])
    await Imports.for(w.access).confirm('risks', id, preview.token)
    const [ra] = await system().select().from(risks).where(eq(risks.id, a.id))
    const [rb] = await system().select().from(risks).where(eq(risks.id, b.id))
    const [rd] = await system().select().from(risks).where(eq(risks.id, d.id))
    expect(ra).toMatchObject({ title: 'Batch A neu', tags: ['eins', 'zwei'], ownerUserId: null, version: a.version + 1, state: a.state })
    expect(rb).toMatchObject({ title: 'Batch B', state: 'bewertung', ownerUserId: w.user.id, version: b.version + 1 })
    expect(rd.version).toBe(d.version)
    const audits = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, 'risk'), eq(auditEntries.action, 'Updated')))
    expect(audits.find((x) => x.entityId === a.id)?.changedFields).toMatchObject({ title: { from: 'Batch A', to: 'Batch A neu' } })
    expect(audits.find((x) => x.entityId === b.id)?.changedFields).toMatchObject({ state: { to: 'bewertung' } })
    expect(audits.some((x) => x.entityId === d.id)).toBe(false)
    // Measures: a day, a choice, a number and a yes/no go through the same statement.
    const m = await measureFactory({ customer: c, owner: w.user, attributes: { title: 'Mass alt' } })
    const md = await draftOf(w, 'measures', [
      ['number', 'iteration', 'title', 'body', 'source', 'owner', 'dueDate', 'recurrence', 'dsgMeasure'],
      [`M-${m.idkey}`, String(m.iteration), 'Mass neu', 'Text', 'fund', 'Rita Review', '15.09.2027', '30', 'Ja'],
    ])
    expect(md.preview.rows.map((r) => [r.action, r.errors])).toEqual([['update', []]])
    await Imports.for(w.access).confirm('measures', md.id, md.preview.token)
    const [after] = await system().select().from(measures).where(eq(measures.id, m.id))
    expect(after).toMatchObject({ title: 'Mass neu', body: 'Text', dueDate: '2027-09-15', recurrence: 30, dsgMeasure: true, version: m.version + 1 })
  })

  it('nothing to change: confirm is refused and writes no audit entry', async () => {
    const risk = await riskFactory({ customer: c, attributes: { title: 'Gleich' } })
    const { id, preview } = await draftOf(w, 'risks', [
      ['idkey', 'Title'],
      [risk.idkey, 'Gleich'],
    ])
    expect(preview.counts).toMatchObject({ unchanged: 1, create: 0, update: 0 })
    await refusedWith(Imports.for(w.access).confirm('risks', id, preview.token), 'import:confirm.nothing')
    expect(await system().select().from(auditEntries).where(eq(auditEntries.entityId, id))).toEqual([])
  })
})

function uploadRequest(m: Member, bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.set('intent', 'upload')
  form.set('file', new File([bytes as BlobPart], name))
  return new Request('http://localhost/app/risk/import', { method: 'POST', body: form, headers: { Cookie: m.cookie } })
}

describe('import: what the preview and the mapping step show (issue 22)', () => {
  let c: string
  let w: Member
  beforeAll(async () => {
    c = (await customerFactory()).id
    w = await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Vera', lastName: 'Vorschau' } } })
    await memberFactory({ customer: c, traits: ['write'], attributes: { user: { firstName: 'Otto', lastName: 'Anders' } } })
  })
  const draftOf = async (kind: 'risks' | 'measures', rows: string[][]) => {
    const imports = Imports.for(w.access)
    const d = await imports.upload(kind, 'f.csv', csvOf(rows, ';'))
    return { id: d.id, mapped: d.mapped, preview: await imports.preview(kind, d.id) }
  }

  it('an update lists each field it changes, old → new, in stored form for the page to translate; an unchanged row lists none', async () => {
    const risk = await riskFactory({ customer: c, owner: w.user, attributes: { title: 'Alt', state: 'analyse', tags: ['a'], strategic: false } })
    const same = await riskFactory({ customer: c, owner: w.user, attributes: { title: 'Gleich' } })
    const { preview } = await draftOf('risks', [
      ['Nr.', 'Titel', 'Status', 'Risikoeigner/in', 'Eintrittswahrscheinlichkeit', 'Tags', 'Strategisch'],
      [risk.idkey, 'Neu', 'Bewertung', 'Otto Anders', '4', 'a, b', 'Ja'],
      [same.idkey, 'Gleich', 'Analyse', 'Vera Vorschau', '', '', 'Nein'],
    ])
    expect(preview.rows.map((r) => r.action)).toEqual(['update', 'unchanged'])
    expect(preview.rows[0].changes).toEqual([
      { field: 'title', from: 'Alt', to: 'Neu' },
      { field: 'state', from: 'analyse', to: 'bewertung' },
      { field: 'owner', from: 'Vera Vorschau', to: 'Otto Anders' },
      { field: 'probability', from: null, to: 4 },
      { field: 'strategic', from: false, to: true },
      { field: 'tags', from: ['a'], to: ['a', 'b'] },
    ])
    expect(preview.rows[1].changes).toEqual([])

    const body = await bodyFactory({ customer: c, attributes: { name: 'Anlagekommission' } })
    const m = await measureFactory({ customer: c, owner: w.user, attributes: { title: 'Mass', dueDate: '2027-03-01', recurrence: 0 } })
    const mp = await draftOf('measures', [
      ['Nr.', 'Iteration', 'Titel', 'Verantwortlich', 'Fälligkeitsdatum', 'Wiederholung'],
      [`M-${m.idkey}`, '1', 'Mass', 'Anlagekommission', '15.09.2027', 'Monatlich'],
    ])
    expect(mp.preview.rows[0]).toMatchObject({ action: 'update', errors: [] })
    expect(mp.preview.rows[0].changes).toEqual([
      { field: 'owner', from: 'Vera Vorschau', to: body.name },
      { field: 'dueDate', from: '2027-03-01', to: '2027-09-15' },
      { field: 'recurrence', from: 0, to: 30 },
    ])
    // The page's loader hands them to the page as they are.
    const page$ = await run(page.loader as Loader, request(`/app/measures/import?draft=${mp.id}`, { cookie: w.cookie }))
    expect((page$.body as { rows: { changes: unknown[] }[] }).rows[0].changes).toHaveLength(3)
  })

  it('the mapping step proposes a column per field from its header: any language, synonyms, case, accents and punctuation aside', async () => {
    const imports = Imports.for(w.access)
    const risksFile = await imports.upload(
      'risks',
      'fremd.csv',
      csvOf(
        [
          ['NAME', 'Catégorie', 'Responsable du risque', 'Risiko-Nr.', 'Bemerkung', 'Eintrittswahrscheinlichkeit', 'Auswirkung', 'Mots-clés'],
          ['Ein Risiko', 'Z9', 'Vera Vorschau', '', 'egal', '1', '2', 'x'],
        ],
        ';',
      ),
    )
    expect(risksFile.mapped).toBe(false)
    expect((await imports.draft('risks', risksFile.id)).mapping).toEqual({ title: 0, theme: 1, owner: 2, idkey: 3, probability: 5, severity: 6, tags: 7 })
    const measuresFile = await imports.upload(
      'measures',
      'fremd.csv',
      csvOf(
        [
          ['Intitulé', 'Description', 'Échéance', 'verantwortlich', 'Origine', 'Datenschutz'],
          ['Eine Massnahme', 'Text', '31.12.2027', 'Vera Vorschau', 'fund', 'Nein'],
        ],
        ';',
      ),
    )
    expect((await imports.draft('measures', measuresFile.id)).mapping).toEqual({ title: 0, body: 1, dueDate: 2, owner: 3, source: 4, dsgMeasure: 5 })
    // Nothing in common: nothing proposed. Each of "Name" and "Titel": the first takes the field.
    const none = await imports.upload(
      'risks',
      'x.csv',
      csvOf(
        [
          ['Spalte A', 'Spalte B'],
          ['x', 'y'],
        ],
        ';',
      ),
    )
    expect((await imports.draft('risks', none.id)).mapping).toEqual({})
    const both = await imports.upload(
      'risks',
      'x.csv',
      csvOf(
        [
          ['Titel', 'Name'],
          ['x', 'y'],
        ],
        ';',
      ),
    )
    expect((await imports.draft('risks', both.id)).mapping).toEqual({ title: 0 })
    // The page preselects the proposal in each field's select.
    const res = await run(page.loader as Loader, request(`/app/risk/import?draft=${risksFile.id}`, { cookie: w.cookie }))
    expect(res.body).toMatchObject({ step: 'mapping' })
    const fields = (res.body as { fields: { field: string; column: number }[] }).fields
    expect(Object.fromEntries(fields.map((f) => [f.field, f.column]))).toMatchObject({ title: 0, theme: 1, owner: 2, state: -1 })
  })

  it('a new row with a theme the fund does not have is an error on that row: number and name must belong together', async () => {
    const { preview } = await draftOf('risks', [
      ['Titel', 'Thema'],
      ['Eins', '99 Unbekannt'],
      ['Zwei', 'Z9 Kein solches Thema'],
      ['Drei', 'Erfundenes Thema'],
      ['Vier', 'Z9 Testthema'],
      ['Fünf', 'Test theme'],
      ['Sechs', 'z9'],
    ])
    expect(preview.rows.map((r) => [r.line, r.action, r.errors.map((e) => `${e.field}:${e.key}:${e.values?.value}`)])).toEqual([
      [2, 'error', ['theme:error.unknownTheme:99 Unbekannt']],
      [3, 'error', ['theme:error.unknownTheme:Z9 Kein solches Thema']],
      [4, 'error', ['theme:error.unknownTheme:Erfundenes Thema']],
      [5, 'create', []],
      [6, 'create', []],
      [7, 'create', []],
    ])
  })

  it('numbers with Swiss thousands separators and days whose cell lost its date format are read', async () => {
    const m = await measureFactory({ customer: c, owner: w.user, attributes: { title: 'Tausend', dueDate: '2027-03-01' } })
    const imports = Imports.for(w.access)
    const d = await imports.upload(
      'measures',
      'f.xlsx',
      await xlsxOf([
        ['Nr.', 'Iteration', 'Fälligkeitsdatum'],
        [`M-${m.idkey}`, '1', 46_446],
      ]),
    )
    const p = await imports.preview('measures', d.id)
    expect(p.rows[0]).toMatchObject({ action: 'update', changes: [{ field: 'dueDate', from: '2027-03-01', to: '2027-02-28' }] })
    const r = await draftOf('risks', [
      ['Titel', 'Thema', 'Eintrittswahrscheinlichkeit'],
      ['Mit Hochkomma', 'Z9', "1'000"],
    ])
    expect(r.preview.rows[0].errors).toEqual([{ field: 'probability', key: 'error.levelUnknown', values: { value: '1000', levels: '1, 2, 3, 4, 5' } }])
  })
})

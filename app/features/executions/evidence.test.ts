import crypto from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inRequest, withCustomer } from '#models/core/scope.server.ts'
import { detectType, FileRefused, sanitizeName } from '#models/core/files.server.ts'
import { auditEntries, controlExecutions, storedFileChunks, storedFiles } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { type Customer, customerFactory, type Member, memberFactory, processFactory, request, run } from '../../../tests/factories.ts'
import * as downloadRoute from '../files/download.ts'
import * as detailRoute from './detail.tsx'
import { Executions } from './executions.server.ts'

// Evidence files of a control execution (issue 25, decision 0063): uploaded as a plain multipart form,
// stored in the database in pieces under the tenant's row-level security, downloaded as an attachment;
// refused uploads answer 4xx and leave no row and no piece behind.

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(600_000), Buffer.from('\n%%EOF\n')])
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(2000)])

let fund: Customer
let performer: Member
let reviewer: Member
let reader: Member
let stranger: Member
let executionId: string

/** A multipart form posted to the execution's page, as a browser without JavaScript sends it. */
function upload(id: string, member: Member, files: { name: string; content: Uint8Array; type?: string }[]) {
  const form = new FormData()
  for (const f of files) form.append('files', new File([Buffer.from(f.content)], f.name, { type: f.type ?? 'application/octet-stream' }))
  const req = new Request(`http://localhost/app/iks/executions/${id}`, { method: 'POST', body: form, headers: { Cookie: member.cookie } })
  return run(detailRoute.action, req, { id })
}

async function rows() {
  const [files] = await system().select({ n: count() }).from(storedFiles)
  const [chunks] = await system().select({ n: count() }).from(storedFileChunks)
  return { files: files.n, chunks: chunks.n }
}

async function download(id: string, member: Member) {
  const req = request(`/app/files/${id}`, { cookie: member.cookie })
  return inRequest(req, async () => {
    try {
      return await downloadRoute.loader({ request: req, params: { id }, context: {} } as never)
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      // notFound() throws React Router's data() with its status.
      const status = (thrown as { init?: { status?: number } })?.init?.status
      if (status) return new Response(null, { status })
      throw thrown
    }
  })
}

const previousLimit = process.env.UPLOAD_LIMIT

describe('evidence files of a control execution', () => {
  beforeAll(async () => {
    process.env.UPLOAD_LIMIT = '1MB'
    fund = await customerFactory()
    performer = await memberFactory({ customer: fund, traits: ['ics-write'] })
    reviewer = await memberFactory({ customer: fund, traits: ['ics-write'] })
    reader = await memberFactory({ customer: fund, traits: ['ics-read'] })
    stranger = await memberFactory({ customer: await customerFactory(), traits: ['ics-write'] })
    const control = await processFactory({ customer: fund, owner: performer.user })
    const e = await Executions.for(performer.access).addOccasion(control.id, '2026-06-01')
    executionId = (e as { id: string }).id
  })
  afterAll(() => {
    if (previousLimit === undefined) delete process.env.UPLOAD_LIMIT
    else process.env.UPLOAD_LIMIT = previousLimit
  })

  it('stores a PDF and a PNG with their SHA-256 and audit entries, and streams them back as attachments', async () => {
    const res = await upload(executionId, performer, [
      { name: 'Protokoll Q1.pdf', content: PDF, type: 'application/pdf' },
      { name: 'Beleg.png', content: PNG, type: 'image/png' },
    ])
    expect(res.status).toBe(302)
    const files = (await Executions.for(reader.access).files(executionId)).sort((a, b) => b.name.localeCompare(a.name))
    expect(files.map((f) => [f.name, f.contentType, f.size])).toEqual([
      ['Protokoll Q1.pdf', 'application/pdf', PDF.length],
      ['Beleg.png', 'image/png', PNG.length],
    ])
    expect(files[0].sha256).toBe(crypto.createHash('sha256').update(PDF).digest('hex'))
    const pieces = await system().select().from(storedFileChunks).where(eq(storedFileChunks.fileId, files[0].id))
    expect(pieces.length).toBe(Math.ceil(PDF.length / (256 * 1024)))
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, files[0].id), eq(auditEntries.action, 'Created')))
    expect(audit).toHaveLength(1)

    const got = await download(files[0].id, reader)
    expect(got.status).toBe(200)
    expect(got.headers.get('Content-Disposition')).toBe('attachment; filename="Protokoll Q1.pdf"')
    expect(got.headers.get('Content-Type')).toBe('application/pdf')
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true)
    const downloads = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, files[0].id), eq(auditEntries.action, 'Downloaded')))
    expect(downloads).toHaveLength(1)
    // Another fund's member finds no such file.
    expect((await download(files[0].id, stranger)).status).toBe(404)
    const raw = await withCustomer(stranger.access, (tx) => tx.select().from(storedFiles).where(eq(storedFiles.id, files[0].id)))
    expect(raw).toEqual([])
  })

  it('refuses a too large, an unknown, a mismatched or an empty file, a reader and another fund, leaving nothing behind', async () => {
    const before = await rows()
    const cases: [Member, { name: string; content: Uint8Array }[], number][] = [
      [performer, [{ name: 'gross.pdf', content: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(1024 * 1024 + 10)]) }], 413],
      [performer, [{ name: 'programm.exe', content: Buffer.from('MZ\x90\x00\x03') }], 415],
      [performer, [{ name: 'bild.png', content: PDF.subarray(0, 2000) }], 415],
      [performer, [{ name: 'makro.pdf', content: Buffer.from('<html><script>alert(1)</script>') }], 415],
      // A good file beside a refused one: neither is kept.
      [
        performer,
        [
          { name: 'ok.png', content: PNG },
          { name: 'leer.txt', content: new Uint8Array(0) },
        ],
        302,
      ],
      [reader, [{ name: 'ok.png', content: PNG }], 403],
    ]
    for (const [who, files, status] of cases) {
      const res = await upload(executionId, who, files)
      if (status === 302) expect(res.status).not.toBe(500)
      else expect(res.status, files[0].name).toBe(status)
    }
    expect((await upload(executionId, stranger, [{ name: 'ok.png', content: PNG }])).status).toBe(404)
    const after = await rows()
    // The case with an empty file beside a good one: an empty part is no file, the PNG alone is stored.
    expect(after.files - before.files).toBeLessThanOrEqual(1)
  })

  it('never answers 5xx and never leaves a half-written file, whatever the name, type, size and content', async () => {
    const heads = [
      [0x25, 0x50, 0x44, 0x46, 0x2d],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [0x50, 0x4b, 0x03, 0x04],
      [0xd0, 0xcf, 0x11, 0xe0],
      [],
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('pdf', 'png', 'jpg', 'xlsx', 'docx', 'csv', 'txt', 'eml', 'msg', 'exe', 'html', ''),
        fc.constantFrom(...heads),
        fc.uint8Array({ maxLength: 4000 }),
        async (name, ext, head, body) => {
          const before = await rows()
          const res = await upload(executionId, performer, [{ name: `${name}.${ext}`, content: Buffer.concat([Buffer.from(head), Buffer.from(body)]) }])
          expect(res.status).toBeLessThan(500)
          const after = await rows()
          if (res.status !== 302) expect(after).toEqual(before)
          else {
            // Stored: its pieces hold exactly its content.
            const [last] = await system()
              .select()
              .from(storedFiles)
              .orderBy(storedFiles.createdAt)
              .limit(1)
              .offset(after.files - 1)
            expect(last.size).toBe(head.length + body.length)
          }
        },
      ),
      { numRuns: 60 },
    )
  })

  it('keeps the files of an approved execution: no removal, no new file, as the app and in the database', async () => {
    const [file] = await Executions.for(reader.access).files(executionId)
    await system()
      .update(controlExecutions)
      .set({
        state: 'approved',
        performedOn: '2026-06-01',
        result: 'effective',
        submittedAt: new Date(),
        reviewedAt: new Date(),
        reviewedByUserId: reviewer.user.id,
      })
      .where(eq(controlExecutions.id, executionId))
    const removal = await run(
      detailRoute.action,
      request(`/app/iks/executions/${executionId}`, { cookie: performer.cookie, form: { intent: 'removeFile', fileId: file.id } }),
      {
        id: executionId,
      },
    )
    expect(removal.status).toBe(409)
    expect((await upload(executionId, performer, [{ name: 'spaet.png', content: PNG }])).status).toBe(409)
    // The database refuses it too, as the app's role.
    await expect(withCustomer(performer.access, (tx) => tx.delete(storedFiles).where(eq(storedFiles.id, file.id)))).rejects.toThrow()
    await expect(withCustomer(performer.access, (tx) => tx.delete(storedFileChunks).where(eq(storedFileChunks.fileId, file.id)))).rejects.toThrow()
    expect((await Executions.for(reader.access).files(executionId)).map((f) => f.id)).toContain(file.id)
  })

  it('recognises the types by content and names files safely', () => {
    const none = { word: false, xl: false }
    expect(detectType(PDF, 'a.pdf', none)).toBe('application/pdf')
    expect(detectType(Buffer.from('Datum;Betrag\n01.01.2026;100\n'), 'a.csv', none)).toBe('text/csv')
    expect(detectType(Buffer.from('From: a@b.ch\r\nSubject: x\r\n\r\nText'), 'a.eml', none)).toBe('message/rfc822')
    expect(detectType(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'a.xlsx', { word: false, xl: true })).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(() => detectType(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'a.docx', { word: false, xl: true })).toThrow(FileRefused)
    expect(() => detectType(Buffer.from('Text'), 'a.exe', none)).toThrow(FileRefused)
    expect(sanitizeName('../../etc/passwd')).toBe('passwd')
    expect(sanitizeName('a\u0000b<>.pdf')).toBe('a_b_.pdf')
    expect(sanitizeName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200)
    expect(sanitizeName('...')).toBe('file')
  })
})

import { createHash } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, documents, measures, storedFileChunks, storedFiles } from '#models/schema/index.ts'
import { readMultipart, UploadRefused } from '#app/utils/upload.server.ts'
import { system } from '../../tests/system-db.ts'
import { type Customer, customerFactory, documentFactory, type Member, measureFactory, memberFactory, request, run } from '../../tests/factories.ts'
import * as editDocument from '../features/documents/edit.tsx'
import * as listDocuments from '../features/documents/index.tsx'
import * as confirmMeasure from '../features/measures/confirm.tsx'
import * as download from '../features/files/download.ts'
import { Files } from './files.server.ts'

// The files of documents and measures' confirmations (issue 25, decision 0063): one store with the
// executions' evidence, a streamed multipart reader, rights of the owner, tenant isolation, audit.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
const BOUNDARY = '----vorsorge-test-boundary-7d3f'

/** A multipart body as a browser sends it: the fields, then the files; `body` may stream it piece by piece. */
function multipart(
  path: string,
  cookie: string,
  fields: Record<string, string>,
  files: { field: string; name: string; content: Buffer | (() => AsyncIterable<Buffer>) }[],
) {
  async function* parts() {
    for (const [k, v] of Object.entries(fields)) yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    for (const f of files) {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      )
      if (Buffer.isBuffer(f.content)) yield f.content
      else yield* f.content()
      yield Buffer.from('\r\n')
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`)
  }
  const iterator = parts()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next()
      if (done) controller.close()
      else controller.enqueue(value)
    },
  })
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: 'half',
  } as RequestInit)
}

async function* pieces(content: Buffer, size = 65_536) {
  for (let at = 0; at < content.length; at += size) yield content.subarray(at, at + size)
}
const part = (name: string, content: Buffer) => ({ field: 'file', name, content: pieces(content) })
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function rows() {
  const [files] = await system().select({ n: count() }).from(storedFiles)
  const [chunks] = await system().select({ n: count() }).from(storedFileChunks)
  const [docs] = await system().select({ n: count() }).from(documents)
  return { files: files.n, chunks: chunks.n, documents: docs.n }
}

let alpha: Customer
let writer: Member
let reader: Member
let icsOnly: Member
let stranger: Member

describe('files of documents and measures', () => {
  beforeAll(async () => {
    alpha = await customerFactory()
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    reader = await memberFactory({ customer: alpha, traits: ['read'] })
    icsOnly = await memberFactory({ customer: alpha, traits: ['ics-write'] })
    stranger = await memberFactory({ customer: await customerFactory(), traits: ['write'] })
  })

  it('keeps a document’s file in pieces and gives it back byte for byte as an attachment, with audit entries', async () => {
    const doc = await documentFactory({ customer: alpha, attributes: { category: 'risk' } })
    // Three pieces and a bit (256 KiB each).
    const content = Buffer.concat([PDF, Buffer.alloc(3 * 256 * 1024 + 17, 7)])
    const file = await Files.for(writer.access).attach({ kind: 'document', id: doc.id }, part('C:\\Scans\\Prüfbericht 2026.pdf', content))
    expect(file).toMatchObject({ name: 'Prüfbericht 2026.pdf', contentType: 'application/pdf', size: content.length, sha256: sha(content) })
    expect(await system().select({ seq: storedFileChunks.seq }).from(storedFileChunks).where(eq(storedFileChunks.fileId, file.id))).toHaveLength(4)

    const res = await run(download.loader, request(`/app/files/${file.id}`, { cookie: reader.cookie }), { id: file.id })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="Prufbericht 2026.pdf"/)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Length')).toBe(String(content.length))
    const again = await Files.for(reader.access).download(file.id, '/app/files/x')
    const got: Buffer[] = []
    for await (const piece of again?.content ?? []) got.push(Buffer.from(piece))
    expect(sha(Buffer.concat(got))).toBe(file.sha256)
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, file.id))
    expect(audits.map((a) => a.action).sort()).toEqual(['Created', 'Downloaded', 'Downloaded'])
  })

  it('a file is 404 for another fund, for a member who does not read its document’s category and for a bad id', async () => {
    const doc = await documentFactory({ customer: alpha, attributes: { category: 'risk' } })
    const file = await Files.for(writer.access).attach({ kind: 'document', id: doc.id }, part('a.pdf', PDF))
    for (const who of [stranger, icsOnly])
      expect((await run(download.loader, request(`/app/files/${file.id}`, { cookie: who.cookie }), { id: file.id })).status).toBe(404)
    expect((await run(download.loader, request('/app/files/x', { cookie: writer.cookie }), { id: 'x' })).status).toBe(404)
    // Row-level security: not even a raw query in the other fund's scope sees the file or its pieces.
    const seen = await withCustomer(stranger.access, async (tx) => ({
      files: await tx.select().from(storedFiles).where(eq(storedFiles.id, file.id)),
      chunks: await tx.select().from(storedFileChunks).where(eq(storedFileChunks.fileId, file.id)),
    }))
    expect(seen).toEqual({ files: [], chunks: [] })
    await expect(Files.for(stranger.access).attach({ kind: 'document', id: doc.id }, part('b.pdf', PDF))).rejects.toMatchObject({ code: 'not-found' })
  })

  it('a reader downloads but does not add; a measure takes files from who may confirm it, and gives them up again', async () => {
    const measure = await measureFactory({ customer: alpha, attributes: { source: 'risk' } })
    await expect(Files.for(reader.access).attach({ kind: 'measure', id: measure.id }, part('x.pdf', PDF))).rejects.toMatchObject({ code: 'forbidden' })
    const file = await Files.for(writer.access).attach({ kind: 'measure', id: measure.id }, part('bild.png', PNG))
    expect(file.contentType).toBe('image/png')
    // The type is read from the first bytes however finely the content comes cut.
    expect(
      (await Files.for(writer.access).attach({ kind: 'measure', id: measure.id }, { field: 'file', name: 'fein.pdf', content: pieces(PDF, 3) })).contentType,
    ).toBe('application/pdf')
    expect(await Files.for(reader.access).list({ kind: 'measure', id: measure.id })).toContainEqual(expect.objectContaining({ id: file.id }))
    await expect(Files.for(reader.access).remove(file.id)).rejects.toMatchObject({ code: 'forbidden' })
    await Files.for(writer.access).remove(file.id)
    expect((await Files.for(writer.access).list({ kind: 'measure', id: measure.id })).map((f) => f.name)).toEqual(['fein.pdf'])
  })

  it('the document form takes a file without JavaScript; a refused file keeps neither document nor file', async () => {
    const form = { category: 'risk', name: 'Mit Datei', link: '', linkText: '', comment: '' }
    const ok = await run(editDocument.action, multipart('/app/docs/new?tab=risk', writer.cookie, form, [{ field: 'file', name: 'vertrag.pdf', content: PDF }]))
    expect(ok.status).toBe(302)
    const [doc] = await system().select().from(documents).where(eq(documents.name, 'Mit Datei'))
    expect(await system().select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.documentId, doc.id))).toEqual([{ name: 'vertrag.pdf' }])
    const list = await run(listDocuments.loader, request('/app/docs?tab=risk', { cookie: writer.cookie }))
    expect((list.body as { rows: { name: string; hasFile: boolean }[] }).rows).toContainEqual(expect.objectContaining({ name: 'Mit Datei', hasFile: true }))

    const before = await rows()
    for (const r of [
      { name: 'bild.png', content: PDF, status: 415, reason: 'mismatch' },
      { name: 'programm.exe', content: Buffer.from('MZ\x90\x00', 'latin1'), status: 415, reason: 'type' },
      { name: 'leer.pdf', content: Buffer.alloc(0), status: 400, reason: 'empty' },
    ]) {
      const res = await run(
        editDocument.action,
        multipart('/app/docs/new?tab=risk', writer.cookie, { ...form, name: `Abgelehnt ${r.name}` }, [{ field: 'file', name: r.name, content: r.content }]),
      )
      expect(res.status, r.name).toBe(r.status)
      expect(JSON.stringify(res.body)).toContain(`files:${r.reason}`)
    }
    // An invalid form with a good file: 400 and nothing kept either.
    const invalid = await run(
      editDocument.action,
      multipart('/app/docs/new?tab=risk', writer.cookie, { ...form, name: '' }, [{ field: 'file', name: 'a.pdf', content: PDF }]),
    )
    expect(invalid.status).toBe(400)
    expect(await rows()).toEqual(before)
    // An empty file input is no file: the document is kept with its link.
    const empty = await run(
      editDocument.action,
      multipart('/app/docs/new?tab=risk', writer.cookie, { ...form, name: 'Nur Link', link: 'https://example.ch/a.pdf' }, [
        { field: 'file', name: '', content: Buffer.alloc(0) },
      ]),
    )
    expect(empty.status).toBe(302)
    // Its file removed through the document's form, with an audit entry; another document's file is not found there.
    const [kept] = await system().select().from(storedFiles).where(eq(storedFiles.documentId, doc.id))
    const other = await documentFactory({ customer: alpha, attributes: { category: 'risk' } })
    const foreign = await run(
      editDocument.action,
      request(`/app/docs/${other.id}/edit`, { cookie: writer.cookie, form: { intent: 'removeFile', fileId: kept.id } }),
      { id: other.id },
    )
    expect(foreign.status).toBe(404)
    const removed = await run(
      editDocument.action,
      request(`/app/docs/${doc.id}/edit`, { cookie: writer.cookie, form: { intent: 'removeFile', fileId: kept.id } }),
      {
        id: doc.id,
      },
    )
    expect(removed.status).toBe(302)
    expect(await system().select().from(storedFiles).where(eq(storedFiles.documentId, doc.id))).toEqual([])
    expect((await system().select().from(auditEntries).where(eq(auditEntries.entityId, kept.id))).map((a) => a.action)).toContain('Deleted')
    // A member without the category's write right is refused before the file is read.
    const doc2 = await documentFactory({ customer: alpha, attributes: { category: 'risk' } })
    const refused = await run(
      editDocument.action,
      multipart(`/app/docs/${doc2.id}/edit`, icsOnly.cookie, { ...form, version: String(doc2.version) }, [{ field: 'file', name: 'a.pdf', content: PDF }]),
      { id: doc2.id },
    )
    expect([403, 404]).toContain(refused.status)
  })

  it('a measure’s confirmation keeps several files with it, or nothing when one is refused', async () => {
    const m1 = await measureFactory({ customer: alpha, attributes: { source: 'risk' } })
    const ok = await run(
      confirmMeasure.action,
      multipart(`/app/measures/${m1.id}/confirm`, writer.cookie, { version: String(m1.version), confirmationText: 'Erledigt' }, [
        { field: 'files', name: 'protokoll.pdf', content: PDF },
        { field: 'files', name: 'foto.png', content: PNG },
      ]),
      { id: m1.id },
    )
    expect(ok.status).toBe(302)
    expect((await Files.for(writer.access).list({ kind: 'measure', id: m1.id })).map((f) => f.name).sort()).toEqual(['foto.png', 'protokoll.pdf'])

    const m2 = await measureFactory({ customer: alpha, attributes: { source: 'risk' } })
    const before = await rows()
    const refused = await run(
      confirmMeasure.action,
      multipart(`/app/measures/${m2.id}/confirm`, writer.cookie, { version: String(m2.version), confirmationText: 'Erledigt' }, [
        { field: 'files', name: 'protokoll.pdf', content: PDF },
        { field: 'files', name: 'skript.js', content: Buffer.from('alert(1)') },
      ]),
      { id: m2.id },
    )
    expect(refused.status).toBe(415)
    expect(await rows()).toEqual(before)
    const [still] = await system().select().from(measures).where(eq(measures.id, m2.id))
    expect(still.state).not.toBe('confirmed')
  })

  it('the multipart reader hands the fields before each file, skips what a page leaves unread and refuses a broken or crowded form', async () => {
    const seen: string[] = []
    const fields = await readMultipart(
      multipart('/x', '', { a: '1', b: 'zwei' }, [
        { field: 'f', name: 'n.txt', content: Buffer.from('hallo') },
        { field: 'g', name: 'o.txt', content: Buffer.alloc(200_000, 0x61) },
        { field: 'f', name: 'p.txt', content: Buffer.from('welt') },
      ]),
      async (file, soFar) => {
        if (file.field !== 'f') {
          // Read one piece and stop: the reader skips the rest of this part.
          for await (const _ of file.content) break
          return
        }
        const got: Buffer[] = []
        for await (const p of file.content) got.push(Buffer.from(p))
        seen.push(`${file.name}:${Buffer.concat(got).toString()}:${[...soFar.keys()].join(',')}`)
      },
    )
    expect(seen).toEqual(['n.txt:hallo:a,b', 'p.txt:welt:a,b'])
    expect(Object.fromEntries(fields)).toEqual({ a: '1', b: 'zwei' })
    const eleven = Array.from({ length: 11 }, (_, i) => ({ field: 'f', name: `${i}.txt`, content: Buffer.from('x') }))
    await expect(readMultipart(multipart('/x', '', {}, eleven), async () => {})).rejects.toMatchObject({ reason: 'tooMany' })
    const broken = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end`,
    })
    await expect(readMultipart(broken, async () => {})).rejects.toBeInstanceOf(UploadRefused)
  })

  it('a 25 MB document file up through the form and down again raises the process’s memory by less than 64 MB', async () => {
    const size = 25 * 1024 * 1024
    // The content is made piece by piece: never the whole file in this process either.
    async function* generated() {
      yield PDF
      const piece = Buffer.alloc(64 * 1024, 0x20)
      for (let sent = PDF.length; sent < size; sent += piece.length) yield piece.subarray(0, Math.min(piece.length, size - sent))
    }
    const form = { category: 'risk', name: 'Gross', link: '', linkText: '', comment: '' }
    // Warm up: the code paths and the pool's connections exist before the measurement.
    await run(
      editDocument.action,
      multipart('/app/docs/new?tab=risk', writer.cookie, { ...form, name: 'Warm' }, [{ field: 'file', name: 'w.pdf', content: PDF }]),
    )
    /** The process's memory growth while `work` runs: its resident size sampled every 5 ms, and at each piece. */
    async function growth(work: (sample: () => void) => Promise<void>) {
      const start = process.memoryUsage().rss
      let peak = start
      const sample = () => {
        peak = Math.max(peak, process.memoryUsage().rss)
      }
      const timer = setInterval(sample, 5)
      try {
        await work(sample)
      } finally {
        clearInterval(timer)
      }
      return (peak - start) / (1024 * 1024)
    }
    let fileId = ''
    const up = await growth(async () => {
      const res = await run(
        editDocument.action,
        multipart('/app/docs/new?tab=risk', writer.cookie, form, [{ field: 'file', name: 'gross.pdf', content: generated }]),
      )
      expect(res.status).toBe(302)
      const [doc] = await system().select().from(documents).where(eq(documents.name, 'Gross'))
      const [file] = await Files.for(writer.access).list({ kind: 'document', id: doc.id })
      expect(file.size).toBe(size)
      fileId = file.id
    })
    const down = await growth(async (sample) => {
      const found = await Files.for(writer.access).download(fileId, '/app/files/x')
      let read = 0
      for await (const piece of found?.content ?? []) {
        read += piece.byteLength
        sample()
      }
      expect(read).toBe(size)
    })
    console.info(`file store: 25 MB up through the form ${up.toFixed(1)} MB, down ${down.toFixed(1)} MB of rss growth`)
    expect(up).toBeLessThan(64)
    expect(down).toBeLessThan(64)
  }, 120_000)
})

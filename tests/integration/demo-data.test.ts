import crypto from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { system } from '../system-db.ts'
import { controlExecutions, customers, documents, icsCatalog, icsProcesses, measures, storedFileChunks, storedFiles } from '../../models/schema/index.ts'
import { seed } from '../../models/seed/index.ts'
import { seedExecutions } from '../../models/seed/executions.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { customerFactory, memberFactory, processFactory } from '../factories/index.ts'

describe('the demo data', () => {
  beforeAll(async () => {
    await seed()
  }, 120_000)

  it('gives every confirmed recurring measure its next iteration, as confirming it in the app does', async () => {
    const confirmed = await system()
      .select()
      .from(measures)
      .where(and(eq(measures.state, 'confirmed'), gt(measures.recurrence, 0)))
    expect(confirmed.length).toBeGreaterThan(0)
    for (const m of confirmed) {
      const [next] = await system().select().from(measures).where(eq(measures.previousId, m.id))
      expect(next, `${m.idkey} ${m.title}`).toBeDefined()
      expect(next).toMatchObject({ idkey: m.idkey, iteration: m.iteration + 1, recurrence: m.recurrence, customerId: m.customerId })
      // due one recurrence after the confirmed one
      const days = (Date.parse(next.dueDate) - Date.parse(m.dueDate)) / 86_400_000
      expect(Math.round(days)).toBe(m.recurrence)
    }
  })

  it('leaves no open measure without its number history', async () => {
    const orphans = await system()
      .select({ id: measures.id })
      .from(measures)
      .where(and(gt(measures.iteration, 1), isNull(measures.previousId)))
    expect(orphans).toHaveLength(0)
  })

  it('gives the 45 key controls of the catalogue a frequency and a test procedure in three languages', async () => {
    const entries = await system().select().from(icsCatalog)
    expect(entries.length).toBeGreaterThanOrEqual(45)
    const planned = entries.filter((e) => e.defaultFrequency !== 'none' && e.defaultProcedureDe && e.defaultProcedureFr && e.defaultProcedureEn)
    expect(planned).toHaveLength(45)
  })

  it('plans Alpha’s key controls and records a year of executions in every state, with the deficient one’s measure', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const processes = await system().select().from(icsProcesses).where(eq(icsProcesses.customerId, alpha.id))
    expect(processes.length).toBeGreaterThan(0)
    for (const p of processes) {
      expect(p.frequency, p.idkey).not.toBe('none')
      expect(p.performerUserId, p.idkey).not.toBeNull()
      expect(p.reviewerUserId, p.idkey).not.toBeNull()
      expect(p.reviewerUserId, p.idkey).not.toBe(p.performerUserId)
    }
    const executions = await system().select().from(controlExecutions).where(eq(controlExecutions.customerId, alpha.id)).orderBy(asc(controlExecutions.number))
    const today = new Date().toISOString().slice(0, 10)
    expect(new Set(executions.map((e) => e.state))).toEqual(new Set(['planned', 'submitted', 'returned', 'approved']))
    expect(executions.some((e) => e.state === 'planned' && e.dueDate < today)).toBe(true)
    expect(executions.filter((e) => e.state === 'approved' && e.result === 'effective').length).toBeGreaterThan(executions.length / 3)
    const deficient = executions.filter((e) => e.result === 'deficient')
    expect(deficient).toHaveLength(1)
    const [measure] = await system().select().from(measures).where(eq(measures.id, deficient[0].measureId!))
    expect(measure).toMatchObject({ source: 'iks', iksId: deficient[0].processId, customerId: alpha.id })
    for (const e of executions.filter((x) => x.state === 'approved')) {
      expect(e.reviewedByUserId).not.toBeNull()
      expect(e.reviewedByUserId).not.toBe(e.performerUserId)
    }
    expect(new Set(executions.map((e) => e.number)).size).toBe(executions.length)
  })

  it('keeps real PDF and PNG evidence whose SHA-256 and size match their chunks, in two funds', async () => {
    const files = await system().select().from(storedFiles).where(eq(storedFiles.owner, 'execution'))
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    expect(files.some((f) => f.customerId === alpha.id && f.contentType === 'application/pdf')).toBe(true)
    expect(files.some((f) => f.customerId === alpha.id && f.contentType === 'image/png')).toBe(true)
    expect(files.some((f) => f.customerId !== alpha.id)).toBe(true)
    for (const f of files) {
      const chunks = await system().select().from(storedFileChunks).where(eq(storedFileChunks.fileId, f.id)).orderBy(asc(storedFileChunks.seq))
      const content = Buffer.concat(chunks.map((c) => c.data))
      expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i))
      expect(content.length, f.name).toBe(f.size)
      expect(crypto.createHash('sha256').update(content).digest('hex'), f.name).toBe(f.sha256)
      const magic = f.contentType === 'application/pdf' ? '%PDF-' : '\x89PNG'
      expect(content.subarray(0, magic.length).toString('latin1'), f.name).toBe(magic)
    }
    // Evidence belongs to executions that carry a result.
    const owners = await system()
      .select()
      .from(controlExecutions)
      .where(
        inArray(
          controlExecutions.id,
          files.map((f) => f.executionId!),
        ),
      )
    expect(owners.every((e) => e.state === 'approved' && e.result !== null)).toBe(true)
  })
  it('keeps a document that is a file and a measure confirmed with its minutes, as PDFs of Alpha', async () => {
    const [alpha] = await system().select().from(customers).where(eq(customers.name, 'Pensionskasse Alpha'))
    const files = await system().select().from(storedFiles).where(eq(storedFiles.customerId, alpha.id))
    const [document] = files.filter((f) => f.owner === 'document')
    expect(document).toMatchObject({ name: 'Auftragsbearbeitungsvertrag Lohnbuchhaltung.pdf', contentType: 'application/pdf' })
    const [owner] = await system().select().from(documents).where(eq(documents.id, document.documentId!))
    // A document that is a file needs no link.
    expect(owner.link).toBeNull()
    const [confirmation] = files.filter((f) => f.owner === 'measure')
    expect(confirmation).toMatchObject({ name: 'Protokollauszug Stiftungsrat Anlagestrategie.pdf', contentType: 'application/pdf' })
    const [measure] = await system().select().from(measures).where(eq(measures.id, confirmation.measureId!))
    expect(measure.state).toBe('confirmed')
  })

  it('in a year’s first quarter, brings last year’s executions, done, beside this year’s', async () => {
    const customer = await customerFactory()
    const writers = [await memberFactory({ customer, traits: ['ics-write'] }), await memberFactory({ customer, traits: ['ics-write'] })]
    for (const w of writers) await processFactory({ customer, owner: w.user, attributes: { frequency: 'quarterly' } })
    await asSystem('test: demo executions', (tx) =>
      seedExecutions(
        tx,
        customer.id,
        'de',
        writers.map((w) => w.user.id),
        { today: '2027-02-15', files: 0 },
      ),
    )
    const rows = await system().select().from(controlExecutions).where(eq(controlExecutions.customerId, customer.id))
    expect(rows.filter((r) => r.period?.startsWith('2026') && r.state === 'approved').length).toBeGreaterThan(0)
    expect(rows.filter((r) => r.period?.startsWith('2027')).every((r) => r.state === 'planned')).toBe(true)
    expect(rows).toHaveLength(2 * 8)
  })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { auditEntries, memberships, workProcesses } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { createCustomer, documentFactory, type Member, measureFactory, memberFactory, request, run } from '../../../tests/factories.ts'
import * as documentView from '../documents/view.tsx'
import * as measureView from '../measures/view.tsx'
import * as workProcessView from '../work-processes/view.tsx'
import type { HistoryEntry } from '#app/accountability/history.server.ts'

/*
 * Every detail page has a history panel (issue 12): measures, documents and work processes had theirs
 * on the edit page only. Their read-only pages show the entry and, opened, its history old → new, to
 * readers and auditors; another fund's id or none is 404, no right to the area 403.
 */
describe('read-only pages with their history for readers and auditors', () => {
  let alpha: string
  let reader: Member
  let auditor: Member
  let norights: Member
  let betaReader: Member
  beforeAll(async () => {
    alpha = (await createCustomer({ name: 'Alpha Ansicht', language: 'de' })).id
    const beta = (await createCustomer({ name: 'Beta Ansicht', language: 'de' })).id
    reader = await memberFactory({ customer: alpha, traits: ['read'] })
    auditor = await memberFactory({ customer: alpha, traits: ['read'] })
    await system()
      .update(memberships)
      .set({ kind: 'auditor', endsOn: addDays(todayInZurich(), 30) })
      .where(eq(memberships.userId, auditor.user.id))
    norights = await memberFactory({ customer: alpha, traits: ['norights'] })
    betaReader = await memberFactory({ customer: beta, traits: ['read'] })
  })

  const changed = (component: string, entityId: string, field: string, from: unknown, to: unknown) =>
    system()
      .insert(auditEntries)
      .values({ customerId: alpha, component, action: 'Updated', entityId, userId: reader.user.id, changedFields: { [field]: { from, to } } })
  const lines = (body: unknown) =>
    ((body as { history: { entries: HistoryEntry[] } | null }).history?.entries ?? []).flatMap((e) => e.changes.map((c) => `${c.label}: ${c.from} → ${c.to}`))

  it('a measure: its fields, and its history old → new when opened, for a reader and an auditor', async () => {
    const measure = await measureFactory({ customer: alpha, attributes: { title: 'Anlagestrategie prüfen' } })
    await changed('measure', measure.id, 'title', 'Anlagestrategie', 'Anlagestrategie prüfen')
    for (const who of [reader, auditor]) {
      const closed = await run(measureView.loader, request(`/app/measures/${measure.id}`, { cookie: who.cookie }), { id: measure.id })
      expect(closed.status).toBe(200)
      expect(closed.body).toMatchObject({ measure: { id: measure.id, title: 'Anlagestrategie prüfen' }, history: null })
      const open = await run(measureView.loader, request(`/app/measures/${measure.id}?history=1`, { cookie: who.cookie }), { id: measure.id })
      expect(lines(open.body)).toContain('Titel: Anlagestrategie → Anlagestrategie prüfen')
    }
    expect((await run(measureView.loader, request(`/app/measures/${measure.id}`, { cookie: betaReader.cookie }), { id: measure.id })).status).toBe(404)
    expect((await run(measureView.loader, request('/app/measures/nope', { cookie: reader.cookie }), { id: 'nope' })).status).toBe(404)
  })

  it('a document and a work process likewise; another fund’s is 404, no right to the area 403', async () => {
    const document = await documentFactory({ customer: alpha })
    await changed('document', document.id, 'present', false, true)
    const open = await run(documentView.loader, request(`/app/docs/${document.id}?history=1`, { cookie: auditor.cookie }), { id: document.id })
    expect(open.status).toBe(200)
    expect(lines(open.body)).toContain('Vorhanden: Nein → Ja')
    expect((await run(documentView.loader, request(`/app/docs/${document.id}`, { cookie: betaReader.cookie }), { id: document.id })).status).toBe(404)

    const [wp] = await system().insert(workProcesses).values({ customerId: alpha, title: 'Austrittsleistung', state: 'inForce' }).returning()
    await changed('workProcess', wp.id, 'state', 'draft', 'inForce')
    const page = await run(workProcessView.loader, request(`/app/work-process/${wp.id}?history=1`, { cookie: reader.cookie }), { id: wp.id })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ item: { title: 'Austrittsleistung', state: 'inForce' } })
    expect(lines(page.body)).toContain('Status: Entwurf → in Kraft')
    expect((await run(workProcessView.loader, request(`/app/work-process/${wp.id}`, { cookie: betaReader.cookie }), { id: wp.id })).status).toBe(404)
    expect((await run(workProcessView.loader, request(`/app/work-process/${wp.id}`, { cookie: norights.cookie }), { id: wp.id })).status).toBe(403)
  })
})

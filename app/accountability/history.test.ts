import { beforeAll, describe, expect, it, vi } from 'vitest'
import { db, PreparingClient } from '#models/core/db.server.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { probabilityLevels } from '#models/schema/index.ts'
import * as riskDetail from '#app/features/inventory/risk/detail.tsx'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import { createCustomer, levelOf, type Member, memberFactory, request, riskFactory, run } from '../../tests/factories.ts'
import { History, type HistoryEntry } from './history.server.ts'

const lines = (e: HistoryEntry) => e.changes.map((c) => `${c.label}: ${c.from} → ${c.to}`)

describe('a readable history', () => {
  let alpha: string
  let beta: string
  let writer: Member
  let reader: Member
  let dsgOnly: Member
  let betaAdmin: Member
  beforeAll(async () => {
    await seedIcsCatalog(db())
    alpha = (await createCustomer({ name: 'Alpha', language: 'de' })).id
    beta = (await createCustomer({ name: 'Beta', language: 'fr' })).id
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    reader = await memberFactory({ customer: alpha, traits: ['risk-read'] })
    dsgOnly = await memberFactory({ customer: alpha, traits: ['risk-dsg'] })
    betaAdmin = await memberFactory({ customer: beta, traits: ['admin'] })
  })

  it('shows a risk change old → new with the form’s labels and the levels’ names, in German and French', async () => {
    const p2 = await levelOf(alpha, probabilityLevels, 2)
    const p4 = await levelOf(alpha, probabilityLevels, 4)
    const risk = await riskFactory({ customer: alpha, attributes: { probabilityLevelId: p2.id, state: 'analyse', strategic: false } })
    const inv = risks$.for(writer.access)
    const saved = await inv.saveBlock(risk.id, 'evaluation', { probabilityLevelId: p4.id, severityLevelId: risk.severityLevelId }, risk.version)
    await inv.saveBlock(risk.id, 'intro', { title: risk.title, ownerUserId: writer.user.id, state: 'bewertung', tags: [] }, saved.version)

    const de = await History.for(reader.access).of('risk', risk.id, 'de')
    expect(de.total).toBe(2)
    const [intro, evaluation] = de.entries
    expect(evaluation).toMatchObject({ action: 'Updated', actionLabel: 'geändert', user: `${writer.user.firstName} ${writer.user.lastName}`, actingFor: null })
    expect(lines(evaluation)).toEqual([`Eintrittswahrscheinlichkeit: 2 – ${p2.name} → 4 – ${p4.name}`])
    expect(evaluation.when).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)
    expect(lines(intro)).toEqual(['Status: Analyse → Bewertung', `Risikoeigner/in: — → ${writer.user.firstName} ${writer.user.lastName}`])

    const fr = await History.for(reader.access).of('risk', risk.id, 'fr')
    expect(fr.entries[1].actionLabel).toBe('modifié')
    expect(fr.entries[1].changes[0].label).not.toBe('Eintrittswahrscheinlichkeit')
    expect(fr.entries[1].changes[0].label).not.toBe('probabilityLevelId')
    expect(fr.entries[0].changes.find((c) => c.field === 'state')?.to).not.toBe('bewertung')
    // No technical name reaches the reader.
    for (const e of [...de.entries, ...fr.entries]) for (const c of e.changes) expect(c.label).not.toMatch(/Id$|^block$/)
  })

  it('names whom a deputy acted for, and labels an unknown field generically', async () => {
    const principal = await memberFactory({ customer: alpha, traits: ['write'] })
    const deputy = await memberFactory({ customer: alpha, traits: ['acting'], deputyOf: principal })
    const risk = await riskFactory({ customer: alpha, attributes: { strategic: false } })
    await risks$.for(deputy.access).saveBlock(risk.id, 'analysis', { description: 'neu', relevance: null, strategic: true }, risk.version)
    const { entries } = await History.for(reader.access).of('risk', risk.id, 'de')
    expect(entries[0]).toMatchObject({
      user: `${deputy.user.firstName} ${deputy.user.lastName}`,
      actingFor: `${principal.user.firstName} ${principal.user.lastName}`,
    })
    expect(lines(entries[0])).toContain('Strategisch: Nein → Ja')
    const { readChanges } = await import('./history.server.ts')
    const { getFixedT } = await import('#app/i18n/resources.server.ts')
    expect(readChanges(getFixedT('de'), 'risk', { somethingNew: { from: 'a', to: 'b' } }, {})).toEqual([
      { field: 'somethingNew', label: 'Weiteres Feld', from: 'a', to: 'b' },
    ])
  })

  it('is on the detail page for who reads the risk, 404 for another fund, and the data protection view sees only its fields', async () => {
    const risk = await riskFactory({ customer: alpha, attributes: { strategic: false, dsgRelevant: false } })
    const inv = risks$.for(writer.access)
    const saved = await inv.saveBlock(risk.id, 'analysis', { description: 'geheim', relevance: null, strategic: true }, risk.version)
    await inv.saveBlock(risk.id, 'dsg', { dsgRelevant: true, hasPersonalData: true, hasProtectableData: false, dsgMeasureNeeded: false }, saved.version)

    const counting = vi.spyOn(PreparingClient.prototype, 'query')
    const res = await run(riskDetail.loader, request(`/app/risk/${risk.id}?history=1`, { cookie: reader.cookie }), { id: risk.id })
    console.info(`risk detail, intro step: ${counting.mock.calls.length} statements (the history panel is one of them)`)
    counting.mockRestore()
    expect(res.status).toBe(200)
    const page = res.body as { history: { entries: HistoryEntry[] }; trail: string | null }
    expect(page.history.entries.flatMap((e) => e.changes.map((c) => c.field))).toEqual(expect.arrayContaining(['strategic', 'dsgRelevant', 'description']))
    expect(page.trail).toBeNull()
    // Closed, the panel costs the page nothing.
    const closed = await run(riskDetail.loader, request(`/app/risk/${risk.id}`, { cookie: reader.cookie }), { id: risk.id })
    expect((closed.body as { history?: unknown }).history).toBeUndefined()

    const dsg = await run(riskDetail.loader, request(`/app/risk/${risk.id}?history=1`, { cookie: dsgOnly.cookie }), { id: risk.id })
    const fields = (dsg.body as { history: { entries: HistoryEntry[] } }).history.entries.flatMap((e) => e.changes.map((c) => c.field))
    expect(fields).toContain('dsgRelevant')
    expect(fields).not.toContain('description')
    expect(fields).not.toContain('strategic')

    const foreign = await run(riskDetail.loader, request(`/app/risk/${risk.id}?history=1`, { cookie: betaAdmin.cookie }), { id: risk.id })
    expect(foreign.status).toBe(404)
    // Row-level security: another fund reads no entry of it even when asked directly.
    expect((await History.for(betaAdmin.access).of('risk', risk.id, 'fr')).entries).toEqual([])
  })
})

describe('reading values', () => {
  it('translates enums (numbers too), dates, yes/no and lists; unknown ids read as deleted', async () => {
    const { readChanges } = await import('./history.server.ts')
    const { getFixedT } = await import('#app/i18n/resources.server.ts')
    const t = getFixedT('de')
    const read = (component: string, changes: Record<string, { from: unknown; to: unknown }>) =>
      readChanges(t, component, changes, {}).map((c) => `${c.label}: ${c.from} → ${c.to}`)
    expect(
      read('measure', { recurrence: { from: 0, to: 30 }, dueDate: { from: null, to: '2026-03-31' }, state: { from: 'pending', to: 'confirmed' } }),
    ).toEqual(['Wiederholung: Einmalig → Monatlich', 'Fälligkeitsdatum: — → 31.03.2026', 'Status: Anstehend → Bestätigt'])
    expect(read('risk', { tags: { from: [], to: ['a', 'b'] }, ownerUserId: { from: crypto.randomUUID(), to: null } })).toEqual([
      'Schlagwörter: — → a, b',
      'Risikoeigner/in: (gelöscht) → —',
    ])
    expect(read('workProcess', { state: { from: 'draft', to: 'inForce' }, block: { from: null, to: 'intro' } })).toEqual(['Status: Entwurf → in Kraft'])
  })
})

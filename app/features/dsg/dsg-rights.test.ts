import { db } from '#models/core/db.server.ts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as icsDetailRoute from '#app/features/inventory/ics/detail.tsx'
import * as confirmRoute from '../measures/confirm.tsx'
import * as deleteRoute from '../measures/delete.tsx'
import * as editRoute from '../measures/edit.tsx'
import * as riskDetailRoute from '#app/features/inventory/risk/detail.tsx'
import * as individualRoute from '#app/features/inventory/risk/individual.tsx'
import { system } from '../../../tests/system-db.ts'
import { processes } from '#app/features/inventory/ics/processes.server.ts'
import { Measures } from '../measures/measures.server.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import { icsCatalog, icsProcesses, measures, riskCatalog, risks } from '#models/schema/index.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { createCustomer, memberFactory, request, right, run } from '../../../tests/factories.ts'

type Role = Parameters<typeof right>[0]

const member = (customer: string, risk: Role, iks: Role = risk, enabled = true) =>
  memberFactory({ customer, attributes: { rights: { risk: right(risk, enabled), iks: right(iks, enabled) } } })

const riskPost = (id: string, cookie: string, form: Record<string, string>) => run(riskDetailRoute.action, request(`/app/risk/${id}`, { cookie, form }), { id })
const icsPost = (id: string, cookie: string, form: Record<string, string>) => run(icsDetailRoute.action, request(`/app/iks/${id}`, { cookie, form }), { id })
const dsgForm = { dsgRelevant: 'on', hasPersonalData: 'on', hasProtectableData: 'on', dsgMeasureNeeded: 'on' }

describe('the data protection role', () => {
  let alpha: string
  let writer: Awaited<ReturnType<typeof member>>
  let dsg: Awaited<ReturnType<typeof member>>
  let reader: Awaited<ReturnType<typeof member>>
  beforeAll(async () => {
    await seedRiskCatalog(db())
    await seedIcsCatalog(db())
    alpha = (await createCustomer({ name: 'Alpha', language: 'de' })).id
    writer = await member(alpha, 'write')
    dsg = await member(alpha, 'dsg')
    reader = await member(alpha, 'read')
  })

  it('edits the data protection block of a DSG-relevant risk and no other block', async () => {
    const entry = (await system().select().from(riskCatalog)).find((e) => e.dsgRelevant && !e.hasProtectableData)!
    const [risk] = await risks$.for(writer.access).addFromCatalog([entry.id])
    expect((await riskPost(risk.id, dsg.cookie, { intent: 'edit', block: 'analysis' })).status).toBe(403)
    expect((await riskPost(risk.id, dsg.cookie, { intent: 'save', block: 'monitoring', version: String(risk.version), controlling: 'x' })).status).toBe(403)
    expect((await riskPost(risk.id, reader.cookie, { intent: 'edit', block: 'dsg' })).status).toBe(403)
    // No measures, documents or links from the stepper either.
    expect(
      (
        await riskPost(risk.id, dsg.cookie, {
          intent: 'addMeasure',
          title: 'x',
          owner: `user:${dsg.user.id}`,
          dueDate: '31.12.2026',
          recurrence: '0',
          dsgMeasure: 'on',
        })
      ).status,
    ).toBe(403)
    expect((await riskPost(risk.id, reader.cookie, { intent: 'save', block: 'dsg', version: String(risk.version), ...dsgForm })).status).toBe(403)

    const edit = await riskPost(risk.id, dsg.cookie, { intent: 'edit', block: 'dsg' })
    expect(edit.status).toBe(302)
    const page = await run(riskDetailRoute.loader, request(`/app/risk/${risk.id}?step=dsg`, { cookie: dsg.cookie }), { id: risk.id })
    expect(page.body).toMatchObject({ step: 'dsg', editable: true, editing: true })
    const save = await riskPost(risk.id, dsg.cookie, { intent: 'save', block: 'dsg', version: String(risk.version), ...dsgForm })
    expect(save.status).toBe(302)
    const [after] = await system().select().from(risks).where(eq(risks.id, risk.id))
    expect(after).toMatchObject({ hasPersonalData: true, hasProtectableData: true, dsgMeasureNeeded: true, version: risk.version + 1 })
    // Nothing else of the risk changed.
    expect({ description: after.description, controlling: after.controlling, title: after.title }).toEqual({
      description: risk.description,
      controlling: risk.controlling,
      title: risk.title,
    })

    const readerPage = await run(riskDetailRoute.loader, request(`/app/risk/${risk.id}?step=dsg`, { cookie: reader.cookie }), { id: risk.id })
    expect(readerPage.body).toMatchObject({ editable: false, editing: false })
  })

  it('cannot edit the data protection block of a risk it cannot see', async () => {
    const entry = (await system().select().from(riskCatalog)).find((e) => !e.dsgRelevant)!
    const [risk] = await risks$.for(writer.access).addFromCatalog([entry.id])
    const res = await riskPost(risk.id, dsg.cookie, { intent: 'save', block: 'dsg', version: String(risk.version), ...dsgForm })
    expect(res.status).toBe(404)
    const [after] = await system().select().from(risks).where(eq(risks.id, risk.id))
    expect(after.version).toBe(risk.version)
  })

  it('edits the data protection block of a DSG-relevant ICS process and no other block', async () => {
    const entry = (await system().select().from(icsCatalog)).find((e) => e.dsgRelevant)!
    const [process] = await processes.for(writer.access).addFromCatalog([entry.id])
    expect((await icsPost(process.id, dsg.cookie, { intent: 'edit', block: 'control' })).status).toBe(403)
    expect((await icsPost(process.id, reader.cookie, { intent: 'save', block: 'dsg', version: String(process.version), ...dsgForm })).status).toBe(403)
    const save = await icsPost(process.id, dsg.cookie, { intent: 'save', block: 'dsg', version: String(process.version), ...dsgForm })
    expect(save.status).toBe(302)
    const [after] = await system().select().from(icsProcesses).where(eq(icsProcesses.id, process.id))
    expect(after).toMatchObject({ hasPersonalData: true, hasProtectableData: true, dsgMeasureNeeded: true, version: process.version + 1 })
  })

  it('edits and confirms DSG measures, but no other measure, and neither creates nor deletes', async () => {
    const base = { body: '', owner: { type: 'user' as const, id: dsg.user.id }, dueDate: '2026-12-31', recurrence: 0 as const, inEdit: false }
    const flagged = await Measures.for(writer.access).create({ ...base, source: 'risk', title: 'Bearbeitungsverzeichnis nachführen', dsgMeasure: true })
    const fund = await Measures.for(writer.access).create({
      ...base,
      owner: { type: 'user', id: writer.user.id },
      source: 'fund',
      title: 'Anlagestrategie prüfen',
      dsgMeasure: false,
    })
    const confirm = (id: string, cookie: string) =>
      run(confirmRoute.action, request(`/app/measures/${id}/confirm`, { cookie, form: { confirmationText: 'Erledigt', version: '1' } }), { id })

    // Another measure: visible (a fund measure), but not the dsg role's.
    expect((await run(confirmRoute.loader, request(`/app/measures/${fund.id}/confirm`, { cookie: dsg.cookie }), { id: fund.id })).status).toBe(403)
    expect((await confirm(fund.id, dsg.cookie)).status).toBe(403)
    // A reader confirms nothing, DSG measures included.
    expect((await confirm(flagged.id, reader.cookie)).status).toBe(403)
    // Neither creating nor deleting.
    expect((await run(editRoute.loader, request('/app/measures/new', { cookie: dsg.cookie }))).status).toBe(403)
    expect(
      (await run(deleteRoute.action, request(`/app/measures/${flagged.id}/delete`, { cookie: dsg.cookie, form: { version: '1' } }), { id: flagged.id })).status,
    ).toBe(403)

    // Editing keeps the DSG flag: clearing it is refused.
    const form = { source: 'risk', title: 'Verzeichnis nachführen', owner: `user:${dsg.user.id}`, dueDate: '31.12.2026', recurrence: '0', version: '1' }
    expect((await run(editRoute.action, request(`/app/measures/${flagged.id}/edit`, { cookie: dsg.cookie, form }), { id: flagged.id })).status).toBe(403)
    const editPage = await run(editRoute.loader, request(`/app/measures/${flagged.id}/edit`, { cookie: dsg.cookie }), { id: flagged.id })
    expect(editPage.body).toMatchObject({ dsgFixed: true })
    const edited = await run(editRoute.action, request(`/app/measures/${flagged.id}/edit`, { cookie: dsg.cookie, form: { ...form, dsgMeasure: 'on' } }), {
      id: flagged.id,
    })
    expect(edited.status).toBe(302)

    const ok = await run(
      confirmRoute.action,
      request(`/app/measures/${flagged.id}/confirm`, { cookie: dsg.cookie, form: { confirmationText: 'Erledigt', version: '2' } }),
      { id: flagged.id },
    )
    expect(ok.status).toBe(302)
    const [after] = await system().select().from(measures).where(eq(measures.id, flagged.id))
    expect(after).toMatchObject({ state: 'confirmed', title: 'Verzeichnis nachführen', confirmedByUserId: dsg.user.id, dsgMeasure: true })
    const [untouched] = await system().select().from(measures).where(eq(measures.id, fund.id))
    expect(untouched.state).toBe('pending')
  })
})

describe('owner lists', () => {
  it('offer only members with rights on the tool or source, and the server refuses others', async () => {
    await seedRiskCatalog(db())
    const alpha = (await createCustomer({ name: 'Owners', language: 'de' })).id
    const writer = await member(alpha, 'write')
    const riskOnly = await member(alpha, 'read', 'none')
    const dsgOnly = await member(alpha, 'dsg')
    const disabled = await member(alpha, 'write', 'write', false)
    const ids = (people: { id: string }[]) => people.map((p) => p.id)

    const riskOwners = await Measures.for(writer.access).owners(['risk'])
    expect(ids(riskOwners.people)).toEqual(expect.arrayContaining([writer.user.id, riskOnly.user.id]))
    expect(ids(riskOwners.people)).not.toContain(dsgOnly.user.id)
    expect(ids(riskOwners.people)).not.toContain(disabled.user.id)
    const iksOwners = await Measures.for(writer.access).owners(['iks'])
    expect(ids(iksOwners.people)).toContain(writer.user.id)
    expect(ids(iksOwners.people)).not.toContain(riskOnly.user.id)
    const fundOwners = await Measures.for(writer.access).owners(['fund'])
    expect(ids(fundOwners.people)).toEqual(expect.arrayContaining([writer.user.id, riskOnly.user.id, dsgOnly.user.id]))
    expect(ids(fundOwners.people)).not.toContain(disabled.user.id)

    // The measure form refuses an owner outside the list, with a message.
    const form = { source: 'iks', title: 'Kontrolle dokumentieren', owner: `user:${riskOnly.user.id}`, dueDate: '31.12.2026', recurrence: '0' }
    const refused = await run(editRoute.action, request('/app/measures/new', { cookie: writer.cookie, form }))
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('validation.ownerNoRights')
    const page = await run(editRoute.loader, request('/app/measures/new', { cookie: writer.cookie }))
    expect(ids((page.body as { owners: { people: { id: string }[] } }).owners.people)).not.toContain(disabled.user.id)

    // The risk owner select and the intro block.
    const entry = (await system().select().from(riskCatalog))[0]
    const [risk] = await risks$.for(writer.access).addFromCatalog([entry.id])
    const intro = await run(riskDetailRoute.loader, request(`/app/risk/${risk.id}?step=intro`, { cookie: writer.cookie }), { id: risk.id })
    const members = ids((intro.body as { extra: { members: { id: string }[] } }).extra.members)
    expect(members).toEqual(expect.arrayContaining([writer.user.id, riskOnly.user.id]))
    expect(members).not.toContain(dsgOnly.user.id)
    expect(members).not.toContain(disabled.user.id)
    const save = (owner: string) =>
      riskPost(risk.id, writer.cookie, {
        intent: 'save',
        block: 'intro',
        version: String(risk.version),
        title: risk.title,
        ownerUserId: owner,
        state: risk.state,
      })
    const bad = await save(dsgOnly.user.id)
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('validation.ownerNoRights')
    expect((await save(riskOnly.user.id)).status).toBe(302)

    const individual = await run(individualRoute.loader, request('/app/risk/catalog/individual', { cookie: writer.cookie }))
    const offered = ids((individual.body as { members: { id: string }[] }).members)
    expect(offered).toContain(riskOnly.user.id)
    expect(offered).not.toContain(dsgOnly.user.id)
  })
})

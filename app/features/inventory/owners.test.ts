import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { memberships } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { createCustomer, type Member, memberFactory, request, riskFactory, run } from '../../../tests/factories.ts'
import { DsgActivities } from '../dsg/processing/activities.server.ts'
import { Measures } from '../measures/measures.server.ts'
import * as riskDetail from '#app/features/inventory/risk/detail.tsx'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import * as workProcessEdit from '../work-processes/edit.tsx'
import { WorkProcesses } from '../work-processes/work-processes.server.ts'

/*
 * Who may be given something to own or answer for (issue 12): auditors read only, and a membership
 * that ended (before today in Zurich) takes nothing new. Both are left out of every owner select,
 * and the services refuse them; a record's current owner stays choosable, so saving it unchanged
 * keeps them.
 */
describe('owners are live members, never auditors or ended memberships', () => {
  let customer: string
  let writer: Member
  let live: Member
  let lastDay: Member
  let ended: Member
  let auditor: Member
  const ids = (people: { id: string }[]) => people.map((p) => p.id)
  beforeAll(async () => {
    customer = (await createCustomer({ name: 'Pensionskasse Eigner', language: 'de' })).id
    writer = await memberFactory({ customer, traits: ['admin'] })
    live = await memberFactory({ customer, traits: ['write'] })
    lastDay = await memberFactory({ customer, traits: ['write'] })
    ended = await memberFactory({ customer, traits: ['write'] })
    auditor = await memberFactory({ customer, traits: ['read'] })
    await system().update(memberships).set({ endsOn: todayInZurich() }).where(eq(memberships.userId, lastDay.user.id))
    await system()
      .update(memberships)
      .set({ endsOn: addDays(todayInZurich(), -1) })
      .where(eq(memberships.userId, ended.user.id))
    await system()
      .update(memberships)
      .set({ kind: 'auditor', endsOn: addDays(todayInZurich(), 30) })
      .where(eq(memberships.userId, auditor.user.id))
  })

  it('the selects of risks, measures, work processes and processing activities leave them out', async () => {
    const risk = await riskFactory({ customer })
    const intro = await run(riskDetail.loader, request(`/app/risk/${risk.id}?step=intro`, { cookie: writer.cookie }), { id: risk.id })
    const members = ids((intro.body as { extra: { members: { id: string }[] } }).extra.members)
    const measureOwners = ids((await Measures.for(writer.access).owners()).people)
    const wp = await run(workProcessEdit.loader, request('/app/work-process/new', { cookie: writer.cookie }))
    const wpMembers = ids((wp.body as { members: { id: string }[] }).members)
    const responsibles = ids((await DsgActivities.for(writer.access).responsibles()).people)
    for (const list of [members, measureOwners, wpMembers, responsibles]) {
      expect(list).toEqual(expect.arrayContaining([writer.user.id, live.user.id, lastDay.user.id]))
      expect(list).not.toContain(ended.user.id)
      expect(list).not.toContain(auditor.user.id)
    }
  })

  it('the services refuse them as new owners, and keep a current owner whose membership ended', async () => {
    const risks = risks$.for(writer.access)
    const risk = await riskFactory({ customer })
    const intro = (ownerUserId: string) => ({ title: risk.title, ownerUserId, state: risk.state, tags: [] })
    for (const who of [ended, auditor]) {
      await expect(risks.saveBlock(risk.id, 'intro', intro(who.user.id) as never, risk.version)).rejects.toMatchObject({
        code: 'invalid',
        field: 'ownerUserId',
      })
    }
    const measures = Measures.for(writer.access)
    const measure = { source: 'fund' as const, title: 'Eigner', body: '', dueDate: '2026-12-31', recurrence: 0 as const, dsgMeasure: false, inEdit: false }
    await expect(measures.create({ ...measure, owner: { type: 'user', id: ended.user.id } })).rejects.toMatchObject({ code: 'invalid' })
    await expect(measures.create({ ...measure, owner: { type: 'user', id: auditor.user.id } })).rejects.toMatchObject({ code: 'invalid' })
    const wp = {
      title: 'Arbeitsprozess',
      state: 'draft',
      link: null,
      enforcementDate: null,
      businessCase: '',
      processRef: '',
      mainThemeId: null,
      subThemeId: null,
    }
    await expect(WorkProcesses.for(writer.access).save(null, { ...wp, ownerUserId: auditor.user.id } as never)).rejects.toMatchObject({ code: 'invalid' })

    // A risk its owner still holds after the membership ended: the select keeps them, an unchanged save too.
    const held = await riskFactory({ customer, owner: ended.user })
    const page = await run(riskDetail.loader, request(`/app/risk/${held.id}?step=intro`, { cookie: writer.cookie }), { id: held.id })
    expect(ids((page.body as { extra: { members: { id: string }[] } }).extra.members)).toContain(ended.user.id)
    const saved = await risks.saveBlock(
      held.id,
      'intro',
      { title: 'Neuer Titel', ownerUserId: ended.user.id, state: held.state, tags: [] } as never,
      held.version,
    )
    expect(saved).toMatchObject({ title: 'Neuer Titel', ownerUserId: ended.user.id })
  })
})

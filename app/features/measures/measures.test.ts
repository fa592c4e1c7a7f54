import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as confirmRoute from './confirm.tsx'
import * as deleteRoute from './delete.tsx'
import * as editRoute from './edit.tsx'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { system } from '../../../tests/system-db.ts'
import { type MeasureInput, Measures } from './measures.server.ts'
import { auditEntries, measures, memberships, responsibleBodies, users } from '#models/schema/index.ts'
import { createCustomer, memberFactory, request, right, run } from '../../../tests/factories.ts'

type Role = Parameters<typeof right>[0]

const member = (customer: string, risk: Role = 'write', iks: Role = 'write', enabled = true) =>
  memberFactory({ customer, attributes: { rights: { risk: right(risk, enabled), iks: right(iks, enabled) } } })

const input = (ownerId: string, extra: Partial<MeasureInput> = {}): MeasureInput => ({
  source: 'fund',
  title: 'Anlagestrategie überprüfen',
  body: '',
  owner: { type: 'user', id: ownerId },
  dueDate: '2026-12-31',
  recurrence: 0,
  dsgMeasure: false,
  inEdit: false,
  ...extra,
})

const form = (ownerId: string, extra: Record<string, string> = {}) => ({
  source: 'fund',
  title: 'Liquiditätsplanung',
  owner: `user:${ownerId}`,
  dueDate: '31.12.2026',
  recurrence: '0',
  ...extra,
})

describe('measures', () => {
  let alpha: string
  let beta: string
  beforeAll(async () => {
    alpha = (await createCustomer({ name: 'Alpha' })).id
    beta = (await createCustomer({ name: 'Beta' })).id
  })

  it('numbers measures per customer', async () => {
    const a = await member(alpha)
    const b = await member(beta)
    const m1 = await Measures.for(a.access).create(input(a.user.id))
    const m2 = await Measures.for(a.access).create(input(a.user.id))
    const n1 = await Measures.for(b.access).create(input(b.user.id))
    expect(m2.idkey).toBe(m1.idkey + 1)
    expect(n1.idkey).toBe(1)
  })

  for (const days of [7, 30, 91, 182, 365] as const) {
    it(`confirming a measure recurring every ${days} days creates the next iteration in the same transaction`, async () => {
      const a = await member(alpha)
      const m = await Measures.for(a.access).create(input(a.user.id, { recurrence: days, dueDate: '2026-01-31', dsgMeasure: true }))
      const { confirmed, next } = await Measures.for(a.access).confirm(m.id, 'Erledigt und dokumentiert', m.version)
      expect(confirmed).toMatchObject({ state: 'confirmed', confirmedByUserId: a.user.id, confirmationText: 'Erledigt und dokumentiert' })
      expect(confirmed.confirmedAt).toBeInstanceOf(Date)
      expect(next).toMatchObject({
        idkey: m.idkey,
        iteration: 2,
        state: 'pending',
        dueDate: addDays('2026-01-31', days),
        recurrence: days,
        dsgMeasure: true,
        previousId: m.id,
      })
      const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, next!.id))
      expect(audits.map((x) => x.action)).toEqual(['Created'])
    })
  }

  for (const lost of ['auditor', 'ended', 'disabled'] as const) {
    it(`confirming a recurring measure whose owner may no longer own (${lost}) gives the next round to the confirming user, and the entry says so`, async () => {
      const a = await member(alpha)
      const owner = await member(alpha)
      const m = await Measures.for(a.access).create(input(owner.user.id, { recurrence: 30, dueDate: '2026-01-31' }))
      if (lost === 'auditor')
        await system()
          .update(memberships)
          .set({ kind: 'auditor', endsOn: addDays(todayInZurich(), 30) })
          .where(eq(memberships.userId, owner.user.id))
      if (lost === 'ended')
        await system()
          .update(memberships)
          .set({ endsOn: addDays(todayInZurich(), -1) })
          .where(eq(memberships.userId, owner.user.id))
      if (lost === 'disabled') await system().update(users).set({ state: 'disabled' }).where(eq(users.id, owner.user.id))
      const { next } = await Measures.for(a.access).confirm(m.id, 'ok', m.version)
      expect(next).toMatchObject({ ownerUserId: a.user.id, iteration: 2 })
      const [created] = await system().select().from(auditEntries).where(eq(auditEntries.entityId, next!.id))
      expect(created.changedFields.ownerUserId).toEqual({ from: owner.user.id, to: a.user.id })
    })
  }

  it('confirming a recurring measure keeps an owner who may still own', async () => {
    const a = await member(alpha)
    const owner = await member(alpha)
    const m = await Measures.for(a.access).create(input(owner.user.id, { recurrence: 30, dueDate: '2026-01-31' }))
    const { next } = await Measures.for(a.access).confirm(m.id, 'ok', m.version)
    expect(next).toMatchObject({ ownerUserId: owner.user.id })
  })

  it('a disabled account or one without rights stays the owner on an unchanged save, is offered as such, and is refused as a new owner with a message', async () => {
    const a = await member(alpha)
    const disabled = await member(alpha)
    const m = await Measures.for(a.access).create(input(disabled.user.id, { source: 'risk' }))
    await system().update(users).set({ state: 'disabled' }).where(eq(users.id, disabled.user.id))
    expect((await Measures.for(a.access).owners(['risk'])).people.map((p) => p.id)).not.toContain(disabled.user.id)
    expect((await Measures.for(a.access).owners(['risk'], disabled.user.id)).people.map((p) => p.id)).toContain(disabled.user.id)
    const saved = await Measures.for(a.access).update(m.id, input(disabled.user.id, { source: 'risk', title: 'Geändert' }), m.version)
    expect(saved).toMatchObject({ ownerUserId: disabled.user.id, title: 'Geändert' })
    await expect(Measures.for(a.access).create(input(disabled.user.id))).rejects.toMatchObject({ field: 'owner', messageKey: 'validation.ownerMayNotOwn' })

    const blind = await member(alpha, 'read', 'read', false)
    const other = await Measures.for(a.access).create(input(a.user.id, { source: 'risk' }))
    await system().update(measures).set({ ownerUserId: blind.user.id }).where(eq(measures.id, other.id))
    expect((await Measures.for(a.access).owners(['risk'], blind.user.id)).people.map((p) => p.id)).toContain(blind.user.id)
    const kept = await Measures.for(a.access).update(other.id, input(blind.user.id, { source: 'risk', title: 'Auch' }), other.version)
    expect(kept).toMatchObject({ ownerUserId: blind.user.id })
  })

  it('a one-off measure creates no next iteration', async () => {
    const a = await member(alpha)
    const m = await Measures.for(a.access).create(input(a.user.id))
    const { next } = await Measures.for(a.access).confirm(m.id, 'ok', m.version)
    expect(next).toBeNull()
  })

  it('confirming needs a text, happens once, and readers cannot do it', async () => {
    const a = await member(alpha)
    const reader = await member(alpha, 'read', 'read')
    const m = await Measures.for(a.access).create(input(a.user.id))
    const empty = await run(
      confirmRoute.action,
      request(`/app/measures/${m.id}/confirm`, { cookie: a.cookie, form: { confirmationText: '  ', version: '1' } }),
      { id: m.id },
    )
    expect(empty.status).toBe(400)
    expect(JSON.stringify(empty.body)).toContain('validation.required')
    const denied = await run(
      confirmRoute.action,
      request(`/app/measures/${m.id}/confirm`, { cookie: reader.cookie, form: { confirmationText: 'x', version: '1' } }),
      { id: m.id },
    )
    expect(denied.status).toBe(403)
    const ok = await run(
      confirmRoute.action,
      request(`/app/measures/${m.id}/confirm?tab=fund`, { cookie: a.cookie, form: { confirmationText: 'Geprüft', version: '1' } }),
      { id: m.id },
    )
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/app/measures?tab=fund')
    const again = await run(
      confirmRoute.action,
      request(`/app/measures/${m.id}/confirm`, { cookie: a.cookie, form: { confirmationText: 'x', version: '2' } }),
      { id: m.id },
    )
    expect(again.status).toBe(409)
    expect(JSON.stringify(again.body)).toContain('measures.alreadyConfirmed')
  })

  it('overdue means pending and past the due date in Zurich, around midnight and across daylight saving', async () => {
    expect(todayInZurich(new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28') // 23:59 CET
    expect(todayInZurich(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29') // 00:00 CET
    expect(todayInZurich(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01') // 23:59 CEST
    expect(todayInZurich(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02') // 00:00 CEST
    const a = await member(alpha)
    const m = await Measures.for(a.access).create(input(a.user.id, { dueDate: '2026-03-28', title: 'Mitternachtstest' }))
    const overdueAt = async (now: Date) =>
      (
        await Measures.for(a.access).list(
          { tab: 'fund', view: 'pending', status: 'overdue', q: 'Mitternachtstest', sort: 'dueDate', dir: 'asc' },
          todayInZurich(now),
          { limit: 10, offset: 0 },
        )
      ).rows.map((r) => r.id)
    expect(await overdueAt(new Date('2026-03-28T22:59:00Z'))).toEqual([])
    expect(await overdueAt(new Date('2026-03-28T23:00:00Z'))).toEqual([m.id])
    const due = await Measures.for(a.access).list(
      { tab: 'fund', view: 'pending', status: 'due', q: 'Mitternachtstest', sort: 'dueDate', dir: 'asc' },
      '2026-03-28',
      { limit: 10, offset: 0 },
    )
    expect(due.rows.map((r) => r.id)).toEqual([m.id])
  })

  it('refuses bad input with a message and changes nothing', async () => {
    const a = await member(alpha)
    const outsider = await member(beta)
    const [body] = await system().insert(responsibleBodies).values({ customerId: beta, name: 'Conseil de fondation' }).returning()
    const [{ before }] = await system()
      .select({ before: system().$count(measures) })
      .from(measures)
      .limit(1)
    const cases: [Record<string, string>, string][] = [
      [form(a.user.id, { title: '' }), 'validation.required'],
      [form(a.user.id, { dueDate: '31.02.2026' }), 'validation.date'],
      [form(a.user.id, { owner: 'user:00000000-0000-4000-8000-000000000000' }), 'measures.ownerInvalid'],
      [form(a.user.id, { owner: `user:${outsider.user.id}` }), 'measures.ownerInvalid'],
      [form(a.user.id, { owner: `body:${body.id}` }), 'measures.ownerInvalid'],
      [form(a.user.id, { recurrence: '14' }), 'measures.recurrenceInvalid'],
    ]
    for (const [f, message] of cases) {
      const res = await run(editRoute.action, request('/app/measures/new', { cookie: a.cookie, form: f }))
      expect(res.status, message).toBe(400)
      expect(JSON.stringify(res.body), message).toContain(message)
    }
    const [{ after }] = await system()
      .select({ after: system().$count(measures) })
      .from(measures)
      .limit(1)
    expect(after).toBe(before)
  })

  it('accepts a Swiss date and a responsible body as owner', async () => {
    const a = await member(alpha)
    const [body] = await system()
      .insert(responsibleBodies)
      .values({ customerId: alpha, name: `Stiftungsrat ${Math.random()}` })
      .returning()
    const res = await run(
      editRoute.action,
      request('/app/measures/new?tab=fund', { cookie: a.cookie, form: form(a.user.id, { owner: `body:${body.id}`, title: 'Mit Stelle' }) }),
    )
    expect(res.status).toBe(302)
    const [row] = await system().select().from(measures).where(eq(measures.title, 'Mit Stelle'))
    expect(row).toMatchObject({ ownerBodyId: body.id, ownerUserId: null, dueDate: '2026-12-31', createdByUserId: a.user.id })
  })

  it('refuses a stale version with the input kept', async () => {
    const a = await member(alpha)
    const m = await Measures.for(a.access).create(input(a.user.id))
    const first = await run(
      editRoute.action,
      request(`/app/measures/${m.id}/edit`, { cookie: a.cookie, form: form(a.user.id, { title: 'Erste', version: '1' }) }),
      { id: m.id },
    )
    expect(first.status).toBe(302)
    const stale = await run(
      editRoute.action,
      request(`/app/measures/${m.id}/edit`, { cookie: a.cookie, form: form(a.user.id, { title: 'Zweite', version: '1' }) }),
      { id: m.id },
    )
    expect(stale.status).toBe(409)
    expect(JSON.stringify(stale.body)).toContain('validation.staleVersion')
    expect(JSON.stringify(stale.body)).toContain('Zweite')
    const [row] = await system().select().from(measures).where(eq(measures.id, m.id))
    expect(row.title).toBe('Erste')
    const staleDelete = await run(deleteRoute.action, request(`/app/measures/${m.id}/delete`, { cookie: a.cookie, form: { version: '1' } }), { id: m.id })
    expect(staleDelete.status).toBe(409)
  })

  it('rights per role: tabs, reading and writing', async () => {
    const writer = await member(alpha, 'write', 'write')
    const fundMeasure = await Measures.for(writer.access).create(input(writer.user.id, { title: 'Fonds-Massnahme' }))
    const riskMeasure = await Measures.for(writer.access).create(input(writer.user.id, { source: 'risk', title: 'RM-Massnahme' }))
    const riskDsg = await Measures.for(writer.access).create(input(writer.user.id, { source: 'risk', title: 'RM-DSG-Massnahme', dsgMeasure: true }))
    const list = async (cookie: string, tab: string) => {
      const res = await run(listRoute.loader, request(`/app/measures?tab=${tab}`, { cookie }))
      return { status: res.status, titles: res.status === 200 ? (res.body as { rows: { title: string }[] }).rows.map((r) => r.title) : [] }
    }
    // read: sees everything of its tools, writes nothing
    const reader = await member(alpha, 'read', 'read')
    expect((await list(reader.cookie, 'risk')).titles).toEqual(expect.arrayContaining(['RM-Massnahme', 'RM-DSG-Massnahme']))
    expect((await list(reader.cookie, 'all')).titles).toEqual(expect.arrayContaining(['Fonds-Massnahme', 'RM-Massnahme', 'RM-DSG-Massnahme']))
    expect((await run(editRoute.action, request('/app/measures/new', { cookie: reader.cookie, form: form(reader.user.id) }))).status).toBe(403)
    expect((await run(editRoute.loader, request('/app/measures/new', { cookie: reader.cookie }))).status).toBe(403)
    // iks only: no RM tab, but fund and DSG measures (also RM ones flagged DSG)
    const iksOnly = await member(alpha, 'none', 'write')
    expect((await list(iksOnly.cookie, 'risk')).status).toBe(403)
    expect((await list(iksOnly.cookie, 'fund')).titles).toContain('Fonds-Massnahme')
    expect((await list(iksOnly.cookie, 'dsg')).titles).toContain('RM-DSG-Massnahme')
    // The "all" tab holds what the tabs hold, nothing more: no plain RM measure without the risk tool.
    const all = (await list(iksOnly.cookie, 'all')).titles
    expect(all).toEqual(expect.arrayContaining(['Fonds-Massnahme', 'RM-DSG-Massnahme']))
    expect(all).not.toContain('RM-Massnahme')
    expect((await run(editRoute.loader, request(`/app/measures/${riskMeasure.id}/edit`, { cookie: iksOnly.cookie }), { id: riskMeasure.id })).status).toBe(404)
    expect(
      (await run(editRoute.action, request('/app/measures/new', { cookie: iksOnly.cookie, form: form(iksOnly.user.id, { source: 'risk' }) }))).status,
    ).toBe(403)
    expect((await run(editRoute.action, request('/app/measures/new', { cookie: iksOnly.cookie, form: form(iksOnly.user.id, { source: 'iks' }) }))).status).toBe(
      302,
    )
    // a DSG-flagged RM measure is visible to the iks-only writer, but not editable: RM needs write on risk
    expect(
      (
        await run(
          confirmRoute.action,
          request(`/app/measures/${riskDsg.id}/confirm`, { cookie: iksOnly.cookie, form: { confirmationText: 'x', version: '1' } }),
          { id: riskDsg.id },
        )
      ).status,
    ).toBe(403)
    // dsg role on risk: RM tab shows only DSG measures
    const dsg = await member(alpha, 'dsg', 'none')
    const dsgRisk = await list(dsg.cookie, 'risk')
    expect(dsgRisk.titles).toContain('RM-DSG-Massnahme')
    expect(dsgRisk.titles).not.toContain('RM-Massnahme')
    // both tools disabled: no measures at all
    const none = await member(alpha, 'write', 'write', false)
    expect((await list(none.cookie, 'fund')).status).toBe(403)
    void fundMeasure
  })

  it('tenant isolation: a Beta user can neither list, read, export, edit, confirm nor delete an Alpha measure', async () => {
    const a = await member(alpha)
    const b = await member(beta, 'admin', 'admin')
    const m = await Measures.for(a.access).create(input(a.user.id, { title: 'Geheime Alpha-Massnahme' }))
    const list = await run(listRoute.loader, request('/app/measures?tab=fund&q=Geheime', { cookie: b.cookie }))
    expect((list.body as { rows: unknown[] }).rows).toEqual([])
    const csv = await run(exportRoute.loader, request('/app/measures/export.csv?all=1', { cookie: b.cookie }))
    expect(String(csv.body)).not.toContain('Geheime')
    const p = { id: m.id }
    expect((await run(editRoute.loader, request(`/app/measures/${m.id}/edit`, { cookie: b.cookie }), p)).status).toBe(404)
    expect((await run(editRoute.action, request(`/app/measures/${m.id}/edit`, { cookie: b.cookie, form: form(b.user.id, { version: '1' }) }), p)).status).toBe(
      404,
    )
    expect((await run(confirmRoute.loader, request(`/app/measures/${m.id}/confirm`, { cookie: b.cookie }), p)).status).toBe(404)
    expect(
      (await run(confirmRoute.action, request(`/app/measures/${m.id}/confirm`, { cookie: b.cookie, form: { confirmationText: 'x', version: '1' } }), p)).status,
    ).toBe(404)
    expect((await run(deleteRoute.action, request(`/app/measures/${m.id}/delete`, { cookie: b.cookie, form: { version: '1' } }), p)).status).toBe(404)
    expect((await run(editRoute.loader, request('/app/measures/not-a-uuid/edit', { cookie: b.cookie }), { id: 'not-a-uuid' })).status).toBe(404)
    const [row] = await system().select().from(measures).where(eq(measures.id, m.id))
    expect(row).toMatchObject({ title: 'Geheime Alpha-Massnahme', state: 'pending', version: 1 })
  })

  it('create, update, confirm and delete each write an audit entry', async () => {
    const a = await member(alpha)
    const m = await Measures.for(a.access).create(input(a.user.id))
    await run(editRoute.action, request(`/app/measures/${m.id}/edit`, { cookie: a.cookie, form: form(a.user.id, { title: 'Geändert', version: '1' }) }), {
      id: m.id,
    })
    await run(confirmRoute.action, request(`/app/measures/${m.id}/confirm`, { cookie: a.cookie, form: { confirmationText: 'Fertig', version: '2' } }), {
      id: m.id,
    })
    await run(deleteRoute.action, request(`/app/measures/${m.id}/delete`, { cookie: a.cookie, form: { version: '3' } }), { id: m.id })
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, m.id))
    expect(audits.map((x) => x.action).sort()).toEqual(['Created', 'Deleted', 'Updated', 'Updated'])
    expect(audits.every((x) => x.customerId === alpha && x.userId === a.user.id && x.component === 'measure')).toBe(true)
  })
})

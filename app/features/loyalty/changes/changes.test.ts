import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, loyaltyPersons, personChanges } from '#models/schema/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, run } from '../../../../tests/factories.ts'
import { type ChangeInput, PersonChanges } from './changes.server.ts'
import * as editRoute from './edit.tsx'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'

const change = (extra: Partial<ChangeInput> = {}): ChangeInput => ({
  kind: 'joined',
  personId: null,
  description: 'Neues Mitglied des Stiftungsrats',
  effectiveOn: '2026-01-01',
  reportedOn: null,
  ...extra,
})

const form = (input: ChangeInput, version?: number): Record<string, string> => ({
  kind: input.kind,
  personId: input.personId ?? '',
  description: input.description,
  effectiveOn: input.effectiveOn,
  reportedOn: input.reportedOn ?? '',
  ...(version === undefined ? {} : { version: String(version) }),
})

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.messageKey ? `:${e.messageKey}` : ''}`
    throw e
  }
  return 'no refusal'
}

async function row(id: string) {
  const [r] = await system().select().from(personChanges).where(eq(personChanges.id, id))
  return r
}

async function entries(id: string) {
  return system()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.component, 'personChange'), eq(auditEntries.entityId, id)))
    .orderBy(auditEntries.createdAt)
}

async function personOf(customerId: string, lastName: string) {
  const [p] = await system()
    .insert(loyaltyPersons)
    .values({ customerId, firstName: 'Peter', lastName, function: 'council', email: `${lastName.toLowerCase()}@example.test`, fromDate: '2020-01-01' })
    .returning()
  return p!
}

describe('changes of persons reported to the supervisor', () => {
  let fund: Customer
  let other: Customer
  let admin: Member
  let reader: Member
  let plain: Member
  let auditor: CustomerAccess
  let otherAdmin: Member
  let council: { id: string }
  let foreignPerson: { id: string }
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    reader = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { loyaltyRead: true } } })
    plain = await memberFactory({ customer: fund, traits: ['write'] })
    const a = await memberFactory({ customer: fund, attributes: { membership: { kind: 'auditor', endsOn: addDays(todayInZurich(), 30) } } })
    auditor = { ...a.access, kind: 'auditor' }
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
    council = await personOf(fund.id, 'Rat')
    foreignPerson = await personOf(other.id, 'Fremd')
  })

  it('is recorded by admins with a running number per fund, changed with the version, each with its audit entry', async () => {
    const changes = PersonChanges.for(admin.access)
    const first = await changes.create(change({ personId: council.id }))
    const second = await changes.create(change({ kind: 'left', description: 'Austritt' }))
    expect(second.number).toBe(first.number + 1)
    expect(await changes.get(first.id)).toMatchObject({ personName: 'Peter Rat', kind: 'joined', reportedOn: null })
    await changes.update(first.id, change({ personId: council.id, reportedOn: '2026-01-05' }), 1, '2026-02-01')
    expect(await row(first.id)).toMatchObject({ reportedOn: '2026-01-05', version: 2 })
    const trail = await entries(first.id)
    expect(trail.map((e) => e.action)).toEqual(['Created', 'Updated'])
    expect(trail[0]!.changedFields).toMatchObject({ number: { from: null, to: first.number }, personId: { from: null, to: council.id } })
    expect(trail[1]!.changedFields).toEqual({ reportedOn: { from: null, to: '2026-01-05' } })
    expect(await refusal(changes.update(first.id, change(), 1))).toBe('stale')
    // The history panel of the edit page reads the entries in the reader's language, the person by name.
    const page = await run(editRoute.loader, request(`/app/loyalty/changes/${first.id}/edit?history=1`, { cookie: reader.cookie }), { id: first.id })
    const history = (page.body as { history: { entries: { action: string; changes: { label: string; from: string; to: string }[] }[] } }).history
    const createdEntry = history.entries.find((e) => e.action === 'Created')!
    expect(createdEntry.changes).toContainEqual({ field: 'personId', label: 'Person', from: '—', to: 'Peter Rat' })
    expect(createdEntry.changes).toContainEqual({ field: 'kind', label: 'Art', from: '—', to: 'Eintritt' })
    expect(createdEntry.changes).toContainEqual({ field: 'number', label: 'Nummer', from: '—', to: `PW-${first.number}` })
    // Another fund's (other numbers) starts at its own one.
    const theirs = await PersonChanges.for(otherAdmin.access).create(change())
    expect(theirs.number).toBe(1)
  })

  it('names only persons of the fund, and no report in the future', async () => {
    const changes = PersonChanges.for(admin.access)
    expect(await refusal(changes.create(change({ personId: foreignPerson.id })))).toBe('invalid:loyalty:changes.personUnknown')
    expect(await refusal(changes.create(change({ personId: 'nope' })))).toBe('invalid:loyalty:changes.personUnknown')
    expect(await refusal(changes.create(change({ reportedOn: '2026-03-02' }), '2026-03-01'))).toBe('invalid:loyalty:changes.reportedInFuture')
    expect((await changes.persons()).map((p) => p.id)).toEqual([council.id])
  })

  it('is read by readers and auditors, who change nothing; a member without the right and another fund find nothing', async () => {
    const made = await PersonChanges.for(admin.access).create(change({ description: 'Lesbar' }))
    for (const access of [reader.access, auditor]) {
      const changes = PersonChanges.for(access)
      expect((await changes.get(made.id))?.description).toBe('Lesbar')
      expect(await refusal(changes.create(change()))).toBe('forbidden')
      expect(await refusal(changes.update(made.id, change(), 1))).toBe('forbidden')
      expect(await refusal(changes.remove(made.id, 1))).toBe('forbidden')
    }
    expect(await PersonChanges.for(plain.access).get(made.id)).toBeNull()
    expect(await refusal(PersonChanges.for(plain.access).update(made.id, change(), 1))).toBe('not-found')
    expect(await PersonChanges.for(otherAdmin.access).get(made.id)).toBeNull()
    expect(await refusal(PersonChanges.for(otherAdmin.access).update(made.id, change(), 1))).toBe('not-found')
    expect(await refusal(PersonChanges.for(otherAdmin.access).remove(made.id, 1))).toBe('not-found')

    expect((await run(listRoute.loader, request('/app/loyalty/changes', { cookie: plain.cookie }))).status).toBe(403)
    expect((await run(exportRoute.loader, request('/app/loyalty/changes/export.csv', { cookie: plain.cookie }))).status).toBe(403)
    expect((await run(editRoute.loader, request(`/app/loyalty/changes/${made.id}/edit`, { cookie: plain.cookie }), { id: made.id })).status).toBe(403)
    expect((await run(editRoute.loader, request(`/app/loyalty/changes/${made.id}/edit`, { cookie: otherAdmin.cookie }), { id: made.id })).status).toBe(404)
    expect((await run(editRoute.loader, request('/app/loyalty/changes/new', { cookie: reader.cookie }))).status).toBe(403)
    const readerPage = await run(editRoute.loader, request(`/app/loyalty/changes/${made.id}/edit`, { cookie: reader.cookie }), { id: made.id })
    expect(readerPage.status).toBe(200)
    expect(readerPage.body).toMatchObject({ mayManage: false })
    const post = await run(editRoute.action, request(`/app/loyalty/changes/${made.id}/edit`, { cookie: reader.cookie, form: form(change(), 1) }), {
      id: made.id,
    })
    expect(post.status).toBe(403)
    const foreign = await run(editRoute.action, request(`/app/loyalty/changes/${made.id}/edit`, { cookie: otherAdmin.cookie, form: form(change(), 1) }), {
      id: made.id,
    })
    expect(foreign.status).toBe(404)
    expect((await row(made.id))?.description).toBe('Lesbar')
  })

  it('answers the form without JavaScript: created, bad input 400, stale 409, deleted with its audit entry', async () => {
    const created = await run(
      editRoute.action,
      request('/app/loyalty/changes/new', { cookie: admin.cookie, form: form(change({ description: 'Per Formular', personId: council.id })) }),
    )
    expect(created.status).toBe(302)
    const [made] = await system().select().from(personChanges).where(eq(personChanges.description, 'Per Formular'))
    expect(made).toMatchObject({ customerId: fund.id, personId: council.id })

    const bad = await run(
      editRoute.action,
      request('/app/loyalty/changes/new', { cookie: admin.cookie, form: { ...form(change()), kind: 'coup', description: '', effectiveOn: '31.02.2026' } }),
    )
    expect(bad.status).toBe(400)
    const text = JSON.stringify(bad.body)
    expect(text).toContain('validation.required')
    expect(text).toContain('validation.date')
    const foreign = await run(
      editRoute.action,
      request('/app/loyalty/changes/new', { cookie: admin.cookie, form: form(change({ personId: foreignPerson.id })) }),
    )
    expect(foreign.status).toBe(400)
    expect(JSON.stringify(foreign.body)).toContain('loyalty:changes.personUnknown')

    const params = { id: made!.id }
    expect(
      (await run(editRoute.action, request(`/app/loyalty/changes/${made!.id}/edit`, { cookie: admin.cookie, form: form(change(), 1) }), params)).status,
    ).toBe(302)
    expect(
      (await run(editRoute.action, request(`/app/loyalty/changes/${made!.id}/edit`, { cookie: admin.cookie, form: form(change(), 1) }), params)).status,
    ).toBe(409)
    const deleted = await run(
      editRoute.action,
      request(`/app/loyalty/changes/${made!.id}/edit`, { cookie: admin.cookie, form: { intent: 'delete', version: '2' } }),
      params,
    )
    expect(deleted.status).toBe(302)
    expect(await row(made!.id)).toBeUndefined()
    expect((await entries(made!.id)).map((e) => e.action)).toEqual(['Created', 'Updated', 'Deleted'])
  })

  it('lists by kind, report and person, and exports the same', async () => {
    const fresh = await customerFactory()
    const boss = await memberFactory({ customer: fresh, traits: ['admin'] })
    const someone = await personOf(fresh.id, 'Wechsel')
    const changes = PersonChanges.for(boss.access)
    await changes.create(change({ kind: 'joined', description: 'Eintritt A', effectiveOn: '2026-01-01', reportedOn: '2026-01-03' }))
    await changes.create(change({ kind: 'left', description: 'Austritt B', effectiveOn: '2026-02-01', personId: someone.id }))
    await changes.create(change({ kind: 'functionChanged', description: 'Wechsel C', effectiveOn: '2026-03-01' }))
    const descriptions = async (f: Parameters<typeof changes.list>[0]) => (await changes.list(f, { limit: 50, offset: 0 })).rows.map((r) => r.description)
    expect(await descriptions({ sort: 'effectiveOn', dir: 'desc' })).toEqual(['Wechsel C', 'Austritt B', 'Eintritt A'])
    expect(await descriptions({ reported: 'no', sort: 'effectiveOn', dir: 'asc' })).toEqual(['Austritt B', 'Wechsel C'])
    expect(await descriptions({ reported: 'yes', sort: 'effectiveOn', dir: 'asc' })).toEqual(['Eintritt A'])
    expect(await descriptions({ kind: 'left', sort: 'effectiveOn', dir: 'asc' })).toEqual(['Austritt B'])
    expect(await descriptions({ personId: someone.id, sort: 'effectiveOn', dir: 'asc' })).toEqual(['Austritt B'])
    expect(await descriptions({ q: 'PW-3', sort: 'effectiveOn', dir: 'asc' })).toEqual(['Wechsel C'])
    const page = await run(listRoute.loader, request('/app/loyalty/changes?reported=no', { cookie: boss.cookie }))
    expect((page.body as { total: number }).total).toBe(2)
    const csv = await run(exportRoute.loader, request('/app/loyalty/changes/export.csv?reported=no', { cookie: boss.cookie }))
    expect(csv.status).toBe(200)
    const body = String(csv.body)
    expect(body).toContain('PW-2')
    expect(body).toContain('Austritt')
    expect(body).toContain('Peter Wechsel')
    expect(body).not.toContain('Eintritt A')
    const xlsx = await run(exportRoute.loader, request('/app/loyalty/changes/export.xlsx', { cookie: boss.cookie }))
    expect(xlsx.headers.get('Content-Type')).toContain('spreadsheetml')
  })
})

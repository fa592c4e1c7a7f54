import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, loyaltyPersons, personChanges } from '#models/schema/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, run } from '../../../../tests/factories.ts'
import { loyaltyDeclarationFactory } from '../../../../tests/factories/loyalty-declarations.ts'
import { issueDeclarationToken, resolveDeclarationToken } from '../tokens.server.ts'
import * as editRoute from './edit.tsx'
import * as exportRoute from './export.ts'
import { activePersonsOn } from './face.server.ts'
import * as listRoute from './index.tsx'
import { LoyaltyPersons, type PersonInput } from './persons.server.ts'

const person = (extra: Partial<PersonInput> = {}): PersonInput => ({
  firstName: 'Anna',
  lastName: 'Muster',
  function: 'council',
  organisation: 'Muster AG',
  email: 'anna.muster@example.test',
  language: 'de',
  userId: null,
  fromDate: '2024-01-01',
  untilDate: null,
  ...extra,
})

/** The form as a browser posts it. */
const form = (input: PersonInput, version?: number): Record<string, string> => ({
  firstName: input.firstName,
  lastName: input.lastName,
  function: input.function,
  organisation: input.organisation,
  email: input.email,
  language: input.language,
  userId: input.userId ?? '',
  fromDate: input.fromDate,
  untilDate: input.untilDate ?? '',
  ...(version === undefined ? {} : { version: String(version) }),
})

/** The code a refusal carries (a DomainError's). */
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
  const [r] = await system().select().from(loyaltyPersons).where(eq(loyaltyPersons.id, id))
  return r
}

async function entries(id: string) {
  return system()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.component, 'loyaltyPerson'), eq(auditEntries.entityId, id)))
    .orderBy(auditEntries.createdAt)
}

describe('the persons subject to the loyalty rules', () => {
  let fund: Customer
  let other: Customer
  let admin: Member
  let reader: Member
  let plain: Member
  let auditor: CustomerAccess
  let auditorMember: Member
  let otherAdmin: Member
  let linked: Member
  let foreigner: Member
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    reader = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { loyaltyRead: true } } })
    plain = await memberFactory({ customer: fund, traits: ['write'] })
    auditorMember = await memberFactory({ customer: fund, attributes: { membership: { kind: 'auditor', endsOn: addDays(todayInZurich(), 30) } } })
    auditor = { ...auditorMember.access, kind: 'auditor' }
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
    linked = await memberFactory({ customer: fund, traits: ['read'] })
    foreigner = await memberFactory({ customer: other, traits: ['read'] })
  })

  it('is kept by admins: created linked to a member of the fund, changed with the version, each with its audit entry', async () => {
    const persons = LoyaltyPersons.for(admin.access)
    const created = await persons.create(person({ userId: linked.user.id, lastName: 'Linked' }))
    expect(await row(created.id)).toMatchObject({ customerId: fund.id, userId: linked.user.id, function: 'council', version: 1 })
    const got = await persons.get(created.id)
    expect(got).toMatchObject({ accountName: `${linked.user.firstName} ${linked.user.lastName}`, uses: { declarations: 0, transactions: 0, changes: 0 } })
    await persons.update(created.id, person({ userId: null, lastName: 'Linked', function: 'management' }), 1)
    expect(await row(created.id)).toMatchObject({ userId: null, function: 'management', version: 2 })
    const trail = await entries(created.id)
    expect(trail.map((e) => e.action)).toEqual(['Created', 'Updated'])
    expect(trail[0]!.changedFields).toMatchObject({ lastName: { from: null, to: 'Linked' }, userId: { from: null, to: linked.user.id } })
    expect(trail[1]!.changedFields).toEqual({ userId: { from: linked.user.id, to: null }, function: { from: 'council', to: 'management' } })
    // The history panel of the edit page reads the entries in the reader's language.
    const page = await run(editRoute.loader, request(`/app/loyalty/persons/${created.id}/edit?history=1`, { cookie: admin.cookie }), { id: created.id })
    const history = (page.body as { history: { entries: { action: string; changes: { field: string; label: string; to: string }[] }[] } }).history
    expect(history.entries.find((e) => e.action === 'Updated')!.changes).toContainEqual(
      expect.objectContaining({ field: 'function', label: 'Funktion', to: 'Geschäftsführung' }),
    )
    // A version seen before the change is stale.
    expect(await refusal(persons.update(created.id, person(), 1))).toBe('stale')
  })

  it('links only members of the same fund: another fund’s member, an auditor or no account at all are refused', async () => {
    const persons = LoyaltyPersons.for(admin.access)
    expect(await refusal(persons.create(person({ userId: foreigner.user.id })))).toBe('invalid:loyalty:persons.userNotMember')
    expect(await refusal(persons.create(person({ userId: auditorMember.user.id })))).toBe('invalid:loyalty:persons.userNotMember')
    expect(await refusal(persons.create(person({ userId: 'not-a-uuid' })))).toBe('invalid:loyalty:persons.userNotMember')
    expect(await refusal(persons.create(person({ fromDate: '2025-01-01', untilDate: '2024-12-31' })))).toBe('invalid:loyalty:persons.untilBeforeFrom')
    // The select offers the fund's members, not the other fund's, not the auditor.
    const members = (await persons.members()).map((m) => m.id)
    expect(members).toContain(linked.user.id)
    expect(members).not.toContain(foreigner.user.id)
    expect(members).not.toContain(auditorMember.user.id)
  })

  it('is read by readers of the area and auditors, who change nothing; a member without the right neither reads nor writes', async () => {
    const created = await LoyaltyPersons.for(admin.access).create(person({ lastName: 'Readable' }))
    for (const access of [reader.access, auditor]) {
      const persons = LoyaltyPersons.for(access)
      expect((await persons.get(created.id))?.lastName).toBe('Readable')
      expect((await persons.list({ all: true, sort: 'name', dir: 'asc' }, { limit: 100, offset: 0 })).rows.map((r) => r.id)).toContain(created.id)
      expect(await refusal(persons.create(person()))).toBe('forbidden')
      expect(await refusal(persons.update(created.id, person(), 1))).toBe('forbidden')
      expect(await refusal(persons.remove(created.id, 1))).toBe('forbidden')
    }
    const none = LoyaltyPersons.for(plain.access)
    expect(await none.get(created.id)).toBeNull()
    expect(await refusal(none.update(created.id, person(), 1))).toBe('not-found')
    expect(() => none.list({ sort: 'name', dir: 'asc' }, { limit: 10, offset: 0 })).toThrow(DomainError)
    // The pages: the list and the person 403 for the member without the right; the new form 403 for a reader.
    expect((await run(listRoute.loader, request('/app/loyalty/persons', { cookie: plain.cookie }))).status).toBe(403)
    expect((await run(editRoute.loader, request(`/app/loyalty/persons/${created.id}/edit`, { cookie: plain.cookie }), { id: created.id })).status).toBe(403)
    expect((await run(editRoute.loader, request('/app/loyalty/persons/new', { cookie: reader.cookie }))).status).toBe(403)
    const post = await run(editRoute.action, request(`/app/loyalty/persons/${created.id}/edit`, { cookie: reader.cookie, form: form(person(), 1) }), {
      id: created.id,
    })
    expect(post.status).toBe(403)
    const page = await run(editRoute.loader, request(`/app/loyalty/persons/${created.id}/edit`, { cookie: reader.cookie }), { id: created.id })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ mayManage: false, members: [] })
  })

  it('does not exist for another fund: its admin finds nothing (404) and changes nothing', async () => {
    const created = await LoyaltyPersons.for(admin.access).create(person({ lastName: 'Hidden' }))
    const persons = LoyaltyPersons.for(otherAdmin.access)
    expect(await persons.get(created.id)).toBeNull()
    expect(await refusal(persons.update(created.id, person(), 1))).toBe('not-found')
    expect(await refusal(persons.remove(created.id, 1))).toBe('not-found')
    expect((await persons.list({ all: true, sort: 'name', dir: 'asc' }, { limit: 100, offset: 0 })).rows.map((r) => r.id)).not.toContain(created.id)
    const res = await run(editRoute.loader, request(`/app/loyalty/persons/${created.id}/edit`, { cookie: otherAdmin.cookie }), { id: created.id })
    expect(res.status).toBe(404)
    const post = await run(editRoute.action, request(`/app/loyalty/persons/${created.id}/edit`, { cookie: otherAdmin.cookie, form: form(person(), 1) }), {
      id: created.id,
    })
    expect(post.status).toBe(404)
    expect((await row(created.id))?.lastName).toBe('Hidden')
  })

  it('answers the form: created and saved without JavaScript, bad input 400 with the field’s message, a stale version 409', async () => {
    const created = await run(
      editRoute.action,
      request('/app/loyalty/persons/new', { cookie: admin.cookie, form: form(person({ lastName: 'Formed', email: 'formed@example.test' })) }),
    )
    expect(created.status).toBe(302)
    expect(created.location).toBe('/app/loyalty/persons')
    const [made] = await system().select().from(loyaltyPersons).where(eq(loyaltyPersons.email, 'formed@example.test'))
    expect(made).toMatchObject({ lastName: 'Formed', customerId: fund.id })

    const bad = await run(
      editRoute.action,
      request('/app/loyalty/persons/new', { cookie: admin.cookie, form: { ...form(person()), lastName: '', email: 'no address', function: 'king' } }),
    )
    expect(bad.status).toBe(400)
    const text = JSON.stringify(bad.body)
    expect(text).toContain('validation.required')
    expect(text).toContain('validation.email')
    const order = await run(
      editRoute.action,
      request('/app/loyalty/persons/new', { cookie: admin.cookie, form: form(person({ fromDate: '2025-05-01', untilDate: '2025-04-30' })) }),
    )
    expect(order.status).toBe(400)
    expect(JSON.stringify(order.body)).toContain('loyalty:persons.untilBeforeFrom')
    const foreign = await run(
      editRoute.action,
      request('/app/loyalty/persons/new', { cookie: admin.cookie, form: form(person({ userId: foreigner.user.id })) }),
    )
    expect(foreign.status).toBe(400)
    expect(JSON.stringify(foreign.body)).toContain('loyalty:persons.userNotMember')

    const params = { id: made!.id }
    const saved = await run(
      editRoute.action,
      request(`/app/loyalty/persons/${made!.id}/edit`, { cookie: admin.cookie, form: form(person({ lastName: 'Reformed' }), 1) }),
      params,
    )
    expect(saved.status).toBe(302)
    const stale = await run(
      editRoute.action,
      request(`/app/loyalty/persons/${made!.id}/edit`, { cookie: admin.cookie, form: form(person({ lastName: 'Late' }), 1) }),
      params,
    )
    expect(stale.status).toBe(409)
    expect((await row(made!.id))?.lastName).toBe('Reformed')
  })

  it('lists the persons active on a day by default (today), all on request, by function, sorted', async () => {
    const fresh = await customerFactory()
    const boss = await memberFactory({ customer: fresh, traits: ['admin'] })
    const persons = LoyaltyPersons.for(boss.access)
    const today = todayInZurich()
    await persons.create(person({ lastName: 'Aktiv', fromDate: '2020-01-01' }))
    await persons.create(person({ lastName: 'Ehemalig', fromDate: '2020-01-01', untilDate: '2021-12-31' }))
    await persons.create(person({ lastName: 'Kuenftig', fromDate: addDays(today, 10), function: 'externalAssetManager' }))
    await persons.create(person({ lastName: 'Berater', fromDate: '2020-01-01', function: 'adviser' }))
    const names = async (f: Parameters<typeof persons.list>[0]) => (await persons.list(f, { limit: 50, offset: 0 }, today)).rows.map((r) => r.lastName)
    expect(await names({ sort: 'name', dir: 'asc' })).toEqual(['Aktiv', 'Berater'])
    expect(await names({ on: '2021-06-30', sort: 'name', dir: 'asc' })).toEqual(['Aktiv', 'Berater', 'Ehemalig'])
    expect(await names({ all: true, sort: 'name', dir: 'desc' })).toEqual(['Kuenftig', 'Ehemalig', 'Berater', 'Aktiv'])
    expect(await names({ all: true, function: 'adviser', sort: 'name', dir: 'asc' })).toEqual(['Berater'])
    expect(await names({ all: true, q: 'ehem', sort: 'name', dir: 'asc' })).toEqual(['Ehemalig'])
    // The campaign's helper: the same day's persons, inside the fund's scope.
    const active = await withCustomer(boss.access, (tx) => activePersonsOn(tx, addDays(today, 10)))
    expect(active.map((p) => p.lastName)).toEqual(['Aktiv', 'Berater', 'Kuenftig'])
    // The list page reads the query string.
    const page = await run(listRoute.loader, request('/app/loyalty/persons?all=on&sort=name&dir=asc', { cookie: boss.cookie }))
    expect((page.body as { total: number }).total).toBe(4)
    // The exports: the same filters, in the reader's language.
    const csv = await run(exportRoute.loader, request('/app/loyalty/persons/export.csv?function=adviser&all=on', { cookie: boss.cookie }))
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('Berater/in (Anlage)')
    expect(String(csv.body)).toContain('Berater')
    expect(String(csv.body)).not.toContain('Aktiv')
    const xlsx = await run(exportRoute.loader, request('/app/loyalty/persons/export.xlsx', { cookie: boss.cookie }))
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('Content-Type')).toContain('spreadsheetml')
    const refused = await run(exportRoute.loader, request('/app/loyalty/persons/export.csv', { cookie: plain.cookie }))
    expect(refused.status).toBe(403)
  })

  it('revokes the person’s open personal links when their address changes or their term ends', async () => {
    const { person, declaration } = await loyaltyDeclarationFactory({ customer: fund })
    const link = () => asSystem('test: link', (tx) => issueDeclarationToken(tx, declaration, null))
    const first = await link()
    expect((await resolveDeclarationToken(first)).ok).toBe(true)
    const same = { firstName: person.firstName, lastName: person.lastName, function: person.function, organisation: person.organisation }
    const moved = await LoyaltyPersons.for(admin.access).update(
      person.id,
      { ...same, email: `neu.${person.email}`, language: person.language, userId: null, fromDate: person.fromDate, untilDate: null },
      person.version,
    )
    expect(await resolveDeclarationToken(first)).toMatchObject({ ok: false, reason: 'revoked' })
    const second = await link()
    await LoyaltyPersons.for(admin.access).end(person.id, todayInZurich(), moved.version)
    expect(await resolveDeclarationToken(second)).toMatchObject({ ok: false, reason: 'revoked' })
  })

  it('ends a term, and deletes only a person nothing refers to (409 with the reason otherwise)', async () => {
    const persons = LoyaltyPersons.for(admin.access)
    const leaving = await persons.create(person({ lastName: 'Leaving', fromDate: '2024-01-01' }))
    expect(await refusal(persons.end(leaving.id, '2023-12-31', 1))).toBe('invalid:loyalty:persons.untilBeforeFrom')
    // Through the page: the term's form answers under its own key, a bad date 400, a stale one 409.
    const params = { id: leaving.id }
    const early = await run(
      editRoute.action,
      request(`/app/loyalty/persons/${leaving.id}/edit`, { cookie: admin.cookie, form: { intent: 'end', untilDate: '2023-12-31', version: '1' } }),
      params,
    )
    expect(early.status).toBe(400)
    expect(early.body).toMatchObject({ endResult: { error: { untilDate: ['loyalty:persons.untilBeforeFrom'] } } })
    const garbled = await run(
      editRoute.action,
      request(`/app/loyalty/persons/${leaving.id}/edit`, { cookie: admin.cookie, form: { intent: 'end', untilDate: 'soon', version: '1' } }),
      params,
    )
    expect(garbled.status).toBe(400)
    const stale = await run(
      editRoute.action,
      request(`/app/loyalty/persons/${leaving.id}/edit`, { cookie: admin.cookie, form: { intent: 'end', untilDate: '2025-06-30', version: '7' } }),
      params,
    )
    expect(stale.status).toBe(409)
    await persons.end(leaving.id, '2025-06-30', 1)
    expect(await row(leaving.id)).toMatchObject({ untilDate: '2025-06-30', version: 2 })
    expect((await entries(leaving.id)).at(-1)!.changedFields).toEqual({ untilDate: { from: null, to: '2025-06-30' } })

    // A change names the person: no delete, the page says why.
    await system()
      .insert(personChanges)
      .values({ customerId: fund.id, number: 9001, personId: leaving.id, kind: 'left', description: 'Austritt', effectiveOn: '2025-06-30' })
    expect(await refusal(persons.remove(leaving.id, 2))).toBe('conflict:loyalty:persons.deleteInUse')
    const refused = await run(
      editRoute.action,
      request(`/app/loyalty/persons/${leaving.id}/edit`, { cookie: admin.cookie, form: { intent: 'delete', version: '2' } }),
      { id: leaving.id },
    )
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.body)).toContain('loyalty:persons.deleteInUse')
    expect(await row(leaving.id)).toBeDefined()

    const mistake = await persons.create(person({ lastName: 'Mistake' }))
    const deleted = await run(
      editRoute.action,
      request(`/app/loyalty/persons/${mistake.id}/edit`, { cookie: admin.cookie, form: { intent: 'delete', version: '1' } }),
      { id: mistake.id },
    )
    expect(deleted.status).toBe(302)
    expect(await row(mistake.id)).toBeUndefined()
    const trail = await entries(mistake.id)
    expect(trail.map((e) => e.action)).toEqual(['Created', 'Deleted'])
    expect(trail[1]!.changedFields).toMatchObject({ lastName: { from: 'Mistake', to: null } })
  })
})

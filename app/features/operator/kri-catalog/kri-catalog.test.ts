import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '#models/core/db.server.ts'
import { seedKriCatalog } from '#models/reference/catalogs.server.ts'
import { kriCatalog as seed } from '#models/reference/kri-catalog.ts'
import { auditEntries, kriCatalog, kris } from '#models/schema/index.ts'
import { customerFactory, memberFactory, operatorFactory, request, run } from '../../../../tests/factories/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { errorText, expectRefused } from '../catalog-test-kit.ts'
import { createKriEntry, getKriEntry, listKriCatalog } from './catalog.server.ts'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'

const BASE = '/app/sadmin/kris'
type Form = Record<string, string>

/** A complete entry form; `extra` overrides fields. */
function entryForm(key: string, extra: Form = {}): Form {
  return {
    key,
    nameDe: `Kennzahl ${key}`,
    nameFr: `Indicateur ${key}`,
    nameEn: `Indicator ${key}`,
    descriptionDe: 'Beschreibung',
    descriptionFr: '',
    descriptionEn: '',
    legalBasis: 'Art. 55 lit. d BVV 2',
    unit: 'percent',
    direction: 'lower',
    computed: '',
    defaultAmber: '13,5',
    defaultRed: '15',
    sort: '500',
    active: 'on',
    ...extra,
  }
}

const freshKey = () => `test${crypto.randomBytes(4).toString('hex')}`
const people = {} as { sadmin: Awaited<ReturnType<typeof operatorFactory>>; adminCookie: string; customerId: string }
beforeAll(async () => {
  await seedKriCatalog(db())
  people.sadmin = await operatorFactory()
  people.customerId = (await customerFactory()).id
  // A fund's admin with every right a fund can give: still no operator.
  people.adminCookie = (await memberFactory({ customer: people.customerId, traits: ['admin'] })).cookie
})

const as = (cookie: string, form?: Form) => ({ cookie, form })
const post = {
  create: (form: Form, cookie = people.sadmin.cookie) => run(editRoute.action, request(`${BASE}/new`, as(cookie, form))),
  edit: (id: string, form: Form, cookie = people.sadmin.cookie) => run(editRoute.action, request(`${BASE}/${id}/edit`, as(cookie, form)), { id }),
}
const byKey = async (key: string) => (await system().select().from(kriCatalog).where(eq(kriCatalog.key, key)))[0]

describe('the KRI catalogue', () => {
  it('is seeded once by key: a second run adds nothing and keeps what the operator changed', async () => {
    const keys = seed.map((k) => k.key)
    expect(new Set(keys).size).toBe(seed.length)
    await system().update(kriCatalog).set({ nameFr: 'Modifié', active: false }).where(eq(kriCatalog.key, 'liquidity'))
    expect(await seedKriCatalog(db())).toBe(0)
    const rows = await system().select().from(kriCatalog).where(inArray(kriCatalog.key, keys))
    expect(rows).toHaveLength(seed.length)
    expect(rows.find((r) => r.key === 'liquidity')).toMatchObject({ nameFr: 'Modifié', active: false })
    await system().update(kriCatalog).set({ nameFr: 'Liquidités', active: true }).where(eq(kriCatalog.key, 'liquidity'))
  })

  it('holds the supervisors’ figures in three languages, with the legal limits of Art. 54–55 BVV 2 as red defaults', async () => {
    const rows = await system()
      .select()
      .from(kriCatalog)
      .where(
        inArray(
          kriCatalog.key,
          seed.map((k) => k.key),
        ),
      )
    const of = (key: string) => rows.find((r) => r.key === key)!
    for (const k of seed) {
      for (const l of ['de', 'fr', 'en'] as const) {
        expect(k.name[l].trim().length, `${k.key} name ${l}`).toBeGreaterThan(3)
        expect(k.description[l].trim().length, `${k.key} description ${l}`).toBeGreaterThan(30)
      }
      expect(k.legalBasis, k.key).not.toBe('')
      expect(JSON.stringify([k.name.de, k.description.de]), k.key).not.toContain('ß')
      // Red beyond amber in the KRI's direction.
      const amber = Number(k.defaultAmber)
      const red = Number(k.defaultRed)
      expect(k.direction === 'higher' ? red <= amber : red >= amber, k.key).toBe(true)
    }
    expect(of('coverageRatio')).toMatchObject({ unit: 'percent', direction: 'higher', defaultRed: '100.0000', computed: null })
    expect(of('coverageRatio').legalBasis).toContain('Art. 44 BVV 2')
    const limits: [string, string, string][] = [
      ['shareEquities', '50.0000', 'lit. b'],
      ['shareRealEstate', '30.0000', 'lit. c'],
      ['shareRealEstateForeign', '10.0000', 'lit. c'],
      ['shareAlternatives', '15.0000', 'lit. d'],
      ['shareForeignCurrencyUnhedged', '30.0000', 'lit. e'],
      ['shareInfrastructure', '10.0000', 'lit. f'],
      ['shareMortgages', '50.0000', 'lit. a'],
    ]
    for (const [key, red, lit] of limits) {
      expect(of(key), key).toMatchObject({ direction: 'lower', unit: 'percent', defaultRed: red })
      expect(of(key).legalBasis, key).toContain(`Art. 55 ${lit} BVV 2`)
      expect(Number(of(key).defaultAmber), key).toBeLessThan(Number(red))
    }
    expect(of('largestDebtor')).toMatchObject({ defaultRed: '10.0000', legalBasis: 'Art. 54 Abs. 1 BVV 2 (OPP 2)' })
    expect(of('adminCostPerInsured').unit).toBe('chf')
    expect(rows.filter((r) => r.computed).map((r) => [r.key, r.computed, r.unit])).toEqual(
      expect.arrayContaining([
        ['deficientControls', 'deficientControls', 'count'],
        ['overdueMeasures', 'overdueMeasures', 'count'],
        ['breaches', 'breaches', 'count'],
      ]),
    )
  })

  it('creates an entry: bounds read with a comma, audited without a customer', async () => {
    const key = freshKey()
    const res = await post.create(entryForm(key))
    expect(res.status).toBe(302)
    expect(res.location).toBe(BASE)
    const row = await byKey(key)
    expect(row).toMatchObject({
      nameFr: `Indicateur ${key}`,
      unit: 'percent',
      direction: 'lower',
      defaultAmber: '13.5000',
      defaultRed: '15.0000',
      sort: 500,
      version: 1,
    })
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ component: 'kriCatalog', action: 'Created', customerId: null, userId: people.sadmin.user.id })
  })

  it('refuses bad input with a 400 and the message, storing nothing', async () => {
    const key = freshKey()
    await expectRefused(post.create(entryForm('9abc')), 'catalogs:kris.keyInvalid')
    await expectRefused(post.create(entryForm('coverageRatio')), 'catalogs:kris.keyTaken')
    await expectRefused(post.create(entryForm(key, { defaultRed: '' })), 'catalogs:kris.thresholdsBoth')
    await expectRefused(post.create(entryForm(key, { defaultRed: '12' })), 'catalogs:kris.thresholdsOrder.lower')
    await expectRefused(post.create(entryForm(key, { direction: 'higher' })), 'catalogs:kris.thresholdsOrder.higher')
    await expectRefused(post.create(entryForm(key, { defaultAmber: 'zehn' })), 'catalogs:kris.thresholdInvalid')
    await expectRefused(post.create(entryForm(key, { unit: 'kg' })), 'validation.invalid')
    await expectRefused(post.create(entryForm(key, { computed: 'guessed' })), 'validation.invalid')
    await expectRefused(post.create(entryForm(key, { nameEn: ' ' })), 'validation.required')
    await expectRefused(post.create(entryForm(key, { sort: '-1' })), 'validation.invalid')
    expect(await byKey(key)).toBeUndefined()
  })

  it('edits with the version: the key stays, a stale version is 409, the change audited; unit and direction stay once a fund follows it', async () => {
    const key = freshKey()
    await post.create(entryForm(key))
    const row = await byKey(key)
    const saved = await post.edit(row.id, { ...entryForm(key, { nameFr: 'Nouveau', defaultAmber: '14', active: '' }), key: 'otherKey', version: '1' })
    expect(saved.status).toBe(302)
    expect(await byKey(key)).toMatchObject({ nameFr: 'Nouveau', defaultAmber: '14.0000', active: false, version: 2 })
    expect(await byKey('otherKey')).toBeUndefined()
    const stale = await post.edit(row.id, { ...entryForm(key, { nameFr: 'Veraltet' }), version: '1' })
    expect(stale.status).toBe(409)
    expect(errorText(stale.body)).toContain('Veraltet')
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id)).orderBy(auditEntries.createdAt)
    expect(audits.map((a) => a.action)).toEqual(['Created', 'Updated'])
    expect(Object.keys(audits[1].changedFields as object).sort()).toEqual(['active', 'defaultAmber', 'nameFr'])
    // The same bound in another notation is no change.
    expect((await post.edit(row.id, { ...entryForm(key, { nameFr: 'Nouveau', defaultAmber: '14.00', active: '' }), version: '2' })).status).toBe(302)
    expect(await byKey(key)).toMatchObject({ version: 2 })

    await system().insert(kris).values({ customerId: people.customerId, catalogId: row.id })
    expect((await getKriEntry(people.sadmin.access, row.id))?.inUse).toBe(true)
    await expectRefused(post.edit(row.id, { ...entryForm(key, { unit: 'chf' }), version: '2' }), 'catalogs:kris.inUse')
    await expectRefused(
      post.edit(row.id, { ...entryForm(key, { direction: 'higher', defaultAmber: '15', defaultRed: '13' }), version: '2' }),
      'catalogs:kris.inUse',
    )
    expect((await post.edit(row.id, { ...entryForm(key, { nameDe: 'Neu' }), version: '2' })).status).toBe(302)
    expect(await byKey(key)).toMatchObject({ nameDe: 'Neu', unit: 'percent', direction: 'lower', version: 3 })
  })

  it('lists on the server: names in the reader’s language, searched, filtered by state, with the funds following each', async () => {
    const key = freshKey()
    await post.create(entryForm(key, { active: '' }))
    const list = async (query: string) => {
      const res = await run(listRoute.loader, request(`${BASE}?${query}`, as(people.sadmin.cookie)))
      expect(res.status).toBe(200)
      return res.body as { rows: { key: string; name: string; funds: number; active: boolean }[]; total: number; filtered: boolean }
    }
    // A fund follows it: counted through the operator's scope (the fund's rows are under row-level security).
    await system()
      .insert(kris)
      .values({ customerId: people.customerId, catalogId: (await byKey(key)).id })
    const fr = await list(`q=${key}&lng=fr`)
    expect(fr.rows.map((r) => r.name)).toEqual([`Indicateur ${key}`])
    expect(fr.rows[0].funds).toBe(1)
    expect(fr.filtered).toBe(true)
    expect((await list(`q=${key}&state=active`)).rows).toEqual([])
    expect((await list(`q=${key}&state=inactive`)).rows).toHaveLength(1)
    const first = await list('sort=sort&dir=asc')
    expect(first.rows[0]).toMatchObject({ key: 'coverageRatio', name: 'Deckungsgrad' })
    expect(first.rows[0].funds).toBeGreaterThanOrEqual(0)
  })

  it('only the operator: loaders and actions answer 403 to a fund’s admin, and the service refuses others', async () => {
    const row = await byKey('coverageRatio')
    const cookie = people.adminCookie
    const calls: [string, Promise<{ status: number }>][] = [
      ['list', run(listRoute.loader, request(BASE, as(cookie)))],
      ['new loader', run(editRoute.loader, request(`${BASE}/new`, as(cookie)))],
      ['new action', post.create(entryForm('fremdKey'), cookie)],
      ['edit loader', run(editRoute.loader, request(`${BASE}/${row.id}/edit`, as(cookie)), { id: row.id })],
      ['edit action', post.edit(row.id, { ...entryForm('coverageRatio', { nameDe: 'Fremd' }), version: String(row.version) }, cookie)],
    ]
    for (const [name, call] of calls) expect((await call).status, name).toBe(403)
    const anonymous = await run(listRoute.loader, request(BASE))
    expect(anonymous.status).toBe(302)
    expect(await byKey('fremdKey')).toBeUndefined()
    expect(await byKey('coverageRatio')).toMatchObject({ version: row.version, nameDe: row.nameDe })
    const stranger = { ...people.sadmin.access, user: { ...people.sadmin.access.user, isSuperAdmin: false } }
    await expect(listKriCatalog(stranger, { sort: 'sort', dir: 'asc', language: 'de' }, { limit: 10, offset: 0 })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(createKriEntry(stranger, { ...entryForm('x'), computed: null } as never)).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('unknown ids answer 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const cookie = people.sadmin.cookie
    expect((await run(editRoute.loader, request(`${BASE}/${id}/edit`, as(cookie)), { id })).status).toBe(404)
    expect((await run(editRoute.loader, request(`${BASE}/nope/edit`, as(cookie)), { id: 'nope' })).status).toBe(404)
    expect((await post.edit(id, { ...entryForm('x'), version: '1' })).status).toBe(404)
  })
})

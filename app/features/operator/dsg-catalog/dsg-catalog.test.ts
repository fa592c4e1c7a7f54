import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '#models/core/db.server.ts'
import { seedDsgTemplates } from '#models/reference/catalogs.server.ts'
import { dsgTemplates as seed } from '#models/reference/dsg-templates/index.ts'
import { auditEntries, dsgTemplates } from '#models/schema/index.ts'
import { customerFactory, memberFactory, operatorFactory, request, run } from '../../../../tests/factories/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { errorText, expectRefused } from '../catalog-test-kit.ts'
import * as activeRoute from './active.tsx'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'
import { listTemplates } from './templates.server.ts'

const BASE = '/app/sadmin/dsg'
const LANGS = ['de', 'fr', 'en'] as const
const TEXTS = ['name', 'purpose', 'dataSubjects', 'recipients', 'retention', 'security', 'legalBasis'] as const

type Form = Record<string, string>

/** A complete template form; `extra` overrides or adds fields (`dataCategories[1].de`, …). */
function templateForm(word: string, extra: Form = {}): Form {
  const form: Form = { role: 'controller' }
  for (const text of TEXTS) {
    form[`${text}De`] = `${text} ${word} DE`
    form[`${text}Fr`] = `${text} ${word} FR`
    form[`${text}En`] = `${text} ${word} EN`
  }
  Object.assign(form, {
    'dataCategories[0].de': 'Gesundheitsdaten',
    'dataCategories[0].fr': 'Données de santé',
    'dataCategories[0].en': 'Health data',
    'dataCategories[0].sensitive': 'on',
    'dataCategories[1].de': '',
    'dataCategories[1].fr': '',
    'dataCategories[1].en': '',
    'dataCategories[2].de': 'Bankverbindung',
    'dataCategories[2].fr': 'Coordonnées bancaires',
    'dataCategories[2].en': 'Bank details',
  })
  return { ...form, ...extra }
}

const people = {} as { sadmin: Awaited<ReturnType<typeof operatorFactory>>; adminCookie: string }
beforeAll(async () => {
  await seedDsgTemplates(db())
  people.sadmin = await operatorFactory()
  const customer = await customerFactory()
  // A fund's admin with every right a fund can give, and the dsg role: still no operator.
  people.adminCookie = (await memberFactory({ customer: customer.id, traits: ['admin'] })).cookie
})

const as = (cookie: string, form?: Form) => ({ cookie, form })
const post = {
  create: (form: Form, cookie = people.sadmin.cookie) => run(editRoute.action, request(`${BASE}/new`, as(cookie, form))),
  edit: (id: string, form: Form, cookie = people.sadmin.cookie) => run(editRoute.action, request(`${BASE}/${id}/edit`, as(cookie, form)), { id }),
  active: (id: string, version: string, active: boolean, cookie = people.sadmin.cookie) =>
    run(activeRoute.action, request(`${BASE}/${id}/active`, as(cookie, { version, active: String(active) })), { id }),
}
const byNameDe = async (nameDe: string) => (await system().select().from(dsgTemplates).where(eq(dsgTemplates.nameDe, nameDe)))[0]

describe('the catalogue of processing-activity templates', () => {
  it('is seeded once by key: a second run adds nothing and keeps what the operator changed', async () => {
    const keys = seed.map((t) => t.key)
    expect(new Set(keys).size).toBe(11)
    const rows = () => system().select().from(dsgTemplates).where(inArray(dsgTemplates.key, keys))
    expect(await rows()).toHaveLength(11)
    await system().update(dsgTemplates).set({ nameFr: 'Modifié', active: false }).where(eq(dsgTemplates.key, 'applicants'))
    expect(await seedDsgTemplates(db())).toBe(0)
    const after = await rows()
    expect(after).toHaveLength(11)
    expect(after.find((r) => r.key === 'applicants')).toMatchObject({ nameFr: 'Modifié', active: false, version: 1 })
    expect(after.map((r) => r.position).sort((a, b) => a - b)).toEqual(seed.map((_, i) => i + 1))
    await system().update(dsgTemplates).set({ nameFr: 'Candidatures', active: true }).where(eq(dsgTemplates.key, 'applicants'))
  })

  it('every template has each text in German, French and English, and categories named in all three', async () => {
    const stored = await system()
      .select()
      .from(dsgTemplates)
      .where(
        inArray(
          dsgTemplates.key,
          seed.map((t) => t.key),
        ),
      )
    for (const t of seed) {
      for (const text of TEXTS) for (const l of LANGS) expect(t[text][l].trim().length, `${t.key} ${text} ${l}`).toBeGreaterThan(5)
      expect(t.dataCategories.length, t.key).toBeGreaterThan(0)
      for (const c of t.dataCategories) for (const l of LANGS) expect(c[l].trim(), `${t.key} category ${l}`).not.toBe('')
      // Swiss German writes ss.
      expect(JSON.stringify([t.name.de, t.purpose.de, t.dataCategories.map((c) => c.de)]), t.key).not.toContain('ß')
      const row = stored.find((r) => r.key === t.key)!
      expect(row).toMatchObject({ nameDe: t.name.de, nameFr: t.name.fr, nameEn: t.name.en, role: t.role, legalBasisFr: t.legalBasis.fr, active: true })
      expect(row.dataCategories).toEqual(t.dataCategories)
    }
  })

  it('flags health data as sensitive where the fund holds it, and names the fund controller towards its IT providers', () => {
    const template = (key: string) => seed.find((t) => t.key === key)!
    for (const key of ['disability-benefits', 'survivors-benefits', 'insured-administration', 'staff-payroll', 'it-service-providers']) {
      expect(
        template(key).dataCategories.some((c) => c.sensitive),
        key,
      ).toBe(true)
    }
    expect(template('disability-benefits').dataCategories.find((c) => c.sensitive)?.de).toMatch(/Gesundheit/)
    // The AHV number is worth naming but not particularly sensitive (Art. 5 lit. c DSG).
    const ahv = template('insured-administration').dataCategories.find((c) => c.de.startsWith('AHV-Nummer'))
    expect(ahv?.sensitive).toBe(false)
    expect(template('it-service-providers').role).toBe('controller')
    expect(template('it-service-providers').purpose.de).toContain('Auftragsbearbeiter')
    expect(template('home-ownership').recipients.de).toContain('Grundbuchamt')
    expect(template('contributions-vested-benefits').recipients.de).toContain('Zentralstelle 2. Säule')
  })

  it('creates a template: blank category lines dropped, the flag kept, at the end of the list, audited without a customer', async () => {
    const word = crypto.randomBytes(3).toString('hex')
    const res = await post.create(templateForm(word), people.sadmin.cookie)
    expect(res.status).toBe(302)
    expect(res.location).toBe(BASE)
    const row = await byNameDe(`name ${word} DE`)
    expect(row).toMatchObject({ role: 'controller', active: true, version: 1, purposeFr: `purpose ${word} FR` })
    expect(row.key).toMatch(/^custom-/)
    expect(row.dataCategories).toEqual([
      { de: 'Gesundheitsdaten', fr: 'Données de santé', en: 'Health data', sensitive: true },
      { de: 'Bankverbindung', fr: 'Coordonnées bancaires', en: 'Bank details', sensitive: false },
    ])
    expect(row.position).toBeGreaterThan(seed.length)
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ component: 'dsgTemplate', action: 'Created', customerId: null, userId: people.sadmin.user.id })
    expect(audits[0].changedFields).toMatchObject({ nameDe: { from: null, to: `name ${word} DE` } })
  })

  it('refuses a template without categories, with a line named in some languages only, or without a name, keeping the input', async () => {
    const word = crypto.randomBytes(3).toString('hex')
    const none = templateForm(word, {
      'dataCategories[0].de': '',
      'dataCategories[0].fr': '',
      'dataCategories[0].en': '',
      'dataCategories[2].de': '',
      'dataCategories[2].fr': '',
      'dataCategories[2].en': '',
    })
    await expectRefused(post.create(none), 'dsg:templates.categoriesRequired')
    const partial = await post.create(templateForm(word, { 'dataCategories[2].fr': '' }))
    expect(partial.status).toBe(400)
    const error = (partial.body as { result: { error: Record<string, string[]> } }).result.error
    expect(error['dataCategories[2].fr']).toEqual(['dsg:templates.categoryLanguages'])
    expect(errorText(partial.body)).toContain(`purpose ${word} DE`)
    await expectRefused(post.create(templateForm(word, { nameFr: ' ' })), 'validation.required')
    await expectRefused(post.create(templateForm(word, { role: 'owner' })), 'validation.invalid')
    expect(await byNameDe(`name ${word} DE`)).toBeUndefined()
  })

  it('"add a category" without JavaScript returns the form as sent with one line more, saving nothing', async () => {
    const word = crypto.randomBytes(3).toString('hex')
    const res = await post.create(templateForm(word, { intent: 'addCategory', nameFr: '' }))
    expect(res.status).toBe(200)
    const result = (res.body as { result: { initialValue: { nameDe: string; dataCategories: unknown[] }; error?: unknown } }).result
    expect(result.error).toBeUndefined()
    expect(result.initialValue.nameDe).toBe(`name ${word} DE`)
    expect(result.initialValue.dataCategories).toHaveLength(4)
    expect(await byNameDe(`name ${word} DE`)).toBeUndefined()
  })

  it('edits a template with its version: the change audited, a stale version refused with 409 and the input kept', async () => {
    const word = crypto.randomBytes(3).toString('hex')
    await post.create(templateForm(word))
    const row = await byNameDe(`name ${word} DE`)
    const saved = await post.edit(row.id, { ...templateForm(word, { retentionFr: 'Dix ans', 'dataCategories[2].sensitive': 'on' }), version: '1' })
    expect(saved.status).toBe(302)
    const after = await byNameDe(`name ${word} DE`)
    expect(after).toMatchObject({ retentionFr: 'Dix ans', version: 2 })
    expect(after.dataCategories[1].sensitive).toBe(true)
    const stale = await post.edit(row.id, { ...templateForm(word, { retentionFr: 'Veraltet' }), version: '1' })
    expect(stale.status).toBe(409)
    expect(errorText(stale.body)).toContain('validation.staleVersion')
    expect(errorText(stale.body)).toContain('Veraltet')
    expect(await byNameDe(`name ${word} DE`)).toMatchObject({ retentionFr: 'Dix ans', version: 2 })
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id)).orderBy(auditEntries.createdAt)
    expect(audits.map((a) => a.action)).toEqual(['Created', 'Updated'])
    expect(Object.keys(audits[1].changedFields as object).sort()).toEqual(['dataCategories', 'retentionFr'])
  })

  it('deactivates and activates a template with its version, audited; a stale toggle is refused', async () => {
    const word = crypto.randomBytes(3).toString('hex')
    await post.create(templateForm(word))
    const row = await byNameDe(`name ${word} DE`)
    expect((await run(activeRoute.loader, request(`${BASE}/${row.id}/active`, as(people.sadmin.cookie)), { id: row.id })).status).toBe(200)
    expect((await post.active(row.id, '1', false)).status).toBe(302)
    expect(await byNameDe(`name ${word} DE`)).toMatchObject({ active: false, version: 2 })
    expect((await post.active(row.id, '1', true)).status).toBe(409)
    expect((await post.active(row.id, '2', true)).status).toBe(302)
    expect(await byNameDe(`name ${word} DE`)).toMatchObject({ active: true, version: 3 })
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id)).orderBy(auditEntries.createdAt)
    expect(audits.slice(1).map((a) => a.changedFields)).toEqual([{ active: { from: true, to: false } }, { active: { from: false, to: true } }])
  })

  it('lists on the server: names in the reader’s language only, searched in any language, filtered by state, paged', async () => {
    const word = `Wort${crypto.randomBytes(3).toString('hex')}`
    await post.create(templateForm(word, { nameFr: `Nom ${word}` }))
    const list = async (query: string, cookie = people.sadmin.cookie) => {
      const res = await run(listRoute.loader, request(`${BASE}?${query}`, as(cookie)))
      expect(res.status).toBe(200)
      return res.body as { rows: { id: string; name: string; active: boolean; categories: number; sensitive: number }[]; total: number; filtered: boolean }
    }
    const fr = await list(`q=${word.toLowerCase()}&lng=fr`)
    expect(fr.rows.map((r) => r.name)).toEqual([`Nom ${word}`])
    expect(fr.rows[0]).toMatchObject({ categories: 2, sensitive: 1 })
    expect(fr.rows[0]).not.toHaveProperty('nameDe')
    expect(fr.filtered).toBe(true)
    expect((await list(`q=${word}`)).rows.map((r) => r.name)).toEqual([`name ${word} DE`])
    expect((await list(`q=${word}&state=inactive`)).rows).toEqual([])
    const all = await list('size=25')
    expect(all.total).toBeGreaterThanOrEqual(12)
    expect(all.rows[0].name).toBe('Verwaltung der versicherten Personen')
    const second = await list('size=25&page=2&sort=name&dir=asc')
    expect(second.rows.length).toBe(Math.max(0, Math.min(25, all.total - 25)))
    const english = await list('lng=en&sort=name&dir=asc')
    const names = english.rows.map((r) => r.name)
    expect(names).toContain('Disability benefits')
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('only the operator: every loader and action answers 403 to a fund’s admin, and the service refuses others', async () => {
    const [row] = await system().select().from(dsgTemplates).where(eq(dsgTemplates.key, 'mortgage-loans'))
    const cookie = people.adminCookie
    const id = { id: row.id }
    const calls: [string, Promise<{ status: number }>][] = [
      ['list', run(listRoute.loader, request(BASE, as(cookie)))],
      ['new loader', run(editRoute.loader, request(`${BASE}/new`, as(cookie)))],
      ['new action', post.create(templateForm('fremd'), cookie)],
      ['edit loader', run(editRoute.loader, request(`${BASE}/${row.id}/edit`, as(cookie)), id)],
      ['edit action', post.edit(row.id, { ...templateForm('fremd'), version: String(row.version) }, cookie)],
      ['active loader', run(activeRoute.loader, request(`${BASE}/${row.id}/active`, as(cookie)), id)],
      ['active action', post.active(row.id, String(row.version), false, cookie)],
    ]
    for (const [name, call] of calls) expect((await call).status, name).toBe(403)
    const anonymous = await run(listRoute.loader, request(BASE))
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/\?redirectTo=/)
    expect(await byNameDe('name fremd DE')).toBeUndefined()
    expect((await system().select().from(dsgTemplates).where(eq(dsgTemplates.id, row.id)))[0]).toMatchObject({ version: row.version, active: row.active })
    const stranger = { ...people.sadmin.access, user: { ...people.sadmin.access.user, isSuperAdmin: false } }
    await expect(listTemplates(stranger, { sort: 'position', dir: 'asc', language: 'de' }, { limit: 10, offset: 0 })).rejects.toMatchObject({
      code: 'forbidden',
    })
  })

  it('unknown ids answer 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const cookie = people.sadmin.cookie
    expect((await run(editRoute.loader, request(`${BASE}/${id}/edit`, as(cookie)), { id })).status).toBe(404)
    expect((await run(editRoute.loader, request(`${BASE}/nope/edit`, as(cookie)), { id: 'nope' })).status).toBe(404)
    expect((await run(activeRoute.loader, request(`${BASE}/${id}/active`, as(cookie)), { id })).status).toBe(404)
    expect((await post.edit(id, { ...templateForm('x'), version: '1' })).status).toBe(404)
    expect((await post.active(id, '1', false)).status).toBe(404)
  })
})

import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, dsgActivities, dsgActivityLinks, dsgDpias, dsgTemplates, users } from '#models/schema/index.ts'
import { customerFactory, type Member, memberFactory, request, riskFactory, run, tag } from '../../../../tests/factories/index.ts'
import { glyphsOf, inflatedPdf, pdfRuns, pdfText } from '../../../../tests/pdf-text.ts'
import { system } from '../../../../tests/system-db.ts'
import { addMonths, isReviewDue } from '../rules.ts'
import { inRequest } from '#models/core/scope.server.ts'
import ExcelJS from 'exceljs'
import { DsgActivities } from './activities.server.ts'
import * as catalogRoute from './catalog.tsx'
import * as deleteRoute from './delete.tsx'
import * as detailRoute from './detail.tsx'
import * as editRoute from './edit.tsx'
import * as csvRoute from './export-csv.ts'
import * as xlsxRoute from './export-xlsx.ts'
import * as pdfRoute from './export-pdf.ts'
import * as listRoute from './index.tsx'
import { recordPdf } from './pdf.server.ts'

type Row = { id: string; name: string; reviewDue: boolean }
const rowsOf = (body: unknown) => (body as { rows: Row[] }).rows

const baseForm = (name: string): Record<string, string> => ({
  name,
  purpose: 'Führung der Versichertenkonten',
  role: 'controller',
  dataSubjects: 'Aktive Versicherte',
  'categories[0].name': 'Personalien',
  'categories[1].name': 'Gesundheitsdaten',
  'categories[1].sensitive': 'on',
  'categories[2].name': '',
  recipients: 'Rückversicherer',
  retention: '10 Jahre nach Austritt',
  security: 'Zugriff nach Rollen',
  legalBasis: 'Art. 85a BVG',
  state: 'active',
})

async function create(m: Member, form: Record<string, string>) {
  const res = await run(editRoute.action, request('/app/dsg/processing/new', { cookie: m.cookie, form }))
  expect(res.status).toBe(302)
  const [row] = await system()
    .select()
    .from(dsgActivities)
    .where(and(eq(dsgActivities.customerId, m.customer.id), eq(dsgActivities.name, form.name)))
  return row
}

describe('the record of processing activities', () => {
  let alpha: string
  let beta: string
  let dsg: Member
  let admin: Member
  let reader: Member
  let norights: Member
  let betaDsg: Member
  beforeAll(async () => {
    alpha = (await customerFactory({ attributes: { name: 'Pensionskasse Alpha Test' } })).id
    beta = (await customerFactory()).id
    dsg = await memberFactory({ customer: alpha, traits: ['dsg'] })
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    reader = await memberFactory({ customer: alpha, traits: ['read'] })
    norights = await memberFactory({ customer: alpha, traits: ['norights'] })
    betaDsg = await memberFactory({ customer: beta, traits: ['dsg', 'french'] })
  })

  it('creates an activity with its categories, keeps `sensitive` from them, edits it with the version and refuses a stale one', async () => {
    const form: Record<string, string> = { ...baseForm('Versichertenverwaltung'), responsible: `user:${dsg.user.id}` }
    const row = await create(dsg, form)
    expect(row).toMatchObject({
      customerId: alpha,
      state: 'active',
      sensitive: true,
      responsibleUserId: dsg.user.id,
      dataCategories: [
        { name: 'Personalien', sensitive: false },
        { name: 'Gesundheitsdaten', sensitive: true },
      ],
      createdByUserId: dsg.user.id,
      version: 1,
      retiredOn: null,
    })
    expect(row.idkey).toBeGreaterThan(0)

    // Without the sensitive category the flag goes.
    const edit = (f: Record<string, string>) =>
      run(editRoute.action, request(`/app/dsg/processing/${row.id}/edit`, { cookie: dsg.cookie, form: f }), { id: row.id })
    const { 'categories[1].sensitive': _drop, ...plain } = form
    expect((await edit({ ...plain, name: 'Versichertenverwaltung neu', version: '1' })).status).toBe(302)
    const [after] = await system().select().from(dsgActivities).where(eq(dsgActivities.id, row.id))
    expect(after).toMatchObject({ name: 'Versichertenverwaltung neu', sensitive: false, version: 2 })

    // The same version again is stale: 409, and the form gets back what was typed.
    const stale = await edit({ ...plain, name: 'Überholt', version: '1' })
    expect(stale.status).toBe(409)
    expect(JSON.stringify(stale.body)).toContain('validation.staleVersion')
    expect(JSON.stringify(stale.body)).toContain('Überholt')
    expect((await system().select().from(dsgActivities).where(eq(dsgActivities.id, row.id)))[0].name).toBe('Versichertenverwaltung neu')

    // A disclosure abroad needs its countries and safeguard, with the message at the field and the input kept.
    const abroad = await edit({ ...plain, abroad: 'on', abroadNote: 'Cloud-Anbieter', version: '2' })
    expect(abroad.status).toBe(400)
    const reply = JSON.stringify(abroad.body)
    expect(reply).toContain('"abroadCountries":["dsg:processing.abroadCountriesRequired"]')
    expect(reply).toContain('"abroadSafeguard":["dsg:processing.abroadSafeguardRequired"]')
    expect(reply).toContain('Cloud-Anbieter')
    // The service says the same to a caller that skips the form.
    const input = {
      name: 'x',
      purpose: '',
      role: 'controller' as const,
      responsible: null,
      dataSubjects: '',
      dataCategories: [],
      recipients: '',
      abroad: true,
      abroadCountries: '',
      abroadSafeguard: null,
      abroadNote: '',
      retention: '',
      security: '',
      legalBasis: '',
      state: 'draft' as const,
    }
    await expect(DsgActivities.for(dsg.access).create(input)).rejects.toMatchObject({ code: 'invalid', field: 'abroadCountries' })
    expect(
      (await edit({ ...plain, abroad: 'on', abroadCountries: 'USA', abroadSafeguard: 'clauses', abroadNote: 'Cloud-Anbieter', version: '2' })).status,
    ).toBe(302)

    // Retiring marks the day; active again clears it.
    expect((await edit({ ...plain, state: 'retired', version: '3' })).status).toBe(302)
    const [retired] = await system().select().from(dsgActivities).where(eq(dsgActivities.id, row.id))
    expect(retired).toMatchObject({ state: 'retired', retiredOn: todayInZurich(), abroad: false, abroadCountries: '', abroadSafeguard: null })
    expect((await edit({ ...plain, state: 'active', version: '4' })).status).toBe(302)
    expect((await system().select().from(dsgActivities).where(eq(dsgActivities.id, row.id)))[0].retiredOn).toBeNull()

    // Every change is in the audit trail.
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(audits.every((a) => a.component === 'dsgActivity' && a.customerId === alpha && a.userId === dsg.user.id)).toBe(true)
    expect(audits.map((a) => a.action).sort()).toEqual(['Created', 'Updated', 'Updated', 'Updated', 'Updated'])
  })

  it('keeps the typed rows when "another row" is posted without JavaScript', async () => {
    const form = { ...baseForm('Zeilen'), intent: 'addRow' }
    const res = await run(editRoute.action, request('/app/dsg/processing/new', { cookie: dsg.cookie, form }))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ rows: 4, result: { initialValue: { name: 'Zeilen' } } })
    expect(await system().select().from(dsgActivities).where(eq(dsgActivities.name, 'Zeilen'))).toEqual([])
  })

  it('shows an active activity not reviewed for 12 months as due, by the rules, until it is reviewed', async () => {
    const today = todayInZurich()
    const old = await create(dsg, baseForm(`Alt ${tag()}`))
    const fresh = await create(dsg, baseForm(`Neu ${tag()}`))
    const draft = await create(dsg, { ...baseForm(`Entwurf ${tag()}`), state: 'draft' })
    const longAgo = new Date(`${addMonths(today, -13)}T12:00:00Z`)
    await system()
      .update(dsgActivities)
      .set({ createdAt: longAgo })
      .where(inArray(dsgActivities.id, [old.id, draft.id]))
    await system()
      .update(dsgActivities)
      .set({ createdAt: longAgo, lastReviewedOn: addDays(today, -30) })
      .where(eq(dsgActivities.id, fresh.id))

    const due = rowsOf((await run(listRoute.loader, request('/app/dsg/processing?due=yes&size=100', { cookie: reader.cookie }))).body)
    expect(due.map((r) => r.id)).toContain(old.id)
    expect(due.map((r) => r.id)).not.toContain(fresh.id)
    expect(due.map((r) => r.id)).not.toContain(draft.id)
    const all = rowsOf((await run(listRoute.loader, request('/app/dsg/processing?size=100', { cookie: reader.cookie }))).body)
    const [rowsOld, rowsFresh] = [all.find((r) => r.id === old.id)!, all.find((r) => r.id === fresh.id)!]
    expect(rowsOld.reviewDue).toBe(true)
    expect(rowsFresh.reviewDue).toBe(false)
    // The SQL and the TypeScript rule agree on every row.
    const stored = await system().select().from(dsgActivities).where(eq(dsgActivities.customerId, alpha))
    for (const r of all) expect(r.reviewDue).toBe(isReviewDue(stored.find((s) => s.id === r.id)!, today))

    const detail = await run(detailRoute.loader, request(`/app/dsg/processing/${old.id}`, { cookie: dsg.cookie }), { id: old.id })
    expect(detail.body).toMatchObject({ reviewDue: true })
    const review = (cookie: string, version: string) =>
      run(detailRoute.action, request(`/app/dsg/processing/${old.id}`, { cookie, form: { intent: 'review', version } }), { id: old.id })
    expect((await review(reader.cookie, '1')).status).toBe(403)
    expect((await review(dsg.cookie, '1')).status).toBe(302)
    const [reviewed] = await system().select().from(dsgActivities).where(eq(dsgActivities.id, old.id))
    expect(reviewed).toMatchObject({ lastReviewedOn: today, version: 2 })
    expect(isReviewDue(reviewed, today)).toBe(false)
    const dueAfter = rowsOf((await run(listRoute.loader, request('/app/dsg/processing?due=yes&size=100', { cookie: reader.cookie }))).body)
    expect(dueAfter.map((r) => r.id)).not.toContain(old.id)
  })

  it('filters by state, responsible, sensitive data and text, on the server', async () => {
    const mark = tag()
    const a = await create(dsg, { ...baseForm(`Filter A ${mark}`), responsible: `user:${admin.user.id}` })
    const { 'categories[1].sensitive': _s, ...plain } = baseForm(`Filter B ${mark}`)
    const b = await create(dsg, { ...plain, state: 'draft' })
    const list = async (q: string) =>
      rowsOf((await run(listRoute.loader, request(`/app/dsg/processing?q=${mark}&size=100${q}`, { cookie: reader.cookie }))).body).map((r) => r.id)
    expect(await list('')).toEqual([a.id, b.id])
    expect(await list('&state=draft')).toEqual([b.id])
    expect(await list('&sensitive=yes')).toEqual([a.id])
    expect(await list(`&responsible=user:${admin.user.id}`)).toEqual([a.id])
    expect(await list('&sort=name&dir=desc')).toEqual([b.id, a.id])
  })

  it('copies templates into the record as drafts in the user’s language, with their categories', async () => {
    const key = tag()
    const [t1, t2] = await system()
      .insert(dsgTemplates)
      .values([
        {
          position: 900,
          key: `ivb-${key}`,
          nameDe: 'Invalidenleistungen',
          nameFr: 'Prestations d’invalidité',
          nameEn: 'Disability benefits',
          purposeFr: 'Examen du droit aux prestations',
          dataSubjectsFr: 'Assurés invalides',
          dataCategories: [
            { de: 'Personalien', fr: 'Données personnelles', en: 'Personal details', sensitive: false },
            { de: 'Gesundheitsdaten', fr: 'Données sur la santé', en: 'Health data', sensitive: true },
          ],
          recipientsFr: 'Réassureur',
          retentionFr: '10 ans',
          securityFr: 'Accès restreint',
          legalBasisFr: 'Art. 23 LPP',
        },
        { position: 901, key: `web-${key}`, nameDe: 'Website', nameFr: 'Site web', nameEn: 'Website', dataCategories: [] },
      ])
      .returning()
    const [inactive] = await system()
      .insert(dsgTemplates)
      .values({ position: 902, key: `old-${key}`, nameDe: 'Alt', nameFr: 'Ancien', nameEn: 'Old', active: false })
      .returning()

    const page = await run(catalogRoute.loader, request('/app/dsg/processing/catalog?lng=fr', { cookie: betaDsg.cookie }))
    const offered = (page.body as { templates: { id: string; name: string }[] }).templates
    expect(offered.map((t) => t.id)).toEqual(expect.arrayContaining([t1.id, t2.id]))
    expect(offered.map((t) => t.id)).not.toContain(inactive.id)
    expect(offered.find((t) => t.id === t1.id)?.name).toBe('Prestations d’invalidité')

    const copy = (cookie: string, ids: string[]) => {
      const body = new URLSearchParams(ids.map((id) => ['templateId', id]))
      return run(
        catalogRoute.action,
        new Request('http://localhost/app/dsg/processing/catalog?lng=fr', {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        }),
      )
    }
    expect((await copy(betaDsg.cookie, [])).status).toBe(400)
    expect((await copy(betaDsg.cookie, [inactive.id])).status).toBe(404)
    expect((await copy(reader.cookie, [t1.id])).status).toBe(403)
    expect((await copy(betaDsg.cookie, [t1.id, t2.id])).status).toBe(302)
    const copied = await system()
      .select()
      .from(dsgActivities)
      .where(and(eq(dsgActivities.customerId, beta), inArray(dsgActivities.templateId, [t1.id, t2.id])))
      .orderBy(dsgActivities.idkey)
    expect(copied).toHaveLength(2)
    expect(copied[0]).toMatchObject({
      templateId: t1.id,
      state: 'draft',
      name: 'Prestations d’invalidité',
      purpose: 'Examen du droit aux prestations',
      dataSubjects: 'Assurés invalides',
      recipients: 'Réassureur',
      legalBasis: 'Art. 23 LPP',
      sensitive: true,
      dataCategories: [
        { name: 'Données personnelles', sensitive: false },
        { name: 'Données sur la santé', sensitive: true },
      ],
      createdByUserId: betaDsg.user.id,
    })
    expect(copied[1]).toMatchObject({ templateId: t2.id, name: 'Site web', sensitive: false })
    const audits = await system()
      .select()
      .from(auditEntries)
      .where(
        inArray(
          auditEntries.entityId,
          copied.map((c) => c.id),
        ),
      )
    expect(audits.map((a) => `${a.component}/${a.action}`)).toEqual(['dsgActivity/Created', 'dsgActivity/Created'])
    // The catalogue shows what is in the record.
    const again = await run(catalogRoute.loader, request('/app/dsg/processing/catalog', { cookie: betaDsg.cookie }))
    expect((again.body as { templates: { id: string; activityId: string | null }[] }).templates.find((t) => t.id === t1.id)?.activityId).toBe(copied[0].id)
  })

  it('refuses to delete an activity with an impact assessment (retire it instead), and deletes one without', async () => {
    const kept = await create(dsg, baseForm(`Mit DSFA ${tag()}`))
    await system().insert(dsgDpias).values({ customerId: alpha, activityId: kept.id })
    const del = (id: string, cookie = dsg.cookie) =>
      run(deleteRoute.action, request(`/app/dsg/processing/${id}/delete`, { cookie, form: { version: '1' } }), { id })
    const refused = await del(kept.id)
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.body)).toContain('dsg:processing.deleteHasDpia')
    expect(await system().select().from(dsgActivities).where(eq(dsgActivities.id, kept.id))).toHaveLength(1)
    await expect(DsgActivities.for(dsg.access).remove(kept.id, 1)).rejects.toEqual(new DomainError('conflict', undefined, 'dsg:processing.deleteHasDpia'))

    const gone = await create(dsg, baseForm(`Ohne DSFA ${tag()}`))
    expect((await del(gone.id, reader.cookie)).status).toBe(403)
    expect((await del(gone.id)).status).toBe(302)
    expect(await system().select().from(dsgActivities).where(eq(dsgActivities.id, gone.id))).toEqual([])
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, gone.id))
    expect(audits.map((a) => a.action).sort()).toEqual(['Created', 'Deleted'])
  })

  it('links risks the user may read, and answers 404 for another fund’s risk or one out of its sight', async () => {
    const activity = await create(dsg, baseForm(`Verknüpft ${tag()}`))
    const own = await riskFactory({ customer: alpha, traits: ['dsg'] })
    const notDsg = await riskFactory({ customer: alpha })
    const foreign = await riskFactory({ customer: beta, traits: ['dsg'] })
    const link = (cookie: string, targetId: string, intent = 'link') =>
      run(detailRoute.action, request(`/app/dsg/processing/${activity.id}`, { cookie, form: { intent, kind: 'risk', targetId } }), { id: activity.id })
    expect((await link(dsg.cookie, foreign.id)).status).toBe(404)
    // The dsg role sees only DSG-relevant risks.
    expect((await link(dsg.cookie, notDsg.id)).status).toBe(404)
    expect((await link(reader.cookie, own.id)).status).toBe(403)
    expect((await link(dsg.cookie, own.id)).status).toBe(302)
    expect((await link(admin.cookie, notDsg.id)).status).toBe(302)
    const links = await system().select().from(dsgActivityLinks).where(eq(dsgActivityLinks.activityId, activity.id))
    expect(links.map((l) => l.riskId).sort()).toEqual([own.id, notDsg.id].sort())
    // Each reader sees the links it may read.
    const asDsg = await run(detailRoute.loader, request(`/app/dsg/processing/${activity.id}`, { cookie: dsg.cookie }), { id: activity.id })
    expect((asDsg.body as { item: { risks: { id: string }[] } }).item.risks.map((r) => r.id)).toEqual([own.id])
    const asReader = await run(detailRoute.loader, request(`/app/dsg/processing/${activity.id}`, { cookie: reader.cookie }), { id: activity.id })
    expect((asReader.body as { item: { risks: { id: string }[] } }).item.risks).toHaveLength(2)
    expect((await link(dsg.cookie, own.id, 'unlink')).status).toBe(302)
    expect((await link(dsg.cookie, own.id, 'unlink')).status).toBe(404)
    const audits = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, activity.id), eq(auditEntries.component, 'dsgActivityLink')))
    expect(audits.map((a) => a.action).sort()).toEqual(['Created', 'Created', 'Deleted'])
  })

  it('lets the dsg role and admins write, readers read, and members without a tool nothing', async () => {
    const byAdmin = await create(admin, baseForm(`Vom Admin ${tag()}`))
    expect(byAdmin.createdByUserId).toBe(admin.user.id)

    const list = await run(listRoute.loader, request('/app/dsg/processing', { cookie: reader.cookie }))
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ canWrite: false })
    expect((await run(listRoute.loader, request('/app/dsg/processing', { cookie: dsg.cookie }))).body).toMatchObject({ canWrite: true })
    expect((await run(detailRoute.loader, request(`/app/dsg/processing/${byAdmin.id}`, { cookie: reader.cookie }), { id: byAdmin.id })).status).toBe(200)
    expect((await run(editRoute.loader, request('/app/dsg/processing/new', { cookie: reader.cookie }))).status).toBe(403)
    expect((await run(editRoute.action, request('/app/dsg/processing/new', { cookie: reader.cookie, form: baseForm('Leser') }))).status).toBe(403)
    expect(
      (
        await run(
          editRoute.action,
          request(`/app/dsg/processing/${byAdmin.id}/edit`, { cookie: reader.cookie, form: { ...baseForm('Leser'), version: '1' } }),
          {
            id: byAdmin.id,
          },
        )
      ).status,
    ).toBe(403)
    expect((await run(csvRoute.loader, request('/app/dsg/processing/export.csv', { cookie: reader.cookie }))).status).toBe(200)

    for (const path of ['/app/dsg/processing', '/app/dsg/processing/catalog', '/app/dsg/processing/export.csv', '/app/dsg/processing/export.pdf']) {
      const loader =
        { '/app/dsg/processing': listRoute, '/app/dsg/processing/catalog': catalogRoute }[path]?.loader ??
        (path.endsWith('csv') ? csvRoute.loader : pdfRoute.loader)
      expect((await run(loader, request(path, { cookie: norights.cookie }))).status).toBe(403)
    }
    expect((await run(detailRoute.loader, request(`/app/dsg/processing/${byAdmin.id}`, { cookie: norights.cookie }), { id: byAdmin.id })).status).toBe(403)
    // A member without a tool would never get the review reminder: not offered, and refused as responsible.
    const offered = await DsgActivities.for(dsg.access).responsibles()
    expect(offered.people.map((p) => p.id)).toEqual(expect.arrayContaining([dsg.user.id, reader.user.id]))
    expect(offered.people.map((p) => p.id)).not.toContain(norights.user.id)
    const named = await run(
      editRoute.action,
      request('/app/dsg/processing/new', { cookie: dsg.cookie, form: { ...baseForm('Niemand'), responsible: `user:${norights.user.id}` } }),
    )
    expect(named.status).toBe(400)
    expect(JSON.stringify(named.body)).toContain('dsg:processing.responsibleInvalid')
    expect(() => DsgActivities.for(norights.access).list({ sort: 'idkey', dir: 'asc' }, { limit: 10, offset: 0 })).toThrow(DomainError)
  })

  it('a responsible person whose account was disabled stays on an unchanged save and in the choices; named anew, refused with the field message', async () => {
    const person = await memberFactory({ customer: dsg.customer.id, traits: ['dsg'] })
    const name = `Verantwortet ${tag()}`
    const row = await create(dsg, { ...baseForm(name), responsible: `user:${person.user.id}` })
    await system().update(users).set({ state: 'disabled' }).where(eq(users.id, person.user.id))
    const service = DsgActivities.for(dsg.access)
    expect((await service.responsibles()).people.map((p) => p.id)).not.toContain(person.user.id)
    expect((await service.responsibles(person.user.id)).people.map((p) => p.id)).toContain(person.user.id)
    const kept = await run(
      editRoute.action,
      request(`/app/dsg/processing/${row.id}/edit`, {
        cookie: dsg.cookie,
        form: { ...baseForm(name), responsible: `user:${person.user.id}`, version: String(row.version) },
      }),
      { id: row.id },
    )
    expect(kept.status).toBe(302)
    const anew = await run(
      editRoute.action,
      request('/app/dsg/processing/new', { cookie: dsg.cookie, form: { ...baseForm(`Neu ${tag()}`), responsible: `user:${person.user.id}` } }),
    )
    expect(anew.status).toBe(400)
    expect(JSON.stringify(anew.body)).toContain('dsg:processing.responsibleInvalid')
  })

  it('keeps each fund’s record to itself', async () => {
    const secret = await create(dsg, baseForm(`Alpha intern ${tag()}`))
    const b = betaDsg.cookie
    expect((await run(detailRoute.loader, request(`/app/dsg/processing/${secret.id}`, { cookie: b }), { id: secret.id })).status).toBe(404)
    expect((await run(editRoute.loader, request(`/app/dsg/processing/${secret.id}/edit`, { cookie: b }), { id: secret.id })).status).toBe(404)
    expect(
      (
        await run(editRoute.action, request(`/app/dsg/processing/${secret.id}/edit`, { cookie: b, form: { ...baseForm('Übernommen'), version: '1' } }), {
          id: secret.id,
        })
      ).status,
    ).toBe(404)
    expect(
      (await run(deleteRoute.action, request(`/app/dsg/processing/${secret.id}/delete`, { cookie: b, form: { version: '1' } }), { id: secret.id })).status,
    ).toBe(404)
    expect(
      (
        await run(detailRoute.action, request(`/app/dsg/processing/${secret.id}`, { cookie: b, form: { intent: 'review', version: '1' } }), {
          id: secret.id,
        })
      ).status,
    ).toBe(404)
    const list = rowsOf((await run(listRoute.loader, request('/app/dsg/processing?size=100', { cookie: b }))).body)
    expect(list.map((r) => r.id)).not.toContain(secret.id)
    const csv = await run(csvRoute.loader, request('/app/dsg/processing/export.csv', { cookie: b }))
    expect(String(csv.body)).not.toContain(secret.name)
    // A responsible person of another fund is refused.
    const foreign = await run(
      editRoute.action,
      request('/app/dsg/processing/new', { cookie: b, form: { ...baseForm('Fremd'), responsible: `user:${dsg.user.id}` } }),
    )
    expect(foreign.status).toBe(400)
    expect(JSON.stringify(foreign.body)).toContain('dsg:processing.responsibleInvalid')
    const [unchanged] = await system().select().from(dsgActivities).where(eq(dsgActivities.id, secret.id))
    expect(unchanged.version).toBe(1)
  })

  it('exports the whole record as CSV and as a PDF in the reader’s language', async () => {
    const name = `Export Stiftungsrat ${tag()}`
    await create(dsg, { ...baseForm(name), abroad: 'on', abroadCountries: 'Irland', abroadSafeguard: 'adequacy' })
    const csv = await run(csvRoute.loader, request('/app/dsg/processing/export.csv', { cookie: reader.cookie }))
    expect(csv.headers.get('Content-Type')).toContain('text/csv')
    const text = String(csv.body)
    expect(text).toContain('"Bezeichnung";"Bearbeitungszweck"')
    expect(text).toContain(name)
    expect(text).toContain('Gesundheitsdaten (besonders schützenswert)')
    expect(text).toContain('Staat mit angemessenem Schutz (Anhang 1 DSV)')

    const res = await run(pdfRoute.loader, request('/app/dsg/processing/export.pdf', { cookie: reader.cookie }))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="Bearbeitungsverzeichnis-\d{4}-\d{2}-\d{2}\.pdf"$/)
    expect(String(res.body).startsWith('%PDF-')).toBe(true)
    expect(String(res.body).trimEnd().endsWith('%%EOF')).toBe(true)

    // The text, read back from an uncompressed rendering of the same record.
    const activities = await DsgActivities.for(reader.access).all()
    const t = getFixedT('de')
    const today = todayInZurich()
    const pdf = await recordPdf({ t, fund: 'Pensionskasse Alpha Test', today, activities, compress: false })
    const content = pdfText(pdf)
    expect(content).toContain('Verzeichnis der Bearbeitungstätigkeiten')
    expect(content).toContain('Pensionskasse Alpha Test')
    expect(content).toContain(name)
    expect(content).toContain('Rückversicherer')
    expect(content).toMatch(/Seite 1 von \d+/)
    expect(content).not.toContain('Caisse')
    // The same record gives the same bytes.
    expect((await recordPdf({ t, fund: 'Pensionskasse Alpha Test', today, activities, compress: false })).equals(pdf)).toBe(true)

    const fr = await recordPdf({ t: getFixedT('fr'), fund: 'Caisse Beta', today, activities: activities.slice(0, 1), compress: false })
    expect(pdfText(fr)).toContain('Registre des activités de traitement')
    expect(pdfText(fr)).toContain('Page 1 sur 1')
    // Letters beyond basic Latin are the font's own glyphs, not .notdef boxes.
    const wide = await recordPdf({ t, fund: 'Pensionskasse Petrović-Šimić Łukasz Ørsted', today, activities: [], compress: false })
    expect(pdfText(wide)).toContain('Pensionskasse Petrović-Šimić Łukasz Ørsted')
    for (const c of 'ćŠŁØ') expect(glyphsOf(wide).get(c), c).toBeGreaterThan(0)
  })

  /** A download route's raw bytes, as the server would send them. */
  async function bytesOf(loader: (args: never) => Promise<Response>, path: string, cookie: string) {
    const req = request(path, { cookie })
    const res = await inRequest(req, () => (loader as (a: unknown) => Promise<Response>)({ request: req, params: {}, context: {} }))
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
  }

  it('exports what the filtered list shows, as CSV, XLSX and PDF, and says so in the PDF', async () => {
    const active = `Aktiv exportiert ${tag()}`
    const draft = `Entwurf nicht exportiert ${tag()}`
    await create(dsg, baseForm(active))
    await create(dsg, { ...baseForm(draft), state: 'draft' })
    const list = await run(listRoute.loader, request('/app/dsg/processing?state=active', { cookie: reader.cookie }))
    const shown = rowsOf(list.body).map((r) => r.name)
    expect(shown).toContain(active)
    expect(shown).not.toContain(draft)
    expect((list.body as { exportSearch: string }).exportSearch).toBe('?state=active')

    const csv = String((await run(csvRoute.loader, request('/app/dsg/processing/export.csv?state=active', { cookie: reader.cookie }))).body)
    expect(csv).toContain(active)
    expect(csv).not.toContain(draft)
    const xlsx = await bytesOf(xlsxRoute.loader, '/app/dsg/processing/export.xlsx?state=active', reader.cookie)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(xlsx.bytes.buffer.slice(xlsx.bytes.byteOffset, xlsx.bytes.byteOffset + xlsx.bytes.byteLength) as ArrayBuffer)
    const names = book.worksheets[0].getColumn(2).values.map(String)
    expect(names).toContain(active)
    expect(names).not.toContain(draft)

    for (const [lang, cookie] of [['de', reader.cookie]] as const) {
      const t = getFixedT(lang)
      const filtered = await bytesOf(pdfRoute.loader, '/app/dsg/processing/export.pdf?state=active&q=exportiert', cookie)
      expect(filtered.status).toBe(200)
      const text = pdfText(inflatedPdf(filtered.bytes)).replaceAll('\n', ' ')
      expect(text).toContain(active)
      expect(text).not.toContain(draft)
      expect(text).toContain(
        t('dsg:processing.pdf.filtered', {
          filter: [
            t('dsg:processing.pdf.filterItem', { label: t('dsg:processing.field.state'), value: t('dsg:processing.state.active') }),
            t('dsg:processing.pdf.filterItem', { label: t('measures.filter.q'), value: t('dsg:processing.pdf.search', { q: 'exportiert' }) }),
          ].join(' · '),
        }),
      )
      // Unfiltered, the whole record: both, and no word of a filter.
      const whole = pdfText(inflatedPdf((await bytesOf(pdfRoute.loader, '/app/dsg/processing/export.pdf', cookie)).bytes))
      expect(whole).toContain(active)
      expect(whole).toContain(draft)
      expect(whole).not.toContain(t('dsg:processing.pdf.filtered', { filter: '' }).trim())
    }
  })

  for (const lang of ['de', 'fr', 'en'] as const) {
    it(`leaves empty fields out and keeps each label with its value and each record’s head with its first field, over pages, in ${lang}`, async () => {
      const t = getFixedT(lang)
      const made = await create(dsg, baseForm(`Vorlage Seitenumbruch ${tag()}`))
      const base = (await DsgActivities.for(reader.access).all()).find((a) => a.id === made.id)!
      // Records of many lengths, so that page breaks fall everywhere in them; the empty fields are left empty.
      const activities = Array.from({ length: 24 }, (_, i) => ({
        ...base,
        idkey: 900 + i,
        name: `Langes Verfahren ${i + 1}`,
        purpose: Array.from({ length: 1 + ((i * 7) % 13) }, (_, k) => `Zweck ${k + 1} der Bearbeitung der Versichertendaten.`).join(' '),
        recipients: i % 3 ? 'Rückversicherer, Aufsichtsbehörde und Revisionsstelle' : '',
        abroadCountries: '',
        abroadNote: '',
        abroadSafeguard: null,
        retention: i % 2 ? '' : '10 Jahre nach Austritt',
        risks: [],
        processes: [],
        retiredOn: null,
      }))
      const runs = pdfRuns(await recordPdf({ t, fund: 'Pensionskasse Alpha Test', today: todayInZurich(), activities, compress: false }))
      expect(runs.some((r) => r.page > 2)).toBe(true)
      // No row of dashes, and the empty fields' labels are not there.
      expect(runs.some((r) => r.text.trim() === '—')).toBe(false)
      const labelOf = (key: string) => t(key)
      expect(runs.some((r) => r.text.trim() === labelOf('dsg:processing.field.abroadCountries'))).toBe(false)
      expect(runs.filter((r) => r.text.trim() === labelOf('dsg:processing.field.retention')).length).toBe(12)
      // On every page, the last line above the footer is a value, never a label (9 pt) or a record's head (14 pt).
      const pages = [...new Set(runs.map((r) => r.page))]
      for (const page of pages) {
        const body = runs.filter((r) => r.page === page && r.size !== 8)
        expect(body.at(-1)?.size, `page ${page + 1}: ${body.at(-1)?.text}`).toBe(10.5)
        // Each label is followed by its value on the same page.
        body.forEach((r, i) => {
          if (r.size === 9 && !r.text.includes(t('dsg:processing.pdf.continued', { name: '' }).trim())) expect(body[i + 1]?.size, r.text).toBe(10.5)
          if (r.size === 14) expect(body[i + 1]?.size, r.text).toBe(9)
        })
      }
      // A record that runs onto the next page says whose fields follow.
      const continued = t('dsg:processing.pdf.continued', { name: '' }).trim()
      expect(runs.some((r) => r.size === 9 && r.text.includes(continued))).toBe(true)
    })
  }
})

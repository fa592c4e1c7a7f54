import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { errorText, leadingNumberTests, leadingNumbers } from '../catalog-test-kit.ts'
import * as activeRoute from './active.tsx'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'
import * as themeEditRoute from './themes/edit.tsx'
import * as themesRoute from './themes/index.tsx'
import type { Access } from '#models/core/access.ts'
import { db } from '#models/core/db.server.ts'
import { createCatalogEntry, createTheme, listCatalog } from '#app/features/risk/catalog.server.ts'
import { auditEntries, riskCatalog, risks, riskThemes } from '#models/schema/index.ts'
import { customerFactory, memberFactory, operatorFactory, request, riskFactory, run } from '../../../../tests/factories/index.ts'

const leadingNumber = leadingNumbers()

const themeForm = (ln: string, extra: Record<string, string> = {}) => ({
  leadingNumber: ln,
  nameDe: `Thema ${ln}`,
  nameFr: `Thème ${ln}`,
  nameEn: `Theme ${ln}`,
  ...extra,
})

const entryForm = (themeId: string, idkey: string, extra: Record<string, string> = {}) => ({
  themeId,
  idkey,
  titleDe: 'Anlagestrategie nicht abgestimmt',
  titleFr: 'Stratégie de placement inadaptée',
  titleEn: 'Investment strategy not aligned',
  descriptionDe: 'Beschreibung',
  probability: '3',
  severity: '',
  strategic: 'on',
  tags: 'anlage, markt , anlage,',
  ...extra,
})

describe('super admin: risk catalogue and themes', () => {
  let sadmin: { access: Access; cookie: string; userId: string }
  let customerId: string
  let adminCookie: string

  beforeAll(async () => {
    const { user, cookie, access } = await operatorFactory()
    sadmin = { cookie, userId: user.id, access }
    customerId = (await customerFactory()).id
    // A customer admin with every right a customer can give: still no super admin.
    adminCookie = (await memberFactory({ customer: customerId, traits: ['admin'] })).cookie
  })

  async function themeWithEntry() {
    const ln = leadingNumber()
    const theme = await createTheme(sadmin.access, { leadingNumber: ln, nameDe: `Thema ${ln}`, nameFr: `Thème ${ln}`, nameEn: `Theme ${ln}` })
    const entry = await createCatalogEntry(sadmin.access, {
      idkey: `${ln}.01`,
      themeId: theme.id,
      titleDe: 'Titel',
      titleFr: 'Titre',
      titleEn: 'Title',
      descriptionDe: '',
      descriptionFr: '',
      descriptionEn: '',
      reactionDe: '',
      reactionFr: '',
      reactionEn: '',
      controllingDe: '',
      controllingFr: '',
      controllingEn: '',
      probability: 2,
      severity: 4,
      strategic: false,
      dsgRelevant: true,
      hasPersonalData: true,
      hasProtectableData: false,
      tags: ['it'],
    })
    return { ln, theme, entry }
  }

  it('only super admins: every loader and action answers 403 to others', async () => {
    const { theme, entry } = await themeWithEntry()
    const t = { id: theme.id }
    const e = { id: entry.id }
    const calls: [string, Promise<{ status: number }>][] = [
      ['list', run(listRoute.loader, request('/app/sadmin/risks', { cookie: adminCookie }))],
      ['new loader', run(editRoute.loader, request('/app/sadmin/risks/new', { cookie: adminCookie }))],
      ['new action', run(editRoute.action, request('/app/sadmin/risks/new', { cookie: adminCookie, form: entryForm(theme.id, 'XX.01') }))],
      ['edit loader', run(editRoute.loader, request(`/app/sadmin/risks/${entry.id}/edit`, { cookie: adminCookie }), e)],
      [
        'edit action',
        run(
          editRoute.action,
          request(`/app/sadmin/risks/${entry.id}/edit`, { cookie: adminCookie, form: { ...entryForm(theme.id, entry.idkey), version: '1' } }),
          e,
        ),
      ],
      ['active loader', run(activeRoute.loader, request(`/app/sadmin/risks/${entry.id}/active`, { cookie: adminCookie }), e)],
      [
        'active action',
        run(activeRoute.action, request(`/app/sadmin/risks/${entry.id}/active`, { cookie: adminCookie, form: { version: '1', active: 'false' } }), e),
      ],
      ['themes', run(themesRoute.loader, request('/app/sadmin/risks/themes', { cookie: adminCookie }))],
      ['theme new loader', run(themeEditRoute.loader, request('/app/sadmin/risks/themes/new', { cookie: adminCookie }))],
      ['theme new action', run(themeEditRoute.action, request('/app/sadmin/risks/themes/new', { cookie: adminCookie, form: themeForm('QQ') }))],
      ['theme edit loader', run(themeEditRoute.loader, request(`/app/sadmin/risks/themes/${theme.id}/edit`, { cookie: adminCookie }), t)],
      [
        'theme edit action',
        run(
          themeEditRoute.action,
          request(`/app/sadmin/risks/themes/${theme.id}/edit`, { cookie: adminCookie, form: { ...themeForm('QQ'), version: '1' } }),
          t,
        ),
      ],
    ]
    for (const [name, call] of calls) expect((await call).status, name).toBe(403)
    // Without a session: to the login.
    const anonymous = await run(listRoute.loader, request('/app/sadmin/risks'))
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/\?redirectTo=/)
    // Nothing changed.
    expect(await db().select().from(riskThemes).where(eq(riskThemes.leadingNumber, 'QQ'))).toEqual([])
    const [row] = await db().select().from(riskCatalog).where(eq(riskCatalog.id, entry.id))
    expect(row).toMatchObject({ version: 1, active: true, titleDe: 'Titel' })
    // The super admin gets through.
    expect((await run(listRoute.loader, request('/app/sadmin/risks', { cookie: sadmin.cookie }))).status).toBe(200)
    expect((await run(themesRoute.loader, request('/app/sadmin/risks/themes', { cookie: sadmin.cookie }))).status).toBe(200)
  })

  leadingNumberTests({
    sadmin: () => sadmin,
    leadingNumber,
    themes: '/app/sadmin/risks/themes',
    action: themeEditRoute.action,
    create: createTheme,
    table: riskThemes,
    themeForm,
    takenKey: 'sadmin:themes.leadingNumberTaken',
  })

  it('the leading number of a theme with catalogue entries stays; its names may change', async () => {
    const { theme } = await themeWithEntry()
    const res = await run(
      themeEditRoute.action,
      request(`/app/sadmin/risks/themes/${theme.id}/edit`, { cookie: sadmin.cookie, form: { ...themeForm(leadingNumber()), version: '1' } }),
      { id: theme.id },
    )
    expect(res.status).toBe(400)
    expect(errorText(res.body)).toContain('sadmin:themes.leadingNumberInUse')
    const renamed = await run(
      themeEditRoute.action,
      request(`/app/sadmin/risks/themes/${theme.id}/edit`, {
        cookie: sadmin.cookie,
        form: { ...themeForm(theme.leadingNumber, { nameFr: 'Nouveau nom' }), version: '1' },
      }),
      { id: theme.id },
    )
    expect(renamed.status).toBe(302)
    const [row] = await db().select().from(riskThemes).where(eq(riskThemes.id, theme.id))
    expect(row).toMatchObject({ leadingNumber: theme.leadingNumber, nameFr: 'Nouveau nom', version: 2 })
    // The list counts the theme's catalogue entries.
    const themes = await run(themesRoute.loader, request('/app/sadmin/risks/themes?size=100', { cookie: sadmin.cookie }))
    const listed = (themes.body as { rows: { id: string; entries: number }[] }).rows.find((r) => r.id === theme.id)
    expect(listed?.entries).toBe(1)
  })

  it('a catalogue number is unique and starts with the leading number of its theme and a dot', async () => {
    const { ln, theme } = await themeWithEntry()
    const post = (idkey: string, themeId = theme.id) =>
      run(editRoute.action, request('/app/sadmin/risks/new', { cookie: sadmin.cookie, form: entryForm(themeId, idkey) }))
    for (const idkey of ['ZZ.01', `${ln}01`, `${ln}.`, `${ln}. 1`, `X${ln}.01`]) {
      const res = await post(idkey)
      expect(res.status, idkey).toBe(400)
      expect(errorText(res.body), idkey).toContain('sadmin:risks.idkeyPrefix')
    }
    const taken = await post(`${ln}.01`)
    expect(taken.status).toBe(400)
    expect(errorText(taken.body)).toContain('sadmin:risks.idkeyTaken')
    const noTheme = await post(`${ln}.09`, '00000000-0000-4000-8000-000000000000')
    expect(noTheme.status).toBe(400)
    expect(errorText(noTheme.body)).toContain('sadmin:risks.themeInvalid')
    const badLevel = await run(
      editRoute.action,
      request('/app/sadmin/risks/new', { cookie: sadmin.cookie, form: entryForm(theme.id, `${ln}.09`, { severity: '6' }) }),
    )
    expect(badLevel.status).toBe(400)
    expect(errorText(badLevel.body)).toContain('sadmin:risks.levelInvalid')
    const missing = await run(
      editRoute.action,
      request('/app/sadmin/risks/new', { cookie: sadmin.cookie, form: entryForm(theme.id, `${ln}.09`, { titleFr: ' ' }) }),
    )
    expect(missing.status).toBe(400)
    expect(errorText(missing.body)).toContain('validation.required')
    expect(await db().select().from(riskCatalog).where(eq(riskCatalog.themeId, theme.id))).toHaveLength(1)

    const ok = await run(editRoute.action, request(`/app/sadmin/risks/new?theme=${theme.id}`, { cookie: sadmin.cookie, form: entryForm(theme.id, `${ln}.02`) }))
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(`/app/sadmin/risks?theme=${theme.id}`)
    const [row] = await db()
      .select()
      .from(riskCatalog)
      .where(eq(riskCatalog.idkey, `${ln}.02`))
    expect(row).toMatchObject({ probability: 3, severity: null, strategic: true, dsgRelevant: false, tags: ['anlage', 'markt'], active: true, version: 1 })
  })

  it('create, update and (de)activation are audited without a customer, in the same transaction', async () => {
    const ln = leadingNumber()
    await run(themeEditRoute.action, request('/app/sadmin/risks/themes/new', { cookie: sadmin.cookie, form: themeForm(ln) }))
    const [theme] = await db().select().from(riskThemes).where(eq(riskThemes.leadingNumber, ln))
    await run(
      themeEditRoute.action,
      request(`/app/sadmin/risks/themes/${theme.id}/edit`, { cookie: sadmin.cookie, form: { ...themeForm(ln, { nameEn: 'Renamed' }), version: '1' } }),
      {
        id: theme.id,
      },
    )
    const themeAudits = await db().select().from(auditEntries).where(eq(auditEntries.entityId, theme.id))
    expect(themeAudits.map((a) => a.action).sort()).toEqual(['Created', 'Updated'])
    expect(themeAudits.every((a) => a.component === 'riskTheme' && a.customerId === null && a.userId === sadmin.userId)).toBe(true)
    expect(themeAudits.find((a) => a.action === 'Updated')!.changedFields).toEqual({ nameEn: { from: `Theme ${ln}`, to: 'Renamed' } })

    const created = await run(editRoute.action, request('/app/sadmin/risks/new', { cookie: sadmin.cookie, form: entryForm(theme.id, `${ln}.01`) }))
    expect(created.status).toBe(302)
    const [entry] = await db()
      .select()
      .from(riskCatalog)
      .where(eq(riskCatalog.idkey, `${ln}.01`))
    const saved = await run(
      editRoute.action,
      request(`/app/sadmin/risks/${entry.id}/edit`, {
        cookie: sadmin.cookie,
        form: { ...entryForm(theme.id, `${ln}.01`, { titleFr: 'Nouveau titre' }), version: '1' },
      }),
      { id: entry.id },
    )
    expect(saved.status).toBe(302)
    const off = await run(
      activeRoute.action,
      request(`/app/sadmin/risks/${entry.id}/active`, { cookie: sadmin.cookie, form: { version: '2', active: 'false' } }),
      { id: entry.id },
    )
    expect(off.status).toBe(302)
    const on = await run(
      activeRoute.action,
      request(`/app/sadmin/risks/${entry.id}/active`, { cookie: sadmin.cookie, form: { version: '3', active: 'true' } }),
      { id: entry.id },
    )
    expect(on.status).toBe(302)
    const audits = await db().select().from(auditEntries).where(eq(auditEntries.entityId, entry.id)).orderBy(auditEntries.createdAt)
    expect(audits.map((a) => a.action)).toEqual(['Created', 'Updated', 'Updated', 'Updated'])
    expect(audits.every((a) => a.component === 'riskCatalog' && a.customerId === null && a.userId === sadmin.userId)).toBe(true)
    expect(audits[1].changedFields).toEqual({ titleFr: { from: 'Stratégie de placement inadaptée', to: 'Nouveau titre' } })
    expect(audits.slice(2).map((a) => a.changedFields)).toEqual([{ active: { from: true, to: false } }, { active: { from: false, to: true } }])

    // A refused change writes no audit entry either.
    const before = (await db().select().from(auditEntries).where(eq(auditEntries.component, 'riskCatalog'))).length
    await run(editRoute.action, request('/app/sadmin/risks/new', { cookie: sadmin.cookie, form: entryForm(theme.id, `${ln}.01`) }))
    expect((await db().select().from(auditEntries).where(eq(auditEntries.component, 'riskCatalog'))).length).toBe(before)
  })

  it('a stale version is refused with 409, the input kept and nothing saved', async () => {
    const { ln, theme, entry } = await themeWithEntry()
    const first = await run(
      editRoute.action,
      request(`/app/sadmin/risks/${entry.id}/edit`, {
        cookie: sadmin.cookie,
        form: { ...entryForm(theme.id, entry.idkey, { titleDe: 'Erste' }), version: '1' },
      }),
      { id: entry.id },
    )
    expect(first.status).toBe(302)
    const stale = await run(
      editRoute.action,
      request(`/app/sadmin/risks/${entry.id}/edit`, {
        cookie: sadmin.cookie,
        form: { ...entryForm(theme.id, entry.idkey, { titleDe: 'Zweite' }), version: '1' },
      }),
      { id: entry.id },
    )
    expect(stale.status).toBe(409)
    expect(errorText(stale.body)).toContain('validation.staleVersion')
    expect(errorText(stale.body)).toContain('Zweite')
    const staleToggle = await run(
      activeRoute.action,
      request(`/app/sadmin/risks/${entry.id}/active`, { cookie: sadmin.cookie, form: { version: '1', active: 'false' } }),
      { id: entry.id },
    )
    expect(staleToggle.status).toBe(409)
    const staleTheme = await run(
      themeEditRoute.action,
      request(`/app/sadmin/risks/themes/${theme.id}/edit`, { cookie: sadmin.cookie, form: { ...themeForm(ln), version: '1' } }),
      { id: theme.id },
    )
    expect(staleTheme.status).toBe(302)
    const staleTheme2 = await run(
      themeEditRoute.action,
      request(`/app/sadmin/risks/themes/${theme.id}/edit`, { cookie: sadmin.cookie, form: { ...themeForm(ln, { nameDe: 'Veraltet' }), version: '1' } }),
      { id: theme.id },
    )
    expect(staleTheme2.status).toBe(409)
    const [row] = await db().select().from(riskCatalog).where(eq(riskCatalog.id, entry.id))
    expect(row).toMatchObject({ titleDe: 'Erste', active: true, version: 2 })
    const [th] = await db().select().from(riskThemes).where(eq(riskThemes.id, theme.id))
    expect(th.nameDe).not.toBe('Veraltet')
  })

  it('unknown ids answer 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    expect((await run(editRoute.loader, request(`/app/sadmin/risks/${id}/edit`, { cookie: sadmin.cookie }), { id })).status).toBe(404)
    expect((await run(editRoute.loader, request('/app/sadmin/risks/nope/edit', { cookie: sadmin.cookie }), { id: 'nope' })).status).toBe(404)
    expect((await run(activeRoute.loader, request(`/app/sadmin/risks/${id}/active`, { cookie: sadmin.cookie }), { id })).status).toBe(404)
    expect((await run(themeEditRoute.loader, request(`/app/sadmin/risks/themes/${id}/edit`, { cookie: sadmin.cookie }), { id })).status).toBe(404)
    const { theme } = await themeWithEntry()
    const res = await run(
      editRoute.action,
      request(`/app/sadmin/risks/${id}/edit`, { cookie: sadmin.cookie, form: { ...entryForm(theme.id, `${theme.leadingNumber}.05`), version: '1' } }),
      { id },
    )
    expect(res.status).toBe(404)
  })

  it('changing or deactivating a catalogue entry leaves an inventory row untouched', async () => {
    const { theme, entry } = await themeWithEntry()
    const inventory = await riskFactory({
      customer: customerId,
      attributes: { idkey: entry.idkey, themeId: theme.id, catalogId: entry.id, title: entry.titleDe, description: 'Kopie', tags: ['it'] },
    })
    await run(
      editRoute.action,
      request(`/app/sadmin/risks/${entry.id}/edit`, {
        cookie: sadmin.cookie,
        form: { ...entryForm(theme.id, entry.idkey, { titleDe: 'Neuer Katalogtitel', descriptionDe: 'Neu', tags: 'neu' }), version: '1' },
      }),
      { id: entry.id },
    )
    await run(activeRoute.action, request(`/app/sadmin/risks/${entry.id}/active`, { cookie: sadmin.cookie, form: { version: '2', active: 'false' } }), {
      id: entry.id,
    })
    const [catalogRow] = await db().select().from(riskCatalog).where(eq(riskCatalog.id, entry.id))
    expect(catalogRow).toMatchObject({ titleDe: 'Neuer Katalogtitel', active: false, version: 3 })
    const [after] = await db()
      .select()
      .from(risks)
      .where(and(eq(risks.id, inventory.id), eq(risks.customerId, customerId)))
    expect(after).toEqual(inventory)
  })

  it('the list filters by theme, by text in any language and by state, with the three titles side by side', async () => {
    const { theme, entry } = await themeWithEntry()
    const word = `Wort${crypto.randomBytes(3).toString('hex')}`
    await db()
      .update(riskCatalog)
      .set({ titleFr: `Titre ${word}` })
      .where(eq(riskCatalog.id, entry.id))
    const list = async (query: string) => {
      const res = await run(listRoute.loader, request(`/app/sadmin/risks?${query}`, { cookie: sadmin.cookie }))
      expect(res.status).toBe(200)
      return res.body as { rows: { id: string; titleDe: string; titleFr: string; titleEn: string }[]; filtered: boolean; total: number }
    }
    const byText = await list(`q=${word.toLowerCase()}`)
    expect(byText.rows.map((r) => r.id)).toEqual([entry.id])
    expect(byText.rows[0]).toMatchObject({ titleDe: 'Titel', titleFr: `Titre ${word}`, titleEn: 'Title' })
    expect(byText.filtered).toBe(true)
    expect((await list(`theme=${theme.id}`)).rows.map((r) => r.id)).toEqual([entry.id])
    expect((await list(`theme=${theme.id}&state=inactive`)).rows).toEqual([])
    await db().update(riskCatalog).set({ active: false }).where(eq(riskCatalog.id, entry.id))
    expect((await list(`theme=${theme.id}&state=inactive`)).rows.map((r) => r.id)).toEqual([entry.id])
    expect((await list(`theme=${theme.id}&state=active`)).rows).toEqual([])
    // The service keeps others out as well.
    const stranger = { ...sadmin.access, user: { ...sadmin.access.user, isSuperAdmin: false } }
    await expect(listCatalog(stranger, { sort: 'idkey', dir: 'asc' }, { limit: 10, offset: 0 })).rejects.toMatchObject({ code: 'forbidden' })
  })
})

import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { catalogEntryTests, catalogTestKit, type EntryParents, errorText, expectRefused } from '../catalog-test-kit.ts'
import * as activeRoute from './active.tsx'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'
import * as subEditRoute from './subthemes/edit.tsx'
import * as subsRoute from './subthemes/index.tsx'
import * as themeEditRoute from './themes/edit.tsx'
import * as themesRoute from './themes/index.tsx'
import { system } from '../../../../tests/system-db.ts'
import {
  createCatalogEntry,
  createMainTheme,
  createSubTheme,
  listCatalog,
  listMainThemes,
  listSubThemes,
  mainThemeChoices,
  updateSubTheme,
} from './catalog.server.ts'
import { auditEntries, icsCatalog, icsMainThemes, icsProcesses, icsSubThemes } from '#models/schema/index.ts'
import { processFactory, request, run } from '../../../../tests/factories/index.ts'

const kit = catalogTestKit('/app/sadmin/ikss', {
  list: listRoute.loader,
  edit: editRoute,
  active: activeRoute,
  themes: themesRoute.loader,
  themeEdit: themeEditRoute,
})
const { people, posts, leadingNumber } = kit
/** The super admin's form posts to the sub-process actions (`query`: the list's filter the dialog was opened from). */
const subPosts = {
  create: (form: Record<string, string>, query = '') =>
    run(subEditRoute.action, request(`/app/sadmin/ikss/subthemes/new${query}`, { cookie: people.sadmin.cookie, form })),
  update: (id: string, form: Record<string, string>) =>
    run(subEditRoute.action, request(`/app/sadmin/ikss/subthemes/${id}/edit`, { cookie: people.sadmin.cookie, form }), { id }),
}

const themeForm = (ln: string, extra: Record<string, string> = {}) => ({
  leadingNumber: ln,
  nameDe: `Hauptprozess ${ln}`,
  nameFr: `Processus ${ln}`,
  nameEn: `Main process ${ln}`,
  ...extra,
})

const subForm = (mainThemeId: string, key: string, extra: Record<string, string> = {}) => ({
  mainThemeId,
  key,
  nameDe: `Teilprozess ${key}`,
  nameFr: `Sous-processus ${key}`,
  nameEn: `Sub-process ${key}`,
  ...extra,
})

const entryForm = (mainThemeId: string, subThemeId: string, idkey: string, extra: Record<string, string> = {}) => ({
  mainThemeId,
  subThemeId,
  idkey,
  titleDe: 'Zahlungen im Vier-Augen-Prinzip',
  titleFr: 'Paiements selon le principe des quatre yeux',
  titleEn: 'Payments under the four-eyes principle',
  descriptionDe: 'Beschreibung',
  defaultControlTargetDe: 'Keine Zahlung ohne zweite Visierung',
  defaultControlActivityFr: 'Contrôle de la double signature',
  dsgRelevant: 'on',
  tags: 'zahlungen, vier-augen , zahlungen,',
  ...extra,
})

describe('super admin: ICS catalogue, main processes and sub-processes', () => {
  /** A main process '<ln>', its sub-process '<ln>.1' and the entry '<ln>.1.01'. */
  async function tree() {
    const ln = leadingNumber()
    const main = await createMainTheme(people.sadmin.access, {
      leadingNumber: ln,
      nameDe: `Hauptprozess ${ln}`,
      nameFr: `Processus ${ln}`,
      nameEn: `Main process ${ln}`,
    })
    const sub = await createSubTheme(people.sadmin.access, {
      key: `${ln}.1`,
      mainThemeId: main.id,
      nameDe: 'Teilprozess',
      nameFr: 'Sous-processus',
      nameEn: 'Sub-process',
    })
    const entry = await createCatalogEntry(people.sadmin.access, {
      idkey: `${ln}.1.01`,
      mainThemeId: main.id,
      subThemeId: sub.id,
      titleDe: 'Titel',
      titleFr: 'Titre',
      titleEn: 'Title',
      descriptionDe: '',
      descriptionFr: '',
      descriptionEn: '',
      defaultControlTargetDe: 'Ziel',
      defaultControlTargetFr: 'Objectif',
      defaultControlTargetEn: 'Target',
      defaultControlActivityDe: 'Aktivität',
      defaultControlActivityFr: 'Activité',
      defaultControlActivityEn: 'Activity',
      dsgRelevant: false,
      tags: ['it'],
    })
    return { ln, main, theme: main, sub, entry, prefix: sub.key }
  }

  it('sub-processes: only super admins, every loader and action answers 403 to others', async () => {
    const { main, sub } = await tree()
    const s = { id: sub.id }
    const as = { cookie: people.adminCookie }
    const calls: [string, Promise<{ status: number }>][] = [
      ['subthemes', run(subsRoute.loader, request('/app/sadmin/ikss/subthemes', as))],
      ['subtheme new loader', run(subEditRoute.loader, request('/app/sadmin/ikss/subthemes/new', as))],
      [
        'subtheme new action',
        run(subEditRoute.action, request('/app/sadmin/ikss/subthemes/new', { ...as, form: subForm(main.id, `${main.leadingNumber}.9`) })),
      ],
      ['subtheme edit loader', run(subEditRoute.loader, request(`/app/sadmin/ikss/subthemes/${sub.id}/edit`, as), s)],
      [
        'subtheme edit action',
        run(
          subEditRoute.action,
          request(`/app/sadmin/ikss/subthemes/${sub.id}/edit`, { ...as, form: { ...subForm(main.id, sub.key, { nameDe: 'Fremd' }), version: '1' } }),
          s,
        ),
      ],
    ]
    for (const [name, call] of calls) expect((await call).status, name).toBe(403)
    // Without a session: to the login.
    const anonymous = await run(subsRoute.loader, request('/app/sadmin/ikss/subthemes'))
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/\?redirectTo=/)
    // Nothing changed.
    expect(
      await system()
        .select()
        .from(icsSubThemes)
        .where(eq(icsSubThemes.key, `${main.leadingNumber}.9`)),
    ).toEqual([])
    expect((await system().select().from(icsSubThemes).where(eq(icsSubThemes.id, sub.id)))[0]).toMatchObject({ version: 1, nameDe: 'Teilprozess' })
    // The services keep others out as well.
    const stranger = { ...people.sadmin.access, user: { ...people.sadmin.access.user, isSuperAdmin: false } }
    await expect(listSubThemes(stranger)).rejects.toMatchObject({ code: 'forbidden' })
    await expect(updateSubTheme(stranger, sub.id, { key: sub.key, mainThemeId: main.id, nameDe: 'x', nameFr: 'x', nameEn: 'x' }, 1)).rejects.toMatchObject({
      code: 'forbidden',
    })
    // The super admin gets through.
    expect((await run(subsRoute.loader, request('/app/sadmin/ikss/subthemes', { cookie: people.sadmin.cookie }))).status).toBe(200)
  })

  it('the main processes to choose from are those of the list, by number, without its counts; the whole list counts itself', async () => {
    await tree()
    const list = await listMainThemes(people.sadmin.access)
    const choices = await mainThemeChoices(people.sadmin.access)
    expect(choices).toEqual(list.rows.map(({ id, leadingNumber, nameDe, nameFr, nameEn }) => ({ id, leadingNumber, nameDe, nameFr, nameEn })))
    expect(list.total).toBe(list.rows.length)
    const subs = await listSubThemes(people.sadmin.access)
    expect(subs.total).toBe((await system().select().from(icsSubThemes)).length)
    const stranger = { ...people.sadmin.access, user: { ...people.sadmin.access.user, isSuperAdmin: false } }
    await expect(mainThemeChoices(stranger)).rejects.toMatchObject({ code: 'forbidden' })
    // The filter on the catalogue page offers them.
    const page = await run(listRoute.loader, request('/app/sadmin/ikss', { cookie: people.sadmin.cookie }))
    expect((page.body as { mainThemes: unknown }).mainThemes).toEqual(choices)
  })

  it('the leading number stays while a sub-process uses it; the names may change, and an unused number may', async () => {
    const ln = leadingNumber()
    const main = await createMainTheme(people.sadmin.access, { leadingNumber: ln, nameDe: 'Haupt', nameFr: 'Principal', nameEn: 'Main' })
    // Unused: the number may change.
    const renumbered = leadingNumber()
    const free = await posts.editTheme(main.id, { ...themeForm(renumbered), version: '1' })
    expect(free.status).toBe(302)
    await createSubTheme(people.sadmin.access, { key: `${renumbered}.1`, mainThemeId: main.id, nameDe: 'Teil', nameFr: 'Sous', nameEn: 'Sub' })
    await expectRefused(posts.editTheme(main.id, { ...themeForm(leadingNumber()), version: '2' }), 'catalogs:ikss.themes.leadingNumberInUse')
    const renamed = await posts.editTheme(main.id, { ...themeForm(renumbered, { nameFr: 'Nouveau nom' }), version: '2' })
    expect(renamed.status).toBe(302)
    const [row] = await system().select().from(icsMainThemes).where(eq(icsMainThemes.id, main.id))
    expect(row).toMatchObject({ leadingNumber: renumbered, nameFr: 'Nouveau nom', version: 3 })

    // With a catalogue entry as well; the list counts both.
    const { main: used, sub } = await tree()
    await expectRefused(posts.editTheme(used.id, { ...themeForm(leadingNumber()), version: '1' }), 'catalogs:ikss.themes.leadingNumberInUse')
    const themes = await run(themesRoute.loader, request('/app/sadmin/ikss/themes?size=100', { cookie: people.sadmin.cookie }))
    const listed = (themes.body as { rows: { id: string; subThemes: number; entries: number }[] }).rows.find((r) => r.id === used.id)
    expect(listed).toMatchObject({ subThemes: 1, entries: 1 })
    const subs = await run(subsRoute.loader, request(`/app/sadmin/ikss/subthemes?main=${used.id}`, { cookie: people.sadmin.cookie }))
    expect((subs.body as { rows: { id: string; entries: number }[] }).rows).toMatchObject([{ id: sub.id, entries: 1 }])
  })

  it('a sub-process key is unique and starts with its main process number and a dot', async () => {
    const ln = leadingNumber()
    const main = await createMainTheme(people.sadmin.access, { leadingNumber: ln, nameDe: 'Haupt', nameFr: 'Principal', nameEn: 'Main' })
    const post = (key: string, mainThemeId = main.id) => subPosts.create(subForm(mainThemeId, key))
    for (const key of ['ZZ.1', `${ln}1`, `${ln}.`, `${ln}. 1`, `X${ln}.1`, ln]) {
      await expectRefused(post(key), 'catalogs:ikss.subthemes.keyPrefix', key)
    }
    const ok = await subPosts.create(subForm(main.id, ` ${ln}.1 `, { nameFr: ' Sous-processus un ' }), `?main=${main.id}`)
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(`/app/sadmin/ikss/subthemes?main=${main.id}`)
    const [row] = await system().select().from(icsSubThemes).where(eq(icsSubThemes.mainThemeId, main.id))
    expect(row).toMatchObject({ key: `${ln}.1`, nameFr: 'Sous-processus un', version: 1 })

    await expectRefused(post(`${ln}.1`), 'catalogs:ikss.subthemes.keyTaken')
    await expectRefused(post(`${ln}.2`, '00000000-0000-4000-8000-000000000000'), 'catalogs:ikss.mainInvalid')
    await expectRefused(subPosts.create(subForm(main.id, `${ln}.2`, { nameEn: ' ' })), 'validation.required')
    // On update too: a taken key, and another main process's number.
    const second = await createSubTheme(people.sadmin.access, { key: `${ln}.2`, mainThemeId: main.id, nameDe: 'Zwei', nameFr: 'Deux', nameEn: 'Two' })
    await expectRefused(subPosts.update(second.id, { ...subForm(main.id, `${ln}.1`), version: '1' }), 'catalogs:ikss.subthemes.keyTaken')
    expect(await system().select().from(icsSubThemes).where(eq(icsSubThemes.mainThemeId, main.id))).toHaveLength(2)
  })

  it('the key and main process of a sub-process with catalogue entries stay; its names may change', async () => {
    const { ln, main, sub } = await tree()
    const other = await createMainTheme(people.sadmin.access, { leadingNumber: leadingNumber(), nameDe: 'Andere', nameFr: 'Autre', nameEn: 'Other' })
    await expectRefused(subPosts.update(sub.id, { ...subForm(main.id, `${ln}.5`), version: '1' }), 'catalogs:ikss.subthemes.keyInUse')
    await expectRefused(subPosts.update(sub.id, { ...subForm(other.id, `${other.leadingNumber}.1`), version: '1' }), 'catalogs:ikss.subthemes.keyInUse')
    const renamed = await subPosts.update(sub.id, { ...subForm(main.id, sub.key, { nameDe: 'Neuer Name' }), version: '1' })
    expect(renamed.status).toBe(302)
    const [row] = await system().select().from(icsSubThemes).where(eq(icsSubThemes.id, sub.id))
    expect(row).toMatchObject({ key: sub.key, mainThemeId: main.id, nameDe: 'Neuer Name', version: 2 })
  })

  it('a catalogue number is unique and starts with its sub-process key and a dot; the sub-process belongs to the main process', async () => {
    const { ln, main, sub } = await tree()
    const post = (idkey: string, extra: Record<string, string> = {}) => posts.newEntry(entryForm(main.id, sub.id, idkey, extra))
    for (const idkey of [`${ln}.01`, `${ln}.2.01`, `${ln}.101`, `${ln}.1.`, `${ln}.1. 2`, `X${ln}.1.02`, `${ln}.1`]) {
      await expectRefused(post(idkey), 'catalogs:ikss.catalog.idkeyPrefix', idkey)
    }
    await expectRefused(post(`${ln}.1.01`), 'catalogs:ikss.catalog.idkeyTaken')
    // The sub-process of another main process.
    const other = await tree()
    await expectRefused(post(`${other.sub.key}.09`, { subThemeId: other.sub.id }), 'catalogs:ikss.catalog.subMismatch')
    await expectRefused(post(`${ln}.1.09`, { subThemeId: '00000000-0000-4000-8000-000000000000' }), 'catalogs:ikss.subInvalid')
    await expectRefused(post(`${ln}.1.09`, { mainThemeId: 'nope' }), 'catalogs:ikss.mainInvalid')
    await expectRefused(post(`${ln}.1.09`, { titleFr: ' ' }), 'validation.required')
    expect(await system().select().from(icsCatalog).where(eq(icsCatalog.subThemeId, sub.id))).toHaveLength(1)

    const ok = await posts.newEntry(entryForm(main.id, sub.id, `${ln}.1.02`), `?main=${main.id}`)
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(`/app/sadmin/ikss?main=${main.id}`)
    const [row] = await system()
      .select()
      .from(icsCatalog)
      .where(eq(icsCatalog.idkey, `${ln}.1.02`))
    expect(row).toMatchObject({
      mainThemeId: main.id,
      subThemeId: sub.id,
      titleFr: 'Paiements selon le principe des quatre yeux',
      defaultControlTargetDe: 'Keine Zahlung ohne zweite Visierung',
      defaultControlTargetFr: '',
      defaultControlActivityFr: 'Contrôle de la double signature',
      dsgRelevant: true,
      tags: ['zahlungen', 'vier-augen'],
      active: true,
      version: 1,
    })
  })

  it('sub-processes: create and update are audited without a customer, a refused one not at all', async () => {
    const ln = leadingNumber()
    const main = await createMainTheme(people.sadmin.access, { leadingNumber: ln, nameDe: 'Haupt', nameFr: 'Principal', nameEn: 'Main' })
    await subPosts.create(subForm(main.id, `${ln}.1`))
    const [sub] = await system()
      .select()
      .from(icsSubThemes)
      .where(eq(icsSubThemes.key, `${ln}.1`))
    await subPosts.update(sub.id, { ...subForm(main.id, `${ln}.1`, { nameDe: 'Umbenannt' }), version: '1' })
    const subAudits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, sub.id))
    expect(subAudits.map((a) => a.action).sort()).toEqual(['Created', 'Updated'])
    expect(subAudits.every((a) => a.component === 'icsSubTheme' && a.customerId === null && a.userId === people.sadmin.userId)).toBe(true)
    expect(subAudits.find((a) => a.action === 'Created')!.changedFields).toMatchObject({
      key: { from: null, to: `${ln}.1` },
      mainThemeId: { from: null, to: main.id },
    })
    expect(subAudits.find((a) => a.action === 'Updated')!.changedFields).toEqual({ nameDe: { from: `Teilprozess ${ln}.1`, to: 'Umbenannt' } })

    // A refused change writes no audit entry either.
    const count = async () => (await system().select().from(auditEntries).where(eq(auditEntries.component, 'icsSubTheme'))).length
    const before = await count()
    await subPosts.create(subForm(main.id, `${ln}.1`))
    expect(await count()).toBe(before)
  })

  it('sub-processes: a stale version is refused with 409, the input kept and nothing saved', async () => {
    const { main, sub } = await tree()
    const editSub = (nameDe: string) => subPosts.update(sub.id, { ...subForm(main.id, sub.key, { nameDe }), version: '1' })
    expect((await editSub('Erster')).status).toBe(302)
    const staleSub = await editSub('Veraltet')
    expect(staleSub.status).toBe(409)
    expect(errorText(staleSub.body)).toContain('Veraltet')
    expect((await system().select().from(icsSubThemes).where(eq(icsSubThemes.id, sub.id)))[0]).toMatchObject({ nameDe: 'Erster', version: 2 })
  })

  it('the entry form keeps a default frequency and test procedure per language, audited; an unknown frequency is refused', async () => {
    const { main, sub, entry } = await tree()
    const form = entryForm(main.id, sub.id, entry.idkey, {
      defaultFrequency: 'quarterly',
      defaultProcedureDe: '1. Stichprobe ziehen\n2. Mit Beleg vergleichen',
      defaultProcedureFr: '1. Tirer un échantillon',
      defaultProcedureEn: '1. Draw a sample',
      version: '1',
    })
    await expectRefused(posts.editEntry(entry.id, { ...form, defaultFrequency: 'weekly' }), 'catalogs:ikss.catalog.frequencyInvalid')
    expect((await posts.editEntry(entry.id, form)).status).toBe(302)
    const [row] = await system().select().from(icsCatalog).where(eq(icsCatalog.id, entry.id))
    expect(row).toMatchObject({
      defaultFrequency: 'quarterly',
      defaultProcedureDe: '1. Stichprobe ziehen\n2. Mit Beleg vergleichen',
      defaultProcedureFr: '1. Tirer un échantillon',
      defaultProcedureEn: '1. Draw a sample',
      version: 2,
    })
    const [audit] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, entry.id), eq(auditEntries.action, 'Updated')))
    expect(audit.changedFields).toMatchObject({
      defaultFrequency: { from: 'none', to: 'quarterly' },
      defaultProcedureEn: { from: '', to: '1. Draw a sample' },
    })
    // The edit page offers the stored frequency again.
    const page = await run(editRoute.loader, request(`/app/sadmin/ikss/${entry.id}/edit`, { cookie: people.sadmin.cookie }), { id: entry.id })
    expect(errorText(page.body)).toContain('"defaultFrequency":"quarterly"')
  })

  it('sub-processes: unknown ids answer 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    expect((await run(subEditRoute.loader, request(`/app/sadmin/ikss/subthemes/${id}/edit`, { cookie: people.sadmin.cookie }), { id })).status).toBe(404)
    const { main } = await tree()
    const resSub = await subPosts.update(id, { ...subForm(main.id, `${main.leadingNumber}.8`), version: '1' })
    expect(resSub.status).toBe(404)
  })

  catalogEntryTests(kit, {
    tables: { catalog: icsCatalog, themes: icsMainThemes },
    components: { catalog: 'icsCatalog', theme: 'icsMainTheme' },
    services: { listCatalog, listThemes: listMainThemes, createTheme: createMainTheme },
    leadingNumberTaken: 'catalogs:ikss.themes.leadingNumberTaken',
    themeForm,
    entryForm: (parents, idkey, extra) => entryForm(parents.theme.id, parents.sub.id, idkey, extra),
    entryTags: ['zahlungen', 'vier-augen'],
    tree,
    under: async (theme: EntryParents['theme']) => {
      const sub = await createSubTheme(people.sadmin.access, {
        key: `${theme.leadingNumber}.1`,
        mainThemeId: theme.id,
        nameDe: 'Teilprozess',
        nameFr: 'Sous-processus',
        nameEn: 'Sub-process',
      })
      return { theme, sub, prefix: sub.key }
    },
    inventory: {
      name: 'process',
      table: icsProcesses,
      copy: ({ main, sub, entry }, customer) =>
        processFactory({
          customer,
          attributes: {
            idkey: entry.idkey,
            mainThemeId: main.id,
            subThemeId: sub.id,
            catalogId: entry.id,
            title: entry.titleDe,
            description: 'Kopie',
            controlTarget: entry.defaultControlTargetDe,
            controlActivity: entry.defaultControlActivityDe,
            dsgRelevant: entry.dsgRelevant,
            tags: ['it'],
          },
        }),
      change: {
        titleDe: 'Neuer Katalogtitel',
        descriptionDe: 'Neu',
        defaultControlTargetDe: 'Neues Ziel',
        defaultControlActivityDe: 'Neue Aktivität',
        tags: 'neu',
      },
      changed: { titleDe: 'Neuer Katalogtitel', defaultControlTargetDe: 'Neues Ziel', dsgRelevant: true, tags: ['neu'] },
    },
    list: {
      name: 'the list filters by main process, sub-process, text in any language and state, with the three titles side by side',
      parent: ({ sub }) => `sub=${sub.id}`,
      more: async ({ main, sub, entry }, list) => {
        // The default control activity counts as text too, in any language.
        const activity = `Aktiv${crypto.randomBytes(3).toString('hex')}`
        await system()
          .update(icsCatalog)
          .set({ defaultControlActivityEn: `Check ${activity}` })
          .where(eq(icsCatalog.id, entry.id))
        expect((await list(`q=${activity}`)).rows.map((r) => r.id)).toEqual([entry.id])
        const byMain = await list<{ subThemes: { id: string }[] }>(`main=${main.id}`)
        expect(byMain.rows.map((r) => r.id)).toEqual([entry.id])
        // With a main process chosen, only its sub-processes are offered.
        expect(byMain.subThemes.map((s) => s.id)).toEqual([sub.id])
        const other = await tree()
        expect((await list(`main=${main.id}&sub=${other.sub.id}`)).rows).toEqual([])
      },
    },
  })
})

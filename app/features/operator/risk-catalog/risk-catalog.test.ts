import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { catalogEntryTests, catalogTestKit, expectRefused } from '../catalog-test-kit.ts'
import * as activeRoute from './active.tsx'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'
import * as themeEditRoute from './themes/edit.tsx'
import * as themesRoute from './themes/index.tsx'
import { system } from '../../../../tests/system-db.ts'
import { createCatalogEntry, createTheme, listCatalog, listThemes } from './catalog.server.ts'
import { riskCatalog, risks, riskThemes } from '#models/schema/index.ts'
import { request, riskFactory, run } from '../../../../tests/factories/index.ts'

const kit = catalogTestKit('/app/sadmin/risks', {
  list: listRoute.loader,
  edit: editRoute,
  active: activeRoute,
  themes: themesRoute.loader,
  themeEdit: themeEditRoute,
})
const { people, posts, leadingNumber } = kit

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
  async function themeWithEntry() {
    const ln = leadingNumber()
    const theme = await createTheme(people.sadmin.access, { leadingNumber: ln, nameDe: `Thema ${ln}`, nameFr: `Thème ${ln}`, nameEn: `Theme ${ln}` })
    const entry = await createCatalogEntry(people.sadmin.access, {
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
    return { ln, theme, entry, prefix: ln }
  }

  it('the leading number of a theme with catalogue entries stays; its names may change', async () => {
    const { theme } = await themeWithEntry()
    await expectRefused(posts.editTheme(theme.id, { ...themeForm(leadingNumber()), version: '1' }), 'catalogs:themes.leadingNumberInUse')
    const renamed = await posts.editTheme(theme.id, { ...themeForm(theme.leadingNumber, { nameFr: 'Nouveau nom' }), version: '1' })
    expect(renamed.status).toBe(302)
    const [row] = await system().select().from(riskThemes).where(eq(riskThemes.id, theme.id))
    expect(row).toMatchObject({ leadingNumber: theme.leadingNumber, nameFr: 'Nouveau nom', version: 2 })
    // The list counts the theme's catalogue entries.
    const themes = await run(themesRoute.loader, request('/app/sadmin/risks/themes?size=100', { cookie: people.sadmin.cookie }))
    const listed = (themes.body as { rows: { id: string; entries: number }[] }).rows.find((r) => r.id === theme.id)
    expect(listed?.entries).toBe(1)
  })

  it('a catalogue number is unique and starts with the leading number of its theme and a dot', async () => {
    const { ln, theme } = await themeWithEntry()
    const post = (idkey: string, themeId = theme.id) => posts.newEntry(entryForm(themeId, idkey))
    for (const idkey of ['ZZ.01', `${ln}01`, `${ln}.`, `${ln}. 1`, `X${ln}.01`]) {
      await expectRefused(post(idkey), 'catalogs:risks.idkeyPrefix', idkey)
    }
    await expectRefused(post(`${ln}.01`), 'catalogs:risks.idkeyTaken')
    await expectRefused(post(`${ln}.09`, '00000000-0000-4000-8000-000000000000'), 'catalogs:risks.themeInvalid')
    await expectRefused(posts.newEntry(entryForm(theme.id, `${ln}.09`, { severity: '6' })), 'catalogs:risks.levelInvalid')
    await expectRefused(posts.newEntry(entryForm(theme.id, `${ln}.09`, { titleFr: ' ' })), 'validation.required')
    expect(await system().select().from(riskCatalog).where(eq(riskCatalog.themeId, theme.id))).toHaveLength(1)

    const ok = await posts.newEntry(entryForm(theme.id, `${ln}.02`), `?theme=${theme.id}`)
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(`/app/sadmin/risks?theme=${theme.id}`)
    const [row] = await system()
      .select()
      .from(riskCatalog)
      .where(eq(riskCatalog.idkey, `${ln}.02`))
    expect(row).toMatchObject({ probability: 3, severity: null, strategic: true, dsgRelevant: false, tags: ['anlage', 'markt'], active: true, version: 1 })
  })

  catalogEntryTests(kit, {
    tables: { catalog: riskCatalog, themes: riskThemes },
    components: { catalog: 'riskCatalog', theme: 'riskTheme' },
    services: { listCatalog, listThemes, createTheme },
    leadingNumberTaken: 'catalogs:themes.leadingNumberTaken',
    themeForm,
    entryForm: (parents, idkey, extra) => entryForm(parents.theme.id, idkey, extra),
    entryTags: ['anlage', 'markt'],
    tree: themeWithEntry,
    under: async (theme) => ({ theme, prefix: theme.leadingNumber }),
    inventory: {
      name: 'row',
      table: risks,
      copy: ({ theme, entry }, customer) =>
        riskFactory({
          customer,
          attributes: { idkey: entry.idkey, themeId: theme.id, catalogId: entry.id, title: entry.titleDe, description: 'Kopie', tags: ['it'] },
        }),
      change: { titleDe: 'Neuer Katalogtitel', descriptionDe: 'Neu', tags: 'neu' },
      changed: { titleDe: 'Neuer Katalogtitel' },
    },
    list: {
      name: 'the list filters by theme, by text in any language and by state, with the three titles side by side',
      parent: ({ theme }) => `theme=${theme.id}`,
    },
  })
})

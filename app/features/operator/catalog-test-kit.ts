import crypto from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import type { Access } from '#models/core/access.ts'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, type icsCatalog, type icsMainThemes, type icsProcesses, type riskCatalog, type risks, type riskThemes } from '#models/schema/index.ts'
import { customerFactory, memberFactory, type Outcome, operatorFactory, request, run } from '../../../tests/factories/index.ts'

/*
 * What the tests of the operator's two catalogues (risks, ICS) share: their theme (main process) and
 * entry rules are the same, so the same tests run against both. Each catalogue passes its routes, forms
 * and factories; what only one catalogue has (the ICS sub-processes) stays in its own test file.
 */

type Operator = { access: Access; cookie: string; userId: string }
type CatalogPeople = { sadmin: Operator; adminCookie: string; customerId: string }

/** The super admin, a customer and its admin, made before the tests of a catalogue; filled in by then. */
function catalogPeople(): CatalogPeople {
  const people = {} as CatalogPeople
  beforeAll(async () => {
    const { user, cookie, access } = await operatorFactory()
    people.sadmin = { cookie, userId: user.id, access }
    people.customerId = (await customerFactory()).id
    // A customer admin with every right a customer can give: still no super admin.
    people.adminCookie = (await memberFactory({ customer: people.customerId, traits: ['admin'] })).cookie
  })
  return people
}

/** Two characters no other test of the file uses: a letter pair drawn at random, retried on a clash. */
function leadingNumbers() {
  // 'QQ' is the number the refused requests try to create: never hand it out at random.
  const used = new Set<string>(['QQ'])
  return function leadingNumber() {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    for (;;) {
      const ln = letters[crypto.randomInt(26)] + letters[crypto.randomInt(26)]
      if (!used.has(ln)) {
        used.add(ln)
        return ln
      }
    }
  }
}

export const errorText = (body: unknown) => JSON.stringify(body)

/** A request refused as invalid: 400, with the message among the form's errors (`label` names the case in a loop). */
export async function expectRefused(outcome: Promise<Outcome>, message: string, label?: string) {
  const res = await outcome
  expect(res.status, label).toBe(400)
  expect(errorText(res.body), label).toContain(message)
}

type ThemeInput = { leadingNumber: string; nameDe: string; nameFr: string; nameEn: string }
// biome-ignore lint/suspicious/noExplicitAny: route handlers of either catalogue
type Handler = (args: any) => any

type Route = { loader: Handler; action: Handler }
type Form = Record<string, string>

type Routes = { list: Handler; edit: Route; active: Route; themes: Handler; themeEdit: Route }

/**
 * What a catalogue's tests work with: the people (made before the tests), fresh leading numbers, and the
 * super admin's form posts to the catalogue at `base` (entries at `${base}/new`, `${base}/:id/edit`,
 * `${base}/:id/active`, themes at `${base}/themes`).
 */
export function catalogTestKit(base: string, routes: Routes) {
  const people = catalogPeople()
  return { base, routes, people, leadingNumber: leadingNumbers(), posts: catalogPosts(people, base, routes) }
}
export type CatalogTestKit = ReturnType<typeof catalogTestKit>

/** The super admin's form posts to a catalogue's entry and theme actions (the form carries the version). */
function catalogPosts(people: CatalogPeople, base: string, routes: { edit: Route; active: Route; themeEdit: Route }) {
  const post = (action: Handler, path: string, form: Form, id?: string) => run(action, request(path, { cookie: people.sadmin.cookie, form }), id ? { id } : {})
  return {
    newTheme: (form: Form) => post(routes.themeEdit.action, `${base}/themes/new`, form),
    editTheme: (id: string, form: Form) => post(routes.themeEdit.action, `${base}/themes/${id}/edit`, form, id),
    /** `query`: the list's filter the dialog was opened from, as `?theme=…`. */
    newEntry: (form: Form, query = '') => post(routes.edit.action, `${base}/new${query}`, form),
    editEntry: (id: string, form: Form) => post(routes.edit.action, `${base}/${id}/edit`, form, id),
    setActive: (id: string, version: string, active: boolean) => post(routes.active.action, `${base}/${id}/active`, { version, active: String(active) }, id),
  }
}

/** What an entry hangs under: its theme and (ICS) sub-process; its number starts with `prefix` and a dot. */
export type EntryParents = { theme: { id: string; leadingNumber: string; nameDe: string }; prefix: string }
type ListBody = { rows: { id: string; titleDe: string; titleFr: string; titleEn: string }[]; filtered: boolean }

/** The tests of a catalogue's entries and of its themes' leading numbers, rights, versions and audit. */
export function catalogEntryTests<P extends EntryParents, T extends P & { ln: string; entry: { id: string; idkey: string } }>(
  kit: CatalogTestKit,
  o: {
    tables: { catalog: typeof riskCatalog | typeof icsCatalog; themes: typeof riskThemes | typeof icsMainThemes }
    /** The audit components of entries and themes. */
    components: { catalog: string; theme: string }
    services: {
      listCatalog: (access: Access, f: { sort: 'idkey'; dir: 'asc' }, page: { limit: number; offset: number }) => Promise<unknown>
      listThemes: (access: Access) => Promise<unknown>
      createTheme: (access: Access, input: ThemeInput) => Promise<{ id: string }>
    }
    /** The message of a leading number another theme holds. */
    leadingNumberTaken: string
    themeForm: (ln: string, extra?: Form) => Form
    entryForm: (parents: P, idkey: string, extra?: Form) => Form
    /** The tags `entryForm` stores. */
    entryTags: string[]
    /** A theme with one entry (titled 'Titel', 'Titre', 'Title') and what lies between them. */
    tree: () => Promise<T>
    /** What lies between a theme and its entries (ICS: a sub-process). */
    under: (theme: { id: string; leadingNumber: string; nameDe: string }) => Promise<P>
    /** An inventory's copy of an entry (`name` for the test's title), a change of the entry's form and its stored result. */
    inventory: {
      name: string
      table: typeof risks | typeof icsProcesses
      copy: (tree: T, customerId: string) => Promise<{ id: string }>
      change: Form
      changed: Record<string, unknown>
    }
    /** The list test: its title, the query of the entry's nearest parent, and the catalogue's own filters. */
    list: { name: string; parent: (tree: P) => string; more?: (tree: T, list: <B>(query: string) => Promise<ListBody & B>) => Promise<void> }
  },
) {
  const { base, routes: r, posts } = kit
  const catalog = o.tables.catalog as typeof riskCatalog
  const themes = o.tables.themes as typeof riskThemes
  const inventoryTable = o.inventory.table as typeof risks

  it('only super admins: every loader and action answers 403 to others', async () => {
    const { sadmin, adminCookie } = kit.people
    const tree = await o.tree()
    const { theme, entry } = tree
    const e = { id: entry.id }
    const t = { id: theme.id }
    const as = { cookie: adminCookie }
    const calls: [string, Promise<{ status: number }>][] = [
      ['list', run(r.list, request(base, as))],
      ['new loader', run(r.edit.loader, request(`${base}/new`, as))],
      ['new action', run(r.edit.action, request(`${base}/new`, { ...as, form: o.entryForm(tree, `${tree.prefix}.77`) }))],
      ['edit loader', run(r.edit.loader, request(`${base}/${entry.id}/edit`, as), e)],
      ['edit action', run(r.edit.action, request(`${base}/${entry.id}/edit`, { ...as, form: { ...o.entryForm(tree, entry.idkey), version: '1' } }), e)],
      ['active loader', run(r.active.loader, request(`${base}/${entry.id}/active`, as), e)],
      ['active action', run(r.active.action, request(`${base}/${entry.id}/active`, { ...as, form: { version: '1', active: 'false' } }), e)],
      ['themes', run(r.themes, request(`${base}/themes`, as))],
      ['theme new loader', run(r.themeEdit.loader, request(`${base}/themes/new`, as))],
      ['theme new action', run(r.themeEdit.action, request(`${base}/themes/new`, { ...as, form: o.themeForm('QQ') }))],
      ['theme edit loader', run(r.themeEdit.loader, request(`${base}/themes/${theme.id}/edit`, as), t)],
      [
        'theme edit action',
        run(
          r.themeEdit.action,
          request(`${base}/themes/${theme.id}/edit`, { ...as, form: { ...o.themeForm(theme.leadingNumber, { nameDe: 'Fremd' }), version: '1' } }),
          t,
        ),
      ],
    ]
    for (const [name, call] of calls) expect((await call).status, name).toBe(403)
    const pages = [
      [r.list, base],
      [r.themes, `${base}/themes`],
    ] as const
    // Without a session: to the login.
    for (const [loader, path] of pages) {
      const anonymous = await run(loader, request(path))
      expect(anonymous.status, path).toBe(302)
      expect(anonymous.location, path).toMatch(/^\/\?redirectTo=/)
    }
    // Nothing changed.
    expect(await system().select().from(themes).where(eq(themes.leadingNumber, 'QQ'))).toEqual([])
    expect(
      await system()
        .select()
        .from(catalog)
        .where(eq(catalog.idkey, `${tree.prefix}.77`)),
    ).toEqual([])
    expect((await system().select().from(themes).where(eq(themes.id, theme.id)))[0]).toMatchObject({ version: 1, nameDe: theme.nameDe })
    expect((await system().select().from(catalog).where(eq(catalog.id, entry.id)))[0]).toMatchObject({ version: 1, active: true, titleDe: 'Titel' })
    // The services keep others out as well.
    const stranger = { ...sadmin.access, user: { ...sadmin.access.user, isSuperAdmin: false } }
    await expect(o.services.listCatalog(stranger, { sort: 'idkey', dir: 'asc' }, { limit: 10, offset: 0 })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(o.services.listThemes(stranger)).rejects.toMatchObject({ code: 'forbidden' })
    // The super admin gets through.
    for (const [loader, path] of pages) expect((await run(loader, request(path, { cookie: sadmin.cookie }))).status, path).toBe(200)
  })

  leadingNumberTests({
    people: kit.people,
    leadingNumber: kit.leadingNumber,
    themes: `${base}/themes`,
    posts,
    create: o.services.createTheme,
    table: o.tables.themes,
    themeForm: o.themeForm,
    takenKey: o.leadingNumberTaken,
  })

  it('create, update and (de)activation are audited without a customer, in the same transaction', async () => {
    const { sadmin } = kit.people
    const ln = kit.leadingNumber()
    await posts.newTheme(o.themeForm(ln))
    const [theme] = await system().select().from(themes).where(eq(themes.leadingNumber, ln))
    await posts.editTheme(theme.id, { ...o.themeForm(ln, { nameEn: 'Renamed' }), version: '1' })
    const themeAudits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, theme.id))
    expect(themeAudits.map((a) => a.action).sort()).toEqual(['Created', 'Updated'])
    expect(themeAudits.every((a) => a.component === o.components.theme && a.customerId === null && a.userId === sadmin.userId)).toBe(true)
    expect(themeAudits.find((a) => a.action === 'Updated')!.changedFields).toEqual({ nameEn: { from: o.themeForm(ln).nameEn, to: 'Renamed' } })

    const parents = await o.under(theme)
    const idkey = `${parents.prefix}.01`
    const created = await posts.newEntry(o.entryForm(parents, idkey))
    expect(created.status).toBe(302)
    const [entry] = await system().select().from(catalog).where(eq(catalog.idkey, idkey))
    const saved = await posts.editEntry(entry.id, { ...o.entryForm(parents, idkey, { titleFr: 'Nouveau titre' }), version: '1' })
    expect(saved.status).toBe(302)
    const off = await posts.setActive(entry.id, '2', false)
    expect(off.status).toBe(302)
    const on = await posts.setActive(entry.id, '3', true)
    expect(on.status).toBe(302)
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, entry.id)).orderBy(auditEntries.createdAt)
    expect(audits.map((a) => a.action)).toEqual(['Created', 'Updated', 'Updated', 'Updated'])
    expect(audits.every((a) => a.component === o.components.catalog && a.customerId === null && a.userId === sadmin.userId)).toBe(true)
    expect(audits[0].changedFields).toMatchObject({ idkey: { from: null, to: idkey }, tags: { from: null, to: o.entryTags } })
    expect(audits[1].changedFields).toEqual({ titleFr: { from: o.entryForm(parents, idkey).titleFr, to: 'Nouveau titre' } })
    expect(audits.slice(2).map((a) => a.changedFields)).toEqual([{ active: { from: true, to: false } }, { active: { from: false, to: true } }])

    // A refused change writes no audit entry either.
    const count = async () =>
      (
        await system()
          .select()
          .from(auditEntries)
          .where(inArray(auditEntries.component, [o.components.catalog, o.components.theme]))
      ).length
    const before = await count()
    await posts.newEntry(o.entryForm(parents, idkey))
    await posts.newTheme(o.themeForm(ln))
    expect(await count()).toBe(before)
  })

  it('a stale version is refused with 409, the input kept and nothing saved', async () => {
    const tree = await o.tree()
    const { ln, theme, entry } = tree
    const editEntry = (titleDe: string) => posts.editEntry(entry.id, { ...o.entryForm(tree, entry.idkey, { titleDe }), version: '1' })
    expect((await editEntry('Erste')).status).toBe(302)
    const stale = await editEntry('Zweite')
    expect(stale.status).toBe(409)
    expect(errorText(stale.body)).toContain('validation.staleVersion')
    expect(errorText(stale.body)).toContain('Zweite')
    const staleToggle = await posts.setActive(entry.id, '1', false)
    expect(staleToggle.status).toBe(409)

    const editTheme = (nameDe: string) => posts.editTheme(theme.id, { ...o.themeForm(ln, { nameDe }), version: '1' })
    expect((await editTheme('Erster')).status).toBe(302)
    const staleTheme = await editTheme('Veraltet')
    expect(staleTheme.status).toBe(409)
    expect(errorText(staleTheme.body)).toContain('validation.staleVersion')

    const [row] = await system().select().from(catalog).where(eq(catalog.id, entry.id))
    expect(row).toMatchObject({ titleDe: 'Erste', active: true, version: 2 })
    expect((await system().select().from(themes).where(eq(themes.id, theme.id)))[0]).toMatchObject({ nameDe: 'Erster', version: 2 })
  })

  it('unknown ids answer 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const as = { cookie: kit.people.sadmin.cookie }
    expect((await run(r.edit.loader, request(`${base}/${id}/edit`, as), { id })).status).toBe(404)
    expect((await run(r.edit.loader, request(`${base}/nope/edit`, as), { id: 'nope' })).status).toBe(404)
    expect((await run(r.active.loader, request(`${base}/${id}/active`, as), { id })).status).toBe(404)
    expect((await run(r.themeEdit.loader, request(`${base}/themes/${id}/edit`, as), { id })).status).toBe(404)
    const tree = await o.tree()
    const res = await posts.editEntry(id, { ...o.entryForm(tree, `${tree.prefix}.05`), version: '1' })
    expect(res.status).toBe(404)
    const resTheme = await posts.editTheme(id, { ...o.themeForm(kit.leadingNumber()), version: '1' })
    expect(resTheme.status).toBe(404)
  })

  it(`changing or deactivating a catalogue entry leaves an inventory ${o.inventory.name} untouched`, async () => {
    const { customerId } = kit.people
    const tree = await o.tree()
    const { entry } = tree
    const copy = await o.inventory.copy(tree, customerId)
    const saved = await posts.editEntry(entry.id, { ...o.entryForm(tree, entry.idkey, o.inventory.change), version: '1' })
    expect(saved.status).toBe(302)
    const off = await posts.setActive(entry.id, '2', false)
    expect(off.status).toBe(302)
    const [catalogRow] = await system().select().from(catalog).where(eq(catalog.id, entry.id))
    expect(catalogRow).toMatchObject({ ...o.inventory.changed, active: false, version: 3 })
    const [after] = await system()
      .select()
      .from(inventoryTable)
      .where(and(eq(inventoryTable.id, copy.id), eq(inventoryTable.customerId, customerId)))
    expect(after).toEqual(copy)
  })

  it(o.list.name, async () => {
    const { cookie } = kit.people.sadmin
    const tree = await o.tree()
    const { entry } = tree
    const word = `Wort${crypto.randomBytes(3).toString('hex')}`
    await system()
      .update(catalog)
      .set({ titleFr: `Titre ${word}` })
      .where(eq(catalog.id, entry.id))
    const list = async <B>(query: string) => {
      const res = await run(r.list, request(`${base}?${query}`, { cookie }))
      expect(res.status).toBe(200)
      return res.body as ListBody & B
    }
    const byText = await list(`q=${word.toLowerCase()}`)
    expect(byText.rows.map((row) => row.id)).toEqual([entry.id])
    expect(byText.rows[0]).toMatchObject({ titleDe: 'Titel', titleFr: `Titre ${word}`, titleEn: 'Title' })
    expect(byText.filtered).toBe(true)
    await o.list.more?.(tree, list)
    const parent = o.list.parent(tree)
    expect((await list(parent)).rows.map((row) => row.id)).toEqual([entry.id])
    expect((await list(`${parent}&state=inactive`)).rows).toEqual([])
    await system().update(catalog).set({ active: false }).where(eq(catalog.id, entry.id))
    expect((await list(`${parent}&state=inactive`)).rows.map((row) => row.id)).toEqual([entry.id])
    expect((await list(`${parent}&state=active`)).rows).toEqual([])
  })
}

/** The two tests of the leading number a theme gets: two characters, and no number twice. */
function leadingNumberTests(o: {
  people: CatalogPeople
  leadingNumber: () => string
  /** The list of themes. */
  themes: string
  posts: ReturnType<typeof catalogPosts>
  create: (access: Access, input: ThemeInput) => Promise<{ id: string }>
  table: typeof riskThemes | typeof icsMainThemes
  themeForm: (ln: string, extra?: Form) => Form
  takenKey: string
}) {
  const table = o.table as typeof riskThemes
  it('a leading number must have exactly two characters', async () => {
    const { access } = o.people.sadmin
    for (const ln of ['7', '123', '   ']) {
      await expectRefused(o.posts.newTheme(o.themeForm(ln)), ln.trim() ? 'validation.twoChars' : 'validation.required', ln)
    }
    // The service refuses it too, whoever calls it.
    await expect(o.create(access, { leadingNumber: 'ABC', nameDe: 'x', nameFr: 'x', nameEn: 'x' })).rejects.toMatchObject({
      code: 'invalid',
      field: 'leadingNumber',
      messageKey: 'validation.twoChars',
    })
    expect(
      await system()
        .select()
        .from(table)
        .where(eq(table.nameDe, o.themeForm('123').nameDe)),
    ).toEqual([])
    const ok = await o.posts.newTheme(o.themeForm(o.leadingNumber()))
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(o.themes)
    expect(ok.headers.get('Set-Cookie')).toContain('__toast')
  })

  it('a duplicate leading number gets its own message, on create and on update', async () => {
    const { access } = o.people.sadmin
    const ln = o.leadingNumber()
    expect((await o.posts.newTheme(o.themeForm(ln))).status).toBe(302)
    const dup = await o.posts.newTheme(o.themeForm(ln, { nameDe: 'Doppelt' }))
    expect(dup.status).toBe(400)
    expect(errorText(dup.body)).toContain(o.takenKey)
    expect(errorText(dup.body)).toContain('Doppelt')
    const other = await o.create(access, { leadingNumber: o.leadingNumber(), nameDe: 'Andere', nameFr: 'Autre', nameEn: 'Other' })
    await expectRefused(o.posts.editTheme(other.id, { ...o.themeForm(ln), version: '1' }), o.takenKey)
    expect(await system().select().from(table).where(eq(table.leadingNumber, ln))).toHaveLength(1)
  })
}

import crypto from 'node:crypto'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import routes from '../../app/routes.ts'
import { customerFactory, memberFactory, request, riskFactory, run } from '../factories/index.ts'

type Entry = { path?: string; file: string; children?: Entry[] }
type RouteModule = { loader?: (a: never) => unknown; action?: (a: never) => unknown }

/** Every page of app/routes.ts that has a form action, with its URL (ids filled with an unknown uuid). */
function pages(entries: Entry[], prefix = ''): { url: string; file: string; params: Record<string, string> }[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${prefix}/${e.path}` : prefix
    const params: Record<string, string> = {}
    const url = full.replace(/:(\w+)/g, (_, name: string) => (params[name] = name === 'language' ? 'de' : name === 'key' ? 'welcome' : crypto.randomUUID()))
    return [{ url: url || '/', file: e.file, params }, ...pages(e.children ?? [], full)]
  })
}

describe('a refused POST answers what the page says', () => {
  let reader = ''
  let norights = ''
  beforeAll(async () => {
    const customer = await customerFactory()
    reader = (await memberFactory({ customer, traits: ['read'] })).cookie
    norights = (await memberFactory({ customer, traits: ['norights'] })).cookie
  })

  it('as a reader and as a member without tools: an empty POST gets the 403 or 404 of the page, never 400', async () => {
    const mismatches: string[] = []
    let checked = 0
    for (const page of pages(routes as Entry[])) {
      if (!page.url.startsWith('/app/') || page.url.endsWith('.csv')) continue
      const mod = (await import(path.resolve('app', page.file))) as RouteModule
      if (!mod.loader || !mod.action) continue
      for (const [who, cookie] of [
        ['reader', reader],
        ['no rights', norights],
      ] as const) {
        const get = await run(mod.loader, request(page.url, { cookie }), page.params)
        if (get.status !== 403 && get.status !== 404) continue
        const post = await run(mod.action, request(page.url, { cookie, form: {} }), page.params)
        checked++
        if (post.status !== get.status) mismatches.push(`${who} ${page.url}: page ${get.status}, POST ${post.status}`)
      }
    }
    expect(checked).toBeGreaterThan(10)
    expect(mismatches).toEqual([])
  })
})

/** The intents the detail pages' forms send (a route answers null for those it does not know). */
const INTENTS = [
  '',
  'cancel',
  'edit',
  'save',
  'delete',
  'link',
  'unlink',
  'remove',
  'add',
  'confirm',
  'activate',
  'deactivate',
  'endNow',
  'close',
  'approve',
  'addMeasure',
  'addDocument',
]

describe('a POST to a record that does not exist answers 404', () => {
  let admin = ''
  let operator = ''
  let foreign: Record<string, string> = {}
  beforeAll(async () => {
    const customer = await customerFactory()
    admin = (await memberFactory({ customer, traits: ['admin'] })).cookie
    operator = (await memberFactory({ customer, traits: ['admin', 'super-admin'] })).cookie
    const other = await customerFactory()
    const stranger = await memberFactory({ customer: other, traits: ['admin'] })
    foreign = { risk: (await riskFactory({ customer: other, owner: stranger.user })).id, user: stranger.user.id }
  })

  it('on every detail page of an admin: whatever the intent, an unknown, malformed or foreign id answers 404, never a redirect', async () => {
    const mismatches: string[] = []
    let checked = 0
    for (const page of pages(routes as Entry[])) {
      const ids = Object.keys(page.params).filter((name) => name !== 'language' && name !== 'key')
      if (ids.length === 0 || page.url.endsWith('.csv')) continue
      if (!page.url.startsWith('/app/') && !page.url.startsWith('/operator/')) continue
      const mod = (await import(path.resolve('app', page.file))) as RouteModule
      if (!mod.action) continue
      const cookie = page.url.startsWith('/operator/') || page.url.startsWith('/app/sadmin/') ? operator : admin
      const variants: [string, string, Record<string, string>][] = [['unknown', page.url, page.params]]
      const last = ids[ids.length - 1]
      const malformed = { ...page.params, [last]: 'x' }
      variants.push(['malformed', page.url.replace(page.params[last], 'x'), malformed])
      if (page.url.startsWith('/app/risk/') && ids.length === 1)
        variants.push(['foreign', page.url.replace(page.params[last], foreign.risk), { ...page.params, [last]: foreign.risk }])
      if (page.url.startsWith('/app/admin/users/') && ids.length === 1)
        variants.push(['foreign', page.url.replace(page.params[last], foreign.user), { ...page.params, [last]: foreign.user }])
      for (const [how, url, params] of variants) {
        for (const intent of how === 'unknown' ? ['(empty form)', ...INTENTS] : ['(empty form)', 'cancel']) {
          // A plausible form (a block, a version) gets past the forms' own checks; an empty one must not be refused first with 400.
          const form = intent === '(empty form)' ? {} : { ...(intent ? { intent } : {}), block: 'intro', version: '1', endsOn: '2030-01-01' }
          const post = await run(mod.action, request(url, { cookie, form }), params)
          checked++
          if (post.status !== 404) mismatches.push(`${how} ${url} intent=${intent}: ${post.status}${post.location ? ` → ${post.location}` : ''}`)
        }
      }
    }
    expect(checked).toBeGreaterThan(100)
    expect([...new Set(mismatches)]).toEqual([])
  })
})

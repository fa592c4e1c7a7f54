import crypto from 'node:crypto'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import routes from '../../app/routes.ts'
import { customerFactory, memberFactory, request, run } from '../factories/index.ts'

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

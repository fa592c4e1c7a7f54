import crypto from 'node:crypto'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import routes from '../../app/routes.ts'
import { eq } from 'drizzle-orm'
import { sessions, users } from '../../models/schema/index.ts'
import { createCustomer, createUser, request, right, run, sessionCookie } from '../factories.ts'
import { system } from '../system-db.ts'

/**
 * Guards are route middleware on layout routes (app/auth/middleware.server.ts). The routes come from
 * app/routes.ts: every route below a guard is checked against it, so a route added later is covered
 * without touching this file, and a route added under /app outside every guarded area fails here.
 */

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] }
type Middleware = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }, next: () => Promise<unknown>) => unknown
type Page = { url: string; file: string; params: Record<string, string>; chain: string[] }

function pages(entries: Entry[], prefix = '', chain: string[] = []): Page[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${prefix}/${e.path}` : prefix
    const params: Record<string, string> = {}
    const url = full.replace(/:(\w+)/g, (_, name: string) => (params[name] = name === 'language' ? 'de' : name === 'key' ? 'welcome' : crypto.randomUUID()))
    const own = [...chain, e.file]
    // A layout route (neither path nor index) is no page; its children are.
    const self = e.path || e.index ? [{ url: url || '/', file: e.file, params, chain: own }] : []
    return [...self, ...pages(e.children ?? [], full, own)]
  })
}

const APP_LAYOUT = 'features/shell/app-layout.tsx'

/** Who each guard refuses with 403 and whom it lets through (the users of beforeAll). */
const GUARDS: Record<string, { refused: User; passes: User }> = {
  'features/inventory/risk/layout.tsx': { refused: 'icsOnly', passes: 'riskDsg' },
  'features/inventory/ics/layout.tsx': { refused: 'riskOnly', passes: 'icsDsg' },
  'features/operator/layout.tsx': { refused: 'admin', passes: 'operator' },
  'features/admin/layout.tsx': { refused: 'writer', passes: 'admin' },
  // The audit trail: admins and auditors.
  'features/history/layout.tsx': { refused: 'writer', passes: 'admin' },
  'features/work-processes/layout.tsx': { refused: 'noTools', passes: 'riskDsg' },
  'features/dsg/layout.tsx': { refused: 'noTools', passes: 'icsDsg' },
  'features/dsg/breaches/layout.tsx': { refused: 'writer', passes: 'icsDsg' },
  // Requests of data subjects hold personal data: the dsg role and admins only.
  'features/dsg/requests/layout.tsx': { refused: 'writer', passes: 'icsDsg' },
  // An active customer, whatever the rights: the pages decide their tabs.
  'features/report/layout.tsx': { refused: 'riskDsg', passes: 'icsOnly' },
  'features/measures/layout.tsx': { refused: 'nobody', passes: 'noTools' },
  'features/import/risks-layout.tsx': { refused: 'riskDsg', passes: 'riskOnly' },
  'features/import/measures-layout.tsx': { refused: 'noTools', passes: 'icsOnly' },
  'features/documents/layout.tsx': { refused: 'nobody', passes: 'noTools' },
  // Control executions: read on ICS; the dsg role alone does not read them.
  'features/executions/layout.tsx': { refused: 'icsDsg', passes: 'icsOnly' },
  'features/files/layout.tsx': { refused: 'nobody', passes: 'noTools' },
  // Loyalty: readers of the area and every member with a tool, for their own declaration.
  'features/loyalty/layout.tsx': { refused: 'noTools', passes: 'icsOnly' },
  // KRIs and the risk appetite: read on RM; importing values, write on RM.
  'features/kri/layout.tsx': { refused: 'riskDsg', passes: 'riskOnly' },
  'features/import/kri-layout.tsx': { refused: 'riskDsg', passes: 'riskOnly' },
  // Providers, findings and the council's decisions: read on either tool.
  'features/providers/layout.tsx': { refused: 'noTools', passes: 'icsOnly' },
  'features/findings/layout.tsx': { refused: 'noTools', passes: 'riskOnly' },
  'features/decisions/layout.tsx': { refused: 'noTools', passes: 'icsOnly' },
}
/** Guarded areas that need an active customer: without one the user chooses first. */
const CUSTOMER_GUARDS = Object.keys(GUARDS).filter((f) => f !== 'features/operator/layout.tsx')
/** Pages below the app layout that need only a signed-in user (each checks the rest itself). */
const SIGNED_IN_ONLY = ['features/dashboard/index.tsx', 'features/shell/debug.tsx', 'features/account/layout.tsx']

type User = 'icsOnly' | 'riskOnly' | 'riskDsg' | 'icsDsg' | 'admin' | 'writer' | 'noTools' | 'operator' | 'noCustomer' | 'nobody'

const modules = new Map<string, { middleware?: Middleware[] }>()
async function middlewareOf(file: string) {
  if (!modules.has(file)) modules.set(file, await import(path.resolve('app', file)))
  return modules.get(file)?.middleware ?? []
}

/** Runs the middleware of a page's route chain as React Router does; "passed" when every guard let it through. */
async function through(page: Page, cookie: string | undefined, url = page.url) {
  const chain = (await Promise.all(page.chain.map(middlewareOf))).flat()
  const context = new RouterContextProvider()
  const req = request(url, { cookie })
  const call = async (i: number): Promise<unknown> => {
    if (i >= chain.length) return new Response('passed')
    let result: unknown
    const next = async () => (result = await call(i + 1))
    const value = await chain[i]({ request: req, params: page.params, context }, next)
    return value ?? result ?? next()
  }
  return run((() => call(0)) as never, req, page.params)
}

describe('guards as route middleware, for every route of app/routes.ts', () => {
  const all = pages(routes as Entry[])
  const app = all.filter((p) => p.chain.includes(APP_LAYOUT))
  const cookies = {} as Record<User, string | undefined>

  beforeAll(async () => {
    const { id: customerId } = await createCustomer()
    const member = async (risk: ReturnType<typeof right>, iks: ReturnType<typeof right>, isSuperAdmin = false) => {
      const { user, memberships } = await createUser({ isSuperAdmin, memberships: [{ customerId, risk, iks }] })
      return (await sessionCookie(user.id, memberships[0].id)).cookie
    }
    cookies.icsOnly = await member(right('none', false), right('write'))
    cookies.riskOnly = await member(right('write'), right('none', false))
    cookies.riskDsg = await member(right('dsg'), right('none', false))
    cookies.icsDsg = await member(right('none', false), right('dsg'))
    cookies.admin = await member(right('admin'), right('admin'))
    cookies.writer = await member(right('write'), right('write'))
    cookies.noTools = await member(right('none', false), right('none', false))
    const { user: op } = await createUser({ isSuperAdmin: true })
    // Super admins need the second factor (issue 12): this one has it on and signed in with it, or every
    // page leads to its setup (or, in a session without the code, to the sign-in).
    await system().update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, op.id))
    cookies.operator = (await sessionCookie(op.id)).cookie
    await system().update(sessions).set({ method: 'second_factor' }).where(eq(sessions.userId, op.id))
    // Two customers and none chosen yet: the selector comes first.
    const { id: other } = await createCustomer()
    const { user } = await createUser({
      memberships: [
        { customerId, risk: right('write') },
        { customerId: other, risk: right('write') },
      ],
    })
    cookies.noCustomer = (await sessionCookie(user.id)).cookie
  })

  it('finds the pages below each guard', () => {
    expect(app.length).toBeGreaterThan(50)
    for (const guard of Object.keys(GUARDS)) expect(app.filter((p) => p.chain.includes(guard)).length, guard).toBeGreaterThan(0)
    expect(app.filter((p) => p.chain.includes('features/operator/layout.tsx')).length).toBeGreaterThan(25)
  })

  it('every layout with middleware is a known guard, and every page below /app lies in a guarded area', async () => {
    for (const file of new Set(all.flatMap((p) => p.chain))) {
      if ((await middlewareOf(file)).length && file !== APP_LAYOUT && !file.endsWith('root.tsx')) expect(Object.keys(GUARDS), file).toContain(file)
    }
    const unguarded = app.filter((p) => p.file !== APP_LAYOUT && !p.chain.some((f) => f in GUARDS || SIGNED_IN_ONLY.includes(f)))
    expect(unguarded.map((p) => p.url)).toEqual([])
  })

  it('without a session every page below /app redirects to the login, remembering where the user wanted to go', async () => {
    for (const page of app) {
      const res = await through(page, undefined)
      expect(res.status, page.url).toBe(302)
      expect(res.location, page.url).toBe(`/?redirectTo=${encodeURIComponent(page.url)}`)
      // The data request of a client-side navigation too, to the page's own path.
      const data = await through(page, undefined, `${page.url}.data`)
      expect(data.location, `${page.url}.data`).toBe(`/?redirectTo=${encodeURIComponent(page.url)}`)
    }
  })

  it('each guard refuses every page below it with 403 to the wrong user and lets the right one through', async () => {
    let checked = 0
    for (const page of app) {
      for (const guard of page.chain.filter((f) => f in GUARDS)) {
        const { refused, passes } = GUARDS[guard]
        if (refused !== 'nobody') {
          const res = await through(page, cookies[refused])
          expect(res.status, `${refused} on ${page.url}`).toBe(403)
          // A refused page carries the header's data, so the error page keeps the shell; a download answers a bare status.
          const shell = (res.body as { shell?: { user: { id: string } } } | null)?.shell
          if (/\.(csv|pdf|xlsx|zip)$/.test(page.url)) expect(res.body ?? null, page.url).toBeNull()
          else expect(shell?.user.id, page.url).toBeTruthy()
          checked++
        }
        const ok = await through(page, cookies[passes])
        expect(ok.status, `${passes} on ${page.url}`).toBe(200)
      }
    }
    expect(checked).toBeGreaterThan(40)
  })

  it('non-operators get 403 on every page of /app/sadmin', async () => {
    const sadmin = app.filter((p) => p.url.startsWith('/app/sadmin'))
    expect(sadmin.length).toBeGreaterThan(25)
    for (const page of sadmin) {
      expect(page.chain, page.url).toContain('features/operator/layout.tsx')
      for (const who of ['admin', 'writer', 'noTools'] as const) expect((await through(page, cookies[who])).status, `${who} on ${page.url}`).toBe(403)
    }
  })

  it('a member without an active customer chooses one first, on every page of a customer area', async () => {
    for (const page of app.filter((p) => p.chain.some((f) => CUSTOMER_GUARDS.includes(f)))) {
      const res = await through(page, cookies.noCustomer)
      expect(res.status, page.url).toBe(302)
      expect(res.location, page.url).toBe(`/app/user/cselector?redirectTo=${encodeURIComponent(page.url)}`)
    }
  })
})

import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { signedIn } from '../../app/auth/middleware.server.ts'
import {
  authContext,
  type GuardArgs,
  requireAdmin,
  requireCustomer,
  requirePermission,
  requireSuperAdmin,
  requireUser,
  safeRedirect,
} from '../../app/auth/guards.server.ts'
import * as usersRoute from '../../app/features/admin/index.tsx'
import * as iksRoute from '../../app/features/inventory/ics/index.tsx'
import * as dsgRoute from '../../app/features/dsg/index.tsx'
import * as riskRoute from '../../app/features/inventory/risk/index.tsx'
import * as dselector from '../../app/features/account/deputy-selector.tsx'
import * as sadmin from '../../app/features/operator/index.tsx'
import { ROLES, type Role, type Tool } from '../../models/schema/index.ts'
import { asLoader, createUser, customerFactory, memberFactory, request, right, run, sessionCookie, userFactory } from '../factories/index.ts'

type Guard = (args: GuardArgs) => Promise<unknown>
const LEVEL: Record<Role, number> = { none: 0, dsg: 1, read: 2, write: 3, admin: 4 }
/** The tool flag a route asks for each role minimum of decision 0006 (use = dsg or more). */
const FLAG = { dsg: 'use', read: 'read', write: 'write', admin: 'admin' } as const
const requireTool = (r: GuardArgs, tool: Tool, minimum: keyof typeof FLAG) => requirePermission(r, (p) => p.tools[tool][FLAG[minimum]])

async function status(guard: Guard, cookie: string, path = '/app/x') {
  return (await run(asLoader(guard), request(path, { cookie }))).status
}

describe('rights guards per role (SPEC.md §6)', () => {
  let customerId: string
  beforeAll(async () => {
    customerId = (await customerFactory()).id
  })

  for (const enabled of [true, false]) {
    for (const role of ROLES) {
      it(`risk ${role}, ${enabled ? 'enabled' : 'disabled'}: each minimum of requireTool and requireAdmin`, async () => {
        const { cookie } = await memberFactory({ customer: customerId, attributes: { rights: { risk: right(role, enabled) } } })
        for (const minimum of ['dsg', 'read', 'write', 'admin'] as const) {
          const expected = enabled && LEVEL[role] >= LEVEL[minimum] ? 200 : 403
          expect(await status((r) => requireTool(r, 'risk', minimum), cookie), `minimum ${minimum}`).toBe(expected)
          // The other tool is disabled: always refused.
          expect(await status((r) => requireTool(r, 'iks', minimum), cookie)).toBe(403)
        }
        expect(await status(requireAdmin, cookie)).toBe(enabled && role === 'admin' ? 200 : 403)
        expect(await status(requireCustomer, cookie)).toBe(200)
        expect(await status(requireSuperAdmin, cookie)).toBe(403)
      })
    }
  }

  it('admin on iks alone opens the admin area', async () => {
    const { cookie } = await memberFactory({ customer: customerId, traits: ['ics-admin'] })
    expect(await status(requireAdmin, cookie)).toBe(200)
  })

  it('without a session every guard redirects pages to the login and answers 401 to the API', async () => {
    for (const guard of [requireUser, requireCustomer, requireAdmin, requireSuperAdmin, (r: GuardArgs) => requireTool(r, 'risk', 'read')]) {
      const page = await run(asLoader(guard), request('/app/x'))
      expect(page.status).toBe(302)
      expect(page.location).toBe('/?redirectTo=%2Fapp%2Fx')
      expect((await run(asLoader(guard), request('/api/x'))).status).toBe(401)
    }
  })

  it('requireCustomer sends a member without an active customer to the selector', async () => {
    const { user } = await memberFactory({ customer: customerId, traits: ['signed-out'] })
    const { cookie } = await sessionCookie(user.id)
    const res = await run(asLoader(requireCustomer), request('/app/risk?x=1', { cookie }))
    expect(res.status).toBe(302)
    expect(res.location).toBe('/app/user/cselector?redirectTo=%2Fapp%2Frisk%3Fx%3D1')
  })

  it('a membership taken away after sign-in no longer opens the customer', async () => {
    const { memberships, cookie } = await memberFactory({ customer: customerId, traits: ['risk-write'] })
    const { system } = await import('../system-db.ts')
    const { memberships: table } = await import('../../models/schema/index.ts')
    const { eq } = await import('drizzle-orm')
    await system().delete(table).where(eq(table.id, memberships[0].id))
    expect(await status((r) => requireTool(r, 'risk', 'read'), cookie)).not.toBe(200)
  })

  it('the super-admin area is for super admins only', async () => {
    const sa = await userFactory({ traits: ['super-admin'] })
    const { user: admin, memberships } = await memberFactory({ customer: customerId, traits: ['admin', 'signed-out'] })
    expect((await run(sadmin.loader, request('/app/sadmin', { cookie: (await sessionCookie(sa.id)).cookie }))).status).toBe(200)
    expect((await run(sadmin.loader, request('/app/sadmin', { cookie: (await sessionCookie(admin.id, memberships[0].id)).cookie }))).status).toBe(403)
  })

  it('tool areas follow the rights: a user without tools gets 403 for RM, ICS, DSG and user management', async () => {
    const { cookie } = await memberFactory({ customer: customerId })
    const screens: [string, (a: never) => unknown][] = [
      ['/app/risk', riskRoute.loader],
      ['/app/iks', iksRoute.loader],
      ['/app/dsg', dsgRoute.loader],
      ['/app/admin/users', usersRoute.loader],
    ]
    for (const [path, loader] of screens) {
      expect((await run(loader, request(path, { cookie }))).status, path).toBe(403)
    }
    const d = await memberFactory({ customer: customerId, traits: ['risk-dsg'] })
    expect((await run(riskRoute.loader, request('/app/risk', { cookie: d.cookie }))).status).toBe(200)
    expect((await run(dsgRoute.loader, request('/app/dsg', { cookie: d.cookie }))).status).toBe(200)
    expect((await run(iksRoute.loader, request('/app/iks', { cookie: d.cookie }))).status).toBe(403)
  })

  it('super admins never load the deputies list', async () => {
    const { user } = await createUser({ isSuperAdmin: true, memberships: [{ customerId, risk: right('admin') }] })
    const perm = (await (await import('../../app/auth/users.server.ts')).listPermissionOptions(user.id))[0]
    const s = await sessionCookie(user.id, perm.permId)
    expect((await run(dselector.loader, request('/app/user/dselector', { cookie: s.cookie }))).status).toBe(403)
  })
})

describe('loaders read the signed-in access the middleware stored (decision 0060)', () => {
  it('a loader below the layout asks no second time: it goes on with the stored access, where a lookup would refuse', async () => {
    const { user, cookie, memberships } = await memberFactory({ customer: (await customerFactory()).id, traits: ['risk-write'] })
    const context = new RouterContextProvider()
    await signedIn(
      { request: request('/app/risk', { cookie }), context, params: {}, url: new URL('http://localhost/app/risk'), pattern: '/app/risk' } as never,
      async () => new Response(),
    )
    expect(context.get(authContext)?.access.permId).toBe(memberships[0].id)
    // The session ends after the middleware ran: a guard that looked it up again would send the page to the sign-in.
    const { system } = await import('../system-db.ts')
    const { sessions } = await import('../../models/schema/index.ts')
    const { eq } = await import('drizzle-orm')
    await system().delete(sessions).where(eq(sessions.userId, user.id))
    expect((await run(riskRoute.loader, request('/app/risk', { cookie }), {}, context)).status).toBe(200)
    // Without a stored access the same loader looks the session up, and finds none.
    const alone = await run(riskRoute.loader, request('/app/risk', { cookie }), {}, new RouterContextProvider())
    expect(alone.status).toBe(302)
    expect(alone.location).toBe('/?redirectTo=%2Fapp%2Frisk&ended=1')
  })
})

describe('where to go after sign-in', () => {
  it('keeps paths of this site, with query and hash', () => {
    expect(safeRedirect('/app/risk?state=analysis#top')).toBe('/app/risk?state=analysis#top')
    expect(safeRedirect('/app/user/profile')).toBe('/app/user/profile')
  })
  it('never leaves the site, however the address is disguised', () => {
    for (const to of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ]) {
      const target = safeRedirect(to)
      expect(new URL(target, 'https://app.example').origin, String(to)).toBe('https://app.example')
      expect(target).not.toMatch(/[\t\n\\]/)
    }
    expect(safeRedirect('/\t/evil.example')).toBe('/app')
  })
})

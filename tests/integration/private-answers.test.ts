// Issue 23 (security probe, low findings): what a signed-in person's answers and cookies tell a
// browser, a shared cache or the operator.
import { beforeAll, describe, expect, it } from 'vitest'
import * as me from '../../app/features/account/api/me.ts'
import * as lang from '../../app/features/shell/lang.tsx'
import { requestGate } from '../../app/utils/request-gate-middleware.server.ts'
import { customerFactory, type Member, memberFactory, request, run } from '../factories/index.ts'

type Fn = (args: never) => unknown

/** A call through the root's request gate, as the server runs it. */
function throughGate(fn: Fn, req: Request) {
  return run(
    (async () =>
      requestGate({ request: req, params: {}, context: {} } as never, async () =>
        (fn as (a: unknown) => Promise<Response>)({ request: req, params: {}, context: {} }),
      )) as Fn,
    req,
  )
}

describe('answers with personal data are not kept by any cache', () => {
  let member: Member
  beforeAll(async () => {
    member = await memberFactory({ customer: (await customerFactory()).id, traits: ['read'] })
  })

  it('/api/users/me (name, e-mail, phone, address) answers Cache-Control: no-store, and so does its 401', async () => {
    const res = await throughGate(me.loader as Fn, request('/api/users/me', { cookie: member.cookie }))
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body)).toContain(member.user.email)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const anonymous = await throughGate(me.loader as Fn, request('/api/users/me'))
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('Cache-Control')).toBe('no-store')
  })
})

describe('the language cookie is Secure as the session cookie is', () => {
  const post = (origin: string) =>
    new Request(`${origin}/lang`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lng: 'fr', redirectTo: '/' }),
    })
  const cookies = async (origin: string) => (await run(lang.action as Fn, post(origin))).headers.getSetCookie()

  it('over https every language cookie is Secure; over plain http (a developer machine) it is not', async () => {
    const secure = await cookies('https://vorsorge.example')
    expect(secure.find((c) => c.startsWith('lng='))).toMatch(/;\s*Secure/i)
    expect(secure.find((c) => c.startsWith('lng_chosen='))).toMatch(/;\s*Secure/i)
    const plain = await cookies('http://localhost')
    expect(plain.find((c) => c.startsWith('lng='))).not.toMatch(/Secure/i)
  })

  it('behind a TLS proxy configured by APP_URL=https://… it is Secure too', async () => {
    const before = process.env.APP_URL
    process.env.APP_URL = 'https://vorsorge.example'
    try {
      expect((await cookies('http://localhost')).find((c) => c.startsWith('lng='))).toMatch(/;\s*Secure/i)
    } finally {
      if (before === undefined) delete process.env.APP_URL
      else process.env.APP_URL = before
    }
  })
})

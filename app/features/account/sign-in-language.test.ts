import { and, eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import * as appLayout from '#app/features/shell/app-layout.tsx'
import * as langRoute from '#app/features/shell/lang.tsx'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { auditEntries, users } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import {
  cookieFrom,
  customerFactory,
  fromClient,
  memberFactory,
  type Outcome,
  request,
  run,
  sessionCookie,
  TEST_PASSWORD,
  type User,
} from '../../../tests/factories/index.ts'
import * as loginRoute from './login.tsx'
import * as languageRoute from './profile-language.tsx'
import { codeAt, SecondFactor } from '#app/auth/second-factor.server.ts'
import * as stepRoute from './second-factor-step.tsx'
import { toAccessUser } from '#app/auth/users.server.ts'
import { NO_RIGHTS } from '#models/core/access.ts'

const loginForm = (email: string) => ({ email, password: TEST_PASSWORD, redirectTo: '' })
const cookies = (...values: (string | null)[]) => values.filter(Boolean).join('; ')
const languageOf = async (id: string) => (await system().select().from(users).where(eq(users.id, id)))[0].language
/** The value a response gives a cookie: null when it does not set it, '' when it removes it. */
const setTo = (res: Outcome, name: string) => {
  const c = res.headers.getSetCookie().find((s) => s.startsWith(`${name}=`))
  if (!c) return null
  return /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) ? '' : c.split(';')[0]
}

/** Runs a route function below the app layout's guard, as React Router does for /app/…. */
function underApp(fn: (args: never) => unknown, req: Request) {
  return run(
    (async () => {
      const context = new RouterContextProvider()
      for (const m of appLayout.middleware) await (m as (...a: unknown[]) => unknown)({ request: req, params: {}, context }, async () => undefined)
      return (fn as (a: unknown) => unknown)({ request: req, params: {}, context })
    }) as never,
    req,
  )
}

/** Picks a language on the sign-in page (the switcher, signed out): the cookies it sets. */
async function pick(lng: string) {
  const res = await run(langRoute.action, request('/lang', { form: { lng, redirectTo: '/' } }))
  expect(res.location).toBe('/')
  return cookies(cookieFrom(res.headers, 'lng'), cookieFrom(res.headers, 'lng_chosen'))
}

describe('the language of a sign-in', () => {
  let alpha: { id: string }
  beforeAll(async () => {
    alpha = await customerFactory()
  })

  it('a language picked on the sign-in page wins over the profile’s, once, and the profile stays', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['german', 'write', 'signed-out'] })
    const picked = await pick('fr')
    expect(picked).toContain('lng_chosen=')
    const res = await fromClient(loginRoute.action, request('/?index', { cookie: picked, form: loginForm(user.email) }))
    expect(res.status).toBe(302)
    expect(await localeCookie.parse(cookieFrom(res.headers, 'lng'))).toBe('fr')
    // The pick is used up; the notice is on; the profile keeps German.
    expect(setTo(res, 'lng_chosen')).toBe('')
    expect(setTo(res, 'lng_notice')).toBeTruthy()
    expect(await languageOf(user.id)).toBe('de')
  })

  it('without a pick the profile’s language applies, and no notice', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['french', 'write', 'signed-out'] })
    // A cookie left from earlier (German) is no pick.
    const res = await fromClient(loginRoute.action, request('/?index', { cookie: 'lng=de', form: loginForm(user.email) }))
    expect(await localeCookie.parse(cookieFrom(res.headers, 'lng'))).toBe('fr')
    expect(setTo(res, 'lng_notice')).toBe('')
  })

  it('a pick of the profile’s own language shows no notice', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['french', 'write', 'signed-out'] })
    const res = await fromClient(loginRoute.action, request('/?index', { cookie: await pick('fr'), form: loginForm(user.email) }))
    expect(await localeCookie.parse(cookieFrom(res.headers, 'lng'))).toBe('fr')
    expect(setTo(res, 'lng_notice')).toBe('')
  })

  it('a link to the sign-in page with ?lng= picks the language too', async () => {
    const page = await run(loginRoute.loader, request('/?lng=en'))
    expect(page.status).toBe(200)
    expect(await localeCookie.parse(cookieFrom(page.headers, 'lng'))).toBe('en')
    expect(cookieFrom(page.headers, 'lng_chosen')).toBeTruthy()
    const plain = await run(loginRoute.loader, request('/'))
    expect(cookieFrom(plain.headers, 'lng_chosen')).toBeNull()
  })

  it('the pick survives the second factor step', async () => {
    const { user } = await memberFactory({ customer: alpha, traits: ['german', 'write', 'signed-out'] })
    const service = SecondFactor.for({ user: toAccessUser(user as User), actingFor: null, customer: null, permId: null, rights: NO_RIGHTS })
    const { secret } = await service.start()
    if (!(await service.confirm(codeAt(secret, Date.now() - 90_000), { now: Date.now() - 90_000 }))) throw new Error('setup failed')
    const picked = await pick('en')
    const first = await fromClient(loginRoute.action, request('/?index', { cookie: picked, form: loginForm(user.email) }))
    expect(first.location).toBe('/login/second-factor')
    expect(setTo(first, 'lng_chosen')).toBeNull()
    const challenge = cookieFrom(first.headers, '__sign_in_challenge')
    const ok = await fromClient(stepRoute.action, request('/login/second-factor', { cookie: cookies(picked, challenge), form: { code: codeAt(secret) } }))
    expect(ok.status).toBe(302)
    expect(await localeCookie.parse(cookieFrom(ok.headers, 'lng'))).toBe('en')
    expect(setTo(ok, 'lng_notice')).toBeTruthy()
  })

  it('switching the language while signed in is no pick for a later sign-in', async () => {
    const { user, memberships } = await memberFactory({ customer: alpha, traits: ['german', 'write', 'signed-out'] })
    const { cookie } = await sessionCookie(user.id, memberships[0].id)
    const res = await run(langRoute.action, request('/lang', { cookie, form: { lng: 'en', redirectTo: '/app' } }))
    expect(cookieFrom(res.headers, 'lng_chosen')).toBeNull()
    expect(await languageOf(user.id)).toBe('en')
  })
})

describe('the notice after a sign-in in a picked language', () => {
  let alpha: { id: string }
  beforeAll(async () => {
    alpha = await customerFactory()
  })

  async function signedInInFrench() {
    const { user } = await memberFactory({ customer: alpha, traits: ['german', 'write', 'signed-out'] })
    const res = await fromClient(loginRoute.action, request('/?index', { cookie: await pick('fr'), form: loginForm(user.email) }))
    return { user, cookie: cookies(cookieFrom(res.headers, '__session'), cookieFrom(res.headers, 'lng'), cookieFrom(res.headers, 'lng_notice')) }
  }
  const noticeOf = async (cookie: string) =>
    ((await underApp(appLayout.loader, request('/app', { cookie }))).body as { languageNotice: unknown }).languageNotice

  it('the shell names both languages while they differ, and not without the notice or once they agree', async () => {
    const { cookie } = await signedInInFrench()
    expect(await noticeOf(cookie)).toEqual({ current: 'fr', profile: 'de' })
    expect(await noticeOf(cookie.replace(/lng_notice=[^;]*/, ''))).toBeNull()
    const german = (await localeCookie.serialize('de')).split(';')[0]
    expect(await noticeOf(cookie.replace(/(^|; )lng=[^;]*/, `$1${german}`))).toBeNull()
  })

  it('adopting makes the session’s language the profile’s, audited, and ends the notice', async () => {
    const { user, cookie } = await signedInInFrench()
    const res = await underApp(languageRoute.action, request('/app/user/language', { cookie, form: { intent: 'adopt', lng: 'fr', redirectTo: '/app/risk' } }))
    expect(res.status).toBe(302)
    expect(res.location).toBe('/app/risk')
    expect(setTo(res, 'lng_notice')).toBe('')
    expect(await languageOf(user.id)).toBe('fr')
    const [entry] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.component, 'user'), eq(auditEntries.action, 'Updated')))
    expect(entry.changedFields.language).toEqual({ from: 'de', to: 'fr' })
    expect(await noticeOf(cookie)).toBeNull()
  })

  it('hiding ends the notice and keeps the profile; forged answers get 400', async () => {
    const { user, cookie } = await signedInInFrench()
    const res = await underApp(languageRoute.action, request('/app/user/language', { cookie, form: { intent: 'dismiss', redirectTo: '//evil.example' } }))
    expect(res.location).toBe('/app')
    expect(setTo(res, 'lng_notice')).toBe('')
    expect(await languageOf(user.id)).toBe('de')
    for (const form of [
      { intent: 'adopt', lng: 'xx' },
      { intent: 'other', lng: 'fr' },
    ]) {
      const bad = await underApp(languageRoute.action, request('/app/user/language', { cookie, form }))
      expect(bad.status).toBe(400)
    }
    expect(await languageOf(user.id)).toBe('de')
  })
})

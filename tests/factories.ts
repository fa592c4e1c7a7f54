import crypto from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { commitSessionToken } from '../app/auth/cookies.server.ts'
import { provisionCustomer } from '../models/reference/provision.server.ts'
import { db } from '../models/core/db.server.ts'
import { customers, memberships, type Role, users } from '../models/schema/index.ts'
import { createSession } from '../app/features/account/sessions.server.ts'

export const TEST_PASSWORD = 'Test-Passw0rd'
let passwordHash: Promise<string> | null = null

type Right = { enabled: boolean; role: Role }
export const right = (role: Role, enabled = true): Right => ({ enabled, role })

export async function createCustomer(overrides: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await db()
    .insert(customers)
    .values({ name: `Pensionskasse ${crypto.randomBytes(3).toString('hex')}`, language: 'de', ...overrides })
    .returning()
  await provisionCustomer(db(), row.id, row.language)
  return row
}

export async function createUser(
  opts: {
    email?: string
    isSuperAdmin?: boolean
    language?: 'de' | 'fr' | 'en'
    state?: 'active' | 'disabled'
    memberships?: { customerId: string; risk?: Right; iks?: Right }[]
  } = {},
) {
  passwordHash ??= hash(TEST_PASSWORD)
  const [user] = await db()
    .insert(users)
    .values({
      email: opts.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.test`,
      passwordHash: await passwordHash,
      firstName: 'Test',
      lastName: crypto.randomBytes(2).toString('hex'),
      language: opts.language ?? 'de',
      isSuperAdmin: opts.isSuperAdmin ?? false,
      state: opts.state ?? 'active',
    })
    .returning()
  const perms: (typeof memberships.$inferSelect)[] = []
  for (const m of opts.memberships ?? []) {
    const [row] = await db()
      .insert(memberships)
      .values({
        userId: user.id,
        customerId: m.customerId,
        riskEnabled: m.risk?.enabled ?? false,
        riskRole: m.risk?.role ?? 'none',
        iksEnabled: m.iks?.enabled ?? false,
        iksRole: m.iks?.role ?? 'none',
      })
      .returning()
    perms.push(row)
  }
  return { user, memberships: perms }
}

/** A signed-in browser: the Cookie header of a fresh session. */
export async function sessionCookie(userId: string, permId: string | null = null, actingForUserId: string | null = null) {
  const token = await createSession(userId, permId, actingForUserId)
  const setCookie = await commitSessionToken(token)
  return { cookie: setCookie.split(';')[0], token }
}

const BASE = 'http://localhost'

export function request(
  path: string,
  init: { method?: string; cookie?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  let body: BodyInit | undefined
  if (init.form) {
    body = new URLSearchParams(init.form)
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
  } else if (init.json !== undefined) {
    body = JSON.stringify(init.json)
    headers.set('Content-Type', 'application/json')
  }
  return new Request(BASE + path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body })
}

type Outcome = { status: number; headers: Headers; body: unknown; location: string | null }

/**
 * Runs a loader or action and normalises whatever it returns or throws
 * (Response, data() result or plain object) into status, headers and body.
 */
export async function run(fn: (args: never) => unknown, req: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let result: unknown
  try {
    result = await (fn as (a: unknown) => unknown)({ request: req, params, context: {} })
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) {
    const text = await result.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: result.status, headers: result.headers, body, location: result.headers.get('Location') }
  }
  if (result && typeof result === 'object' && (result as { type?: string }).type === 'DataWithResponseInit') {
    const d = result as unknown as { data: unknown; init: ResponseInit | null }
    const headers = new Headers(d.init?.headers)
    return { status: d.init?.status ?? 200, headers, body: d.data, location: headers.get('Location') }
  }
  if (result instanceof Error) throw result
  return { status: 200, headers: new Headers(), body: result, location: null }
}

/** A guard as a loader, for run(). */
export function asLoader(guard: (r: Request) => Promise<unknown>) {
  return (({ request }: { request: Request }) => guard(request)) as (a: never) => unknown
}

export function setCookies(headers: Headers) {
  return headers.getSetCookie()
}

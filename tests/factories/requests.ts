import { RouterContextProvider } from 'react-router'
import { clientIpContext } from '../../app/utils/client.server.ts'
import { inRequest } from '../../models/core/scope.server.ts'
/**
 * Requests to route modules, without a server: `run(loader, request(path, { cookie }))`
 * normalises whatever a loader or action returns or throws into status, headers and body.
 */
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

export type Outcome = { status: number; headers: Headers; body: unknown; location: string | null }

/**
 * Runs a loader or action as the root middleware would (in its request scope: one transaction,
 * the signed-in user read once) and normalises whatever it returns or throws
 * (Response, data() result or plain object) into status, headers and body.
 */
export async function run(fn: (args: never) => unknown, req: Request, params: Record<string, string> = {}, context: unknown = {}): Promise<Outcome> {
  let result: unknown
  try {
    result = await inRequest(req, async () => (fn as (a: unknown) => unknown)({ request: req, params, context }))
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

/** A route function called as the server calls it: with the client's address `ip` in the router context. */
export function fromClient(fn: (args: never) => unknown, req: Request, ip = '203.0.113.9'): Promise<Outcome> {
  const context = new RouterContextProvider()
  context.set(clientIpContext, ip)
  return run(fn, req, {}, context)
}

/** The `name=value` pair of the cookie `name` that a response sets, or null. */
export function cookieFrom(headers: Headers, name: string): string | null {
  const c = headers.getSetCookie().find((s) => s.startsWith(`${name}=`))
  return c?.split(';')[0] ?? null
}

/** A guard as a loader, for run(). */
export function asLoader(guard: (args: { request: Request; context?: unknown }) => Promise<unknown>) {
  return (({ request, context }: { request: Request; context?: unknown }) => guard({ request, context })) as (a: never) => unknown
}

import { createCookie } from 'react-router'
import { isSecureRequest } from '#app/auth/cookies.server.ts'
import { FLOW_MINUTES } from './providers.server.ts'
import { configuredOrigin } from '#models/core/mail.server.ts'

/**
 * Binds a sign-in at a provider to the browser that started it: the flow's state in a short-lived
 * cookie, compared at the callback. A callback URL opened in another browser (login CSRF: someone
 * else's code) finds no matching cookie and signs no one in. `SameSite=Lax`: the provider sends the
 * browser back with a top-level GET, which carries it.
 */
const flowCookie = createCookie('__provider_flow', { path: '/login/provider', httpOnly: true, sameSite: 'lax', maxAge: FLOW_MINUTES * 60 })

export function commitFlowCookie(state: string, request: Request) {
  return flowCookie.serialize(state, { secure: isSecureRequest(request) })
}

export async function readFlowCookie(request: Request): Promise<string | null> {
  const value = await flowCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value ? value : null
}

export function clearFlowCookie(request: Request) {
  return flowCookie.serialize('', { maxAge: 0, secure: isSecureRequest(request) })
}

/**
 * This site's origin: APP_URL's when it is set (as the mails use it), so a forged Host header cannot
 * choose the redirect URI; else the request's (TRUST_PROXY: the forwarded one), for development.
 */
export function appOriginOf(request: Request) {
  return configuredOrigin() ?? new URL(request.url).origin
}

/** Where the provider sends the browser back: registered at the provider as shown on the operator's page. */
export function callbackUrlOf(request: Request) {
  return `${appOriginOf(request)}/login/provider/callback`
}

/** The provider's answer as the URL it was sent to: this site's origin, the request's path and query. */
export function answeredUrlOf(request: Request) {
  const url = new URL(request.url)
  return new URL(url.pathname + url.search, appOriginOf(request))
}

import { configuredOrigin } from '#models/core/mail.server.ts'
import { createCookie } from 'react-router'

/**
 * Holds only the random session token; the session itself lives in the database. The cookie is
 * `Secure` whenever the request came over HTTPS (behind a proxy with TRUST_PROXY too, since the
 * request URL then carries the forwarded protocol), APP_URL is an https address, or COOKIE_SECURE=true
 * says so.
 */
export const sessionCookie = createCookie('__session', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
})

export function isSecureRequest(request: Request | null | undefined) {
  if (process.env.COOKIE_SECURE === 'true') return true
  // The site's configured address is https (a TLS proxy in front without TRUST_PROXY): so are its cookies.
  if (configuredOrigin()?.startsWith('https:')) return true
  if (!request) return false
  try {
    return new URL(request.url).protocol === 'https:'
  } catch {
    return false
  }
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

export function commitSessionToken(token: string, request?: Request) {
  return sessionCookie.serialize(token, { secure: isSecureRequest(request) })
}

export function clearSessionCookie(request?: Request) {
  return sessionCookie.serialize('', { maxAge: 0, secure: isSecureRequest(request) })
}

/**
 * The second step of a sign-in (issue 12): the random token of its challenge, for as long as the
 * challenge lasts. Only the hash of the token is stored.
 */
export const challengeCookie = createCookie('__sign_in_challenge', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
})

export async function readChallengeToken(request: Request): Promise<string | null> {
  const value = await challengeCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

export function commitChallengeToken(token: string, expiresAt: Date, request?: Request) {
  return challengeCookie.serialize(token, { secure: isSecureRequest(request), expires: expiresAt })
}

export function clearChallengeCookie(request?: Request) {
  return challengeCookie.serialize('', { maxAge: 0, secure: isSecureRequest(request) })
}

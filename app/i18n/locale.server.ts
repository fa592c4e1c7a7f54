import { createCookie } from 'react-router'
import { isSecureRequest } from '#app/auth/cookies.server.ts'
import { fallbackLanguage, isLocale, type Locale } from './config.ts'

export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
})

/** `de`, `de-CH` and `DE` all name German; anything else names no language of the app. */
function localeOf(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined
  const language = value.trim().toLowerCase().split(/[-_]/)[0]
  return isLocale(language) ? language : undefined
}

// Order: an explicit choice in the query, then the cookie, then German.
// The browser's Accept-Language is deliberately not consulted (SPEC.md §9: default de).
export async function getLocale(request: Request): Promise<Locale> {
  const query = request.url.includes('lng=') ? localeOf(new URL(request.url).searchParams.get('lng')) : undefined
  if (query) return query
  const cookie = request.headers.get('Cookie')
  if (cookie?.includes('lng=')) {
    const chosen = localeOf(await localeCookie.parse(cookie).catch(() => undefined))
    if (chosen) return chosen
  }
  return fallbackLanguage
}

/** `Secure` as the session cookie is (over HTTPS, behind a TLS proxy, or when configured so). */
export async function serializeLocale(locale: Locale, request: Request): Promise<string> {
  return localeCookie.serialize(locale, { secure: isSecureRequest(request) })
}

import { createCookie } from 'react-router'
import { LanguageDetector } from 'remix-i18next/server'
import { fallbackLanguage, isLocale, type Locale, supportedLanguages } from './config.ts'

export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
})

// Order: an explicit choice in the query, then the cookie, then German.
// The browser's Accept-Language is deliberately not consulted (SPEC.md §9: default de).
const detector = new LanguageDetector({
  supportedLanguages: [...supportedLanguages],
  fallbackLanguage,
  cookie: localeCookie,
  order: ['searchParams', 'cookie'],
})

export async function getLocale(request: Request): Promise<Locale> {
  const locale = await detector.detect(request)
  return isLocale(locale) ? locale : fallbackLanguage
}

export async function serializeLocale(locale: Locale): Promise<string> {
  return localeCookie.serialize(locale)
}

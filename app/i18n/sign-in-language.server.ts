import { createCookie } from 'react-router'
import { isSecureRequest } from '#app/auth/cookies.server.ts'
import { isLocale, type Locale } from './config.ts'
import { getLocale, serializeLocale } from './locale.server.ts'

/**
 * A language picked while signed out (the switcher of the sign-in page, or a link with `?lng=`), kept
 * until the next sign-in: that sign-in opens in it rather than in the profile's language
 * (docs/decisions/0044). A cookie of the browser session, so it survives the second step and the round
 * trip through the fund's provider (`SameSite=Lax`: the provider sends the browser back by a top-level GET).
 */
const chosenCookie = createCookie('lng_chosen', { path: '/', sameSite: 'lax', httpOnly: true })

/**
 * Set at a sign-in that opened in a picked language other than the profile's: the shell then says so
 * and offers to make it the profile's language, until the person decides or hides the notice.
 */
const noticeCookie = createCookie('lng_notice', { path: '/', sameSite: 'lax', httpOnly: true })

async function readCookie(cookie: ReturnType<typeof createCookie>, request: Request): Promise<unknown> {
  const header = request.headers.get('Cookie')
  if (!header?.includes(`${cookie.name}=`)) return undefined
  return cookie.parse(header).catch(() => undefined)
}

/** The language picked before signing in, if any. */
export async function readChosenLanguage(request: Request): Promise<Locale | null> {
  const value = await readCookie(chosenCookie, request)
  return isLocale(value) ? value : null
}

export function serializeChosenLanguage(locale: Locale, request: Request) {
  return chosenCookie.serialize(locale, { secure: isSecureRequest(request) })
}

/**
 * The language a sign-in opens in: the one picked on the sign-in page, else the profile's.
 * `differs`: a pick that is not the profile's language, which the shell then mentions.
 */
export async function resolveSignInLanguage(request: Request, profile: Locale): Promise<{ language: Locale; differs: boolean }> {
  const chosen = await readChosenLanguage(request)
  const language = chosen ?? profile
  return { language, differs: language !== profile }
}

/** The cookies a sign-in sets: its language, the pick used up, and the notice on or off. */
export async function signInLanguageCookies(request: Request, profile: Locale): Promise<string[]> {
  const { language, differs } = await resolveSignInLanguage(request, profile)
  const secure = isSecureRequest(request)
  return [
    await serializeLocale(language, request),
    await chosenCookie.serialize('', { maxAge: 0, secure }),
    differs ? await noticeCookie.serialize('1', { secure }) : await noticeCookie.serialize('', { maxAge: 0, secure }),
  ]
}

export type LanguageNotice = { current: Locale; profile: Locale }

/** What the shell says about the language while this session's differs from the profile's after a pick. */
export async function languageNoticeOf(request: Request, profile: Locale): Promise<LanguageNotice | null> {
  if ((await readCookie(noticeCookie, request)) !== '1') return null
  const current = await getLocale(request)
  return current === profile ? null : { current, profile }
}

export function clearLanguageNotice(request: Request) {
  return noticeCookie.serialize('', { maxAge: 0, secure: isSecureRequest(request) })
}

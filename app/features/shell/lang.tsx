import { redirect } from 'react-router'
import { getAuth, safeRedirect } from '#app/auth/guards.server.ts'
import { isLocale } from '#app/i18n/config.ts'
import { serializeLocale } from '#app/i18n/locale.server.ts'
import { serializeChosenLanguage } from '#app/i18n/sign-in-language.server.ts'
import { setUserLanguage } from '#app/auth/users.server.ts'
import type { Route } from './+types/lang'

/**
 * Sets the language cookie (and a signed-in user's saved language), then goes back. Signed out, the
 * choice is also kept for the next sign-in, which then opens in it (docs/decisions/0044).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const lng = form.get('lng')
  const back = safeRedirect(form.get('redirectTo'), '/')
  if (!isLocale(lng)) throw redirect(back)
  const auth = await getAuth(request)
  const headers = new Headers({ 'Set-Cookie': await serializeLocale(lng, request) })
  if (auth) await setUserLanguage(auth.access, lng)
  else headers.append('Set-Cookie', await serializeChosenLanguage(lng, request))
  throw redirect(back, { headers })
}

export function loader() {
  return redirect('/')
}

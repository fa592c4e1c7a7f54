import { data, redirect } from 'react-router'
import { getAuthFromContext, safeRedirect } from '#app/auth/guards.server.ts'
import { setUserLanguage } from '#app/auth/users.server.ts'
import { isLocale } from '#app/i18n/config.ts'
import { serializeLocale } from '#app/i18n/locale.server.ts'
import { clearLanguageNotice } from '#app/i18n/sign-in-language.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Route } from './+types/profile-language'

/**
 * The answer to the shell's language notice after a sign-in in a picked language (docs/decisions/0044):
 * `adopt` makes the session's language the profile's (audited as a change of the user), `dismiss`
 * hides the notice for this session. Both go back to the page the notice stood on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { access } = getAuthFromContext(context)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'), '/app')
  const intent = form.get('intent')
  const lng = form.get('lng')
  const headers = new Headers({ 'Set-Cookie': await clearLanguageNotice(request) })
  if (intent === 'dismiss') throw redirect(back, { headers })
  if (intent !== 'adopt' || !isLocale(lng)) return data({ invalid: true }, { status: 400 })
  await setUserLanguage(access, lng)
  headers.append('Set-Cookie', await serializeLocale(lng, request))
  throw await redirectWithToast(back, 'saved', { headers })
}

export function loader() {
  return redirect('/app/user/profile')
}

export const handle: TitleHandle = { title: 'languageNotice.title' }

/** Only a forged form gets here. */
export default function ProfileLanguage() {
  const { t } = useTranslation()
  return (
    <Card title={t('languageNotice.title')} level={1}>
      <Alert tone="error">{t('languageNotice.invalid')}</Alert>
      <p>
        <a href="/app/user/profile">{t('languageNotice.toProfile')}</a>
      </p>
    </Card>
  )
}

import { Form, useLocation } from 'react-router'
import type { Locale } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import * as css from './language-notice.css.ts'

/**
 * After a sign-in in a language picked on the sign-in page that is not the profile's: says so and
 * offers to make it the profile's language, to switch to the profile's, or to hide the notice.
 * Plain forms, so each works without JavaScript (docs/decisions/0044).
 */
export function LanguageNotice({ notice }: { notice: { current: Locale; profile: Locale } }) {
  const { t } = useTranslation()
  const location = useLocation()
  const back = location.pathname + location.search
  const current = t(`languageNotice.name.${notice.current}`)
  const profile = t(`languageNotice.name.${notice.profile}`)
  return (
    <section className={css.notice} aria-label={t('languageNotice.title')} data-testid="language-notice">
      <p className={css.text}>{t('languageNotice.text', { current, profile })}</p>
      <div className={css.actions}>
        <Form method="post" action="/app/user/language">
          <input type="hidden" name="redirectTo" value={back} />
          <input type="hidden" name="lng" value={notice.current} />
          <Button type="submit" name="intent" value="adopt">
            {t('languageNotice.adopt', { language: current })}
          </Button>
        </Form>
        <Form method="post" action="/lang">
          <input type="hidden" name="redirectTo" value={back} />
          <Button type="submit" name="lng" value={notice.profile} variant="secondary">
            {/* The profile's language by its own name, readable to whoever does not read this one. */}
            {t('languageNotice.switch', { language: t(`language.${notice.profile}`) })}
          </Button>
        </Form>
        <Form method="post" action="/app/user/language">
          <input type="hidden" name="redirectTo" value={back} />
          <Button type="submit" name="intent" value="dismiss" variant="secondary">
            {t('languageNotice.dismiss')}
          </Button>
        </Form>
      </div>
    </section>
  )
}

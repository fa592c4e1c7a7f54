import { useTranslation } from '#app/i18n/use-translation.ts'
import * as css from './ui.css.ts'

/**
 * An external document link opened safely, or the linking error when a document's URL is missing
 * (SPEC.md §5). `context` names the entry for screen readers where the visible text repeats
 * ("open" in every row); `optional` shows a dash instead of the error where a link is not required.
 */
export function DocumentLink({
  link,
  linkText,
  name,
  context,
  optional,
}: {
  link: string | null
  linkText: string
  name: string
  context?: string
  optional?: boolean
}) {
  const { t } = useTranslation()
  if (!link) {
    if (optional) {
      return (
        <span>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">{t('documents.noLink')}</span>
        </span>
      )
    }
    return (
      <span className={css.error} role="note" data-testid="link-missing">
        {t('validation.linkMissing')}
      </span>
    )
  }
  return (
    <a href={link} target="_blank" rel="noopener noreferrer">
      {linkText || name}
      <span className="visually-hidden">
        {context ? `: ${context}` : ''} ({t('documents.opensNewWindow')})
      </span>
    </a>
  )
}

import { useTranslation } from 'react-i18next'
import * as css from './ui/ui.css.ts'

/** An external document link opened safely, or the linking error when the URL is missing (SPEC.md §5). */
export function DocumentLink({ link, linkText, name }: { link: string | null; linkText: string; name: string }) {
  const { t } = useTranslation()
  if (!link) {
    return (
      <span className={css.error} role="note" data-testid="link-missing">
        {t('validation.linkMissing')}
      </span>
    )
  }
  return (
    <a href={link} target="_blank" rel="noopener noreferrer">
      {linkText || name}
      <span className="visually-hidden"> ({t('documents.opensNewWindow')})</span>
    </a>
  )
}

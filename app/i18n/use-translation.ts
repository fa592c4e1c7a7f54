import { createContext, useContext, useSyncExternalStore } from 'react'
import type { Locale, Namespace } from './config.ts'
import type { TFunction } from './translate.ts'

/**
 * The texts of the reader's language, as the components see them. On the server one per request
 * (it notes which namespaces the page used); in the browser one for the page's life, which loads a
 * namespace's texts when a page first needs them (docs/decisions/0024-translations.md).
 */
export interface I18n {
  readonly language: Locale
  readonly t: TFunction
  /** Switches the language; in the browser after its texts are loaded. */
  changeLanguage(language: Locale): Promise<void>
  subscribe(onChange: () => void): () => void
  /** Changes whenever `language` or `t` does. */
  revision(): number
  /** The namespaces the server's render used: the browser loads them before it hydrates. */
  rendered(): Namespace[]
}

export const I18nContext = createContext<I18n | null>(null)

export function useTranslation() {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useTranslation outside of I18nContext')
  // Renders again when the language changes.
  useSyncExternalStore(i18n.subscribe, i18n.revision, i18n.revision)
  return { t: i18n.t, i18n }
}

import type { i18n as I18n, TFunction } from 'i18next'
import { useContext, useSyncExternalStore } from 'react'
import { I18nContext } from 'react-i18next'

/**
 * `useTranslation()` for this app's components: the same `{ t, i18n }` as react-i18next's, at a
 * fraction of the cost. react-i18next copies the whole i18next instance for every component that
 * calls it, and i18next's `t` copies its options for every call; on the dashboard that was a tenth
 * of the server's time per page (docs/decisions/0019-page-cost.md). Here one `t` per instance and
 * language is kept, and a key without options is looked up once.
 */
type Fast = { language: string; t: TFunction }
const fast = new WeakMap<I18n, Fast>()
const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>()

function fastT(i18n: I18n): TFunction {
  const language = i18n.language
  const known = fast.get(i18n)
  if (known && known.language === language) return known.t
  const base = i18n.getFixedT(language)
  const plain = new Map<string, string>()
  const t = ((key: string | string[], options?: unknown) => {
    if (options !== undefined || typeof key !== 'string') return (base as (k: unknown, o?: unknown) => string)(key, options)
    let text = plain.get(key)
    if (text === undefined) {
      text = base(key) as string
      // A key not (yet) loaded answers itself: ask again next time.
      if (text !== key) plain.set(key, text)
    }
    return text
  }) as TFunction
  fast.set(i18n, { language, t })
  return t
}

function subscribe(i18n: I18n) {
  let fn = subscriptions.get(i18n)
  if (!fn) {
    fn = (onChange) => {
      i18n.on('languageChanged', onChange)
      return () => i18n.off('languageChanged', onChange)
    }
    subscriptions.set(i18n, fn)
  }
  return fn
}

export function useTranslation() {
  const { i18n } = useContext(I18nContext)
  // Renders again when the language changes, as react-i18next's hook does.
  useSyncExternalStore(
    subscribe(i18n),
    () => i18n.language,
    () => i18n.language,
  )
  return { t: fastT(i18n), i18n }
}

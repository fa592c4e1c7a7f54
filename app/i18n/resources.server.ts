import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultNS, fallbackLanguage, type Locale, namespaces, supportedLanguages } from './config.ts'

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true })

/** All namespaces of all languages, bundled into the server build. */
export const resources = Object.fromEntries(
  supportedLanguages.map((lng) => [lng, Object.fromEntries(namespaces.map((ns) => [ns, files[`../../locales/${lng}/${ns}.json`]?.default ?? {}]))]),
) as Record<Locale, Record<(typeof namespaces)[number], Record<string, unknown>>>

// One ready instance per language, built once at start-up (DESIGN.md §7).
const instances = new Map<Locale, i18n>()
for (const lng of supportedLanguages) {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    ns: [...namespaces],
    defaultNS,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  instances.set(lng, instance)
}

export function getInstance(locale: Locale): i18n {
  return instances.get(locale)!
}

export function getFixedT(locale: Locale) {
  return getInstance(locale).getFixedT(locale, defaultNS)
}

import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import deCommon from '../../locales/de/common.json' with { type: 'json' }
import enCommon from '../../locales/en/common.json' with { type: 'json' }
import frCommon from '../../locales/fr/common.json' with { type: 'json' }
import { defaultNS, fallbackLanguage, type Locale, namespaces, supportedLanguages } from './config.ts'

export const resources = {
  de: { common: deCommon },
  fr: { common: frCommon },
  en: { common: enCommon },
} satisfies Record<Locale, Record<(typeof namespaces)[number], unknown>>

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

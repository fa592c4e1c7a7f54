import i18next, { type BackendModule } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { defaultNS, fallbackLanguage, isLocale, namespaces, supportedLanguages } from './i18n/config.ts'

// Each language's files become their own hashed chunks, loaded on demand.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`]
    if (!load) return callback(new Error(`no ${language}/${namespace}`), false)
    load().then(
      (m) => callback(null, m.default),
      (e: Error) => callback(e, false),
    )
  },
}

async function hydrate() {
  const lang = document.documentElement.lang
  await i18next
    .use(initReactI18next)
    .use(backend)
    .init({
      lng: isLocale(lang) ? lang : fallbackLanguage,
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      ns: [...namespaces],
      defaultNS,
      interpolation: { escapeValue: false },
    })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()

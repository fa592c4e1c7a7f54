import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { createClientI18n } from './i18n/client.ts'
import { fallbackLanguage, isLocale } from './i18n/config.ts'
import { RENDERED_NAMESPACES_ID } from './i18n/rendered-namespaces.tsx'
import { I18nContext } from './i18n/use-translation.ts'

/** The namespaces the server's render used (written at the end of the page). */
function renderedNamespaces(): string[] {
  return (document.getElementById(RENDERED_NAMESPACES_ID)?.dataset.namespaces ?? '').split(' ').filter(Boolean)
}

async function hydrate() {
  const lang = document.documentElement.lang
  const language = isLocale(lang) ? lang : fallbackLanguage
  const i18n = createClientI18n(language, renderedNamespaces())
  await i18n.load(language, ['common', ...i18n.rendered()])
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nContext.Provider value={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nContext.Provider>,
    )
  })
}

void hydrate()

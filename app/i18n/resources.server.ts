import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fallbackLanguage, type Locale, type Namespace, namespaces, supportedLanguages } from './config.ts'
import { createT, splitKey, type TFunction, type Tree } from './translate.ts'
import type { I18n } from './use-translation.ts'

/**
 * The locale files: bundled by Vite (the server build, vitest); read from disk where the code runs
 * without Vite (the bench's and the operator's scripts under tsx), where import.meta.glob is missing.
 */
function localeFiles(): Record<string, { default: Tree }> {
  try {
    return import.meta.glob<{ default: Tree }>('../../locales/*/*.json', { eager: true })
  } catch {
    const dir = fileURLToPath(new URL('../../locales/', import.meta.url))
    const read = (lng: string, ns: string) => {
      const file = path.join(dir, lng, `${ns}.json`)
      return fs.existsSync(file) ? [[`../../locales/${lng}/${ns}.json`, { default: JSON.parse(fs.readFileSync(file, 'utf8')) as Tree }]] : []
    }
    return Object.fromEntries(supportedLanguages.flatMap((lng) => namespaces.flatMap((ns) => read(lng, ns))))
  }
}

const files = localeFiles()

/** All namespaces of all languages, bundled into the server build. */
export const resources = Object.fromEntries(
  supportedLanguages.map((lng) => [lng, Object.fromEntries(namespaces.map((ns) => [ns, files[`../../locales/${lng}/${ns}.json`]?.default ?? {}]))]),
) as Record<Locale, Record<Namespace, Tree>>

// One translation function per language, built once at start-up (DESIGN.md §7); it keeps what it looked up.
const fixed = new Map<Locale, TFunction>(
  supportedLanguages.map((lng) => [
    lng,
    createT(
      lng,
      (ns) => resources[lng][ns],
      (ns) => resources[fallbackLanguage][ns],
    ),
  ]),
)

export function getFixedT(locale: Locale): TFunction {
  return fixed.get(locale) ?? (fixed.get(fallbackLanguage) as TFunction)
}

const noop = () => {}

/** The texts of one server render: they note the namespaces the page used, for the browser to load. */
export function i18nForRequest(locale: Locale): I18n {
  const t = getFixedT(locale)
  const used = new Set<Namespace>(['common'])
  return {
    language: locale,
    t: (key, options) => {
      if (key.includes(':')) {
        const ns = splitKey(key)[0]
        if ((namespaces as readonly string[]).includes(ns)) used.add(ns)
      }
      return t(key, options)
    },
    changeLanguage: async () => {},
    subscribe: () => noop,
    revision: () => 0,
    rendered: () => [...used],
  }
}

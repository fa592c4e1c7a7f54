import { fallbackLanguage, type Locale, type Namespace, namespaces } from './config.ts'
import { createT, type TFunction, type Tree } from './translate.ts'
import type { I18n } from './use-translation.ts'

// Each language's namespaces become their own hashed chunks, loaded when a page first needs them.
const files = import.meta.glob<{ default: Tree }>('../../locales/*/*.json')

const isNamespace = (ns: string): ns is Namespace => (namespaces as readonly string[]).includes(ns)

/**
 * The browser's texts. Before hydrating, the entry loads the namespaces the server's render used
 * (`rendered`); a page reached later that needs another one suspends until it is loaded, so a
 * navigation shows the new page once its texts are there (React keeps the old page meanwhile).
 */
export function createClientI18n(initial: Locale, rendered: string[]): I18n & { load(language: Locale, nss: Namespace[]): Promise<void> } {
  const loaded = new Map<string, Tree>()
  const pending = new Map<string, Promise<void>>()
  const listeners = new Set<() => void>()
  let revision = 0

  const loadOne = (lng: Locale, ns: Namespace): Promise<void> => {
    const id = `${lng}/${ns}`
    let promise = pending.get(id)
    if (!promise) {
      const file = files[`../../locales/${id}.json`]
      promise = file ? file().then((m) => void loaded.set(id, m.default)) : Promise.resolve()
      // A failed load (the network) may be tried again.
      promise.catch(() => pending.delete(id))
      pending.set(id, promise)
    }
    return promise
  }
  const load = async (lng: Locale, nss: Namespace[]) => {
    await Promise.all(nss.map((ns) => loadOne(lng, ns)))
  }

  const tFor = (lng: Locale): TFunction =>
    createT(
      lng,
      (ns) => {
        const tree = loaded.get(`${lng}/${ns}`)
        // Rendering with a namespace not yet here: suspend until it is (a navigation waits for it).
        if (!tree && isNamespace(ns)) throw loadOne(lng, ns)
        return tree
      },
      (ns) => loaded.get(`${fallbackLanguage}/${ns}`),
    )

  const i18n = {
    language: initial,
    t: tFor(initial),
    load,
    async changeLanguage(next: Locale) {
      if (next === i18n.language) return
      const nss = namespaces.filter((ns) => loaded.has(`${i18n.language}/${ns}`))
      await load(next, nss)
      i18n.language = next
      i18n.t = tFor(next)
      revision++
      for (const listener of listeners) listener()
    },
    subscribe(onChange: () => void) {
      listeners.add(onChange)
      return () => void listeners.delete(onChange)
    },
    revision: () => revision,
    rendered: () => rendered.filter(isNamespace),
  }
  return i18n
}

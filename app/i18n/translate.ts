import { defaultNS, fallbackLanguage, formatNumber, type Locale, type Namespace } from './config.ts'

/** A namespace's texts as written in `locales/<language>/<namespace>.json`. */
export type Tree = { [key: string]: string | Tree }
export type TOptions = Record<string, unknown>
/** Translates a key (`'toast.saved'`, `'risk:detail.title'`) with optional `{{placeholders}}`. */
export type TFunction = (key: string, options?: TOptions) => string

/** The namespace and the dotted path of a key: `'risk:a.b'` → `['risk', 'a.b']`, `'a.b'` → `['common', 'a.b']`. */
export function splitKey(key: string): [Namespace, string] {
  const colon = key.indexOf(':')
  return colon < 0 ? [defaultNS, key] : [key.slice(0, colon) as Namespace, key.slice(colon + 1)]
}

function find(tree: Tree | undefined, path: string): string | undefined {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

function valueAt(options: TOptions, path: string): unknown {
  let value: unknown = options
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g

/** `{{name}}` takes the option's value as it is (React escapes what it renders); an unknown one stays. */
export function interpolate(text: string, options: TOptions): string {
  if (!text.includes('{{')) return text
  return text.replace(placeholder, (whole, path: string) => {
    const value = valueAt(options, path)
    return value === undefined || value === null ? whole : String(value)
  })
}

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count)
}

/**
 * The texts of one language: `lookup` answers a namespace's tree (or `undefined` when it is not at
 * hand), `fallback` the default language's. A key found nowhere answers itself, as a visible mark.
 * With a `count`, a key `<key>_one` / `<key>_other` (the language's plural form) wins over `<key>`,
 * and `{{count}}` reads as the language groups numbers (10'000, 10 000, 10,000).
 */
export function createT(language: Locale, lookup: (ns: Namespace) => Tree | undefined, fallback?: (ns: Namespace) => Tree | undefined): TFunction {
  const plain = new Map<string, string>()
  const resolve = (ns: Namespace, path: string) => find(lookup(ns), path) ?? (fallback && language !== fallbackLanguage ? find(fallback(ns), path) : undefined)
  const text = (key: string): string | undefined => {
    const known = plain.get(key)
    if (known !== undefined) return known
    const [ns, path] = splitKey(key)
    const found = resolve(ns, path)
    if (found !== undefined) plain.set(key, found)
    return found
  }
  return (key, options) => {
    if (options === undefined) return text(key) ?? key
    const count = options.count
    const found = (typeof count === 'number' ? text(`${key}_${pluralOf(language, count)}`) : undefined) ?? text(key)
    if (found === undefined) return key
    return interpolate(found, typeof count === 'number' ? { ...options, count: formatNumber(count, language) } : options)
  }
}

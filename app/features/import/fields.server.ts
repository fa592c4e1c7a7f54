import { DERIVED, HEADER_KEYS } from './fields.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { createT, type Tree } from '#app/i18n/translate.ts'
import deCommon from '../../../locales/de/common.json' with { type: 'json' }
import deRisk from '../../../locales/de/risk.json' with { type: 'json' }
import enCommon from '../../../locales/en/common.json' with { type: 'json' }
import enRisk from '../../../locales/en/risk.json' with { type: 'json' }
import frCommon from '../../../locales/fr/common.json' with { type: 'json' }
import frRisk from '../../../locales/fr/risk.json' with { type: 'json' }
import { type ImportKind, MEASURE_SOURCES, RECURRENCES, RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')
// The texts of the export's headers and choices in each language, read from the locale files themselves
// (not the app's i18n resources, which need Vite's glob: bench/import.ts runs this without Vite).
const trees: Record<string, Record<string, Tree>> = {
  de: { common: deCommon as Tree, risk: deRisk as Tree },
  fr: { common: frCommon as Tree, risk: frRisk as Tree },
  en: { common: enCommon as Tree, risk: enRisk as Tree },
}
const ts = supportedLanguages.map((l) =>
  createT(
    l,
    (ns) => trees[l][ns] ?? {},
    (ns) => trees.de[ns] ?? {},
  ),
)
const texts = (key: string) => ts.map((t) => norm(t(key as never) as string))

/** Header text (any language, lower case) → field, built once. */
const headerIndex = Object.fromEntries(
  (Object.keys(HEADER_KEYS) as ImportKind[]).map((kind) => {
    const map = new Map<string, string>()
    for (const [field, key] of Object.entries(HEADER_KEYS[kind])) {
      map.set(norm(field), field)
      for (const text of texts(key)) map.set(text, field)
    }
    for (const key of DERIVED[kind]) for (const text of texts(key)) map.set(text, '')
    return [kind, map]
  }),
) as Record<ImportKind, Map<string, string>>

/**
 * The mapping the header suggests: each column whose header is an export's header (in any of the
 * three languages) or a field's name. `complete` when every column is known (the export's
 * template), so the mapping step can be skipped.
 */
export function autoMapping(kind: ImportKind, header: string[]) {
  const mapping: Record<string, number> = {}
  let known = 0
  header.forEach((h, i) => {
    const field = headerIndex[kind].get(norm(h))
    if (field === undefined) return
    known++
    if (field && mapping[field] === undefined) mapping[field] = i
  })
  return { mapping, complete: known === header.length }
}

/** Text (any language, or the stored value) → value, for a choice column. */
function choices<V extends string | number>(values: readonly V[], key: (v: V) => string) {
  const map = new Map<string, V>()
  for (const v of values) {
    map.set(norm(String(v)), v)
    for (const text of texts(key(v))) map.set(text, v)
  }
  return map
}
export const CHOICES = {
  riskState: choices(RISK_STATES, (v) => `risk:state.${v}`),
  relevance: choices(RISK_RELEVANCES, (v) => `risk:relevance.${v}`),
  source: choices(MEASURE_SOURCES, (v) => `measures.source.${v}`),
  recurrence: choices(RECURRENCES, (v) => `recurrence.${v}`),
  yesNo: new Map<string, boolean>([
    ...texts('common.yes').map((t) => [t, true] as const),
    ...texts('common.no').map((t) => [t, false] as const),
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['x', true],
  ]),
}
export { norm }

import { DERIVED, EARLIER_HEADERS, HEADER_KEYS } from './fields.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { createT, type Tree } from '#app/i18n/translate.ts'
import deCommon from '../../../locales/de/common.json' with { type: 'json' }
import deImport from '../../../locales/de/import.json' with { type: 'json' }
import deRisk from '../../../locales/de/risk.json' with { type: 'json' }
import enCommon from '../../../locales/en/common.json' with { type: 'json' }
import enImport from '../../../locales/en/import.json' with { type: 'json' }
import enRisk from '../../../locales/en/risk.json' with { type: 'json' }
import frCommon from '../../../locales/fr/common.json' with { type: 'json' }
import frImport from '../../../locales/fr/import.json' with { type: 'json' }
import frRisk from '../../../locales/fr/risk.json' with { type: 'json' }
import { type ImportKind, MEASURE_SOURCES, RECURRENCES, RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')
/** Looser still, for headers and theme names: accents, punctuation and case do not count ("Intitulé:" = "intitule"). */
const loose = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
// The texts of the export's headers and choices in each language, read from the locale files themselves
// (not the app's i18n resources, which need Vite's glob: bench/import.ts runs this without Vite).
const trees: Record<string, Record<string, Tree>> = {
  de: { common: deCommon as Tree, risk: deRisk as Tree, import: deImport as Tree },
  fr: { common: frCommon as Tree, risk: frRisk as Tree, import: frImport as Tree },
  en: { common: enCommon as Tree, risk: enRisk as Tree, import: enImport as Tree },
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
    for (const [field, key] of Object.entries(EARLIER_HEADERS[kind] ?? {})) for (const text of texts(key)) map.set(text, field)
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
export { loose, norm }

/**
 * Words a column's header says a field with, besides the export's labels in the three languages
 * (compared loosely: case, accents and punctuation do not count). A header that is one of them maps
 * to the field; a longer header ("Name des Risikos", "Date d’échéance", "Risiko-Nr.") when its words
 * point to one field only.
 */
const OWNER = [
  'eigner',
  'eignerin',
  'risikoeigner',
  'risikoeignerin',
  'verantwortlich',
  'verantwortliche',
  'verantwortlicher',
  'verantwortung',
  'zustandig',
  'zustaendig',
  'owner',
  'responsible',
  'responsable',
  'proprietaire',
]
const NUMBER = ['nr', 'nummer', 'no', 'id', 'numero', 'number', 'ref', 'referenz', 'reference']
const TITLE = ['name', 'titel', 'bezeichnung', 'title', 'nom', 'intitule', 'libelle', 'designation']
const DSG = ['dsg', 'datenschutz', 'lpd', 'gdpr', 'dsgvo', 'rgpd']
const SYNONYMS: Record<ImportKind, Record<string, string[]>> = {
  risks: {
    idkey: NUMBER,
    title: [...TITLE, 'risiko', 'risk', 'risque'],
    theme: ['thema', 'themen', 'themenbereich', 'kategorie', 'category', 'categorie', 'theme'],
    state: ['status', 'stand', 'state', 'etat', 'statut', 'phase'],
    owner: OWNER,
    probability: ['wahrscheinlichkeit', 'eintrittswahrscheinlichkeit', 'probabilite', 'probability', 'likelihood'],
    severity: ['schadensausmass', 'ausmass', 'auswirkung', 'auswirkungen', 'tragweite', 'schaden', 'gravite', 'severity', 'impact'],
    grossProbability: ['bruttowahrscheinlichkeit', 'probabilite brute', 'gross probability', 'inherent probability'],
    grossSeverity: ['bruttoschadensausmass', 'gravite brute', 'gross severity', 'inherent impact'],
    relevance: ['relevanz', 'relevance', 'pertinence', 'prioritat', 'priorite', 'priority'],
    strategic: ['strategisch', 'strategique', 'strategic'],
    dsgRelevant: DSG,
    measureNeeded: ['massnahmenbedarf', 'handlungsbedarf'],
    tags: ['tags', 'tag', 'schlagworter', 'schlagwort', 'stichworter', 'stichworte', 'keywords', 'etiquettes', 'mots-cles'],
  },
  measures: {
    number: NUMBER,
    iteration: ['iteration', 'durchgang', 'runde'],
    title: [...TITLE, 'massnahme', 'measure', 'mesure'],
    body: ['beschreibung', 'description', 'text', 'details', 'inhalt', 'texte'],
    source: ['herkunft', 'quelle', 'source', 'origine', 'provenance'],
    owner: OWNER,
    dueDate: ['fallig', 'faellig', 'falligkeit', 'falligkeitsdatum', 'termin', 'frist', 'due', 'deadline', 'echeance', 'delai', 'datum', 'date'],
    recurrence: ['wiederholung', 'rhythmus', 'turnus', 'intervall', 'interval', 'recurrence', 'periodicite', 'frequence', 'frequency', 'haufigkeit'],
    dsgMeasure: DSG,
  },
  kriValues: {
    kri: ['kri', 'kennzahl', 'indikator', 'indicator', 'indicateur', 'schlussel', 'key', 'cle'],
    periodEnd: ['stichtag', 'datum', 'periode', 'periodenende', 'date', 'period', 'echeance', 'reporting'],
    value: ['wert', 'value', 'valeur', 'zahl', 'figure'],
    comment: ['kommentar', 'bemerkung', 'bemerkungen', 'comment', 'commentaire', 'remarque', 'note', 'notiz'],
  },
}

/** Words that name a field only as the whole header: "Risiko" is a title, "Risiko-Nr." a number. */
const WHOLE_ONLY = new Set(['risiko', 'risk', 'risque', 'massnahme', 'measure', 'mesure'])

/** Loose header text → field: the export's labels, the fields' names and the synonyms. */
const proposalIndex = Object.fromEntries(
  (Object.keys(HEADER_KEYS) as ImportKind[]).map((kind) => {
    const map = new Map<string, string>()
    for (const [field, words] of Object.entries(SYNONYMS[kind])) for (const w of words) map.set(loose(w), field)
    for (const [field, key] of Object.entries(HEADER_KEYS[kind])) {
      map.set(loose(field), field)
      for (const text of texts(key)) map.set(loose(text), field)
    }
    return [kind, map]
  }),
) as Record<ImportKind, Map<string, string>>

/**
 * The mapping the mapping step proposes for a header that is not the export's: the export's own
 * columns first, then each column whose header is a field's label or synonym (any language, loosely),
 * then each whose words name one field only. A column goes to one field, a field takes one column.
 */
export function proposeMapping(kind: ImportKind, header: string[]): Record<string, number> {
  const mapping = { ...autoMapping(kind, header).mapping }
  const used = new Set(Object.values(mapping))
  const take = (field: string | undefined, i: number) => {
    if (!field || mapping[field] !== undefined || used.has(i)) return
    mapping[field] = i
    used.add(i)
  }
  const index = proposalIndex[kind]
  for (const [i, h] of header.entries()) take(index.get(loose(h)), i)
  header.forEach((h, i) => {
    const words = loose(h)
      .split(' ')
      .filter((w) => !WHOLE_ONLY.has(w))
    const fields = new Set(words.map((w) => index.get(w)).filter((f): f is string => !!f))
    if (fields.size === 1) take([...fields][0], i)
  })
  return mapping
}

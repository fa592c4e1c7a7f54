import { asc, getTableName } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Language } from '#models/core/constants.ts'
import { builtOnce, type Executor } from '#models/core/db.server.ts'

/** Helpers a tool's declaration for the kit is written with. */

/** The themes of a tool for its filters and dialogs, by number, named in `language`; each language's query is built once. */
export function themeOptions(themes: PgTable & { id: AnyPgColumn; leadingNumber: AnyPgColumn }, name: (language: Language) => AnyPgColumn) {
  const queries = new Map<Language, (tx: Executor, values: Record<string, never>) => Promise<unknown>>()
  return (tx: Executor, language: Language) => {
    let query = queries.get(language)
    if (!query) {
      query = builtOnce((database) =>
        database
          .select({ id: themes.id, leadingNumber: themes.leadingNumber, name: name(language) })
          .from(themes as PgTable)
          .orderBy(asc(themes.leadingNumber))
          .prepare(`themes_${getTableName(themes)}_${language}`),
      )
      queries.set(language, query)
    }
    return query(tx, {}) as Promise<{ id: string; leadingNumber: string; name: string }[]>
  }
}

/**
 * The data protection view of a detail row: the record under `key` keeps its number, title, state
 * and DSG block; `blank` empties the tool's own texts and choices, the kit empties owner, tags and
 * the measure flag.
 */
export function dsgOnly<D extends { ownerName: string | null }, K extends keyof D & string>(key: K, blank: Partial<D[K]>) {
  return (row: D): D => ({ ...row, ownerName: null, [key]: { ...row[key], ...blank, measureNeeded: false, tags: [], ownerUserId: null } })
}

/** The fields of the data protection block, the same in every tool. */
const DSG_FIELDS = ['dsgRelevant', 'hasPersonalData', 'hasProtectableData', 'dsgMeasureNeeded'] as const

/**
 * A detail row without the data protection block (data minimisation, DSV Art. 4): the steps other than
 * the DSG step do not send it, so only the DSG step's page carries it, and that page logs its reading.
 * The type stays the row's: the block's fields are simply absent, and only the DSG step renders them.
 */
export function withoutDsg<D, K extends keyof D & string>(key: K) {
  return (row: D): D => {
    const record = { ...(row[key] as object) } as Record<string, unknown>
    for (const f of DSG_FIELDS) delete record[f]
    return { ...row, [key]: record }
  }
}

/** The texts of a catalogue entry in `language`: `pick('title')` is its `titleDe`, `titleFr` or `titleEn`. */
export function inLanguage<E extends object>(entry: E, language: Language) {
  const suffix = language === 'fr' ? 'Fr' : language === 'en' ? 'En' : 'De'
  return (k: string) => entry[`${k}${suffix}` as keyof E] as string
}

/** The column of `table` holding the text `k` in `language`: `localized(themes, 'name', 'fr')` is `themes.nameFr`. */
export function localized<K extends string, T extends Record<`${K}De` | `${K}Fr` | `${K}En`, unknown>>(table: T, k: K, language: Language) {
  const suffix = language === 'fr' ? 'Fr' : language === 'en' ? 'En' : 'De'
  return table[`${k}${suffix}` as `${K}De`]
}

import { type GuardArgs, requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import type { Language, Tool } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { CustomerAccess } from '#models/core/access.ts'

type T = ReturnType<typeof getFixedT>
type Iterate<R, F> = (access: CustomerAccess, filter: F, language: Language) => AsyncIterable<R[]>

/**
 * A tool's inventory as CSV or XLSX (the route's path ends in .csv or .xlsx), the same for every
 * tool of the kit: the current view (the list's filters from the query string) or, with ?all=1,
 * every record the user may see; one column a header and a value, in the reader's language,
 * streamed in batches. Both formats read the same columns, so they hold the same.
 */
export function inventoryExport<R, F extends { sort: string; dir: 'asc' | 'desc' }>(spec: {
  tool: Tool
  /** The name of the file, an i18n key (date and .csv/.xlsx are added). */
  file: string
  /** The XLSX sheet's name, an i18n key. */
  sheet: string
  iterate: Iterate<R, F>
  filterOf: (url: URL) => F
  columns: (t: T) => [header: string, value: (row: R) => Cell][]
}) {
  return async function loader({ request, context }: GuardArgs) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[spec.tool].use)
    const url = new URL(request.url)
    const locale = await getLocale(request)
    const t = memoized(getFixedT(locale))
    const filter = url.searchParams.get('all') === '1' ? ({ sort: 'idkey', dir: 'asc' } as F) : spec.filterOf(url)
    const columns = spec.columns(t)
    async function* rows() {
      for await (const batch of spec.iterate(access, filter, locale)) {
        yield batch.map((r) => columns.map(([, value]) => value(r)))
      }
    }
    const name = `${t(spec.file)}-${todayInZurich()}`
    const header = columns.map(([h]) => h)
    return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t(spec.sheet), header, rows()) : csvResponse(`${name}.csv`, header, rows())
  }
}

/**
 * The reader's `t`, each text looked up once for the whole file: the columns translate per row
 * (a state, a rating) from a handful of keys.
 */
function memoized(t: T): T {
  const texts = new Map<string, string>()
  const once = (key: string, ...rest: unknown[]) => {
    if (rest.length) return (t as unknown as (...a: unknown[]) => string)(key, ...rest)
    let text = texts.get(key)
    if (text === undefined) {
      text = t(key as never) as string
      texts.set(key, text)
    }
    return text
  }
  return once as unknown as T
}

/** Yes or no in the reader's language. */
export const yesNo = (t: T) => (v: boolean) => (v ? t('common.yes') : t('common.no'))

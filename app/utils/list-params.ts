import { parseTableParams, type SortDir, type TableParams } from './table.ts'

/*
 * A list page's state from its query string, read one way for every register: each filter parameter
 * names the filter field it sets and how its value is read (an unknown value is no filter), with
 * sorting and paging from parseTableParams. The page gets the raw values back for its filter form,
 * and whether any filter is set; the exports of a list read the same.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How a list filter reads its query parameter; an unknown value is no filter. */
export const param = {
  uuid: (v: string) => (UUID.test(v) ? v : undefined),
  oneOf:
    <V extends string>(values: readonly V[]) =>
    (v: string) =>
      (values as readonly string[]).includes(v) ? (v as V) : undefined,
  /** 'yes' is true, 'no' false, anything else no filter. */
  yesNo: (v: string) => (v === 'yes' ? true : v === 'no' ? false : undefined),
  /** A checkbox: 'yes' is true, anything else false. */
  checked: (v: string) => v === 'yes',
  text: (max: number) => (v: string) => v.slice(0, max) || undefined,
  /** A value of a given shape, else no filter. */
  matching: (pattern: RegExp) => (v: string) => (pattern.test(v) ? v : undefined),
}

/** A list's filters: query parameter → the filter's field and how the value is read. */
export type ListParams = Record<string, readonly [field: string, parse: (v: string) => unknown]>

/**
 * The list's filters, sorting and paging, all from the query string. The default sort is the first of
 * `sorts` unless given; `F` is the filter type of the list's service.
 */
export function parseListQuery<S extends string, P extends ListParams, F>(
  url: URL,
  sorts: readonly S[],
  params: P,
  defaults: { sort?: S; dir?: SortDir } = {},
) {
  const q = url.searchParams
  const get = (k: string) => (q.get(k) ?? '').trim()
  const table: TableParams<S> = parseTableParams(url, sorts, defaults.sort ?? sorts[0], defaults.dir)
  const filter = Object.fromEntries(Object.entries(params).map(([name, [field, parse]]) => [field, parse(get(name))]))
  const values = Object.fromEntries(Object.keys(params).map((k) => [k, get(k)])) as Record<keyof P & string, string>
  const filtered = Object.values(values).some((v) => v !== '')
  return { filter: { ...filter, sort: table.sort, dir: table.dir } as F, table, values, filtered }
}

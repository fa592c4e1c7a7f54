export type SortDir = 'asc' | 'desc'
export type TableParams<S extends string> = { page: number; pageSize: number; offset: number; sort: S; dir: SortDir }

const PAGE_SIZES = [25, 50, 100] as const

/** Paging and sorting from the query string; unknown values fall back to the defaults. */
export function parseTableParams<S extends string>(url: URL, sortable: readonly S[], defaultSort: S, defaultDir: SortDir = 'asc'): TableParams<S> {
  const q = url.searchParams
  const sortParam = q.get('sort') as S | null
  const sort = sortParam && sortable.includes(sortParam) ? sortParam : defaultSort
  const dirParam = q.get('dir')
  const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDir
  const sizeParam = Number(q.get('size'))
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : PAGE_SIZES[0]
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(q.get('page')) || 1)))
  return { page, pageSize, offset: (page - 1) * pageSize, sort, dir }
}

/** True when any of the filter parameters is set. */
export function hasFilters(url: URL, filterNames: readonly string[]) {
  return filterNames.some((n) => (url.searchParams.get(n) ?? '') !== '')
}

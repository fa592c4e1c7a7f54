import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form, useLocation } from 'react-router'
import { AppLink, type AppPath } from './app-link.tsx'
import type { SortDir } from '#app/utils/table.ts'
import { Button, LinkButton } from './button.tsx'
import * as css from './data-table.css.ts'
import { fold, foldExports, foldSummary, stackOnPhone } from '#app/styles/layout.css.ts'
import { formatNumber } from '#app/i18n/config.ts'

export type Column<T> = {
  key: string
  header: ReactNode
  sortable?: boolean
  render: (row: T) => ReactNode
  className?: string
  /** The column's name before each cell on a phone; defaults to the header when it is text. */
  label?: string
}

function withParams(pathname: string, search: string, changes: Record<string, string | null>): AppPath {
  const params = new URLSearchParams(search)
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k)
    else params.set(k, v)
  }
  const q = params.toString()
  return (q ? `${pathname}?${q}` : pathname) as AppPath
}

/**
 * A server-side table: sorting and paging are plain links carrying the query
 * string, so everything works without JavaScript.
 */
export function DataTable<T extends { id: string }>({
  columns,
  rows,
  total,
  table: { page, pageSize, sort, dir },
  filtered,
  caption,
  resetTo,
}: {
  columns: Column<T>[]
  rows: T[]
  total: number
  /** Paging and sorting as parsed from the query string (parseTableParams). */
  table: { page: number; pageSize: number; sort?: string; dir?: SortDir }
  filtered: boolean
  caption: string
  /** Where "reset filters" goes; defaults to the page without query. */
  resetTo?: string
}) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <div className={css.wrap}>
      <table className={`${css.table} ${stackOnPhone}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort === c.key
              const nextDir: SortDir = active && dir === 'asc' ? 'desc' : 'asc'
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={css.th}
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : c.sortable ? 'none' : undefined}
                >
                  {c.sortable ? (
                    <AppLink className={css.sortLink} to={withParams(pathname, search, { sort: c.key, dir: nextDir, page: null })} preventScrollReset>
                      {c.header}
                      {active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
                    </AppLink>
                  ) : (
                    c.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={css.empty}>
                {filtered ? (
                  <>
                    <p>{t('table.emptyFiltered')}</p>
                    <LinkButton to={resetTo ?? pathname}>{t('table.resetFilters')}</LinkButton>
                  </>
                ) : (
                  t('table.empty')
                )}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={[css.td, c.className].filter(Boolean).join(' ')}
                    data-label={c.label ?? (typeof c.header === 'string' && c.header ? c.header : undefined)}
                  >
                    {/* One box: on a phone the cell is a grid of its label and this (stackOnPhone). */}
                    <div>{c.render(row)}</div>
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {total > 0 ? (
        <nav className={css.pager} aria-label={t('table.paging')}>
          <span>
            {t('table.range', {
              first: formatNumber(first, i18n.language),
              last: formatNumber(last, i18n.language),
              total: formatNumber(total, i18n.language),
            })}
          </span>
          {page > 1 ? <AppLink to={withParams(pathname, search, { page: String(page - 1) })}>{t('table.previous')}</AppLink> : null}
          {page < pages ? <AppLink to={withParams(pathname, search, { page: String(page + 1) })}>{t('table.next')}</AppLink> : null}
        </nav>
      ) : null}
    </div>
  )
}

/**
 * A GET form: filters live in the query string, so a filtered view can be bookmarked and works without JavaScript.
 * With the list's export links (`exports`) it is folded into a <details> on a phone, so that the list
 * comes first; on a wider screen both show as they are (layout.css.ts `fold`).
 */
export function FilterForm({
  children,
  resetTo,
  keep = [],
  exports,
}: {
  children: ReactNode
  resetTo?: string
  keep?: [string, string][]
  /** The list's export links, shown above the filters. */
  exports?: ReactNode
}) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  // A filter is on when the query holds a value other than the kept ones, the sorting and the page.
  const fixed = new Set(['sort', 'dir', 'page', ...keep.map(([name]) => name)])
  const active = [...new URLSearchParams(search)].some(([name, value]) => value !== '' && !fixed.has(name))
  return (
    <details className={fold} data-testid="list-tools">
      <summary className={foldSummary}>
        {exports ? t('table.filtersAndExport') : t('table.filters')}
        {active ? ` · ${t('table.filtersActive')}` : ''}
      </summary>
      {exports ? (
        <div className={foldExports} data-testid="list-exports">
          {exports}
        </div>
      ) : null}
      <Form method="get" className={css.filters} role="search" aria-label={t('table.filters')}>
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <Button type="submit">{t('table.filter')}</Button>
        <LinkButton to={resetTo ?? pathname}>{t('table.resetFilters')}</LinkButton>
      </Form>
    </details>
  )
}

import { parseTableParams } from '#app/utils/table.ts'
import { DSG_ACTIVITY_STATES, type DsgActivityState } from '#models/core/constants.ts'
import { ACTIVITY_SORTS, type ActivityFilter } from './activities.server.ts'

export const ACTIVITY_FILTERS = ['state', 'responsible', 'sensitive', 'due', 'q'] as const
const RESPONSIBLE = /^(user|body):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The record's list state from the query string: the list reads a page of it, and its CSV, XLSX and PDF
 * exports read every row of it, so a filtered list exports what it shows (`?state=active` only the
 * active activities), in the list's order. Unknown values are ignored, as the list ignores them.
 */
export function parseActivityQuery(url: URL) {
  const get = (k: string) => (url.searchParams.get(k) ?? '').trim()
  const table = parseTableParams(url, ACTIVITY_SORTS, 'idkey')
  const filter: ActivityFilter = {
    state: (DSG_ACTIVITY_STATES as readonly string[]).includes(get('state')) ? (get('state') as DsgActivityState) : undefined,
    responsible: RESPONSIBLE.test(get('responsible')) ? get('responsible') : undefined,
    sensitive: get('sensitive') === 'yes',
    due: get('due') === 'yes',
    q: get('q').slice(0, 200) || undefined,
    sort: table.sort,
    dir: table.dir,
  }
  const values = Object.fromEntries(ACTIVITY_FILTERS.map((k) => [k, get(k)])) as Record<(typeof ACTIVITY_FILTERS)[number], string>
  return { filter, table, values, filtered: ACTIVITY_FILTERS.some((k) => values[k] !== '') }
}

/** The list's filters and order as a query string for its export links ('' when none is set). */
export function exportSearch(url: URL) {
  const kept = new URLSearchParams()
  for (const k of [...ACTIVITY_FILTERS, 'sort', 'dir']) {
    const v = url.searchParams.get(k)
    if (v) kept.set(k, v)
  }
  const s = kept.toString()
  return s ? `?${s}` : ''
}

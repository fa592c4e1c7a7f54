import { param, parseListQuery } from '#app/utils/list-params.ts'
import { DSG_ACTIVITY_STATES } from '#models/core/constants.ts'
import { ACTIVITY_SORTS, type ActivityFilter } from './activities.server.ts'

const PARAMS = {
  state: ['state', param.oneOf(DSG_ACTIVITY_STATES)],
  responsible: ['responsible', param.matching(/^(user|body):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)],
  sensitive: ['sensitive', param.checked],
  due: ['due', param.checked],
  q: ['q', param.text(200)],
} as const
export const ACTIVITY_FILTERS = Object.keys(PARAMS) as (keyof typeof PARAMS)[]

/**
 * The record's list state from the query string: the list reads a page of it, and its CSV, XLSX and PDF
 * exports read every row of it, so a filtered list exports what it shows (`?state=active` only the
 * active activities), in the list's order. Unknown values are ignored, as the list ignores them.
 */
export function parseActivityQuery(url: URL) {
  return parseListQuery<(typeof ACTIVITY_SORTS)[number], typeof PARAMS, ActivityFilter>(url, ACTIVITY_SORTS, PARAMS, { sort: 'idkey' })
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

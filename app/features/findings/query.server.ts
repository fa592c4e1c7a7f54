import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { FINDING_SEVERITIES, FINDING_SOURCES } from '#models/core/constants.ts'
import { FINDING_SORTS, FINDING_STATE_FILTERS, type FindingFilter } from './findings.server.ts'

/** The findings list's filters: query parameter → filter field. */
export const FINDING_PARAMS = {
  source: ['source', param.oneOf(FINDING_SOURCES)],
  severity: ['severity', param.oneOf(FINDING_SEVERITIES)],
  state: ['state', param.oneOf(FINDING_STATE_FILTERS)],
  owner: ['owner', param.uuid],
  year: ['year', (v: string) => (/^(19|20|21)\d{2}$/.test(v) ? Number(v) : undefined)],
  q: ['q', param.text(200)],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same); newest first. */
export function parseFindingQuery(url: URL) {
  return parseListQuery<(typeof FINDING_SORTS)[number], typeof FINDING_PARAMS, FindingFilter>(url, FINDING_SORTS, FINDING_PARAMS, { dir: 'desc' })
}

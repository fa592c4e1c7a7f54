import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { DECISION_SUBJECTS } from '#models/core/constants.ts'
import { DECISION_SORTS, type DecisionFilter } from './decisions.server.ts'

/** The list's filters: query parameter → filter field. */
export const DECISION_PARAMS = {
  subject: ['subject', param.oneOf(DECISION_SUBJECTS)],
  year: ['year', (v: string) => (/^(19|20|21)\d{2}$/.test(v) ? Number(v) : undefined)],
  q: ['q', param.text(200)],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same); newest first. */
export function parseDecisionQuery(url: URL) {
  return parseListQuery<(typeof DECISION_SORTS)[number], typeof DECISION_PARAMS, DecisionFilter>(url, DECISION_SORTS, DECISION_PARAMS, { dir: 'desc' })
}

import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { LOYALTY_FUNCTIONS } from '#models/core/constants.ts'
import { PERSON_SORTS, type PersonFilter } from './persons.server.ts'

/** The persons list's filters: query parameter → filter field. */
export const PERSON_PARAMS = {
  function: ['function', param.oneOf(LOYALTY_FUNCTIONS)],
  on: ['on', param.matching(/^\d{4}-\d{2}-\d{2}$/)],
  /** The filter form's checkbox posts 'on'; a link may say 'yes'. */
  all: ['all', (v: string) => v === 'on' || v === 'yes'],
  q: ['q', param.text(100)],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same). */
export function parsePersonQuery(url: URL) {
  return parseListQuery<(typeof PERSON_SORTS)[number], typeof PERSON_PARAMS, PersonFilter>(url, PERSON_SORTS, PERSON_PARAMS)
}

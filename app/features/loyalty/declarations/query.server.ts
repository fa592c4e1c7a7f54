import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { DECLARATION_STATES, LOYALTY_FUNCTIONS } from '#models/core/constants.ts'
import { DECLARATION_SORTS, type DeclarationFilter } from './declarations.server.ts'

/** The declarations list's filters: query parameter → filter field. */
export const DECLARATION_PARAMS = {
  year: ['year', param.matching(/^\d{4}$/)],
  state: ['state', param.oneOf(DECLARATION_STATES)],
  function: ['function', param.oneOf(LOYALTY_FUNCTIONS)],
  q: ['q', param.text(100)],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same). */
export function parseDeclarationQuery(url: URL) {
  return parseListQuery<(typeof DECLARATION_SORTS)[number], typeof DECLARATION_PARAMS, DeclarationFilter>(url, DECLARATION_SORTS, DECLARATION_PARAMS, {
    sort: 'number',
    dir: 'desc',
  })
}

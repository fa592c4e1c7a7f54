import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { PERSON_CHANGE_KINDS } from '#models/core/constants.ts'
import { CHANGE_REPORTED, CHANGE_SORTS, type ChangeFilter } from './changes.server.ts'

/** The changes list's filters: query parameter → filter field. */
export const CHANGE_PARAMS = {
  kind: ['kind', param.oneOf(PERSON_CHANGE_KINDS)],
  reported: ['reported', param.oneOf(CHANGE_REPORTED)],
  person: ['personId', param.uuid],
  q: ['q', param.text(100)],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same); newest effective first. */
export function parseChangeQuery(url: URL) {
  return parseListQuery<(typeof CHANGE_SORTS)[number], typeof CHANGE_PARAMS, ChangeFilter>(url, CHANGE_SORTS, CHANGE_PARAMS, { dir: 'desc' })
}

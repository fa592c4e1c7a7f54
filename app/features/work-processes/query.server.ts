import { param, parseListQuery } from '#app/utils/list-params.ts'
import { WORK_PROCESS_STATES } from '#models/core/constants.ts'
import { WORK_PROCESS_SORTS, type WorkProcessFilter } from './work-processes.server.ts'

const PARAMS = {
  state: ['state', param.oneOf(WORK_PROCESS_STATES)],
  main: ['mainThemeId', param.uuid],
  owner: ['ownerUserId', param.uuid],
  q: ['q', param.text(200)],
} as const

/** The list's filters and sort from the query string: the page's and its exports'. */
export function parseWorkProcessQuery(url: URL) {
  return parseListQuery<(typeof WORK_PROCESS_SORTS)[number], typeof PARAMS, WorkProcessFilter>(url, WORK_PROCESS_SORTS, PARAMS, { sort: 'title' })
}

import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { EXECUTION_RESULTS, EXECUTION_VIEW_STATES } from '#models/core/constants.ts'
import { EXECUTION_SORTS, type ExecutionFilter } from './executions.server.ts'
import { PERIOD_PATTERN } from './periods.ts'

/** The executions list's filters: query parameter → filter field. */
export const EXECUTION_PARAMS = {
  period: ['period', param.matching(PERIOD_PATTERN)],
  main: ['mainThemeId', param.uuid],
  process: ['processId', param.uuid],
  performer: ['performerUserId', param.uuid],
  reviewer: ['reviewerUserId', param.uuid],
  state: ['view', param.oneOf(EXECUTION_VIEW_STATES)],
  result: ['result', param.oneOf(EXECUTION_RESULTS)],
  assurance: ['assurance', param.checked],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same). */
export function parseExecutionQuery(url: URL) {
  return parseListQuery<(typeof EXECUTION_SORTS)[number], typeof EXECUTION_PARAMS, ExecutionFilter>(url, EXECUTION_SORTS, EXECUTION_PARAMS)
}

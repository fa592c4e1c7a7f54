import { parseTableParams } from '#app/utils/table.ts'
import { WORK_PROCESS_STATES, type WorkProcessState } from '#models/core/constants.ts'
import { WORK_PROCESS_SORTS, type WorkProcessFilter } from './work-processes.server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const FILTERS = ['state', 'main', 'owner', 'q'] as const

/** The list's filters and sort from the query string: the page's and its exports'. */
export function parseWorkProcessQuery(url: URL) {
  const get = (k: string) => (url.searchParams.get(k) ?? '').trim()
  const table = parseTableParams(url, WORK_PROCESS_SORTS, 'title')
  const filter: WorkProcessFilter = {
    state: (WORK_PROCESS_STATES as readonly string[]).includes(get('state')) ? (get('state') as WorkProcessState) : undefined,
    mainThemeId: UUID.test(get('main')) ? get('main') : undefined,
    ownerUserId: UUID.test(get('owner')) ? get('owner') : undefined,
    q: get('q').slice(0, 200) || undefined,
    sort: table.sort,
    dir: table.dir,
  }
  const values = Object.fromEntries(FILTERS.map((k) => [k, get(k)])) as Record<(typeof FILTERS)[number], string>
  return { filter, table, values, filtered: FILTERS.some((k) => values[k] !== '') }
}

import { parseTableParams } from '#app/utils/table.ts'
import { RISK_RELEVANCES, RISK_STATES, type RiskRelevance, type RiskState } from '#models/core/constants.ts'
import { RISK_SORTS, type RiskFilter } from '#app/features/risk/risks.server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const yesNo = (v: string | null) => (v === 'yes' ? true : v === 'no' ? false : undefined)

export const RISK_FILTER_NAMES = ['theme', 'state', 'owner', 'relevance', 'strategic', 'dsg', 'measure', 'tag', 'q', 'cell'] as const

/** The inventory's filters, sorting and paging, all from the query string. */
export function parseRiskQuery(url: URL) {
  const q = url.searchParams
  const get = (k: string) => (q.get(k) ?? '').trim()
  const theme = UUID.test(get('theme')) ? get('theme') : undefined
  const state = (RISK_STATES as readonly string[]).includes(get('state')) ? (get('state') as RiskState) : undefined
  const owner = UUID.test(get('owner')) ? get('owner') : undefined
  const relevance = (RISK_RELEVANCES as readonly string[]).includes(get('relevance')) ? (get('relevance') as RiskRelevance) : undefined
  const cellMatch = get('cell').match(/^([1-9])-([1-9])$/)
  const cell = cellMatch ? { probability: Number(cellMatch[1]), severity: Number(cellMatch[2]) } : undefined
  const table = parseTableParams(url, RISK_SORTS, 'idkey')
  const filter: RiskFilter = {
    themeId: theme,
    state,
    ownerUserId: owner,
    relevance,
    strategic: yesNo(q.get('strategic')),
    dsgRelevant: yesNo(q.get('dsg')),
    measureNeeded: yesNo(q.get('measure')),
    tag: get('tag').slice(0, 50) || undefined,
    q: get('q').slice(0, 200) || undefined,
    cell,
    sort: table.sort,
    dir: table.dir,
  }
  const values = Object.fromEntries(RISK_FILTER_NAMES.map((k) => [k, get(k)])) as Record<(typeof RISK_FILTER_NAMES)[number], string>
  const filtered = RISK_FILTER_NAMES.some((k) => values[k] !== '')
  return { filter, table, values, filtered }
}

import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'
import { RISK_SORTS, type RiskFilter } from './tool.server.ts'

/** The risk list's filters: query parameter → filter field. */
export const RISK_PARAMS = {
  theme: ['themeId', param.uuid],
  state: ['state', param.oneOf(RISK_STATES)],
  owner: ['ownerUserId', param.uuid],
  relevance: ['relevance', param.oneOf(RISK_RELEVANCES)],
  strategic: ['strategic', param.yesNo],
  dsg: ['dsgRelevant', param.yesNo],
  measure: ['measureNeeded', param.yesNo],
  tag: ['tag', param.text(50)],
  q: ['q', param.text(200)],
  /** with an acceptance in force (yes) or without (no) */
  accepted: ['accepted', param.yesNo],
  /** the map's gross view: its cells name the gross rating */
  view: ['gross', (v: string) => (v === 'gross' ? true : undefined)],
  /** a cell of the risk map: probability and severity refs */
  cell: [
    'cell',
    (v: string) => {
      const m = v.match(/^([1-9])-([1-9])$/)
      return m ? { probability: Number(m[1]), severity: Number(m[2]) } : undefined
    },
  ],
} as const satisfies ListParams

/** The inventory's filters, sorting and paging, all from the query string. */
export function parseRiskQuery(url: URL) {
  return parseListQuery<(typeof RISK_SORTS)[number], typeof RISK_PARAMS, RiskFilter>(url, RISK_SORTS, RISK_PARAMS)
}

import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { ASSURANCE_STATES, PROVIDER_CRITICALITIES, PROVIDER_DSG_ROLES, PROVIDER_SERVICES } from '#models/core/constants.ts'
import { PROVIDER_SORTS, type ProviderFilter } from './providers.server.ts'

/** The providers list's filters: query parameter → filter field. */
export const PROVIDER_PARAMS = {
  service: ['service', param.oneOf(PROVIDER_SERVICES)],
  criticality: ['criticality', param.oneOf(PROVIDER_CRITICALITIES)],
  dsgRole: ['dsgRole', param.oneOf(PROVIDER_DSG_ROLES)],
  abroad: ['abroad', param.yesNo],
  state: ['state', param.oneOf(['active', 'ended', 'all'] as const)],
  assurance: ['assurance', param.oneOf(ASSURANCE_STATES)],
  notice: ['notice', param.oneOf(['due'] as const)],
  q: ['q', param.text(100)],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same). */
export function parseProviderQuery(url: URL) {
  return parseListQuery<(typeof PROVIDER_SORTS)[number], typeof PROVIDER_PARAMS, ProviderFilter>(url, PROVIDER_SORTS, PROVIDER_PARAMS)
}

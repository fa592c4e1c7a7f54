import { inventoryExport, yesNo } from '#app/features/inventory/export.server.ts'
import { day } from '#app/utils/csv.server.ts'
import type { Route } from './+types/export'
import { parseRiskQuery } from './query.server.ts'
import { type RiskFilter, risks$ } from './risks.server.ts'

/** The inventory as CSV or XLSX: the current view (filters) or, with ?all=1, every risk the user may see. */
export const loader: (args: Route.LoaderArgs) => Promise<Response> = inventoryExport({
  tool: 'risk',
  file: 'risk:inventory.file',
  sheet: 'risk:inventory.title',
  iterate: (access, filter: RiskFilter, locale) => risks$.for(access).iterate(filter, locale),
  filterOf: (url) => parseRiskQuery(url).filter,
  columns: (t) => {
    const yes = yesNo(t)
    return [
      [t('risk:field.idkey'), (r) => r.idkey],
      [t('risk:field.title'), (r) => r.title],
      [t('risk:field.theme'), (r) => `${r.themeNumber} ${r.themeName}`],
      [t('risk:field.state'), (r) => t(`risk:state.${r.state}`)],
      [t('risk:field.owner'), (r) => r.ownerName ?? ''],
      [t('risk:field.grossProbability'), (r) => r.grossProbability ?? ''],
      [t('risk:field.grossSeverity'), (r) => r.grossSeverity ?? ''],
      [t('risk:field.grossScore'), (r) => (r.grossProbability && r.grossSeverity ? r.grossProbability * r.grossSeverity : '')],
      [t('risk:field.netProbability'), (r) => r.probability ?? ''],
      [t('risk:field.netSeverity'), (r) => r.severity ?? ''],
      [t('risk:field.netScore'), (r) => (r.probability && r.severity ? r.probability * r.severity : '')],
      [t('risk:field.relevance'), (r) => (r.relevance ? t(`risk:relevance.${r.relevance}`) : '')],
      [t('risk:field.strategic'), (r) => yes(r.strategic)],
      [t('risk:field.dsgRelevant'), (r) => yes(r.dsgRelevant)],
      [t('risk:field.measureNeeded'), (r) => yes(r.measureNeeded)],
      [t('risk:field.tags'), (r) => r.tags.join(', ')],
      [t('risk:field.updatedAt'), (r) => day(r.updatedAt)],
    ]
  },
})

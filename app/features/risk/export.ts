import { requireTool } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { csvResponse, safeCell } from '#app/utils/csv.server.ts'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { iterateRisks, type RiskFilter } from '#app/features/risk/risks.server.ts'
import type { Route } from './+types/export'
import { parseRiskQuery } from './query.server.ts'

/** The inventory as CSV: the current view (filters) or, with ?all=1, every risk the user may see. */
export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireTool(request, 'risk', 'dsg')
  const url = new URL(request.url)
  const all = url.searchParams.get('all') === '1'
  const locale = await getLocale(request)
  const t = getFixedT(locale)
  const filter: RiskFilter = all ? { sort: 'idkey', dir: 'asc' } : parseRiskQuery(url).filter
  const header = [
    t('risk:field.idkey'),
    t('risk:field.title'),
    t('risk:field.theme'),
    t('risk:field.state'),
    t('risk:field.owner'),
    t('risk:field.probability'),
    t('risk:field.severity'),
    t('risk:field.score'),
    t('risk:field.relevance'),
    t('risk:field.strategic'),
    t('risk:field.dsgRelevant'),
    t('risk:field.measureNeeded'),
    t('risk:field.tags'),
    t('risk:field.updatedAt'),
  ]
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'))
  async function* rows() {
    for await (const batch of iterateRisks(access, filter, locale)) {
      yield batch.map((r) =>
        [
          r.idkey,
          r.title,
          `${r.themeNumber} ${r.themeName}`,
          t(`risk:state.${r.state}`),
          r.ownerName ?? '',
          r.probability ?? '',
          r.severity ?? '',
          r.probability && r.severity ? r.probability * r.severity : '',
          r.relevance ? t(`risk:relevance.${r.relevance}`) : '',
          yes(r.strategic),
          yes(r.dsgRelevant),
          yes(r.measureNeeded),
          r.tags.join(', '),
          formatDate(r.updatedAt),
        ].map(safeCell),
      )
    }
  }
  return csvResponse(`${t('risk:inventory.file')}-${todayInZurich()}.csv`, header, rows())
}

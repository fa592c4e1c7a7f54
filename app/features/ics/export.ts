import { requireTool } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { csvResponse, safeCell } from '#app/utils/csv.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/export'
import type { IcsFilter } from './tool.server.ts'
import { processes } from './processes.server.ts'
import { parseIcsQuery } from './routes.server.ts'

/** The process inventory as CSV, as the risk inventory: the current view (filters) or, with ?all=1, every process the user may see. */
export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireTool(request, 'iks', 'dsg')
  const url = new URL(request.url)
  const all = url.searchParams.get('all') === '1'
  const locale = await getLocale(request)
  const t = getFixedT(locale)
  const filter: IcsFilter = all ? { sort: 'idkey', dir: 'asc' } : parseIcsQuery(url).filter
  const header = [
    t('risk:field.idkey'),
    t('iks:field.title'),
    t('iks:field.main'),
    t('iks:field.sub'),
    t('iks:field.state'),
    t('iks:field.owner'),
    t('iks:field.effectiveness'),
    t('iks:field.traceability'),
    t('iks:field.efficiency'),
    t('risk:field.dsgRelevant'),
    t('risk:field.measureNeeded'),
  ]
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'))
  const rating = (v: string | null) => (v ? t(`iks:rating.${v}`) : '')
  async function* rows() {
    for await (const batch of processes.for(access).iterate(filter, locale)) {
      yield batch.map((r) =>
        [
          r.idkey,
          r.title,
          `${r.mainNumber} ${r.mainName}`,
          r.subName ?? '',
          t(`iks:state.${r.state}`),
          r.ownerName ?? '',
          rating(r.effectiveness),
          rating(r.traceability),
          rating(r.efficiency),
          yes(r.dsgRelevant),
          yes(r.measureNeeded),
        ].map(safeCell),
      )
    }
  }
  return csvResponse(`${t('iks:inventory.file')}-${todayInZurich()}.csv`, header, rows())
}

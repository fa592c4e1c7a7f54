import { inventoryExport, yesNo } from '#app/features/inventory/export.server.ts'
import type { Route } from './+types/export'
import { processes } from './processes.server.ts'
import { parseIcsQuery } from './routes.server.ts'
import type { IcsFilter } from './tool.server.ts'

/** The process inventory as CSV or XLSX: the current view or, with ?all=1, every process the user may see. */
export const loader: (args: Route.LoaderArgs) => Promise<Response> = inventoryExport({
  tool: 'iks',
  file: 'iks:inventory.file',
  sheet: 'iks:inventory.title',
  iterate: (access, filter: IcsFilter, locale) => processes.for(access).iterate(filter, locale),
  filterOf: (url) => parseIcsQuery(url).filter,
  columns: (t) => {
    const yes = yesNo(t)
    const rating = (v: string | null) => (v ? t(`iks:rating.${v}`) : '')
    return [
      [t('risk:field.idkey'), (r) => r.idkey],
      [t('iks:field.title'), (r) => r.title],
      [t('iks:field.main'), (r) => `${r.mainNumber} ${r.mainName}`],
      [t('iks:field.sub'), (r) => r.subName ?? ''],
      [t('iks:field.state'), (r) => t(`iks:state.${r.state}`)],
      [t('iks:field.owner'), (r) => r.ownerName ?? ''],
      [t('iks:field.effectiveness'), (r) => rating(r.effectiveness)],
      [t('iks:field.traceability'), (r) => rating(r.traceability)],
      [t('iks:field.efficiency'), (r) => rating(r.efficiency)],
      [t('risk:field.dsgRelevant'), (r) => yes(r.dsgRelevant)],
      [t('risk:field.measureNeeded'), (r) => yes(r.measureNeeded)],
    ]
  },
})

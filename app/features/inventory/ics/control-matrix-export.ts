import { controlMatrix } from './quality.server.ts'
import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/control-matrix-export'

type Row = Awaited<ReturnType<typeof controlMatrix>>[number]

/** The control matrix as CSV or XLSX (the path's ending), in the page's order and columns; for readers of the ICS. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.iks.read)
  const url = new URL(request.url)
  const t = getFixedT(await getLocale(request))
  // As the page shows a cell: its letter and what it stands for ("E · Entscheid").
  const cell = (c: Row['responsible']) => (c ? `${c} · ${t(`iks:matrix.cell.${c}`)}` : '')
  const columns: [header: string, value: (r: Row) => Cell][] = [
    [t('iks:matrix.task'), (r) => r.task],
    [t('iks:matrix.responsible'), (r) => cell(r.responsible)],
    [t('iks:matrix.management'), (r) => cell(r.management)],
    [t('iks:matrix.revision'), (r) => cell(r.revision)],
    [t('iks:matrix.department'), (r) => r.department],
    [t('iks:matrix.controller'), (r) => r.controller],
    [t('iks:matrix.cycle'), (r) => r.cycle],
    [t('iks:matrix.comment'), (r) => r.comment],
  ]
  const rows = await controlMatrix(access)
  async function* batches() {
    yield rows.map((r) => columns.map(([, value]) => value(r)))
  }
  const name = `${t('iks:matrix.file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('iks:matrix.title'), header, batches()) : csvResponse(`${name}.csv`, header, batches())
}

import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { decisionNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/export'
import { Decisions } from './decisions.server.ts'
import { parseDecisionQuery } from './query.server.ts'

type Row = Awaited<ReturnType<ReturnType<typeof Decisions.for>['all']>>[number]

/** The decisions list as CSV or XLSX (the path's ending): the current filters, or every one with ?all=1. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.decisions.read)
  const url = new URL(request.url)
  const parsed = parseDecisionQuery(url)
  const filter = url.searchParams.get('all') === '1' ? { sort: 'decidedOn' as const, dir: 'asc' as const } : parsed.filter
  const t = getFixedT(await getLocale(request))
  const f = (key: string) => t(`decisions:field.${key}`)
  const columns: [string, (r: Row) => Cell][] = [
    [f('number'), (r) => decisionNumber(r.number)],
    [f('decidedOn'), (r) => day(r.decidedOn)],
    [f('subject'), (r) => t(`decisions:subject.${r.subject}`)],
    [f('reference'), (r) => r.reference],
    [f('title'), (r) => r.title],
    [f('text'), (r) => r.text],
    [f('decidedBy'), (r) => r.decidedBy],
    [f('documents'), (r) => r.documents],
  ]
  const rows = await Decisions.for(access).all(filter)
  async function* batches() {
    yield rows.map((r) => columns.map(([, value]) => value(r)))
  }
  const name = `${t('decisions:list.file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx')
    ? xlsxResponse(`${name}.xlsx`, t('decisions:list.title'), header, batches())
    : csvResponse(`${name}.csv`, header, batches())
}

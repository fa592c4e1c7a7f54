import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/export'
import { parseWorkProcessQuery } from './query.server.ts'
import { WorkProcesses } from './work-processes.server.ts'

const PAGE = 1000
type Row = Awaited<ReturnType<ReturnType<typeof WorkProcesses.for>['list']>>['rows'][number]

/** The work processes of the current view (filters, sort) as CSV or XLSX (the path's ending). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const workProcesses = WorkProcesses.for(access)
  if (!workProcesses.mayRead) forbidden(request)
  const url = new URL(request.url)
  const { filter } = parseWorkProcessQuery(url)
  const locale = await getLocale(request)
  const t = getFixedT(locale)
  const states = new Map<string, string>()
  const state = (s: string) => states.get(s) ?? states.set(s, t(`work:state.${s}` as never) as string).get(s)!
  const columns: [header: string, value: (r: Row) => Cell][] = [
    [t('work:field.title'), (r) => r.title],
    [t('work:field.processRef'), (r) => r.processRef],
    [t('work:field.businessCase'), (r) => r.businessCase],
    [t('iks:field.main'), (r) => (r.mainNumber ? `${r.mainNumber} ${r.mainName}` : '')],
    [t('iks:field.sub'), (r) => r.subName ?? ''],
    [t('documents.field.link'), (r) => r.link ?? ''],
    [t('work:field.enforcementDate'), (r) => day(r.enforcementDate)],
    [t('work:field.state'), (r) => state(r.state)],
    [t('work:field.owner'), (r) => r.ownerName ?? ''],
  ]
  async function* rows() {
    for (let offset = 0; ; offset += PAGE) {
      const page = await workProcesses.list(filter, { limit: PAGE, offset }, locale)
      if (page.rows.length) yield page.rows.map((r) => columns.map(([, value]) => value(r)))
      if (page.rows.length < PAGE) return
    }
  }
  const name = `${t('work:file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('work:title'), header, rows()) : csvResponse(`${name}.csv`, header, rows())
}

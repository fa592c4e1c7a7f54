import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { findingNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/export'
import { Findings } from './findings.server.ts'
import { parseFindingQuery } from './query.server.ts'

type Row = {
  number: number
  source: string
  reference: string
  issuedOn: string
  title: string
  severity: string
  deadline: string | null
  ownerName: string | null
  state: string
  doneOn: string | null
  escalated: boolean
}

/** The findings list as CSV or XLSX (the path's ending): the current filters, or every one with ?all=1. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.findings.read)
  const url = new URL(request.url)
  const parsed = parseFindingQuery(url)
  const filter = url.searchParams.get('all') === '1' ? { sort: 'number' as const, dir: 'asc' as const } : parsed.filter
  const t = getFixedT(await getLocale(request))
  const f = (key: string) => t(`findings:field.${key}`)
  const columns: [string, (r: Row) => Cell][] = [
    [f('number'), (r) => findingNumber(r.number)],
    [f('source'), (r) => t(`findings:source.${r.source}`)],
    [f('reference'), (r) => r.reference],
    [f('issuedOn'), (r) => day(r.issuedOn)],
    [f('title'), (r) => r.title],
    [f('severity'), (r) => t(`findings:severity.${r.severity}`)],
    [f('deadline'), (r) => day(r.deadline)],
    [f('owner'), (r) => r.ownerName ?? ''],
    [f('state'), (r) => t(`findings:state.${r.state}`)],
    [t('findings:state.escalated'), (r) => (r.escalated ? t('common.yes') : t('common.no'))],
    [f('doneOn'), (r) => day(r.doneOn)],
  ]
  const values = columns.map(([, value]) => value)
  async function* rows() {
    for await (const batch of Findings.for(access).iterate(filter)) {
      yield batch.map((r) => values.map((value) => value(r as Row)))
    }
  }
  const name = `${t('findings:file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('findings:title'), header, rows()) : csvResponse(`${name}.csv`, header, rows())
}

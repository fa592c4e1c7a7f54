import { requirePermission } from '#app/auth/guards.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { EXECUTION_RESULTS, EXECUTION_VIEW_STATES, type ExecutionResult, type ExecutionViewState } from '#models/core/constants.ts'
import { executionNumber, providerNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/export'
import { Executions } from './executions.server.ts'
import { viewStateOf } from './periods.ts'
import { parseExecutionQuery } from './query.server.ts'

type Row = {
  number: number
  processIdkey: string
  processTitle: string
  mainNumber: string
  mainName: string
  period: string | null
  periodStart: string
  periodEnd: string
  dueDate: string
  state: 'planned' | 'submitted' | 'returned' | 'approved'
  result: ExecutionResult | null
  performedOn: string | null
  performerName: string | null
  reviewerName: string | null
  reviewedAt: Date | null
  providerNumber: number | null
  providerName: string | null
}

/** The executions list as CSV or XLSX (the path's ending): the current filters, or every one with ?all=1. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.executions.read)
  const url = new URL(request.url)
  const parsed = parseExecutionQuery(url)
  const filter = url.searchParams.get('all') === '1' ? { sort: 'dueDate' as const, dir: 'asc' as const } : parsed.filter
  const locale = await getLocale(request)
  const t = getFixedT(locale)
  const today = todayInZurich()
  const states = Object.fromEntries(EXECUTION_VIEW_STATES.map((s) => [s, t(`executions:state.${s}`)])) as Record<ExecutionViewState, string>
  const results = Object.fromEntries(EXECUTION_RESULTS.map((r) => [r, t(`executions:result.${r}`)])) as Record<ExecutionResult, string>
  const occasional = t('executions:occasional')
  const columns: [string, (r: Row) => Cell][] = [
    [t('executions:field.number'), (r) => executionNumber(r.number)],
    [t('executions:field.process'), (r) => `${r.processIdkey} ${r.processTitle}`],
    [t('iks:field.main'), (r) => `${r.mainNumber} ${r.mainName}`],
    [t('executions:field.period'), (r) => r.period ?? occasional],
    [t('executions:field.periodStart'), (r) => day(r.periodStart)],
    [t('executions:field.periodEnd'), (r) => day(r.periodEnd)],
    [t('executions:field.dueDate'), (r) => day(r.dueDate)],
    [t('executions:field.state'), (r) => states[viewStateOf(r, today)]],
    [t('executions:field.result'), (r) => (r.result ? results[r.result] : '')],
    [t('executions:field.performedOn'), (r) => day(r.performedOn)],
    [t('executions:field.performer'), (r) => r.performerName ?? ''],
    [t('executions:field.reviewer'), (r) => r.reviewerName ?? ''],
    [t('executions:field.reviewedAt'), (r) => day(r.reviewedAt)],
    [t('executions:assurance.review'), (r) => (r.providerNumber !== null ? `${providerNumber(r.providerNumber)} ${r.providerName}` : '')],
  ]
  const values = columns.map(([, value]) => value)
  async function* rows() {
    for await (const batch of Executions.for(access).iterate(filter, today, locale)) {
      yield batch.map((r) => values.map((value) => value(r as Row)))
    }
  }
  const name = `${t('executions:file')}-${today}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('executions:title'), header, rows()) : csvResponse(`${name}.csv`, header, rows())
}

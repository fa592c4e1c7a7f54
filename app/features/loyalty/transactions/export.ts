import { requirePermission } from '#app/auth/guards.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { relatedTransactionNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/export'
import { parseTransactionQuery } from './query.server.ts'
import { RelatedTransactions } from './transactions.server.ts'

type Row = {
  number: number
  counterparty: string
  personName: string | null
  relation: string
  subject: string
  amount: string | null
  transactionDate: string
  significant: boolean
  approver: string
  approvedOn: string | null
  disclosedToAuditorOn: string | null
  offers: number
}

/** The transactions list as CSV or XLSX (the path's ending): the current filters, or every one with ?all=1. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const url = new URL(request.url)
  const parsed = parseTransactionQuery(url)
  const filter = url.searchParams.get('all') === '1' ? { sort: 'date' as const, dir: 'asc' as const } : parsed.filter
  const t = getFixedT(await getLocale(request))
  const yes = t('common.yes')
  const no = t('common.no')
  const f = (key: string) => t(`loyalty:transactions.field.${key}`)
  const columns: [string, (r: Row) => Cell][] = [
    [f('number'), (r) => relatedTransactionNumber(r.number)],
    [f('transactionDate'), (r) => day(r.transactionDate)],
    [f('counterparty'), (r) => r.counterparty],
    [f('person'), (r) => r.personName ?? ''],
    [f('relation'), (r) => r.relation],
    [f('subject'), (r) => r.subject],
    [f('amount'), (r) => (r.amount === null ? '' : Number(r.amount))],
    [f('significant'), (r) => (r.significant ? yes : no)],
    [f('offers'), (r) => r.offers],
    [f('approver'), (r) => r.approver],
    [f('approvedOn'), (r) => day(r.approvedOn)],
    [f('disclosedToAuditorOn'), (r) => day(r.disclosedToAuditorOn)],
  ]
  const values = columns.map(([, value]) => value)
  async function* rows() {
    for await (const batch of RelatedTransactions.for(access).iterate(filter)) {
      yield batch.map((r) => values.map((value) => value(r as Row)))
    }
  }
  const name = `${t('loyalty:transactions.file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx')
    ? xlsxResponse(`${name}.xlsx`, t('loyalty:transactions.title'), header, rows())
    : csvResponse(`${name}.csv`, header, rows())
}

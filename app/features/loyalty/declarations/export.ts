import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/export'
import { Declarations } from './declarations.server.ts'
import { parseDeclarationQuery } from './query.server.ts'
import { declarationNumber } from './values.ts'

type Row = {
  number: number
  year: number
  dueDate: string
  personName: string
  personFunction: string
  organisation: string
  state: string
  channel: string | null
  signedAt: Date | null
  noInterests: boolean
  interestCount: number
  advantageCount: number
  reviewFinding: boolean
}

/** The declarations list as CSV or XLSX (the path's ending): the current filters, or every one with ?all=1. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const url = new URL(request.url)
  const parsed = parseDeclarationQuery(url)
  const filter = url.searchParams.get('all') === '1' ? { sort: 'number' as const, dir: 'asc' as const } : parsed.filter
  const t = getFixedT(await getLocale(request))
  const yes = t('common.yes')
  const no = t('common.no')
  const columns: [string, (r: Row) => Cell][] = [
    [t('loyalty:declarations.field.number'), (r) => declarationNumber(r.number)],
    [t('loyalty:declarations.field.year'), (r) => r.year],
    [t('loyalty:declarations.field.dueDate'), (r) => day(r.dueDate)],
    [t('loyalty:declarations.field.person'), (r) => r.personName],
    [t('loyalty:declarations.field.function'), (r) => t(`loyalty:declarations.function.${r.personFunction}`)],
    [t('loyalty:declarations.field.organisation'), (r) => r.organisation],
    [t('loyalty:declarations.field.state'), (r) => t(`loyalty:states.${r.state}`)],
    [t('loyalty:declarations.field.channel'), (r) => (r.channel ? t(`loyalty:channels.${r.channel}`) : '')],
    [t('loyalty:declarations.field.signedAt'), (r) => day(r.signedAt)],
    [t('loyalty:declare.noInterests'), (r) => (r.state === 'requested' ? '' : r.noInterests ? yes : no)],
    [t('loyalty:declarations.field.interestCount'), (r) => r.interestCount],
    [t('loyalty:declarations.field.advantageCount'), (r) => r.advantageCount],
    [t('loyalty:declarations.field.reviewFinding'), (r) => (r.reviewFinding ? yes : '')],
  ]
  const values = columns.map(([, value]) => value)
  async function* rows() {
    for await (const batch of Declarations.for(access).iterate(filter)) yield batch.map((r) => values.map((value) => value(r as Row)))
  }
  const name = `${t('loyalty:declarations.file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx')
    ? xlsxResponse(`${name}.xlsx`, t('loyalty:declarations.title'), header, rows())
    : csvResponse(`${name}.csv`, header, rows())
}

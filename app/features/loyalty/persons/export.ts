import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/export'
import { LoyaltyPersons } from './persons.server.ts'
import { parsePersonQuery } from './query.server.ts'

type Row = Awaited<ReturnType<ReturnType<typeof LoyaltyPersons.for>['all']>>[number]

/** The persons register as CSV or XLSX (the path's ending): the current filters, or every person with ?all=yes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const url = new URL(request.url)
  const { filter } = parsePersonQuery(url)
  const t = getFixedT(await getLocale(request))
  const today = todayInZurich()
  const columns: [string, (r: Row) => Cell][] = [
    [t('loyalty:persons.field.lastName'), (r) => r.lastName],
    [t('loyalty:persons.field.firstName'), (r) => r.firstName],
    [t('loyalty:persons.field.function'), (r) => t(`loyalty:functions.${r.function}`)],
    [t('loyalty:persons.field.organisation'), (r) => r.organisation],
    [t('loyalty:persons.field.email'), (r) => r.email],
    [t('loyalty:persons.field.language'), (r) => t(`language.${r.language}`)],
    [t('loyalty:persons.field.account'), (r) => r.accountName ?? ''],
    [t('loyalty:persons.field.fromDate'), (r) => day(r.fromDate)],
    [t('loyalty:persons.field.untilDate'), (r) => day(r.untilDate)],
  ]
  const rows = await LoyaltyPersons.for(access).all(filter, today)
  async function* batches() {
    yield rows.map((r) => columns.map(([, value]) => value(r)))
  }
  const name = `${t('loyalty:persons.file')}-${today}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx')
    ? xlsxResponse(`${name}.xlsx`, t('loyalty:persons.title'), header, batches())
    : csvResponse(`${name}.csv`, header, batches())
}

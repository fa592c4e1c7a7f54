import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { personChangeNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/export'
import { PersonChanges } from './changes.server.ts'
import { parseChangeQuery } from './query.server.ts'

type Row = Awaited<ReturnType<ReturnType<typeof PersonChanges.for>['all']>>[number]

/** The changes of persons as CSV or XLSX (the path's ending), with the current filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const url = new URL(request.url)
  const { filter } = parseChangeQuery(url)
  const t = getFixedT(await getLocale(request))
  const columns: [string, (r: Row) => Cell][] = [
    [t('loyalty:changes.field.number'), (r) => personChangeNumber(r.number)],
    [t('loyalty:changes.field.kind'), (r) => t(`loyalty:changes.kinds.${r.kind}`)],
    [t('loyalty:changes.field.person'), (r) => r.personName ?? ''],
    [t('loyalty:changes.field.description'), (r) => r.description],
    [t('loyalty:changes.field.effectiveOn'), (r) => day(r.effectiveOn)],
    [t('loyalty:changes.field.reportedOn'), (r) => day(r.reportedOn)],
  ]
  const rows = await PersonChanges.for(access).all(filter)
  async function* batches() {
    yield rows.map((r) => columns.map(([, value]) => value(r)))
  }
  const name = `${t('loyalty:changes.file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx')
    ? xlsxResponse(`${name}.xlsx`, t('loyalty:changes.title'), header, batches())
    : csvResponse(`${name}.csv`, header, batches())
}

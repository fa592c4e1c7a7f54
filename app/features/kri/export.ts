import { requirePermission } from '#app/auth/guards.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import type { KriDirection, KriUnit, KriValueSource } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/export'
import { Kris } from './kris.server.ts'
import { judge } from './status.ts'

type Row = {
  key: string
  name: string
  unit: KriUnit
  direction: KriDirection
  periodEnd: string
  value: string
  source: KriValueSource
  comment: string
  enteredBy: string | null
  amber: string | null
  red: string | null
}

/** Every value of the fund's KRIs as CSV or XLSX (the path's ending): its status and the thresholds in force on its date, its source and comment. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const url = new URL(request.url)
  const locale = await getLocale(request)
  const t = getFixedT(locale)
  const f = (key: string) => t(`kri:field.${key}`)
  const num = (v: string | null) => (v === null ? '' : Number(v))
  const columns: [string, (r: Row) => Cell][] = [
    [f('key'), (r) => r.key],
    [f('name'), (r) => r.name],
    [f('unit'), (r) => t(`kri:unit.${r.unit}`)],
    [f('periodEnd'), (r) => day(r.periodEnd)],
    [f('value'), (r) => Number(r.value)],
    [f('status'), (r) => t(`kri:status.${judge(r.value, r.direction, r.amber === null ? null : { amber: r.amber, red: r.red ?? r.amber }) ?? 'none'}`)],
    [f('amber'), (r) => num(r.amber)],
    [f('red'), (r) => num(r.red)],
    [f('source'), (r) => t(`kri:source.${r.source}`)],
    [f('comment'), (r) => r.comment],
    [f('enteredBy'), (r) => r.enteredBy ?? ''],
  ]
  const values = columns.map(([, value]) => value)
  async function* rows() {
    for await (const batch of Kris.for(access).iterateValues(locale)) {
      yield batch.map((r) => values.map((value) => value(r as Row)))
    }
  }
  const name = `${t('kri:export.file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('kri:list.title'), header, rows()) : csvResponse(`${name}.csv`, header, rows())
}

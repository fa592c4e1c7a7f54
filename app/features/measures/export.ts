import { requireCustomer } from '#app/auth/guards.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { isOverdue, type MeasureFilter, type MeasureRow, Measures } from '#app/features/measures/measures.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { MEASURE_SOURCES, RECURRENCES } from '#models/core/constants.ts'
import type { MeasureSource } from '#models/schema/index.ts'
import type { Route } from './+types/export'
import { parseMeasureQuery } from './query.server.ts'
import { measureNumber } from '#models/core/record-number.ts'

type T = ReturnType<typeof getFixedT>
/** A row of the export's cursor: the list row's fields the file shows. */
type ExportRow = Pick<
  MeasureRow,
  | 'idkey'
  | 'iteration'
  | 'title'
  | 'body'
  | 'source'
  | 'ownerName'
  | 'dueDate'
  | 'recurrence'
  | 'dsgMeasure'
  | 'state'
  | 'confirmedAt'
  | 'confirmedByName'
  | 'confirmationText'
>

/** The export's columns, header and value, in the reader's language: the CSV's and the XLSX's. */
function measureColumns(t: T, today: string): [header: string, value: (r: ExportRow) => Cell][] {
  // Every text a row can take, looked up once for the whole file, not per row.
  const sources = Object.fromEntries(MEASURE_SOURCES.map((s) => [s, t(`measures.source.${s}`)])) as Record<MeasureSource, string>
  const recurrences = new Map<number, string>(RECURRENCES.map((r) => [r, t(`recurrence.${r}`)]))
  const yes = t('common.yes')
  const no = t('common.no')
  const confirmed = t('measures.status.confirmed')
  const overdue = t('measures.status.overdue')
  const due = t('measures.status.due')
  const status = (r: Pick<MeasureRow, 'state' | 'dueDate'>) => (r.state === 'confirmed' ? confirmed : isOverdue(r, today) ? overdue : due)
  return [
    [t('measures.field.number'), (r) => measureNumber(r.idkey)],
    [t('measures.field.iteration'), (r) => r.iteration],
    [t('measures.field.title'), (r) => r.title],
    [t('measures.field.body'), (r) => r.body],
    [t('measures.field.source'), (r) => sources[r.source]],
    [t('measures.field.owner'), (r) => r.ownerName],
    [t('measures.field.dueDate'), (r) => day(r.dueDate)],
    [t('measures.field.recurrence'), (r) => recurrences.get(r.recurrence) ?? t(`recurrence.${r.recurrence}`)],
    [t('measures.field.dsgMeasure'), (r) => (r.dsgMeasure ? yes : no)],
    [t('measures.field.status'), status],
    [t('measures.field.confirmedAt'), (r) => day(r.confirmedAt)],
    [t('measures.field.confirmedBy'), (r) => r.confirmedByName ?? ''],
    [t('measures.field.confirmationText'), (r) => r.confirmationText ?? ''],
  ]
}

/**
 * CSV or XLSX (the path's ending) of the current view (tab, sub-tab, filters) or, with ?all=1, of
 * every measure the user may see; both stream the rows from the same cursor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const url = new URL(request.url)
  const all = url.searchParams.get('all') === '1'
  const parsed = parseMeasureQuery(url, permissionsOf(access), request)
  const filter: MeasureFilter = all ? { tab: 'all', view: 'all', sort: 'idkey', dir: 'asc' } : parsed.filter
  const t = getFixedT(await getLocale(request))
  const today = todayInZurich()
  const columns = measureColumns(t, today)
  const values = columns.map(([, value]) => value)
  async function* rows() {
    for await (const batch of Measures.for(access).iterate(filter, today)) {
      yield batch.map((r) => values.map((value) => value(r)))
    }
  }
  const name = all ? `${t('measures.fileAll')}-${today}` : `${t('measures.file')}-${filter.tab}-${filter.view}-${today}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('measures.title'), header, rows()) : csvResponse(`${name}.csv`, header, rows())
}

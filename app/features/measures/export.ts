import { requireCustomer } from '#app/auth/guards.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { csvResponse } from '#app/utils/csv.server.ts'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { isOverdue, type MeasureFilter, type MeasureRow, Measures } from '#app/features/measures/measures.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { MEASURE_SOURCES, RECURRENCES } from '#models/core/constants.ts'
import type { MeasureSource } from '#models/schema/index.ts'
import type { Route } from './+types/export'
import { parseMeasureQuery } from './query.server.ts'

/** CSV of the current view (tab, sub-tab, filters) or, with ?all=1, of every measure the user may see. */
export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireCustomer(request)
  const url = new URL(request.url)
  const all = url.searchParams.get('all') === '1'
  const parsed = parseMeasureQuery(url, permissionsOf(access), request)
  const filter: MeasureFilter = all ? { tab: 'all', view: 'all', sort: 'idkey', dir: 'asc' } : parsed.filter
  const t = getFixedT(await getLocale(request))
  const today = todayInZurich()
  const header = [
    t('measures.field.number'),
    t('measures.field.iteration'),
    t('measures.field.title'),
    t('measures.field.body'),
    t('measures.field.source'),
    t('measures.field.owner'),
    t('measures.field.dueDate'),
    t('measures.field.recurrence'),
    t('measures.field.dsgMeasure'),
    t('measures.field.status'),
    t('measures.field.confirmedAt'),
    t('measures.field.confirmedBy'),
    t('measures.field.confirmationText'),
  ]
  // Every text a row can take, looked up once for the whole file, not per row.
  const sources = Object.fromEntries(MEASURE_SOURCES.map((s) => [s, t(`measures.source.${s}`)])) as Record<MeasureSource, string>
  const recurrences = new Map<number, string>(RECURRENCES.map((r) => [r, t(`recurrence.${r}`)]))
  const yes = t('common.yes')
  const no = t('common.no')
  const confirmed = t('measures.status.confirmed')
  const overdue = t('measures.status.overdue')
  const due = t('measures.status.due')
  const status = (r: Pick<MeasureRow, 'state' | 'dueDate'>) => (r.state === 'confirmed' ? confirmed : isOverdue(r, today) ? overdue : due)
  async function* rows() {
    for await (const batch of Measures.for(access).iterate(filter, today)) {
      yield batch.map((r) => [
        `M-${r.idkey}`,
        r.iteration,
        r.title,
        r.body,
        sources[r.source],
        r.ownerName,
        formatDate(r.dueDate),
        recurrences.get(r.recurrence) ?? t(`recurrence.${r.recurrence}`),
        r.dsgMeasure ? yes : no,
        status(r),
        formatDate(r.confirmedAt),
        r.confirmedByName ?? '',
        r.confirmationText ?? '',
      ])
    }
  }
  const name = all ? `${t('measures.fileAll')}-${today}.csv` : `${t('measures.file')}-${filter.tab}-${filter.view}-${today}.csv`
  return csvResponse(name, header, rows())
}

import { logSensitiveActivities } from '#models/core/read-log.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { recordFields, recordFileName } from './export.server.ts'
import { requireActivities } from './guard.server.ts'
import { parseActivityQuery } from './query.server.ts'
import type { Route } from './+types/export-xlsx'

/** The whole record as XLSX in the reader's language: the CSV's columns and rows, dates as dates. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access, activities } = await requireActivities({ request, context }, 'read')
  const t = getFixedT(await getLocale(request))
  const fields = recordFields(t)
  const rows = await activities.all(parseActivityQuery(new URL(request.url)).filter)
  await logSensitiveActivities(access, rows, request)
  async function* batches() {
    yield rows.map((a) => fields.map(([, value, cell]) => (cell ?? value)(a)))
  }
  return xlsxResponse(
    `${recordFileName(t, todayInZurich())}.xlsx`,
    t('dsg:processing.sheet'),
    fields.map(([label]) => label),
    batches(),
  )
}
